"""The games' options in the reader's language (issue 44): the new-game form's labels, the
choices and the hints at 80×24 in German, a long hint wrapping under itself with no word cut;
the room's options line; the values stored stay the rules' own (``snake``)."""

from __future__ import annotations

import re
from functools import partial

import pytest
from textual.widgets import Select

from core import language
from core.games import get_rules
from core.options import options_words
from tui.app import CalderaApp
from tui.play.setup import TableSetup
from tui.screens.new_game import NewGameScreen

from .conftest import screen_text, wait_for

SMALL = (80, 24)
GERMAN = {
    "arnak": ("Seite", "Vogeltempel", "Spielbrett: Vogeltempel (fürs erste Spiel) oder "
              "Schlangentempel (schwerer)"),
    "maunakea": ("Variante", "aus", "Regeln für Fortgeschrittene: je 4 geheime Karten"),
    "kilauea": ("Wälder", "Startspieler", "ABBAB: Seiten der Tafeln 1–5; leer: zufällig"),
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(GERMAN))
async def test_the_form_s_options_are_german_at_80x24(game: str) -> None:
    language.use("de")
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    chosen: list[TableSetup | None] = []
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(NewGameScreen(players=2), chosen.append)
        form = app.screen
        form.query_one("#game", Select).value = game
        await pilot.pause()
        form.query_one("#form").scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(pilot)
        label, value, hint = GERMAN[game]
        assert label in text and value in text, text
        said = " ".join(re.findall(r"[^\s▊▎▁▔]+", text))  # the hint's lines, read as one
        assert hint in said, text  # every word of it, none cut at the edge
        assert all(len(line) <= SMALL[0] for line in text.splitlines())
        if game == "arnak":
            form.query_one("#side", Select).value = "snake"
            await pilot.pause()
            assert "Schlangentempel" in screen_text(pilot)
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: bool(chosen))
            setup = chosen[0]
            assert setup is not None and setup.options()["side"] == "snake"  # the rules' value


def test_the_room_s_options_line_in_the_language() -> None:
    arnak, maunakea = get_rules("arnak"), get_rules("maunakea")
    values = maunakea.config(2, {"advanced": True, "turn_limit": 10, "start_player": 1})
    english = options_words(maunakea.options, values)
    assert english == ["advanced game", "turn limit 10", "seat 2 starts"]
    language.use("de")
    say = partial(language.anywhere, first="maunakea")
    assert options_words(maunakea.options, values, say) == [
        "Regeln für Fortgeschrittene", "Zuglimit 10", "Platz 2 beginnt"
    ]  # fmt: skip
    say = partial(language.anywhere, first="arnak")
    assert options_words(arnak.options, arnak.config(2, {"side": "snake"}), say) == [
        "Schlangentempel"
    ]
    language.use("fr")
    assert options_words(arnak.options, arnak.config(2, {}), say) == ["temple de l'oiseau"]

"""The hint key: ``w`` asks the hard bot what the acting seat should play, in a worker process
(the table answers keys meanwhile), and the note line says it in the rules' words with what the
bot expects. A table whose session offers no hints shows no such key."""

from __future__ import annotations

import re

import pytest

from tests.kit.kilauea_builder import Table
from tui.app import CalderaApp, Launch
from tui.games.arnak.screen import ArnakScreen
from tui.lines.player import lines_for
from tui.play.setup import local_game
from tui.widgets.key_footer import shown_keys
from tui.widgets.text_line import TextLine

from .conftest import screen_text, wait_for
from .test_kilauea_play import SIZE, from_table, red_to_play


def hint_offered(screen: object) -> bool:
    return any(key.action == "hint" for key in shown_keys(screen))  # type: ignore[arg-type]


async def test_w_shows_the_hard_bots_command_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.search import calibration

    measured = {("kilauea", "hard"): calibration.Platt(0.0, -0.3228, 9999)}  # 42% whatever
    monkeypatch.setattr(calibration, "fits", lambda path=None: measured)
    app = from_table(Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3), "hint")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        assert hint_offered(screen)
        shown = screen.shown
        notes: list[str] = []  # every note the line showed, in order (a quiet machine's worker
        # may answer before the press returns: the note is read as it changes, not after)

        def noted(note: str) -> None:
            notes.append(note)

        screen.watch(screen, "note", noted, init=False)
        await pilot.press("w")
        await pilot.press("question_mark", "escape")  # the table answers while the bot thinks
        await wait_for(pilot, lambda: not screen.note.endswith("…"), "the hint")
        assert notes[0] == "Hint: thinking…" and notes[-1] == screen.note, notes
        assert screen.shown == shown  # nothing was played for Red
        view = screen.rules.view(screen.state, 0)
        words = [line.text for line in lines_for(screen.rules, view, 0, screen.names)]
        said, gain, win = screen.note.removeprefix("Hint: ").rsplit(" · ", 2)
        assert said in words, screen.note
        assert gain.endswith(" pts") and win == "wins 42%"  # the calibrated chance, not the lead


async def test_no_hint_key_where_the_table_offers_none() -> None:
    app = from_table(Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3), "none")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        screen.session.hints = False  # type: ignore[attr-defined]
        screen.refresh_bindings()
        await pilot.pause()
        assert not hint_offered(screen)
        await pilot.press("w")
        await pilot.pause()
        assert screen.note == ""


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_a_hint_fits_arnaks_narrowest_table(size: tuple[int, int]) -> None:
    """At 100×30 Arnak's note line is about 60 columns: a hint longer than it takes two lines,
    shown whole ("+2 compasses", not "+2 com…"); only a longer one is cut, its figures never."""
    setup = local_game(2, {1: "greedy"}, game="arnak", seed="hint1")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ArnakScreen), "the Arnak table")
        screen = app.screen
        assert isinstance(screen, ArnakScreen)
        await wait_for(pilot, lambda: screen.acting_seat() == 0, "Red's turn")
        await pilot.press("w")
        await wait_for(pilot, lambda: not screen.note.endswith("…"), "the hint")
        await wait_for(pilot, lambda: screen.note.startswith("Hint: Red"), "the hint")
        note = screen.query_one("#note", TextLine)
        width = note.size.width
        assert 40 <= width < 80 and len(screen.note) <= 2 * width, (width, screen.note)
        assert "…" not in screen.note and "+2 compasses" in screen.note, screen.note
        # the note grows to two lines at the next layout (on a loaded machine, after the text)
        await wait_for(pilot, lambda: note.size.height * width >= len(screen.note), "2 lines")
        shown = "".join(line.rstrip() for line in screen_text(pilot).splitlines())
        assert "· +" in shown and "pts" in shown
        assert re.fullmatch(r"Hint: .+ · [+-]\d+\.\d pts", screen.note), screen.note  # no fit: no %

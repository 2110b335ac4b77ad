"""``E`` on every table explains the question asked now: each kind of answer the rules allow,
with the keys that make it and what it does in the game's words; ``escape`` closes it."""

from __future__ import annotations

import pytest

from core import language
from core.tutorial import game_kinds
from tui.app import CalderaApp, Launch
from tui.games.maunakea.explain import KEYS as MAUNA_KEA_KEYS
from tui.games.maunakea.explain import keys_said
from tui.play.setup import SeatSetup, TableSetup
from tui.screens.explain import ExplainScreen, answers, game_words
from tui.screens.table import TableScreen

from .conftest import screen_text, wait_for

GAMES = ("kilauea", "maunakea", "arnak")


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_command_has_its_words(game: str) -> None:
    kinds = set(game_kinds(game))  # from the rules' registry: a new command needs its words
    assert kinds <= set(game_words(game)), sorted(kinds - set(game_words(game)))
    if game == "maunakea":  # its keys are not a verb's: the table says them for each kind
        assert kinds <= set(MAUNA_KEA_KEYS)


@pytest.mark.parametrize("game", GAMES)
async def test_e_explains_the_question_on_a_real_table_at_80x24(game: str) -> None:
    options = {"side": "bird"} if game == "arnak" else {}
    seats = (SeatSetup("Red"), SeatSetup("Blue", "easy"))
    app = CalderaApp(Launch(setup=TableSetup(game, seats, "explain", None, None, options)),
                     bot_pace=0, reveal_pace=0)  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.screen.acting_seat() is not None, "Red's question")  # fmt: skip
        table = app.screen
        assert isinstance(table, TableScreen) and table.tutorial is None
        seat = table.acting_seat()
        assert seat is not None
        asked = answers(table.asked_commands(seat), game_words(game), table.answer_keys())
        assert asked and all(a.keys for a in asked)  # every kind says the keys that make it
        await pilot.press("E")
        await wait_for(pilot, lambda: isinstance(app.screen, ExplainScreen), "the explanation")
        await pilot.pause()
        shown = " ".join(screen_text(pilot).split())  # the dialog's lines, joined
        assert table.asked_question(seat) in shown
        for answer in asked:
            assert " ".join(answer.what.split()[:4]) in shown, answer.kind
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table, "the table again")


async def test_a_kilauea_question_half_built_explains_only_its_own_kind() -> None:
    seats = (SeatSetup("Red"), SeatSetup("Blue", "easy"))
    app = CalderaApp(Launch(setup=TableSetup("kilauea", seats, "explain")), bot_pace=0,
                     reveal_pace=0)  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.screen.acting_seat() is not None, "Red's question")  # fmt: skip
        table = app.screen
        assert isinstance(table, TableScreen)
        seat = table.acting_seat()
        assert seat is not None
        kinds = {type(c).TAG for c in table.asked_commands(seat)}
        assert kinds == {"kilauea.draft_tiki"}  # the draft asks at once
        assert table.asked_question(seat) == "Red: Take a Tiki from which volcano sector?"


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_every_kinds_words_are_said_in_each_language(game: str, code: str) -> None:
    english = dict(game_words(game))
    with language.speaking(code):
        said = game_words(game)
        assert said.keys() == english.keys()
        same = sorted(tag for tag, text in said.items() if text == english[tag])
        assert not same, f"{game} in {code} still English: {same}"
        if game == "maunakea":
            assert keys_said("maunakea.move") != "tab, arrows, enter"
            assert keys_said("maunakea.move").startswith("tab, ")


async def test_e_explains_in_the_players_language() -> None:
    seats = (SeatSetup("Red"), SeatSetup("Blue", "easy"))
    app = CalderaApp(Launch(setup=TableSetup("maunakea", seats, "explain")), bot_pace=0,
                     reveal_pace=0)  # fmt: skip
    language.use("de")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                           and app.screen.acting_seat() is not None, "Red's question")  # fmt: skip
            await pilot.press("E")
            await wait_for(pilot, lambda: isinstance(app.screen, ExplainScreen), "the dialog")
            await pilot.pause()
            shown = " ".join(screen_text(pilot).split())
            assert "Vor dem ersten Zug:" in shown  # the first words of its line
            assert "Pfeiltasten, enter" in shown
            assert "Escape schließt" in shown
    finally:
        language.use("en")

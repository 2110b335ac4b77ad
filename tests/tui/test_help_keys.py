"""The help lists the keys a table may use here: no host's menu at a local game, no final
scores before the game is over (a new player saw ``H The host's menu`` and two ``o`` keys)."""

from __future__ import annotations

import pytest

from tui.app import CalderaApp, Launch
from tui.games import shown_games
from tui.lines.player import HELP
from tui.play.setup import SeatSetup, TableSetup
from tui.screens.help import HelpScreen
from tui.screens.table import TableScreen

from .conftest import screen_text, wait_for

SIZE = (120, 45)


@pytest.mark.parametrize("game", shown_games())
async def test_a_local_games_help_names_no_key_it_cannot_use(game: str) -> None:
    setup = TableSetup(game, (SeatSetup("Red"), SeatSetup("Blue", "greedy")), seed="help")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        shown = screen_text(pilot)
        assert "Leave the game" in shown  # the table's own keys are there
        assert "host's menu" not in shown
        assert "final scores" not in shown


def test_line_modes_help_names_no_one_games_words() -> None:
    """Its examples were Mauna Kea's ("a place such as D4, a kind such as 'spend tile'"), read
    out at an Arnak or a Kilauea table too."""
    assert "D4" not in HELP and "tile" not in HELP
    assert "'list'" in HELP and "'undo'" in HELP

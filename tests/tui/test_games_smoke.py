"""Every game the terminal shows, from the registry: a local bots' game played to its end on the
game's own table screen, its help, then its replay stepped through (a new game's screens get
this without a line here)."""

from __future__ import annotations

import pytest

from core.games import get_rules
from tui.app import CalderaApp, Launch
from tui.games import screens_for, shown_games
from tui.play.setup import local_game
from tui.screens.end import EndScreen
from tui.screens.help import HelpScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import TableScreen
from tui.widgets.event_log import EventLog

from .conftest import screen_text, wait_for

SIZE = (120, 45)


@pytest.mark.parametrize("game", shown_games())
async def test_a_bots_game_plays_to_the_end_and_replays(game: str) -> None:
    limit = 2 if any(o.name == "turn_limit" for o in get_rules(game).options) else None
    setup = local_game(
        2, {0: "greedy", 1: "greedy"}, game=game, seed=f"smoke-{game}", turn_limit=limit
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end of the game")
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen) and table.rules.game == game
        session = table.session
        assert len(table.query_one(EventLog).shown()) == len(session.envelopes) > 10
        await pilot.press("escape")  # back to the final table, its help over it
        await wait_for(pilot, lambda: app.screen is table, "the final table")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert screens_for(game).brief() in help_screen.sections  # the game's own help
        first = screens_for(game).help()[0].splitlines()[0].replace("[b]", "").replace("[/b]", "")
        await wait_for(pilot, lambda: first in screen_text(pilot), "the help's first section")
        await pilot.press("escape")
        app.watch_session(session)
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.rules.game == game
        await pilot.press("end")
        await wait_for(pilot, lambda: replay.position == replay.last, "the last event")
        assert replay.rules.outcome(replay.state) is not None
        await pilot.press("home", "right", "right")
        await wait_for(pilot, lambda: replay.position == 2, "two events in")

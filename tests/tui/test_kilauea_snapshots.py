"""Snapshots of the Kilauea screens at a fixed size and seed (pytest-textual-snapshot).

Update them after an intended change with ``pytest tests/tui/test_kilauea_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from core.bots import make_bot, play_out
from core.games import get_rules
from core.games.kilauea.state import Phase
from core.referee import Referee
from tui.app import CalderaApp, Launch
from tui.games.kilauea.replay import KilaueaReplayScreen
from tui.games.kilauea.screen import KilaueaScreen
from tui.play.setup import SeatSetup, TableSetup, local_game
from tui.screens.end import EndScreen

from .conftest import wait_for
from .test_kilauea_replay import save_game

SIZE = (100, 40)
LARGE = (150, 50)
NAMES = ("Red", "Blue", "Yellow", "Green")
Snap = Callable[..., bool]


@cache
def mid_game() -> dict[str, Any]:
    """Red to move the canoe in turn 13 of a 4-player game of greedy bots."""
    rules = get_rules("kilauea")
    referee = Referee(rules, rules.config(4), NAMES, seed="snapshot")
    referee.begin()
    bots = {s: make_bot("kilauea", "greedy", str(s)) for s in range(4)}
    while not (
        referee.state.turn >= 13 and referee.state.phase is Phase.MOVE and referee.state.active == 0
    ):
        play_out(referee, bots, max_commands=1)
    state = referee.state
    assert state.active == 0
    return rules.dump_position(state)


def table(keys: tuple[str, ...]) -> tuple[CalderaApp, Callable[[Pilot[Any]], Any]]:
    """Red at this keyboard, the others greedy bots; ``keys`` pressed on Red's turn."""
    seats = (SeatSetup("Red"), *(SeatSetup(name, "greedy") for name in NAMES[1:]))
    setup = TableSetup("kilauea", seats, "snapshot", None, mid_game())
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, KilaueaScreen))
        screen = pilot.app.screen
        assert isinstance(screen, KilaueaScreen)
        await wait_for(pilot, lambda: screen.turn.seat == 0)
        await pilot.press(*keys)
        await pilot.pause()

    return app, run_before


def test_kilauea_mid_game_choosing_where_to_move(snap_compare: Snap) -> None:
    app, run_before = table(("down",))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_kilauea_on_a_larger_terminal_building_on_the_volcano(snap_compare: Snap) -> None:
    app, run_before = table(("1", "v", "down"))
    assert snap_compare(app, terminal_size=LARGE, run_before=run_before)


def test_kilauea_end_screen(snap_compare: Snap) -> None:
    setup = local_game(3, {0: "greedy", 1: "greedy", 2: "random"}, game="kilauea", seed="k-end")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def replay_at_event_90(path: Path) -> tuple[CalderaApp, Callable[[Pilot[Any]], Any]]:
    """A 3-player game's replay, at event 90."""
    save_game(path, "k-snap-replay", players=3)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, KilaueaReplayScreen))
        await pilot.press("g", "9", "0", "enter")
        await pilot.pause()

    return app, run_before


def test_kilauea_replay_screen(snap_compare: Snap, tmp_path: Path) -> None:
    app, run_before = replay_at_event_90(tmp_path / "kilauea.caldera")
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)

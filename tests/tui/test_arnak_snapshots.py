"""Snapshots of the Arnak screens at a fixed size and seed (pytest-textual-snapshot): the table
at 80×24 (the smallest it accepts), 100×30, 120×40 and 160×50, on both sides, a card prompt, a dig's
details, a terminal too small for it, the replay and the end screen at the three sizes.

Update them after an intended change with ``pytest tests/tui/test_arnak_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee
from tui.app import CalderaApp, Launch
from tui.games.arnak.replay import ArnakReplayScreen
from tui.games.arnak.screen import ArnakScreen
from tui.play.setup import SeatSetup, TableSetup, local_game
from tui.screens.end import EndScreen

from .conftest import wait_for
from .test_arnak_replay import save_game

SIZE = (120, 40)
TINY = (80, 24)  # the smallest the table accepts
SMALL = (100, 30)  # the smallest with the map beside the track
LARGE = (160, 50)
TOO_SMALL = (76, 22)
SIZES = [TINY, SMALL, SIZE, LARGE]
IDS = ["80x24", "100x30", "120x40", "160x50"]
NAMES = ("Red", "Blue", "Yellow", "Green")
Snap = Callable[..., bool]


@cache
def mid_game(players: int, side: str) -> dict[str, Any]:
    """Red to act with the main action open in round II, the others greedy bots so far."""
    rules = get_rules("arnak")
    referee = Referee(rules, rules.config(players, {"side": side}), NAMES[:players], seed="snap")
    referee.begin()
    bots = {s: make_bot("arnak", "greedy", str(s)) for s in range(players)}
    while True:
        state = referee.state
        turn = state.round >= 2 and state.phase == "turn" and not state.stack
        if turn and state.active == 0 and not state.main_done and state.seats[0].hand:
            break
        play_out(referee, bots, max_commands=1)
    return rules.dump_position(referee.state)


def table(
    players: int, side: str, keys: tuple[str, ...] = ()
) -> tuple[CalderaApp, Callable[[Pilot[Any]], Any]]:
    """Red at this keyboard, the others greedy bots; ``keys`` pressed on Red's turn."""
    seats = (SeatSetup("Red"), *(SeatSetup(name, "greedy") for name in NAMES[1:players]))
    setup = TableSetup("arnak", seats, "snapshot", None, mid_game(players, side), {"side": side})
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ArnakScreen))
        screen = pilot.app.screen
        assert isinstance(screen, ArnakScreen)
        await wait_for(pilot, lambda: screen.turn.seat == 0)
        await pilot.press(*keys)
        await pilot.pause()

    return app, run_before


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_arnak_table_four_players_bird_side(snap_compare: Snap, size: tuple[int, int]) -> None:
    app, run_before = table(4, "bird")
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_arnak_choosing_a_card_to_play(snap_compare: Snap) -> None:
    app, run_before = table(4, "bird", ("p", "down"))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_arnak_table_snake_side_dig_details_at_100x30(snap_compare: Snap) -> None:
    app, run_before = table(3, "snake", ("d",))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_arnak_table_snake_side_dig_at_80x24(snap_compare: Snap) -> None:
    app, run_before = table(3, "snake", ("d",))
    assert snap_compare(app, terminal_size=TINY, run_before=run_before)


def test_arnak_research_at_80x24_shows_the_track_in_the_maps_place(snap_compare: Snap) -> None:
    app, run_before = table(2, "bird", ("r",))
    assert snap_compare(app, terminal_size=TINY, run_before=run_before)


def test_arnak_on_a_terminal_too_small(snap_compare: Snap) -> None:
    app, run_before = table(2, "bird")
    assert snap_compare(app, terminal_size=TOO_SMALL, run_before=run_before)


@pytest.mark.parametrize("size", [SMALL, SIZE, LARGE], ids=["100x30", "120x40", "160x50"])
def test_arnak_end_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    setup = local_game(3, {0: "greedy", 1: "greedy", 2: "random"}, game="arnak", seed="a-end")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, EndScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@cache
def replay_file() -> Path:
    """A finished 3-player game of greedy bots on the snake side, saved once for the run."""
    path = Path(tempfile.mkdtemp()) / "arnak.caldera"
    save_game(path, "a-snap-replay")
    return path


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_arnak_replay(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = CalderaApp(Launch(replay=replay_file()), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ArnakReplayScreen))
        screen = pilot.app.screen
        assert isinstance(screen, ArnakReplayScreen)
        await pilot.press("g", "4", "0", "0", "enter")
        await wait_for(pilot, lambda: screen.position == 400)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)

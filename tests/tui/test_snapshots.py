"""Snapshots of the main screens at a fixed size and seed (pytest-textual-snapshot).

Update them after an intended change with ``pytest tests/tui/test_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tui.app import CalderaApp, Launch
from tui.games.maunakea.draft import DraftScreen
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.play.setup import local_game
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen

from .conftest import wait_for
from .test_advanced import app_for, finished_position, jungle_position, red_to_play
from .test_play import from_position, turn_position
from .test_replay import save_game

SIZE = (100, 40)
FIXED_DATA_DIR = Path("/tmp/caldera-snapshot-data")  # shown on the menu: must not vary

Snap = Callable[..., bool]


@pytest.fixture
def fixed_data_dir(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shutil.rmtree(FIXED_DATA_DIR, ignore_errors=True)
    monkeypatch.setenv("CALDERA_DATA_DIR", str(FIXED_DATA_DIR))
    yield FIXED_DATA_DIR
    shutil.rmtree(FIXED_DATA_DIR, ignore_errors=True)


def until(condition: Callable[[CalderaApp], bool]) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, CalderaApp)
        await wait_for(pilot, lambda: condition(app))
        await pilot.pause()

    return run_before


def test_menu(snap_compare: Snap, fixed_data_dir: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    menu_ready = until(lambda a: isinstance(a.screen, MenuScreen) and a.screen.loaded)
    assert snap_compare(app, terminal_size=SIZE, run_before=menu_ready)


def _mid_game(keys: tuple[str, ...]) -> Any:
    doc = turn_position("snapshot")
    app = CalderaApp(Launch(setup=from_position(doc, "snapshot")), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, MaunaKeaScreen))
        screen = pilot.app.screen
        assert isinstance(screen, MaunaKeaScreen)
        await wait_for(pilot, lambda: screen.turn.playing)
        await pilot.press(*keys)
        await pilot.pause()

    return app, run_before


def test_board_mid_game_laying_a_tile(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("1", "r"))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_board_mid_game_moving_an_explorer(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("2", "s", "1", "s", "tab", "right"))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_board_scales_up_on_a_larger_terminal(snap_compare: Snap) -> None:
    size = (150, 52)
    app, run_before = _mid_game(("1",))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_end_screen(snap_compare: Snap) -> None:
    setup = local_game(
        3, {0: "greedy", 1: "greedy", 2: "random"}, seed="snap-end", turn_limit=24, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=until(lambda a: isinstance(a.screen, EndScreen))
    )


def replay_at_event_60(path: Path) -> tuple[CalderaApp, Callable[[Pilot[Any]], Any]]:
    """A saved bot game's replay, gone to event 60."""
    save_game(path, "snap-replay")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press("g", "6", "0", "enter")
        await pilot.pause()

    return app, run_before


def test_replay_screen(snap_compare: Snap, tmp_path: Path) -> None:
    app, run_before = replay_at_event_60(tmp_path / "snapshot.caldera")
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


# -- the advanced game ------------------------------------------------------------------------


def advanced_draft() -> tuple[CalderaApp, Callable[[Pilot[Any]], Any]]:
    """Red's draft dialog, two cards chosen; the bot has already chosen."""
    setup = local_game(
        2, {1: "greedy"}, seed="snap-draft", options={"advanced": True}, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, DraftScreen))
        table = pilot.app.screen_stack[-2]
        assert isinstance(table, MaunaKeaScreen)
        await wait_for(pilot, lambda: not table.seen.dealt[1])
        await pilot.press("1", "3")
        await pilot.pause()

    return app, run_before


def test_advanced_draft(snap_compare: Snap) -> None:
    """Red's draft dialog, two cards chosen; the bot has already chosen."""
    app, run_before = advanced_draft()
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_advanced_cards_panel_mid_game(snap_compare: Snap) -> None:
    """A jungle card picked: its destinations marked, the way to the cursor drawn."""
    app = app_for(jungle_position())

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, CalderaApp)
        screen = await red_to_play(pilot, app)
        await pilot.press("c", "right", "right", "right")
        assert screen.card is not None
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_advanced_end_screen_with_tasks(snap_compare: Snap) -> None:
    app = app_for(finished_position())

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, CalderaApp)
        await red_to_play(pilot, app)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)

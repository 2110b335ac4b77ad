"""Snapshots at 80×24 of each main screen: the menu, a Mauna Kea table and a Kilauea table
(each says the size it needs), Mauna Kea's replay in its compact layout, and the end screen.

Update them after an intended change with ``pytest tests/tui/test_small_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tui.app import CalderaApp, Launch
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen
from tui.tables import local_game

from . import test_kilauea_snapshots as kilauea
from .conftest import wait_for
from .test_replay import save_game
from .test_snapshots import Snap, _mid_game, fixed_data_dir, until

SMALL = (80, 24)
__all__ = ["fixed_data_dir"]  # the fixture, used by name


def test_menu_at_80x24(snap_compare: Snap, fixed_data_dir: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    menu_ready = until(lambda a: isinstance(a.screen, MenuScreen) and a.screen.loaded)
    assert snap_compare(app, terminal_size=SMALL, run_before=menu_ready)


def test_maunakea_table_at_80x24_names_the_size_it_needs(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("1",))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_kilauea_table_at_80x24_names_the_size_it_needs(snap_compare: Snap) -> None:
    app, run_before = kilauea.table(())
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_replay_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    path = tmp_path / "small.caldera"
    save_game(path, "snap-replay")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press("g", "6", "0", "enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_end_screen_at_80x24(snap_compare: Snap) -> None:
    setup = local_game(3, {0: "greedy", 1: "greedy", 2: "random"}, seed="snap-end", turn_limit=24)
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    assert snap_compare(
        app, terminal_size=SMALL, run_before=until(lambda a: isinstance(a.screen, EndScreen))
    )

"""Snapshots at 80×24 of each main screen: the menu, Mauna Kea's compact table (a tile being
laid, an explorer moving, the players' and the log's panes), Kilauea's compact table and replay,
Mauna Kea's compact replay and its log pane, and the end screen.

Update them after an intended change with ``pytest tests/tui/test_small_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

from pathlib import Path

from tui.app import CalderaApp, Launch
from tui.play.setup import local_game
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen

from . import test_kilauea_snapshots as kilauea
from .test_snapshots import (
    Snap,
    _mid_game,
    advanced_draft,
    fixed_data_dir,
    replay_at_event_60,
    until,
)

SMALL = (80, 24)
__all__ = ["fixed_data_dir"]  # the fixture, used by name


def test_menu_at_80x24(snap_compare: Snap, fixed_data_dir: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    menu_ready = until(lambda a: isinstance(a.screen, MenuScreen) and a.screen.loaded)
    assert snap_compare(app, terminal_size=SMALL, run_before=menu_ready)


def test_maunakea_table_at_80x24_laying_a_tile(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("1",))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_table_at_80x24_moving_an_explorer(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("2", "s", "1", "s", "tab", "right"))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_table_at_80x24_the_players_pane(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("m",))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_table_at_80x24_the_log_pane(snap_compare: Snap) -> None:
    app, run_before = _mid_game(("m", "m"))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_draft_at_80x24(snap_compare: Snap) -> None:
    """Every card dealt and the keys fit 80×24 (each card's rule beside its title)."""
    app, run_before = advanced_draft()
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_kilauea_table_at_80x24_in_its_compact_layout(snap_compare: Snap) -> None:
    app, run_before = kilauea.table(())
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_kilauea_replay_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    app, run_before = kilauea.replay_at_event_90(tmp_path / "kilauea.caldera")
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_replay_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    app, run_before = replay_at_event_60(tmp_path / "small.caldera")
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_maunakea_replay_at_80x24_the_log_pane(snap_compare: Snap, tmp_path: Path) -> None:
    app, run_before = replay_at_event_60(tmp_path / "small.caldera")
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before, press=["m", "m"])


def test_end_screen_at_80x24(snap_compare: Snap) -> None:
    setup = local_game(
        3, {0: "greedy", 1: "greedy", 2: "random"}, seed="snap-end", turn_limit=24, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    assert snap_compare(
        app, terminal_size=SMALL, run_before=until(lambda a: isinstance(a.screen, EndScreen))
    )

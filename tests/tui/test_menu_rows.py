"""The saved games list works out each row's height itself (Textual's auto height can fail on
a list filled while the menu is not shown)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from tui.replay.library import ReplayEntry
from tui.screens.menu import Column, rows_needed, saved_games_columns


def test_a_row_is_as_tall_as_its_most_wrapped_cell() -> None:
    columns = [Column("when", "When", 12), Column("players", "Players", 10)]
    console = Console(width=80)
    assert rows_needed(["today 10:02", "Ann, Bob"], columns, console) == 1
    assert rows_needed(["today 10:02", "Annabel, Bob"], columns, console) == 2
    assert rows_needed(["today 10:02", "Ann, Bob, Cyd, Dee, Eve, Fay"], columns, console) == 3
    assert rows_needed([], [], console) == 1
    nobody = [Column("when", "When", 12), Column("players", "Players", 0)]
    assert rows_needed(["today 10:02", "Ann"], nobody, console) == 1  # a column 0 wide


def test_the_players_column_is_never_narrower_than_its_title() -> None:
    nameless = ReplayEntry(Path("a.caldera"), game="kilauea", result="unfinished")
    for width in (120, 200):
        columns = {c.key: c for c in saved_games_columns([nameless], width)}
        assert columns["players"].width == len("Players")
    named = ReplayEntry(Path("b.caldera"), game="kilauea", players=("Annabel", "Bob"))
    columns = {c.key: c for c in saved_games_columns([named, nameless], 200)}
    assert columns["players"].width == len("Annabel, Bob")

"""The saved games list works out each row's height itself (Textual's auto height can fail on
a list filled while the menu is not shown)."""

from __future__ import annotations

from rich.console import Console

from tui.screens.menu import Column, rows_needed


def test_a_row_is_as_tall_as_its_most_wrapped_cell() -> None:
    columns = [Column("when", "When", 12), Column("players", "Players", 10)]
    console = Console(width=80)
    assert rows_needed(["today 10:02", "Ann, Bob"], columns, console) == 1
    assert rows_needed(["today 10:02", "Annabel, Bob"], columns, console) == 2
    assert rows_needed(["today 10:02", "Ann, Bob, Cyd, Dee, Eve, Fay"], columns, console) == 3
    assert rows_needed([], [], console) == 1
    nobody = [Column("when", "When", 12), Column("players", "Players", 0)]
    assert rows_needed(["today 10:02", "Ann"], nobody, console) == 1  # a column 0 wide

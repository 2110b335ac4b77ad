"""A table's seats as a list: who sits where, who is a bot, who is connected (live)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from net.wire import TableCard
from tui.presence import seat_words
from tui.seats import seat_colour


class SeatsTable(DataTable[Text | str]):
    """One row per seat of a table card; ``me`` marks this terminal's own seat."""

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("Seat", "Player", "Connected")

    def show(self, card: TableCard, me: str | None = None) -> None:
        """Show ``card``'s seats (keeping the highlighted row)."""
        row = self.cursor_row
        self.clear()
        for i, seat in enumerate(card.seats):
            name = Text(seat.name or "—", style=f"bold {seat_colour(i)}" if seat.name else "dim")
            if me is not None and seat.client == me:
                name.append(" (you)", style="dim")
            words = seat_words(seat)
            style = "green" if words.startswith("online") else "dim" if words == "open" else ""
            self.add_row(str(i + 1), name, Text(words, style=style))
        if self.row_count:
            self.move_cursor(row=min(max(row, 0), self.row_count - 1))

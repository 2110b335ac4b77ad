"""A table's seats as a list: who sits where, who is a bot, who is connected (live)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import DataTable

from net.trust.keys import fingerprint, public_from_hex
from net.wire.messages import Rank, SeatListing, TableListing
from tui.netplay.presence import seat_words
from tui.play.seats import seat_colour


def rating_words(
    seat: SeatListing, rating: Callable[[SeatListing], Rank | None] | None, collides: bool = False
) -> str:
    """The club rating of who sits in ``seat`` (``12.3``, ``—`` for none yet), and the key's
    fingerprint when another player goes by the same name (``12.3 · k:3f9a2c71``)."""
    if seat.is_open:
        return ""
    rank = rating(seat) if rating is not None else None
    shown = f"{rank.rating:.1f}" if rank is not None else "—"
    key = public_from_hex(seat.key)
    return f"{shown} · {fingerprint(key)}" if collides and key is not None else shown


Row = tuple[str, Text, Text, str]


def _looks(cell: Text | str) -> object:
    """What a cell shows: its words and their styles."""
    if isinstance(cell, str):
        return cell
    return (cell.plain, str(cell.style), tuple(cell.spans))


class SeatsTable(DataTable[Text | str]):
    """One row per seat of a table card; ``me`` marks this terminal's own seat."""

    _shown: list[tuple[object, ...]] | None = None  # what the rows show now

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("Seat", "Player", "Connected", "Rating")

    def show(
        self,
        card: TableListing,
        me: str | None = None,
        rating: Callable[[SeatListing], Rank | None] | None = None,
    ) -> None:
        """Show ``card``'s seats (keeping the highlighted row), each with its club rating and
        the key that tells players of one name apart; ``me``: this terminal's key. A card
        that changes none of the rows (a host republishes its card often) leaves them be: a
        rebuilt table redraws and measures its columns again on a later frame."""
        names = [seat.name.rsplit(" (", 1)[0] for seat in card.seats if not seat.is_open]
        rows: list[Row] = []
        for i, seat in enumerate(card.seats):
            name = Text(seat.name or "—", style=f"bold {seat_colour(i)}" if seat.name else "dim")
            if me is not None and seat.key == me:
                name.append(" (you)", style="dim")
            words = seat_words(seat)
            style = "green" if words.startswith("online") else "dim" if words == "open" else ""
            collides = names.count(seat.name.rsplit(" (", 1)[0]) > 1
            rows.append((str(i + 1), name, Text(words, style=style),
                         rating_words(seat, rating, collides)))  # fmt: skip
        shown = [tuple(_looks(cell) for cell in row) for row in rows]
        if shown == self._shown:
            return
        self._shown = shown
        row = self.cursor_row
        self.clear()
        for cells in rows:
            self.add_row(*cells)
        if self.row_count:
            self.move_cursor(row=min(max(row, 0), self.row_count - 1))

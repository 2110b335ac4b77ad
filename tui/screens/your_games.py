"""Your games: every table of the club where this terminal holds a seat, yours to move first,
with the game, the players, whose move it is, your time left and the last move; ``enter``
takes your seat back (the table's room, then the game).

The lobby screen with another list: it follows the same lobby (with this identity's turn
messages, :mod:`net.club.your_games`) and joins the same way.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import on
from textual.widgets import DataTable, Static

from core.clock import show_left
from core.language import N_, Translator
from net.club.your_games import MyTable, my_tables
from net.seat.taken import seats_taken
from net.wire.messages import TableListing
from tui.screens.lobby import LobbyScreen

T = Translator("app")
_ = T.gettext


class YourGamesScreen(LobbyScreen):
    """The tables where I hold a seat."""

    FOLLOW_TURNS = True
    HEADING = N_("Your games")
    ABOUT = N_("Your tables on {address} ({state}), your move first; enter takes your seat.")
    EMPTY = N_("You hold no seat at any table of this club yet: j opens the lobby.")

    def on_mount(self) -> None:  # beside the lobby's own (Textual runs both)
        self.set_interval(1.0, self._show_tables)  # the clocks run

    def columns(self) -> tuple[str, ...]:
        return (
            N_("Table"),
            N_("Game"),
            N_("Players"),
            N_("Move"),
            N_("Your time"),
            N_("Last move"),
        )

    def mine(self) -> list[MyTable]:
        lobby = self.lobby
        if lobby is None:
            return []
        return my_tables(lobby.tables, lobby.turns, seats_taken(self.terminal.identity))

    def _show_tables(self) -> None:
        if self._gone():
            return
        lobby = self.lobby
        table = self.query_one("#tables", DataTable)
        chosen = self.highlighted
        now = time.time_ns() // 1_000_000
        rows = [t for t in self.mine() if lobby is not None and t.table in lobby.tables]
        self.cards = [lobby.tables[t.table] for t in rows] if lobby is not None else []
        table.clear()
        for row in rows:
            left = row.left_ms(now)
            move = Text(row.whose_move(), style="bold" if row.your_turn else "")
            table.add_row(
                row.table,
                row.title,
                ", ".join(row.players),
                move,
                show_left(left) if left is not None and row.status == "playing" else "—",
                row.last or "—",
                key=row.table,
            )
        if chosen is not None and chosen.table in {c.table for c in self.cards}:
            table.move_cursor(row=table.get_row_index(chosen.table))
        self._describe()
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#tables")
    def _describe(self) -> None:
        card: TableListing | None = self.highlighted
        details = self.query_one("#table-details", Static)
        if card is None:
            details.update(Text(_(self.EMPTY) if self.lobby is not None else "", style="dim"))
            return
        super()._describe()

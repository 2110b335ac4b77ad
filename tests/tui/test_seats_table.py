"""The seats list of a table's room: a card that changes no row leaves the rows be (a rebuilt
DataTable measures its columns again only on a later frame, so a republished card made the
room's header narrow for a frame), and a card that changes one shows it."""

from __future__ import annotations

import msgspec
from textual.app import App, ComposeResult

from net.wire.messages import SeatListing, TableListing
from tui.widgets.seats_table import SeatsTable


def card(bob_online: bool) -> TableListing:
    seats = (SeatListing("Ann", "c-ann", None, True), SeatListing("Bob", "c-bob", None, bob_online))
    return TableListing("t1", "maunakea", "Mauna Kea", "Ann's table", "Ann", "open", seats)


class Room(App[None]):
    def compose(self) -> ComposeResult:
        yield SeatsTable()


async def test_a_card_that_changes_no_row_leaves_the_rows_be() -> None:
    app = Room()
    async with app.run_test() as pilot:
        table = app.query_one(SeatsTable)
        table.show(card(bob_online=False))
        await pilot.pause()
        keys = list(table.rows)
        table.show(
            msgspec.structs.replace(card(bob_online=False), n=5, seq=3)
        )  # republished, same seats
        await pilot.pause()
        assert list(table.rows) == keys  # not cleared and added again
        table.show(card(bob_online=True))
        await pilot.pause()
        assert list(table.rows) != keys
        assert str(table.get_cell_at((1, 2))) == "online"

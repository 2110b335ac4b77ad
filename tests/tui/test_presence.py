"""The words for a networked table: seats, presence, and the header's connection line."""

from __future__ import annotations

from net.wire.messages import SeatListing, TableListing
from tui.netplay.presence import connection_line, presence, seat_words, taken


def card() -> TableListing:
    seats = (
        SeatListing("Ann", "c-ann", None, True),
        SeatListing("Bob", "c-bob", None, False),
        SeatListing("Cleo", "c-cleo", None, False, standin="greedy"),
        SeatListing("Greedy bot 4", None, "greedy", False),
        SeatListing(),
    )
    return TableListing("t1", "maunakea", "Mauna Kea", "Ann's table", "Ann", "open", seats)


class Watched:
    """A networked session as the header sees it (the TableWatch protocol)."""

    def __init__(self, status: str) -> None:
        self.table = "t1"
        self.card: TableListing | None = card()
        self.status = status

    def subscribe_card(self, listener: object) -> None: ...

    def subscribe_status(self, listener: object) -> None: ...


class Local:
    status = "local"


def test_each_seat_says_who_is_there() -> None:
    words = [seat_words(seat) for seat in card().seats]
    assert words == ["online", "away", "away, greedy bot standing in", "greedy bot", "open"]
    assert presence(card()) == "●Ann ○Bob(away) ⚙Cleo(bot for now) ⚙Greedy bot 4 ·open"
    assert taken(card()) == "4/5"


def test_the_header_shows_the_seats_only_while_connected() -> None:
    assert connection_line(Watched("connected")).startswith("connected · ●Ann ○Bob(away)")
    assert connection_line(Watched("reconnecting…")) == "reconnecting…"
    assert connection_line(Watched("host away")) == "host away"
    desync = "desync at event 12 (maunakea.tile_placed)"
    assert connection_line(Watched(desync)) == desync
    assert connection_line(Local()) == "local"

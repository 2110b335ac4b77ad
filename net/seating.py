"""Who sits where at a hosted table, and who is online.

The host's seat book: each seat's :class:`~net.wire.SeatCard`, the clients that have spoken to
the table, the key each of them speaks with, the last presence mark each of them sent, and who
came to watch. It decides who gets which seat; the host publishes the card and answers the
client.

A client id is bound to the first key that signs for it at this table (a seat's card keeps the
key, so a resumed table knows it again): a message for that client signed by any other key, or
not signed, is not that client's.
"""

from __future__ import annotations

from dataclasses import replace

from core.protocol import Seat
from net.errors import NetError
from net.keys import public_from_hex
from net.wire import JoinRequest, SeatCard, clean_name


class Seating:
    """The seats of one table and the presence of its clients."""

    def __init__(self, count: int) -> None:
        self.seats: list[SeatCard] = [SeatCard() for _ in range(count)]
        self.clients: set[str] = set()  # every client that spoke to the table
        self.keys: dict[str, bytes] = {}  # client -> the key it speaks with
        self._online: dict[str, bool] = {}
        self._watchers: set[str] = set()  # clients that asked to watch

    def restore(self, seats: list[SeatCard]) -> None:
        """Seat again who sat at a table whose host stopped: its clients are away until their
        presence says otherwise, and each speaks with the key it took its seat with."""
        self.seats = [replace(seat, online=seat.client is None, standin=None) for seat in seats]
        self.clients.update(seat.client for seat in seats if seat.client is not None)
        for seat in seats:
            key = public_from_hex(seat.key)
            if seat.client is not None and key is not None:
                self.keys[seat.client] = key

    def vouch(self, client: str, key: bytes | None) -> bool:
        """Whether a message signed by ``key`` (``None``: unsigned) speaks for ``client``: the
        first key to sign for a client is bound to it, and only that key counts after."""
        if key is None:
            return False
        known = self.keys.setdefault(client, key)
        return known == key

    def key_of(self, client: str) -> str | None:
        key = self.keys.get(client)
        return key.hex() if key is not None else None

    def watch(self, client: str) -> None:
        """``client`` asked to watch: counted while it is online and holds no seat."""
        self.clients.add(client)
        self._watchers.add(client)

    @property
    def watching(self) -> int:
        """How many spectators are connected now: each client id once (one connection each:
        the broker lets only one connection use a client id), its Last Will ends it."""
        return sum(
            1
            for client in self._watchers
            if self._online.get(client, True) and self.seat_of(client) is None
        )

    def open_seats(self) -> list[Seat]:
        return [i for i, seat in enumerate(self.seats) if seat.is_open]

    def seat_of(self, client: str) -> Seat | None:
        for i, seat in enumerate(self.seats):
            if seat.client == client:
                return i
        return None

    def met(self, client: str) -> None:
        """Remember ``client``: its presence mark is cleared when the table closes."""
        self.clients.add(client)

    def unique_name(self, name: str, seat: Seat) -> str:
        """``name``, or ``name (3)`` if another seat already goes by it."""
        taken = {s.name for i, s in enumerate(self.seats) if i != seat and not s.is_open}
        return name if name not in taken else clean_name(f"{name[:19]} ({seat + 1})")

    def open_seat(self, seat: Seat | None) -> Seat:
        """``seat`` if it is open (default: the first open seat); ``NetError`` if not."""
        open_seats = self.open_seats()
        if seat is None:
            if not open_seats:
                raise NetError("the table is full")
            return open_seats[0]
        if seat not in open_seats:
            raise NetError(f"seat {seat + 1} is not open")
        return seat

    def seat_bot(self, seat: Seat, kind: str) -> None:
        """Put one of the host's ``kind`` bots in ``seat``."""
        self.seats[seat] = SeatCard(
            clean_name(f"{kind.capitalize()} bot {seat + 1}"), None, kind, True
        )

    def sit(self, client: str, request: JoinRequest) -> Seat:
        """Seat ``client`` as it asks (a seat, or the first open one); ``NetError`` says why not."""
        open_seats = self.open_seats()
        seat = request.seat
        if seat is None:
            if not open_seats:
                raise NetError("the table is full")
            seat = open_seats[0]
        elif not 0 <= seat < len(self.seats):
            raise NetError(f"there is no seat {seat + 1} at this table")
        elif seat not in open_seats:
            raise NetError(f"seat {seat + 1} is taken by {self.seats[seat].name}")
        name = self.unique_name(clean_name(request.name or client), seat)
        bot = clean_name(request.bot) if request.bot else None
        online = self._online.get(client, True)
        self.seats[seat] = SeatCard(name, client, bot, online, key=self.key_of(client))
        return seat

    def leave(self, client: str) -> bool:
        """Free the seat ``client`` holds; whether it held one."""
        seat = self.seat_of(client)
        if seat is None:
            return False
        self.seats[seat] = SeatCard()
        return True

    def mark(self, client: str, online: bool) -> Seat | None:
        """Record ``client``'s presence; the seat whose card changed with it, if any."""
        self.clients.add(client)
        if self._online.get(client) == online:
            return None
        self._online[client] = online
        seat = self.seat_of(client)
        if seat is None:
            return None
        self.seats[seat] = replace(self.seats[seat], online=online)
        return seat

    def set_standin(self, seat: Seat, kind: str | None) -> None:
        """Show (or, with ``None``, stop showing) the host's ``kind`` bot playing ``seat``."""
        self.seats[seat] = replace(self.seats[seat], standin=kind)

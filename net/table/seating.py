"""Who sits where at a hosted table, and who is online.

The host's seat book: each seat's :class:`~net.wire.messages.SeatListing`, the clients that have
spoken to the table, who is online and who came to watch. It decides who gets which seat; the host
publishes the card and answers the client.

On a broker anyone may write to, a client id is only a name anyone may use: two terminals may
call themselves "alice". So a seat belongs to a *key*: whoever signs with the key that took it
(kept on the seat's card, so a resumed table knows it again). Everyone here is known by their
public key (``who``, as hex); their client id is a label, the last topic level they write to
and read their answers from, and two "alice"s are two players, told apart by their keys. (A
seat given to a client id without a key, the host's own seat of a resumed table, is the first
key's that claims it under that id.)
"""

from __future__ import annotations

import msgspec

from core.protocol import Seat
from net.errors import NetError
from net.wire.messages import JoinRequest, SeatListing, clean_name


class Seating:
    """The seats of one table and the presence of its clients."""

    def __init__(self, count: int) -> None:
        self.seats: list[SeatListing] = [SeatListing() for _ in range(count)]
        self.clients: set[str] = set()  # every client id that spoke to the table
        self._online: dict[str, bool] = {}  # who -> online
        self._watchers: set[str] = set()  # who asked to watch
        self._names: dict[str, str] = {}  # a watcher's name, as it gave it
        self._received: set[str] = set()  # who was sent the game (a catch-up answered)

    def restore(self, seats: list[SeatListing]) -> None:
        """Seat again who sat at a table whose host stopped: its clients are away until they
        say they are here, and each seat is the key's that took it."""
        self.seats = [
            msgspec.structs.replace(seat, online=seat.client is None, standin=None)
            for seat in seats
        ]
        self.clients.update(seat.client for seat in seats if seat.client is not None)

    def met(self, client: str) -> None:
        """Remember ``client``'s id: its presence topic is cleared when the table closes."""
        self.clients.add(client)

    def claim(self, client: str, who: str) -> None:
        """A seat given to ``client``'s id without a key is ``who``'s, the first to claim it."""
        for i, seat in enumerate(self.seats):
            if seat.client == client and seat.key is None and self.seat_of(who) is None:
                self.seats[i] = msgspec.structs.replace(seat, key=who)
                return

    def watch(self, who: str, name: str = "") -> None:
        """``who`` asked to watch (as ``name``): counted once it has received the game
        (:meth:`received`), while it is online and holds no seat."""
        self._watchers.add(who)
        self._names[who] = clean_name(name)

    def name_of(self, who: str) -> str:
        """A watcher's name, as it gave it (``Player`` if it gave none)."""
        return self._names.get(who, "Player")

    def watches(self, who: str) -> bool:
        """Whether ``who`` asked to watch and holds no seat (so may speak in the spectators'
        room)."""
        return who in self._watchers and self.seat_of(who) is None

    def received(self, who: str) -> None:
        """``who`` was sent the game (the host answered a catch-up of its, sealed to its key): a
        spectator who asked to watch counts from now on. A key that only said it watches costs
        the host nothing and shows nowhere: 2,000 made-up spectators are not '2,000 watching'."""
        self._received.add(who)

    @property
    def watching(self) -> int:
        """How many spectators are connected now and have the game: each key once, until its
        Last Will."""
        return sum(
            1
            for who in self._watchers & self._received
            if self._online.get(who, True) and self.seat_of(who) is None
        )

    def open_seats(self) -> list[Seat]:
        return [i for i, seat in enumerate(self.seats) if seat.is_open]

    def seat_of(self, who: str) -> Seat | None:
        """The seat the key ``who`` holds (at most one)."""
        for i, seat in enumerate(self.seats):
            if seat.key == who and seat.client is not None:
                return i
        return None

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
        self.seats[seat] = SeatListing(
            clean_name(f"{kind.capitalize()} bot {seat + 1}"), None, kind, True
        )

    def sit(self, client: str, who: str, request: JoinRequest) -> Seat:
        """Seat the key ``who``, under the id ``client``, as it asks (a seat, or the first open
        one); ``NetError`` says why not."""
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
        online = self._online.get(who, True)
        self.seats[seat] = SeatListing(name, client, bot, online, key=who)
        return seat

    def leave(self, who: str) -> bool:
        """Free the seat ``who`` holds; whether it held one."""
        seat = self.seat_of(who)
        if seat is None:
            return False
        self.seats[seat] = SeatListing()
        return True

    def mark(self, who: str, online: bool) -> Seat | None:
        """Record ``who``'s presence; the seat whose card changed with it, if any."""
        if self._online.get(who) == online:
            return None
        self._online[who] = online
        if not online:  # back on a new connection, it catches up again
            self._received.discard(who)
        seat = self.seat_of(who)
        if seat is None:
            return None
        self.seats[seat] = msgspec.structs.replace(self.seats[seat], online=online)
        return seat

    def set_standin(self, seat: Seat, kind: str | None) -> None:
        """Show (or, with ``None``, stop showing) the host's ``kind`` bot playing ``seat``."""
        self.seats[seat] = msgspec.structs.replace(self.seats[seat], standin=kind)

"""A seat's word with its host about itself: who it is on this connection, and its seat.

Each connection has a nonce of its own (``conn``: its Last Will, an "offline", names it). The
first time, the seat asks for its seat (or a spectator's chair); after a reconnection it says
it is here again. A request counts only with the host's ticket for this connection
(:mod:`net.table.tickets`): without one the host answers with a ticket, and the request is
made again with it. Each request has a nonce of its own, which its answer carries back, so an
old answer replayed by someone is not taken for this one's.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable

from core.protocol import Seat
from net.errors import JoinRefused
from net.wire.messages import Joined, JoinRequest, Presence, Refused, TableListing, Ticket, encode


class Joining:
    """This connection's requests on the join topic and their answers (see the module).
    ``send(request)`` publishes one; ``take_card(card)`` takes the card an answer carries."""

    def __init__(
        self,
        name: str,
        seat: Seat | None,
        bot: str | None,
        spectator: bool,
        send: Callable[[JoinRequest], None],
        take_card: Callable[[TableListing], None],
    ) -> None:
        self.name = name
        self.seat = seat  # the seat asked for (None: any open one)
        self.bot = bot
        self.spectator = spectator
        self._send = send
        self._take_card = take_card
        self.conn = ""  # this connection's nonce (its Last Will names it)
        self.ticket = ""  # the host's ticket for this connection (net.table.tickets)
        self.asking: JoinRequest | None = None  # the request waiting for its answer
        self.asked_at = 0.0
        self.joined: asyncio.Future[Joined] | None = None  # the first join, until answered

    @property
    def joining(self) -> bool:
        """The first join was asked and not answered yet."""
        return self.joined is not None and not self.joined.done()

    def new_connection(self) -> str:
        """A new connection: a nonce of its own, and no ticket yet. Returns the nonce."""
        self.conn, self.ticket = secrets.token_hex(6), ""
        return self.conn

    def offline(self) -> bytes:
        """This connection's "offline": its Last Will, and its last word when it leaves."""
        return encode(Presence(False, self.name, self.conn))

    def request(self, role: str) -> JoinRequest:
        """A join-topic request for this connection, with its ticket and a nonce of its own."""
        seat, bot = (self.seat, self.bot) if role == "player" else (None, None)
        return JoinRequest(role, self.name, seat, bot, secrets.token_hex(6), self.conn,
                           self.ticket)  # fmt: skip

    def hello(self) -> None:
        """Tell the host who we are on this connection: take the seat (or watch), the first
        time; afterwards, that we are here (a host that came back counts us again). Without
        the host's ticket for this connection it answers with one, and we ask again."""
        if self.spectator:  # a host that came back counts its spectators again
            role = "spectator"
        elif self.joining:
            role = "player"
        else:
            role = "here"
        self.asking = self.request(role)
        self.asked_at = time.monotonic()
        self._send(self.asking)

    def unanswered(self, retry: float) -> bool:
        """A request has waited ``retry`` seconds for its answer (lost, or the host away)."""
        return self.asking is not None and time.monotonic() - self.asked_at >= retry

    def refuse(self, reason: str) -> None:
        """The first join fails with ``reason`` (the table cannot be sat at)."""
        if self.joined is not None and not self.joined.done():
            self.joined.set_exception(JoinRefused(reason))

    def answered(self, message: Joined | Refused | Ticket) -> None:
        """The host's answer to our join (or "here"); one to another request (an old one,
        replayed by someone) is not ours to take."""
        asking = self.asking
        if asking is None or message.nonce != asking.nonce:
            return
        if isinstance(message, Ticket):
            if message.conn == self.conn:
                self.ticket = message.ticket
                self._take_card(message.card)
                if self.asking is asking:
                    self.hello()  # again, with the ticket
            return
        self.asking = None
        if self.joined is not None and not self.joined.done():
            if isinstance(message, Refused):
                self.joined.set_exception(JoinRefused(message.reason))
            else:
                self.joined.set_result(message)
        elif isinstance(message, Joined):
            self._take_card(message.card)

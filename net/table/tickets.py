"""Tickets: what makes a client's word about itself fresh.

Anything a client signs may be replayed by anyone on an open broker, for ever. Commands carry
the event number they were sent at, so a replayed one is stale; but "I am here", "I take a
seat", "I leave" and "I am gone" would move the table again each time they are replayed. So the
host answers such a request, the first time a connection makes one, with a *ticket*: a random
string sealed to the client, for that connection (named by the nonce its Last Will carries).
The client asks again with it, and only a request with a live ticket counts.

A ticket dies with its connection: when the client's next connection uses its own ticket, or
when the connection's "offline" arrives. So an old request, or an old "offline", or the last
"here" of a client that crashed since, replayed later, moves nothing: it gets a new ticket,
sealed to a client that never asked for it. Tickets go out at most ``PER_SECOND`` times a
second per client, so replays cannot make the host a loudspeaker.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict, deque
from typing import TypeVar

PER_SECOND = 5  # tickets given to one client a second, at most
PENDING = 4  # tickets of one client's connections waiting to be used, at most
MOST_CLIENTS = 4096  # clients whose tickets are kept (the oldest are forgotten first)
V = TypeVar("V")


class Tickets:
    """The live ticket of each client's current connection, and those just given out."""

    def __init__(self) -> None:
        self._bound: OrderedDict[str, tuple[str, str]] = OrderedDict()  # client -> (conn, ticket)
        self._pending: OrderedDict[str, OrderedDict[str, str]] = OrderedDict()  # conn -> ticket
        self._given: dict[str, deque[float]] = {}

    def current(self, client: str) -> str | None:
        """The connection ``client`` is here on, if any."""
        bound = self._bound.get(client)
        return bound[0] if bound is not None else None

    def admit(self, client: str, conn: str, ticket: str) -> bool:
        """Whether a request of ``client`` on connection ``conn`` with ``ticket`` counts; the
        first use of a ticket makes its connection the client's current one."""
        if not conn or not ticket:
            return False
        if self._bound.get(client) == (conn, ticket):
            return True
        pending = self._pending.get(client)
        if pending is None or pending.get(conn) != ticket:
            return False
        del pending[conn]
        self._bound[client] = (conn, ticket)
        self._bound.move_to_end(client)
        _trim(self._bound)
        return True

    def give(self, client: str, conn: str) -> str | None:
        """A new ticket for ``client``'s connection ``conn``; ``None`` when it asked too often."""
        now = time.monotonic()
        given = self._given.setdefault(client, deque(maxlen=PER_SECOND))
        if len(given) == PER_SECOND and now - given[0] < 1.0:
            return None
        given.append(now)
        if len(self._given) > MOST_CLIENTS:
            self._given.pop(next(iter(self._given)))
        ticket = secrets.token_hex(8)
        pending = self._pending.setdefault(client, OrderedDict())
        self._pending.move_to_end(client)
        pending[conn] = ticket
        while len(pending) > PENDING:
            pending.popitem(last=False)
        _trim(self._pending)
        return ticket

    def gone(self, client: str, conn: str) -> bool:
        """``client``'s connection ``conn`` ended (its "offline"): whether it was the current
        one (then its ticket dies, and the client is away); another's changes nothing."""
        if self.current(client) != conn:
            return False
        del self._bound[client]
        return True


def _trim(table: OrderedDict[str, V]) -> None:
    while len(table) > MOST_CLIENTS:
        table.popitem(last=False)

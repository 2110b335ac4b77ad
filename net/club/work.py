"""A small proof of work: what a table request from a key a server does not know costs.

On an open broker an identity is only a key, and a key costs nothing: 70 made-up ones filled a
200-table server in 1.5 s. So a server asks a key it has not met (no table of its own here yet,
no seat at one of its tables) for a few hundred milliseconds of work with its first request: a
``work`` string such that the BLAKE2b hash of (the server, the key, the request's id, ``work``)
begins with ``bits`` zero bits. A player pays it once; a flood pays it per identity, on top of
the server's budget of new identities a minute (:class:`NewKeys`).
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections import OrderedDict, deque
from collections.abc import Callable

WORK_BITS = 16  # ~65,000 hashes: ~0.1 s in Python, once per key and server
NEW_KEYS_PER_MINUTE = 30  # new identities a server takes a minute (table requests and seats)
MOST_KNOWN = 100_000  # keys a server remembers having met (the oldest forgotten)


def _digest(server: str, key: str, request: str, work: str) -> int:
    data = f"caldera-work-v1\x00{server}\x00{key}\x00{request}\x00{work}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def holds(server: str, key: str, request: str, work: str, bits: int = WORK_BITS) -> bool:
    """Whether ``work`` is the key ``key``'s (hex) proof for its request ``request``."""
    return len(work) <= 32 and _digest(server, key, request, work) >> (64 - bits) == 0


def solve(server: str, key: str, request: str, bits: int = WORK_BITS) -> str:
    """A ``work`` that :func:`holds` (tries counting up from 0)."""
    for n in itertools.count():
        work = format(n, "x")
        if _digest(server, key, request, work) >> (64 - bits) == 0:
            return work
    raise AssertionError("unreachable")


class NewKeys:
    """A server's keys met, and its budget of new ones: at most ``per_minute`` a minute."""

    def __init__(
        self, per_minute: int = NEW_KEYS_PER_MINUTE, members: frozenset[str] = frozenset()
    ) -> None:
        self.per_minute = per_minute
        self.members = members  # a club's member list: known from the start
        self._known: OrderedDict[str, None] = OrderedDict()
        self._new: deque[float] = deque(maxlen=max(per_minute, 1))

    def known(self, key: str) -> bool:
        return key in self.members or key in self._known

    def meet(self, key: str) -> None:
        """Know ``key`` from now on (it sits at a resumed table), whatever the budget."""
        self._known[key] = None

    def admit(self, key: str) -> str | None:
        """Meet ``key``: ``None`` if it is known or the minute's budget has room (it is known
        from now on), else the reason it must wait."""
        if self.known(key):
            return None
        now = time.monotonic()
        if self.per_minute <= 0 or (len(self._new) == self._new.maxlen and now - self._new[0] < 60):
            wait = 60 - (now - self._new[0]) if self._new else 60
            return (
                f"this server takes {self.per_minute} new players a minute and has had them: "
                f"try again in {max(1, round(wait))} s"
            )
        self._new.append(now)
        self._known[key] = None
        if len(self._known) > MOST_KNOWN:
            self._known.popitem(last=False)
        return None


def members_only(members: frozenset[str]) -> Callable[[str], str | None]:
    """A table's admission of new seats (``TableHost.admit``) for its members' keys only (hex):
    ``caldera host --members FILE``. A seat is what a made-up key could take there: a budget
    of new keys, or work, would not keep out someone who needs only a few keys to fill it."""

    def admit(key: str) -> str | None:
        return None if key in members else "this table seats its members only (you may watch)"

    return admit

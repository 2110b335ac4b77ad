"""Asking a table's host whether it is there, before listing its table.

Anyone may publish a retained card: a made-up table signed by a made-up key (2,000 of them, if
they like), or a real table's old card, replayed long after its host is gone. So the lobby
lists a table only once its host has answered a *look*: a request with a fresh nonce, which the
host answers with its current card, sealed and signed (:class:`~net.wire.messages.Ticket`). A card
nobody answers for stays unlisted; the lobby asks again, less and less often.

:class:`Probes` is the schedule: which tables to ask now, a first look before any asked again,
at most ``PER_SECOND`` looks a second in all (a flood of cards must not make the lobby flood
the broker), each table asked again after 1, 2, 4 … ``MOST_WAIT`` seconds.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

PER_SECOND = 64  # looks sent a second, at most
FIRST_WAIT = 1.0  # seconds before a table that did not answer is asked again
MOST_WAIT = 30.0  # … doubling up to this
MOST_TABLES = 4096  # tables waiting for an answer, at most (the oldest are given up)


@dataclass
class _Probe:
    nonce: str = ""
    due: float = 0.0  # when to ask (time.monotonic); 0: never asked yet
    wait: float = FIRST_WAIT


class Probes:
    """The tables whose host the lobby has yet to hear from, and when to ask each."""

    def __init__(self) -> None:
        self._waiting: dict[str, _Probe] = {}
        self._sent: list[float] = []  # when the looks of the last second went out

    def want(self, table: str) -> None:
        """Ask ``table``'s host (soon, unless it is being asked already)."""
        if table not in self._waiting:
            self._waiting[table] = _Probe()
            while len(self._waiting) > MOST_TABLES:
                self._waiting.pop(next(iter(self._waiting)))

    def drop(self, table: str) -> None:
        """Stop asking (answered, or gone)."""
        self._waiting.pop(table, None)

    def asked(self, table: str, nonce: str) -> bool:
        """Whether ``nonce`` is that of the look last sent to ``table``."""
        look = self._waiting.get(table)
        return look is not None and bool(look.nonce) and look.nonce == nonce

    def __contains__(self, table: object) -> bool:
        return table in self._waiting

    def due(self, now: float | None = None) -> list[tuple[str, str]]:
        """The looks to send now, as (table, nonce): tables never asked first, then those whose
        wait is over, within the budget of looks a second."""
        now = time.monotonic() if now is None else now
        self._sent = [at for at in self._sent if now - at < 1.0]
        room = PER_SECOND - len(self._sent)
        if room <= 0:
            return []
        ready = sorted(
            (look.due, table) for table, look in self._waiting.items() if look.due <= now
        )
        out = []
        for _, table in ready[:room]:
            look = self._waiting[table]
            if look.due:  # asked before, no answer: wait longer next time
                look.wait = min(look.wait * 2, MOST_WAIT)
            look.nonce = secrets.token_hex(6)
            look.due = now + look.wait
            self._sent.append(now)
            out.append((table, look.nonce))
        return out

"""Asking a table's host whether it is there, before listing its table.

Anyone may publish a retained card: a made-up table signed by a made-up key (2,000 of them, if
they like), or a real table's old card, replayed long after its host is gone. So the lobby
lists a table only once its host has answered a *probe*: a request with a fresh nonce, which the
host answers with its current card, sealed and signed (:class:`~net.wire.messages.Ticket`). A card
nobody answers for stays unlisted; the lobby asks again, less and less often.

:class:`Probes` is the schedule: which tables to ask now, a first probe before any asked again,
at most ``PER_SECOND`` probes a second in all (a flood of cards must not make the lobby flood
the broker), each table asked again after 1, 2, 4 … ``MOST_WAIT`` seconds.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

PER_SECOND = 64  # probes sent a second, at most
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
        self._sent: list[float] = []  # when the probes of the last second went out

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
        """Whether ``nonce`` is that of the probe last sent to ``table``."""
        probe = self._waiting.get(table)
        return probe is not None and bool(probe.nonce) and probe.nonce == nonce

    def __contains__(self, table: object) -> bool:
        return table in self._waiting

    def due(self, now: float | None = None) -> list[tuple[str, str]]:
        """The probes to send now, as (table, nonce): tables never asked first, then those whose
        wait is over, within the budget of probes a second."""
        now = time.monotonic() if now is None else now
        self._sent = [at for at in self._sent if now - at < 1.0]
        room = PER_SECOND - len(self._sent)
        if room <= 0:
            return []
        ready = sorted(
            (probe.due, table) for table, probe in self._waiting.items() if probe.due <= now
        )
        out = []
        for _, table in ready[:room]:
            probe = self._waiting[table]
            if probe.due:  # asked before, no answer: wait longer next time
                probe.wait = min(probe.wait * 2, MOST_WAIT)
            probe.nonce = secrets.token_hex(6)
            probe.due = now + probe.wait
            self._sent.append(now)
            out.append((table, probe.nonce))
        return out

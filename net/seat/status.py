"""The one word a seat's terminal shows of its table: ``connecting…``, ``connected``,
``reconnecting…``, ``host away`` (its connection dropped; it may come back), ``table closed``,
or ``desync at event N (…)``; the first that holds, in that order of weight: a desync, a closed
table, no connection, the host away."""

from __future__ import annotations

from collections.abc import Callable

from net.link.connection import Link
from net.seat.following import SeatFollower
from net.seat.host_listing import HostListing

StatusListener = Callable[[str], None]


class SeatStatus:
    """A seat's status (see the module), said anew by :meth:`update`; :attr:`listeners` are
    told each change."""

    def __init__(self, link: Link, following: SeatFollower, listing: HostListing) -> None:
        self._link = link
        self._following = following
        self._listing = listing
        self.now = "connecting…"
        self.listeners: list[StatusListener] = []

    def update(self) -> bool:
        """Say the status anew; whether it changed (its listeners were told)."""
        link, listing = self._link, self._listing
        if self._following.desync is not None:
            status = self._following.desync
        elif listing.closed:
            status = "table closed"
        elif not link.connected:
            status = "reconnecting…" if link.connections else "connecting…"
        elif listing.away:
            status = "host away"
        else:
            status = "connected"
        if status == self.now:
            return False
        self.now = status
        for listener in list(self.listeners):
            listener(status)
        return True

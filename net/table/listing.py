"""A hosted table's listing in the lobby: what it says, numbered, published retained, kept newest.

The listing says what the table is (its game, name, host, options and terms, its key), who sits
where and who watches, how far the game is and whose clock runs, whether hints and chat are on.

A signature lasts for ever, so the listing says which of two is newer: ``(epoch, n)``, the epoch
counting the host's connections (a resumed table's goes beyond every earlier one: it is kept in
the record) and ``n`` the listings of one connection; the host's Last Will, a signed
:class:`~net.wire.messages.Gone`, names its connection's epoch and ranks after its listings.
Readers keep the newest. The host also reads its own listing's topic: whatever replaces its
current listing there (an older one of its own replayed, an earlier connection's "gone", an
empty payload that clears it) is answered at once with the current one again
(:mod:`net.table.own_listing`), so newcomers see the live table.

On a cluster, retained messages go over a connection of their own, the keeper's: on NATS a
retained message is stored in JetStream before anything the connection sends after it goes on,
and after a node died that waits for JetStream's new leaders (4 s of standing still).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from core.protocol import Rules
from core.titles import english_title
from net.config import BrokerAddress
from net.link.connection import Backoff, Channel, LastWill, Link
from net.link.lines import Line
from net.table.chatting import Chatting
from net.table.clocks import TableClocks
from net.table.own_listing import OwnListing
from net.table.refereeing import Refereeing
from net.table.seating import Seating
from net.table.terms import TableTerms
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import Gone, TableListing, encode, read_listing

log = logging.getLogger("caldera.net")

ListingListener = Callable[[TableListing], None]
Retained = tuple[str, bytes, bool]
"""A last message of a connection: its topic, its payload, whether the broker retains it."""


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


class Listing:
    """One table's listing (see the module): :meth:`current` says it, :meth:`changed` publishes
    it numbered after the last; a listing replaced is answered with ``put_back()``."""

    def __init__(
        self,
        table: str,
        keys: Keys,
        link: Channel,
        address: BrokerAddress,
        backoff: Backoff,
        put_back: Callable[[], None],
        *,
        rules: Rules[Any],
        name: str,
        host: str,
        options: dict[str, Any],
        terms: TableTerms,
        hints: bool,
        status: Callable[[], str],
        seating: Seating,
        refereeing: Refereeing,
        clocks: TableClocks,
        chatting: Chatting,
    ) -> None:
        self.table = table
        self.keys = keys
        self.link = link
        self.rules, self.name, self.host, self.options = rules, name, host, options
        self.terms, self.hints, self.status = terms, hints, status
        self.seating, self.refereeing, self.clocks, self.chatting = (
            seating, refereeing, clocks, chatting
        )  # fmt: skip
        self.broker_stops = False  # its broker stops with it (the host app's own, embedded)
        self.epoch = _now_ms()  # the next connection's is one more (see will)
        self.n = 0  # listings published in this epoch
        self.listeners: list[ListingListener] = []
        self.put_back = put_back
        self.own = OwnListing(keys.public, lambda data: read_listing(data).order, self._replaced)
        self.keeper = (
            Link(address, client_id=f"caldera-keep-{table}", backoff=backoff, keys=keys)
            if len(address.nodes) > 1
            else None
        )

    def current(self) -> TableListing:
        """The table's listing as it is now."""
        referee = self.refereeing.referee
        result = referee.outcome() if referee is not None else None
        status = self.status()
        return TableListing(
            table=self.table,
            game=self.rules.game,
            title=english_title(self.rules),  # the wire's: every terminal says its own
            name=self.name,
            host=self.host,
            status=status,
            seats=tuple(self.seating.seats),
            options=self.options,
            epoch=self.epoch,
            seq=referee.seq if referee is not None else 0,
            scores=result.scores if result is not None else None,
            key=self.keys.public.hex(),
            watching=self.seating.watching,
            n=self.n,
            clock=self.terms.clock,
            rated=self.terms.rated,
            clocks=self.clocks.card(),
            hints=self.hints,
            chat=self.chatting.on,
            broker_stops=self.broker_stops and status == "closed",
            **(self.link.served() if isinstance(self.link, Line) else {}),
        )

    def changed(self) -> None:
        """Publish the listing as it is now, to the lobby and to every listener."""
        self.n += 1
        listing = self.current()
        topic, data = topics.card(self.table), encode(listing)
        if self.keeper is not None and self.link.publish(topic, data):  # live readers: at once
            self.own.sent(listing.order)
        if self.retain(topic, data):
            self.own.sent(listing.order)
        for listener in list(self.listeners):
            listener(listing)

    def _replaced(self) -> None:
        log.info("table %s: its card was replaced; putting it back", self.table)
        self.put_back()

    def retain(self, topic: str, data: bytes) -> bool:
        """Publish a retained message: on a cluster, over the keeper's own connection."""
        return (self.keeper or self.link).publish(topic, data, retain=True)

    def will(self) -> LastWill:
        """A new connection's Last Will: "gone", signed, naming the connection's epoch (one
        more than the last: a connection made is a new epoch)."""
        self.epoch += 1
        self.n = 0
        self.own.reset()
        return LastWill(topics.card(self.table), encode(Gone(self.epoch)))

    async def close(self, cleared: list[Retained]) -> None:
        """Stop the table's link with the closed listing, newer than any before, and the
        retained messages ``cleared``: on a cluster the closed listing at once on the link,
        what is retained over the keeper."""
        self.own.close()
        topic = topics.card(self.table)
        self.n += 1  # the closed listing: newer than any before
        last: list[Retained] = [(topic, encode(self.current()), False), (topic, b"", True)]
        last += cleared
        if self.keeper is None:
            await self.link.stop(last)
        else:
            await self.link.stop(last[:1])
            await self.keeper.stop(last[1:])

"""Many tables on one connection: the lines of a server's tables (``caldera serve``).

A :class:`Line` is what a table hosted by a server uses in place of a :class:`Link` of its own:
its subscriptions are the table's topics on the server's connection, and :class:`Lines` hands
each message that arrives on one of them to its table (by the table id in the topic) before it
is opened, so a table checks the signature, opens what was sealed to its own key, and sets
:attr:`Line.sender`, as its own link did; a message for table A never reaches table B. What
a table publishes it still signs (or seals) with its own key: readers believe a key, not a
connection.

A connection has one Last Will: the server's (a signed "gone" on its card's topic). A table on
a line has none of its own; its card names its server, the server's key and the server's
connection (:attr:`~net.wire.messages.TableListing.server_epoch`), and its readers take that
server's "gone" as their host's (:mod:`net.seat.served`). Each time the shared connection is
made, every line counts a new epoch, as a table's own connection did, and its table puts its
card out again, a few tables a turn of the event loop so a server of thousands of tables
answers its players meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from net.config import BrokerAddress
from net.link.connection import Backoff, LastWill, Link, MessageHandler, Route, opened
from net.trust.keys import Keys
from net.wire import topics

log = logging.getLogger("caldera.net")

CARDS_A_TURN = 50  # tables subscribed again in one packet (and their cards) after a reconnect


class Line:
    """One table's way to the broker over a server's shared connection (a
    :class:`~net.link.connection.Channel`, as a :class:`Link` is)."""

    def __init__(
        self,
        lines: Lines,
        table: str,
        keys: Keys,
        *,
        on_message: MessageHandler,
        on_connect: Callable[[], Awaitable[None]],
        will: Callable[[], LastWill],
    ) -> None:
        self.lines = lines
        self.table = table
        self.keys: Keys | None = keys
        self.address: BrokerAddress = lines.link.address
        self.filters = topics.host_filters(table)
        self.on_message = on_message
        self.on_connect = on_connect
        self.will = will  # called once a connection: it counts the table's epoch
        self.sender: bytes | None = None
        self.route: Route | None = None
        self._open = False

    @property
    def connected(self) -> bool:
        return self._open and self.lines.link.connected

    @property
    def connections(self) -> int:
        return self.lines.link.connections

    async def start(self, timeout: float = 5.0) -> None:
        """Subscribe the table's topics on the shared connection, and put its card out (or,
        offline, once the connection is back)."""
        self._open = True
        self.lines.add(self)
        self.will()  # a new epoch, as a connection of its own would count
        if await self.lines.link.subscribe_now(self.filters, timeout=timeout):
            await self.on_connect()

    async def wait_connected(self) -> None:
        await self.lines.link.wait_connected()

    def publish(
        self, topic: str, payload: bytes, *, retain: bool = False, seal_to: bytes | None = None
    ) -> bool:
        """Sign (or seal) with the table's key and send, as :meth:`Link.publish` does."""
        route = None if retain else self.route
        if not self._open or (route is None and not self.lines.link.connected):
            return False
        data = self._sealed(topic, payload, seal_to)
        if route is not None and route.post(topic, data):
            return True
        return self.lines.link.send(topic, data, retain=retain)

    def _sealed(self, topic: str, payload: bytes, seal_to: bytes | None = None) -> bytes:
        keys = self.keys
        if keys is None or not payload:
            return payload
        if seal_to is not None:
            return keys.seal(seal_to, topic, payload)  # the box says who made it
        return keys.sign(topic, payload)

    async def flushed(self) -> None:
        if self.route is not None:
            await self.route.flushed()
        await self.lines.link.flushed()

    async def stop(self, last: Sequence[tuple[str, bytes, bool]] = ()) -> None:
        """Send ``last`` (topic, payload, retain) and wait for the broker's ack of the last of
        them (2 s at most): it read the others before it, in order. Then leave the shared
        connection: no more messages, no more subscriptions. While the server closes
        (:meth:`Lines.close`), nothing is waited for: the server's own last messages, acked,
        go after every table's."""
        if self.route is not None:
            await self.route.flushed()
        self._open = False
        self.lines.remove(self)
        link, closing = self.lines.link, self.lines.closing
        sealed = [(topic, self._sealed(topic, payload), retain) for topic, payload, retain in last]
        for topic, data, retain in sealed[: None if closing else -1]:
            link.send(topic, data, retain=retain)
        if closing:
            return
        if sealed:
            topic, data, retain = sealed[-1]
            await link.publish_acked(topic, data, retain=retain, timeout=2, signed=True)
        await link.subscribe_now(self.filters, on=False, timeout=2)

    def take(self, topic: str, payload: bytes, retain: bool) -> None:
        """A message on one of the table's topics, opened with the table's key and handled."""
        taken = opened(topic, payload, self.keys)
        if taken is None:
            log.info("table %s: dropped a message with a bad signature or box on %s",
                     self.table, topic)  # fmt: skip
            return
        self.sender, payload = taken
        try:
            self.on_message(topic, payload, retain)
        except Exception:  # one bad message must not take the connection down
            log.exception("table %s: failed to handle a message on %s", self.table, topic)
        finally:
            self.sender = None

    def served(self) -> dict[str, Any]:
        """What the table's card says of its server: its id, its key, its connection."""
        lines = self.lines
        return {"server": lines.server, "server_key": lines.server_key,
                "server_epoch": lines.epoch()}  # fmt: skip

    def drop_connection(self) -> None:
        """Cut the shared connection, as a crash would (every table's, and the server's)."""
        self.lines.link.drop_connection()


class Lines:
    """The tables of one server on its connection, ``link``: each message routed by table id."""

    def __init__(self, link: Link, server: str, server_key: str, epoch: Callable[[], int]) -> None:
        self.link = link
        self.server = server  # whose connection it is, as the tables' cards name it
        self.server_key = server_key
        self.epoch = epoch  # the server's connection's (its Last Will names it)
        self.by_table: dict[str, Line] = {}
        self.routed = 0  # messages handed to a table
        self._cards: asyncio.Task[None] | None = None
        self.closing = False
        link.taker = self._route

    def line(
        self,
        table: str,
        keys: Keys,
        on_message: MessageHandler,
        on_connect: Callable[[], Awaitable[None]],
        will: Callable[[], LastWill],
    ) -> Line:
        """A line for the table ``table``, signing with ``keys`` (``await start()`` next)."""
        return Line(self, table, keys, on_message=on_message, on_connect=on_connect, will=will)

    def add(self, line: Line) -> None:
        self.by_table[line.table] = line

    def remove(self, line: Line) -> None:
        if self.by_table.get(line.table) is line:
            del self.by_table[line.table]

    def _route(self, topic: str, payload: bytes, retain: bool) -> bool:
        route = topics.parse(topic)
        if route is None:
            return False
        table = route.table or (route.rest[0] if route.kind == "tables" and route.rest else "")
        line = self.by_table.get(table) if table else None
        if line is None:
            return bool(route.table)  # a table closed here: nobody's (the server's are lobby's)
        self.routed += 1
        line.take(topic, payload, retain)
        return True

    def connected(self) -> None:
        """The shared connection is (again) up: each table's topics are subscribed again,
        ``CARDS_A_TURN`` tables a packet, then each counts a new epoch and puts its card out."""
        if self._cards is not None:
            self._cards.cancel()
        self._cards = asyncio.create_task(self._cards_again(), name="lines: cards again")

    async def _cards_again(self) -> None:
        lines = list(self.by_table.values())
        for first in range(0, len(lines), CARDS_A_TURN):
            some = [line for line in lines[first : first + CARDS_A_TURN] if line.connected]
            filters = [topic for line in some for topic in line.filters]
            if not filters or not await self.link.subscribe_now(filters):
                continue  # none open, or the connection dropped again (it comes back here)
            for line in some:
                line.will()
                try:
                    await line.on_connect()
                except Exception:
                    log.exception("table %s: its card could not go out again", line.table)

    async def close(self) -> None:
        """The server closes: no more cards put back, and tables that stop from now on wait
        for no ack of their own."""
        self.closing = True
        if self._cards is not None:
            self._cards.cancel()
            await asyncio.gather(self._cards, return_exceptions=True)


def table_link(
    lines: Lines | None,
    address: BrokerAddress,
    table: str,
    keys: Keys,
    on_message: MessageHandler,
    on_connect: Callable[[], Awaitable[None]],
    will: Callable[[], LastWill],
    backoff: Backoff,
) -> Link | Line:
    """A table's way to the broker: its line on a server's ``lines``, or a link of its own."""
    if lines is not None:
        return lines.line(table, keys, on_message, on_connect, will)
    filters = topics.host_filters(table)
    return Link(address, client_id=f"caldera-host-{table}", subscriptions=filters,
                on_message=on_message, on_connect=on_connect, will=will, backoff=backoff,
                keys=keys)  # fmt: skip

"""One connection that carries what every table of a server sends (``caldera serve``): its own,
or the server's, which its tables share (:mod:`net.link.lines`).

A table on a connection of its own keeps it for its subscriptions, its Last Will (a crashed
server's tables leave the lobby) and what it retains (its card). What a table publishes without
retaining (its events, answers, catch-ups, state hashes: one message or more a command) goes
out over the server's outbox instead, once it is up (:attr:`net.link.connection.Link.route`),
signed or sealed by the table's key as before: who carried a message does not matter to its
readers, whose key signed it does. The messages of one turn of the event loop, all tables'
together, leave in one ``send``: on its own connection each table's message took a loopback
send of its own, a quarter of a busy referee's CPU time (py-spy, 200 bot tables). The busier
the referee, the more messages each turn carries.

The outbox writes MQTT 3.1.1 QoS 0 PUBLISH packets itself (a fixed header, the topic, the
payload) and hands paho the turn's packets as one write: paho writes each packet it queues
with a ``send`` of its own. A connection that drops loses what was waiting, as any
connection's QoS 0 messages: readers catch up by event number.
"""

from __future__ import annotations

import asyncio

from net.config import BrokerAddress
from net.link.connection import DEFAULT_BACKOFF, Backoff, Link

PUBLISH = 0x30  # an MQTT PUBLISH packet's first byte: QoS 0, not retained, not a duplicate


def publish_packet(topic: str, payload: bytes) -> bytes:
    """An MQTT 3.1.1 PUBLISH packet (QoS 0) of ``payload`` on ``topic``."""
    name = topic.encode("utf-8")
    remaining = 2 + len(name) + len(payload)
    head = bytearray((PUBLISH,))
    while True:  # the remaining length: 7 bits a byte, the high bit says more follow
        remaining, digit = divmod(remaining, 128)
        head.append(digit | (0x80 if remaining else 0))
        if not remaining:
            break
    return bytes(head) + len(name).to_bytes(2, "big") + name + payload


class Outbox:
    """A server's own connection for its tables' messages, written once a turn of the loop."""

    def __init__(
        self,
        address: BrokerAddress,
        *,
        client_id: str,
        backoff: Backoff = DEFAULT_BACKOFF,
        link: Link | None = None,
    ) -> None:
        # its own connection, or ``link``: the server's, which its tables share (net.link.lines)
        self._own = link is None
        self.link = link or Link(address, client_id=client_id, backoff=backoff)  # tables sign
        self._waiting: list[bytes] = []  # this turn's packets
        self._flushing: asyncio.Event | None = None  # set once this turn's packets are out
        self.sends = 0  # writes handed to the connection (each carrying a turn's packets)
        self.messages = 0

    async def start(self, timeout: float = 5.0) -> None:
        if self._own:
            await self.link.start(timeout)

    async def stop(self) -> None:
        self._flush()
        if self._own:
            await self.link.stop()

    def post(self, topic: str, data: bytes) -> bool:
        """Send ``data`` (signed or sealed already) on ``topic`` at the end of this turn of the
        event loop; ``False`` when the outbox is not connected (the table sends it itself)."""
        if not self.link.connected:
            return False
        if not self._waiting:
            self._flushing = asyncio.Event()
            asyncio.get_running_loop().call_soon(self._flush)
        self._waiting.append(publish_packet(topic, data))
        return True

    def _flush(self) -> None:
        waiting, self._waiting = self._waiting, []
        flushing, self._flushing = self._flushing, None
        if waiting:
            self.sends += 1
            self.messages += len(waiting)
            self.link.write(b"".join(waiting))
        if flushing is not None:
            flushing.set()

    async def flushed(self) -> None:
        """Return once what was posted so far has left for the socket (see
        :meth:`Link.flushed`)."""
        flushing = self._flushing
        if flushing is not None:
            await flushing.wait()
        await self.link.flushed()

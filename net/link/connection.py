"""One MQTT connection that keeps itself up: it reconnects with backoff, resubscribes, and tells
its owner each time it is (re)connected, so the owner can resend what may have been lost.

Sockets get ``TCP_NODELAY``: without it a QoS 1 round trip on loopback takes ~88 ms instead of
well under a millisecond (Nagle's algorithm waits for the ACK of the previous small packet).
Sessions are clean: nothing is queued by the broker for an absent client; the table protocol
catches up by ``seq`` instead, which also survives a broker restart that loses every session.
For the same reason we subscribe at QoS 0, and publish at QoS 0 all but retained messages: a
QoS 1 subscription adds nothing a clean session keeps, and on NATS it is a replicated JetStream
consumer, about a second to create and failing while a cluster node is down.

aiomqtt owns the connection (connect, subscribe, Last Will, the socket on the event loop). Two
hot paths go straight to its paho client, on the event loop's thread: a message is handed to
our handler from paho's callback (not through aiomqtt's queue and a task switch), and a publish
is written to the socket at once (not on a later turn of the loop). Measured on loopback with
Mosquitto, that takes an aiomqtt echo from ~0.54 ms to ~0.25 ms, beside ~0.2 ms for plain paho.

A link may have a :attr:`Link.route`: another connection that carries what it publishes
without retaining while that one is up (a server's outbox for all its tables,
:mod:`net.link.outbox`, which sends a turn of the event loop's messages in one write); signing and
sealing stay here.

Given a cluster's nodes (:attr:`BrokerAddress.nodes`), a link that loses its node, or cannot
reach it, tries the next one, round and round; it first gives up only once every node refused.

Each connection's MQTT client id is the name it is given plus a random suffix, new for each
connection: on a broker a client that connects with another's client id knocks it off, and a
suffix nobody can guess means nobody (a member of a club broker included) can do that to a host
or a player; and on a cluster, the id a dead node still holds is not asked for again.

A link given :class:`~net.trust.keys.Keys` signs everything it publishes (its Last Will too; an
empty payload, which clears a retained message, cannot be signed). Every message it receives is
handled with :attr:`Link.sender` set to the key that signed it (``None``: unsigned); a message
with a broken or forged signature is dropped before any handler sees it. A payload sealed to the
link's key (``publish(…, seal_to=key)`` on the sender's side: a boxed frame, see
:mod:`net.trust.keys`) is opened before it is handled, :attr:`Link.sender` its sender; one that does
not open is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import aiomqtt
import paho.mqtt.client as paho

from core.language import Translator
from net.config import BrokerAddress
from net.errors import NetError
from net.trust.keys import Keys, is_sealed, is_signed, open_frame

_ = Translator("net").gettext

log = logging.getLogger("caldera.net")

NODELAY = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),)
NODE_TIMEOUT = 5.0  # seconds a broker may take to answer (connect, subscribe)
CLUSTER_TIMEOUT = 1.0  # … a cluster's node: one that waits for its cluster (JetStream electing
# new leaders after a node died, on NATS) is asked again soon, rather than 5 s later
MessageHandler = Callable[[str, bytes, bool], None]
ConnectHandler = Callable[[], Awaitable[None]]
StatusHandler = Callable[[bool], None]


class Channel(Protocol):
    """What a table's parts need of its connection: a :class:`Link` of its own, or its
    :class:`~net.link.lines.Line` on a server's shared one."""

    address: BrokerAddress
    keys: Keys | None
    sender: bytes | None
    route: Route | None

    @property
    def connected(self) -> bool: ...

    def publish(
        self, topic: str, payload: bytes, *, retain: bool = False, seal_to: bytes | None = None
    ) -> bool: ...

    async def start(self, timeout: float = 5.0) -> None: ...

    async def stop(self, last: Sequence[tuple[str, bytes, bool]] = ()) -> None: ...

    async def flushed(self) -> None: ...

    async def wait_connected(self) -> None: ...


def opened(topic: str, payload: bytes, keys: Keys | None) -> tuple[bytes | None, bytes] | None:
    """A received payload's signer (``None``: unsigned) and its content, signed or sealed to
    ``keys``; ``None`` for a broken or forged signature, or a box that does not open."""
    if not (is_signed(payload) or is_sealed(payload)):
        return None, payload
    if is_signed(payload):
        return open_frame(topic, payload)
    return keys.unseal(topic, payload) if keys else None


class Route(Protocol):
    """Another way out for a link's messages (:attr:`Link.route`)."""

    def post(self, topic: str, data: bytes) -> bool:
        """Send ``data`` (signed or sealed) on ``topic``; ``False``: not now."""
        ...

    async def flushed(self) -> None: ...


@dataclass(frozen=True)
class LastWill:
    """What the broker publishes for us if our connection dies without a goodbye."""

    topic: str
    payload: bytes
    retain: bool = True


@dataclass(frozen=True)
class Backoff:
    """Reconnect delays: ``first``, doubling up to ``most`` seconds while connecting fails.
    A connection that held for ``settled`` seconds starts the next series again at ``first``
    (one that drops at once, like two clients with one id knocking each other off, does not)."""

    first: float = 0.1
    most: float = 2.0
    settled: float = 1.0


DEFAULT_BACKOFF = Backoff()


def _quiet(task: asyncio.Future[Any]) -> None:
    """A (un)subscription that failed with its connection: the next one subscribes anew."""
    if not task.cancelled() and task.exception() is not None:
        log.debug("a subscription failed: %s", task.exception())


def _write_at_once(client: aiomqtt.Client) -> None:
    """Make paho write a queued packet at once when asked on the loop's thread, even from
    inside a message callback; a full socket, or an error, goes to aiomqtt's writer callback,
    which finishes the job (or reports the lost connection) on a later turn of the loop.

    This calls paho's ``_packet_write`` rather than ``loop_write``: inside a callback, paho
    holds a lock that ``loop_write``'s error handling takes again, so a connection lost there
    would deadlock. Writing a QoS 0 message runs ``on_publish`` under a lock a message callback
    holds, so that callback is off while we write (aiomqtt only needs it for QoS 1 acks).
    """
    paho_client = client._client  # aiomqtt's paho client
    deferred = paho_client.on_socket_register_write
    loop_thread = threading.get_ident()

    def register_write(mqttc: paho.Client, userdata: Any, sock: Any) -> None:
        if threading.get_ident() == loop_thread:
            on_publish, mqttc.on_publish = mqttc.on_publish, None
            try:
                done = mqttc._packet_write() == paho.MQTT_ERR_SUCCESS
            except Exception:
                done = False
            finally:
                mqttc.on_publish = on_publish
            if done and not mqttc.want_write():
                mqttc._registered_write = False  # nothing left to write: no writer needed
                return
        if deferred is not None:
            deferred(mqttc, userdata, sock)

    paho_client.on_socket_register_write = register_write


def _new_client(link: Link) -> aiomqtt.Client:
    """The client of ``link``'s next connection, to its node, with its Last Will signed."""
    will = None
    last = link.will() if callable(link.will) else link.will  # made anew per connection
    if last is not None:  # signed even when empty: a signed "gone" is told from a forged one
        payload = link.keys.sign(last.topic, last.payload) if link.keys else last.payload
        will = aiomqtt.Will(last.topic, payload, qos=1, retain=last.retain)
    node = link.node
    client = aiomqtt.Client(
        node.host,
        node.port,
        username=node.username,
        password=node.password,
        identifier=link.client_id,
        will=will,
        clean_session=True,
        keepalive=link.keepalive,
        socket_options=NODELAY,
        timeout=CLUSTER_TIMEOUT if len(link.nodes) > 1 else NODE_TIMEOUT,
        tls_context=link.tls[link.nodes.index(node)] if node.tls else None,
    )
    client.pending_calls_threshold = 100_000  # a server closes all its tables' lines at once
    return client


def cannot_connect(address: object, error: str | None, timeout: float) -> NetError:
    """The one line said when the broker at ``address`` did not let us in (``error``: the
    network library's own words, if it said any)."""
    reason = error or _("no answer within {seconds} s").format(seconds=f"{timeout:g}")
    # TRANSLATORS: {reason}: "no answer within 5 s", or the network library's own words
    said = _("cannot connect to the MQTT broker at {address}: {reason}")
    return NetError(said.format(address=address, reason=reason))


class Link:
    """A reconnecting MQTT client. Messages are handled one at a time, in arrival order, by a
    plain function (it must not block; start a task for anything that waits)."""

    def __init__(
        self,
        address: BrokerAddress,
        *,
        client_id: str,
        subscriptions: Sequence[str] = (),
        on_message: MessageHandler | None = None,
        on_connect: ConnectHandler | None = None,
        on_status: StatusHandler | None = None,
        will: LastWill | Callable[[], LastWill] | None = None,
        keepalive: int = 15,
        backoff: Backoff = DEFAULT_BACKOFF,
        keys: Keys | None = None,
    ) -> None:
        self.address = address
        self.name = client_id
        self.client_id = f"{client_id}-{secrets.token_hex(8)}"  # unguessable: see the docstring
        self.keys = keys
        self.sender: bytes | None = None  # who signed the message being handled
        self.subscriptions = list(subscriptions)
        self.on_message = on_message
        self.on_connect = on_connect
        self.on_status = on_status
        self.will = will
        self.keepalive = keepalive
        self.backoff = backoff
        self.last_error = ""
        self.connections = 0
        self.node = address.nodes[0]  # the node connected to, or tried next
        self.nodes = address.nodes
        self.tls = [node.tls_context() for node in self.nodes]  # NetError: a bad CA file
        self.waits: deque[float] = deque(maxlen=100)  # the last reconnect delays, newest last
        self._up_since: float | None = None
        self._client: aiomqtt.Client | None = None
        self._task: asyncio.Task[None] | None = None
        self._up = asyncio.Event()
        self._failed = asyncio.Event()  # the first attempt failed (start() gives up at once)
        self._answered = False  # some node took a connection (a later failure is retried)
        self._stopping = False
        # another connection that carries what this link publishes without retaining, when
        # it is up (a server's outbox for all its tables, :mod:`net.link.outbox`)
        self.route: Route | None = None
        # takes, before they are opened, the messages meant for another on this connection
        # (the tables of a server sharing it: :mod:`net.link.lines`); ``True``: taken
        self.taker: Callable[[str, bytes, bool], bool] | None = None

    @property
    def connected(self) -> bool:
        return self._client is not None and self._up.is_set()

    @property
    def settled(self) -> bool:
        """Connected for at least ``backoff.settled`` seconds."""
        since = self._up_since
        held = since is not None and time.monotonic() - since >= self.backoff.settled
        return self.connected and held

    async def start(self, timeout: float = 5.0) -> None:
        """Connect (and keep reconnecting); raises :class:`NetError` if the first connection
        fails or is not up within ``timeout`` seconds."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"mqtt {self.client_id}")
        up = asyncio.create_task(self._up.wait())
        failed = asyncio.create_task(self._failed.wait())
        await asyncio.wait({up, failed}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        for waiter in (up, failed):
            waiter.cancel()
        if not self._up.is_set():
            await self.stop()
            raise cannot_connect(self.address, self.last_error, timeout)

    async def wait_connected(self) -> None:
        await self._up.wait()

    def publish(
        self, topic: str, payload: bytes, *, retain: bool = False, seal_to: bytes | None = None
    ) -> bool:
        """Send now; ``False`` when offline. A retained message goes at QoS 1 (the broker keeps
        it), any other at QoS 0: the broker's ack would tell us nothing a clean session could
        act on, and handling one per message cost a referee ~9% of its time. ``seal_to``: a
        public key; only its holder can read the payload.

        Order is kept. Whatever a dropped connection loses is caught up by ``seq`` afterwards.
        """
        route = None if retain or self._stopping else self.route
        if not self.connected and route is None:
            return False
        if seal_to is not None and self.keys is not None and payload:
            data = self.keys.seal(seal_to, topic, payload)  # the box says who made it
        else:
            data = self._signed(topic, payload)
        if route is not None and route.post(topic, data):
            return True
        return self.send(topic, data, retain=retain)

    def send(self, topic: str, data: bytes, *, retain: bool = False) -> bool:
        """Send ``data``, signed or sealed already (a table's on a server's shared connection,
        :mod:`net.link.lines`), on this connection; ``False`` when offline."""
        client = self._client
        if client is None or not self._up.is_set():
            return False
        info = client._client.publish(topic, data, qos=1 if retain else 0, retain=retain)
        return info.rc == paho.MQTT_ERR_SUCCESS

    def listen(self, topic: str, on: bool = True) -> None:
        """Subscribe to ``topic`` from now on (``on=False``: no more), this connection and the
        next ones."""
        if on == (topic in self.subscriptions):
            return
        if on:
            self.subscriptions.append(topic)
        else:
            self.subscriptions.remove(topic)
        client = self._client
        if client is not None and self._up.is_set():
            call = client.subscribe(topic, 0) if on else client.unsubscribe(topic)
            task = asyncio.ensure_future(call)
            task.add_done_callback(_quiet)

    async def subscribe_now(
        self, filters: Sequence[str], on: bool = True, timeout: float = 5.0
    ) -> bool:
        """Subscribe to ``filters`` (``on=False``: unsubscribe) on this connection only, in one
        packet, and wait for the broker's answer; ``False`` when offline or unanswered. The
        caller subscribes them again on the next connection (:mod:`net.link.lines`)."""
        client = self._client
        if client is None or not self._up.is_set():
            return False
        try:
            if on:
                await client.subscribe([(topic, 0) for topic in filters], timeout=timeout)
            else:
                await client.unsubscribe(list(filters), timeout=timeout)
        except aiomqtt.MqttError:
            return False
        return True

    def write(self, packets: bytes) -> bool:
        """Hand MQTT packets made by the caller (:mod:`net.link.outbox`) to the connection as one
        write; ``False`` when offline."""
        client = self._client
        if client is None or not self._up.is_set():
            return False
        # command 0: paho keeps no books on it (a PUBLISH would want its message info)
        return client._client._packet_queue(0, packets, 0, 0) == paho.MQTT_ERR_SUCCESS

    async def publish_acked(
        self, topic: str, payload: bytes, *, retain: bool = False, timeout: float = 5,
        signed: bool = False,
    ) -> bool:  # fmt: skip
        """Send (QoS 1) and wait for the broker's ack; ``False`` when offline or not acked.
        ``signed``: ``payload`` is signed already (a table's on a shared connection)."""
        client = self._client
        if client is None or not self._up.is_set():
            return False
        try:
            data = payload if signed else self._signed(topic, payload)
            await client.publish(topic, data, qos=1, retain=retain, timeout=timeout)
        except aiomqtt.MqttError as exc:
            log.debug("publish to %s failed: %s", topic, exc)
            return False
        return True

    def _signed(self, topic: str, payload: bytes) -> bytes:
        if self.keys is None or not payload:
            return payload
        return self.keys.sign(topic, payload)

    async def flushed(self) -> None:
        """Return once what was published so far has left for the socket (or after a few turns
        of the event loop), so CPU-heavy work that follows does not delay it."""
        if self.route is not None:
            await self.route.flushed()
        for _try in range(20):
            client = self._client
            if client is None or not client._client.want_write():
                return
            await asyncio.sleep(0)

    async def stop(self, last: Sequence[tuple[str, bytes, bool]] = ()) -> None:
        """Send ``last`` (topic, payload, retain) and wait for their acks (2 s at most), then
        disconnect cleanly (so no Last Will is published)."""
        if self.route is not None:  # what went out by the route goes first
            await self.route.flushed()
        self._stopping = True
        if last:  # sent in order, their acks awaited together: a frozen broker costs 2 s once
            await asyncio.gather(*(self.publish_acked(topic, payload, retain=retain, timeout=2)
                                   for topic, payload, retain in last))  # fmt: skip
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, aiomqtt.MqttError):
                await task

    def drop_connection(self) -> None:
        """Cut the TCP connection without a goodbye, as a crash would (the broker then publishes
        our Last Will); the link reconnects by itself. For tests and fault drills."""
        client = self._client
        sock = client._client.socket() if client is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def crash(self) -> None:
        """Cut the connection without a goodbye and never come back, as a killed process would
        (the broker publishes our Last Will). For tests and fault drills."""
        self._stopping = True
        self.drop_connection()

    async def _run(self) -> None:
        delay = self.backoff.first
        nodes = self.address.nodes
        tried = 0
        while not self._stopping:
            self.node = nodes[tried % len(nodes)]
            tried += 1
            self._up_since = None
            try:
                await self._session()
            except aiomqtt.MqttError as exc:
                self.last_error = str(exc)
                if self.connections:
                    log.debug("%s: connection lost (%s)", self.client_id, exc)
            except OSError as exc:
                self.last_error = str(exc)
            if not self.connections and tried >= len(nodes) and not self._answered:
                self._failed.set()  # nobody answered; a broker that answered and then failed
                # (amqtt may refuse a subscription under load) is tried again within start's time
            if self._stopping:
                break
            since = self._up_since
            if since is not None and time.monotonic() - since >= self.backoff.settled:
                delay = self.backoff.first  # it held: a new outage starts a new series
            self.waits.append(delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.backoff.most)

    async def _session(self) -> None:
        # A new id each connection: on a cluster the old one may still be held by the node that
        # died with it (NATS kept refusing it for ~8 s: the table stood still); a clean session
        # keeps nothing under its id anyway.
        self.client_id = f"{self.name}-{secrets.token_hex(8)}"
        client = _new_client(self)
        client._client.on_message = self._on_paho_message
        _write_at_once(client)
        async with client:
            self._answered = True
            try:
                asked = set(self.subscriptions)
                if asked:  # (what comes meanwhile, retained, may ask for more: listen)
                    await client.subscribe([(topic, 0) for topic in self.subscriptions])
                self._client = client
                if late := [topic for topic in self.subscriptions if topic not in asked]:
                    await client.subscribe([(topic, 0) for topic in late])
                self.connections += 1
                self._up_since = time.monotonic()
                self._up.set()
                self._status(True)
                if self.on_connect is not None:
                    await self.on_connect()
                async for _message in client.messages:  # never yields (we take messages from paho);
                    pass  # it ends with an MqttError when the connection drops
            finally:
                was_up = self._up.is_set()
                self._client = None
                self._up.clear()
                if was_up:
                    self._status(False)

    def _status(self, up: bool) -> None:
        if self.on_status is not None and not self._stopping:
            try:
                self.on_status(up)
            except Exception:
                log.exception("%s: status handler failed", self.client_id)

    def _on_paho_message(self, client: paho.Client, userdata: Any, msg: paho.MQTTMessage) -> None:
        payload, retain = bytes(msg.payload), bool(msg.retain)
        if self.taker is not None and self.taker(msg.topic, payload, retain):
            return  # someone else's on this shared connection (net.link.lines)
        if self.on_message is None:
            return
        taken = opened(msg.topic, payload, self.keys)
        if taken is None:
            log.info("%s: dropped a message with a bad signature or box on %s", self.client_id,
                     msg.topic)  # fmt: skip
            return
        self.sender, payload = taken
        try:
            self.on_message(msg.topic, payload, retain)
        except Exception:  # one bad message must not take the connection down
            log.exception("%s: failed to handle a message on %s", self.client_id, msg.topic)
        finally:
            self.sender = None

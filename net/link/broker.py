"""The embedded broker: amqtt, so ``caldera`` works on a machine without Mosquitto.

``caldera`` starts it in its own process when nothing answers at the configured (loopback)
address, and stops it when it exits; ``caldera broker`` runs it in the foreground for others to
use (``--listen`` opens it to the LAN). It is an MQTT 3.1.1 broker without persistence or
passwords: for a club server, use Mosquitto (see docs/club.md). Like the club's Mosquitto, it
refuses a packet bigger than ``MAX_PACKET_BYTES``: the sender is disconnected before the broker
reads it, so nobody's memory ever holds it (amqtt has no such setting: see ``_limit_packets``).
Like Mosquitto, it drops a client that has sent nothing for one and a half times its keep-alive
(MQTT 3.1.1, 3.1.2.10; amqtt only logs it: see ``_enforce_keep_alive``). A client subscribing
while amqtt delivers a message no longer makes others miss it, and a message is matched only
against the topic filters that can match it (``_Subscriptions``). A client that connects gets
the retained messages of its own subscriptions only (amqtt sent it those of everybody's: each
table card to every newcomer, once hosts read their own cards; see ``_retained_to_subscribers``).

A ``caldera`` killed with SIGKILL cannot stop its broker: the broker outlives it on purpose, so
the players of a killed host keep their connection (they see "host away") and the host, started
again, finds it and resumes its table there. Such an orphan stops by itself once no client has
been connected to it for a while (``ORPHAN_IDLE``); a client that stopped talking without
closing its connection (a frozen process, a machine gone from the network) no longer counts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core.language import Translator
from net.config import BrokerAddress
from net.errors import NetError

_ = Translator("net").gettext

ORPHAN_IDLE = 120.0  # seconds an orphaned embedded broker waits with no client before it stops
MAX_PACKET_BYTES = 512 * 1024  # as the club config's max_packet_size


class PacketTooLarge(ConnectionError):
    """A client announced a packet over the limit: its connection is closed."""


def _limit_packets() -> None:
    """Make amqtt refuse a packet bigger than ``MAX_PACKET_BYTES`` from its fixed header, before
    reading the rest. amqtt has no setting for it; its reader loop closes the connection on an
    error that is not its own (an ``MQTTError`` would only skip the packet, leaving its bytes
    in the stream)."""
    from amqtt.mqtt.packet import MQTTFixedHeader  # type: ignore[import-untyped]

    original = MQTTFixedHeader.from_stream
    if getattr(original, "limited", False):
        return

    async def from_stream(cls: Any, reader: Any) -> Any:
        header = await original.__func__(cls, reader)
        if header is not None and header.remaining_length > MAX_PACKET_BYTES:
            raise PacketTooLarge(f"a packet of {header.remaining_length} bytes")  # internal
        return header

    from_stream.limited = True  # type: ignore[attr-defined]
    MQTTFixedHeader.from_stream = classmethod(from_stream)


def _enforce_keep_alive() -> None:
    """Make amqtt drop a client that sent nothing for 1.5 times its keep-alive, as if its
    network had failed (its will is published). amqtt reads with that timeout but its broker
    ignores the timeout, so a frozen client counted as connected for ever (and kept an orphaned
    broker up: ``has_clients``)."""
    from amqtt.mqtt.protocol.broker_handler import (  # type: ignore[import-untyped]
        BrokerProtocolHandler,
    )

    original = BrokerProtocolHandler.init_from_connect
    if getattr(original, "enforced", False):
        return

    async def init_from_connect(cls: Any, *args: Any, **kwargs: Any) -> Any:
        handler, session = await original.__func__(cls, *args, **kwargs)
        if session.keep_alive > 0:  # the reader's timeout: 1.5 times the client's keep-alive
            session.keep_alive = math.ceil(session.keep_alive * 1.5)
        return handler, session

    def handle_read_timeout(self: Any) -> None:
        if getattr(self, "_timed_out", None) is None:
            self._timed_out = asyncio.get_running_loop().create_task(
                self.handle_connection_closed()
            )

    init_from_connect.enforced = True  # type: ignore[attr-defined]
    BrokerProtocolHandler.init_from_connect = classmethod(init_from_connect)
    BrokerProtocolHandler.handle_read_timeout = handle_read_timeout


class _Subscriptions(dict[str, Any]):
    """amqtt's table of subscriptions (topic filter → sessions).

    Walked over a copy: amqtt walks it across awaits (delivering a message, sending a newcomer
    the retained ones), and another client's subscription made meanwhile ended the walk
    ("dictionary changed size during iteration"), so the subscribers not reached yet lost the
    message.

    Indexed by each filter's literal head (its levels before the first wildcard), so a message
    is matched against the filters that can match it (:meth:`candidates`) rather than against
    every filter: amqtt's own loop made each message cost time in the number of subscriptions,
    four a table (~0.3 ms a message at 50 tables, two thirds of it matching)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._heads: dict[tuple[str, ...], list[str]] | None = None

    def __iter__(self) -> Iterator[str]:
        return iter(list(super().keys()))

    def items(self) -> Any:
        return list(super().items())

    def candidates(self, topic: str) -> list[tuple[str, Any]]:
        """The (filter, subscriptions) whose literal head begins ``topic``, in insertion order
        per head; each still to be matched in full."""
        heads = self._heads
        if heads is None:
            heads = self._heads = {}
            for a_filter in self:
                heads.setdefault(_head(a_filter), []).append(a_filter)
        levels = tuple(topic.split("/"))
        return [(a_filter, self[a_filter]) for n in range(len(levels) + 1)
                for a_filter in heads.get(levels[:n], ())]  # fmt: skip

    def __setitem__(self, key: str, value: Any) -> None:
        self._heads = None
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._heads = None
        super().__delitem__(key)

    def clear(self) -> None:
        self._heads = None
        super().clear()

    def pop(self, *args: Any) -> Any:
        self._heads = None
        return super().pop(*args)

    def popitem(self) -> tuple[str, Any]:
        self._heads = None
        return super().popitem()

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._heads = None
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._heads = None
        super().update(*args, **kwargs)


def _head(a_filter: str) -> tuple[str, ...]:
    """A topic filter's levels before its first wildcard (all of them if it has none)."""
    levels = a_filter.split("/")
    for n, level in enumerate(levels):
        if "+" in level or "#" in level:
            return tuple(levels[:n])
    return tuple(levels)


def _index_subscriptions() -> None:
    """Make amqtt (0.12) match a message against the filters :class:`_Subscriptions` finds for
    its topic. Its broadcast step is otherwise amqtt's own: the same checks, in the same order."""
    from amqtt.broker import Broker  # type: ignore[import-untyped]
    from amqtt.contexts import Action  # type: ignore[import-untyped]
    from amqtt.mqtt.constants import QOS_1, QOS_2  # type: ignore[import-untyped]

    if getattr(Broker._run_broadcast, "indexed", False):
        return

    async def _run_broadcast(self: Any, running_tasks: Any) -> None:
        broadcast = await self._broadcast_queue.get()
        topic = broadcast["topic"]
        for a_filter, subscriptions in self._subscriptions.candidates(topic):
            if not self._matches(topic, a_filter):
                continue
            for target, sub_qos in subscriptions:
                qos = broadcast.get("qos", sub_qos)
                if not await self._topic_filtering(target, topic=topic, action=Action.RECEIVE):
                    continue
                connected = target.transitions.state == "connected"
                if (not connected and not target.clean_session and qos in (QOS_1, QOS_2)
                        and not target.is_anonymous):  # fmt: skip
                    await self._retain_broadcast_message(broadcast, qos, target)
                    continue
                handler = self._get_handler(target) if connected else None
                if handler:
                    running_tasks.append(asyncio.ensure_future(
                        handler.mqtt_publish(topic, broadcast["data"], qos, retain=False)
                    ))  # fmt: skip

    _run_broadcast.indexed = True  # type: ignore[attr-defined]
    Broker._run_broadcast = _run_broadcast


def _retained_to_subscribers() -> None:
    """Make amqtt (0.12) send retained messages only to a client subscribed to them. On every
    connection it walks all the broker's subscriptions, everybody's, to send the newcomer the
    retained messages of each ("a pre-existing session's subscriptions", which a clean session
    has none of): every client got every table's card, a message never asked for."""
    from amqtt.broker import Broker

    send = Broker._publish_retained_messages_for_subscription
    if getattr(send, "own_only", False):
        return

    async def own_only(self: Any, subscription: tuple[str, int], session: Any) -> None:
        subscribers = self._subscriptions.get(subscription[0], ())
        if any(subscriber is session for subscriber, _ in subscribers):
            await send(self, subscription, session)

    own_only.own_only = True  # type: ignore[attr-defined]
    Broker._publish_retained_messages_for_subscription = own_only


def amqtt_config(host: str, port: int) -> dict[str, Any]:
    """A lean amqtt configuration: one TCP listener, anonymous clients, no packet logging."""
    return {
        "listeners": {"default": {"type": "tcp", "bind": f"{host}:{port}"}},
        "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}},
    }


def _quiet_amqtt() -> None:
    for name in ("amqtt", "transitions"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


class InProcessBroker:
    """An amqtt broker on this event loop (tests, benchmarks, ``caldera broker``)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port or free_port(host)
        self._broker: Any = None

    @property
    def address(self) -> BrokerAddress:
        return BrokerAddress(self.host if self.host != "0.0.0.0" else "127.0.0.1", self.port)

    async def start(self) -> None:
        from amqtt.broker import Broker

        _quiet_amqtt()
        _limit_packets()
        _enforce_keep_alive()
        _index_subscriptions()
        _retained_to_subscribers()
        self._broker = Broker(amqtt_config(self.host, self.port))
        self._broker._subscriptions = _Subscriptions(self._broker._subscriptions)
        try:
            await self._broker.start()
        except Exception as exc:  # amqtt wraps bind errors in its own BrokerError
            self._broker = None
            said = _("cannot start a broker on {address}: {why}")
            raise NetError(said.format(address=f"{self.host}:{self.port}", why=exc)) from None

    async def stop(self) -> None:
        broker, self._broker = self._broker, None
        if broker is not None:
            with contextlib.suppress(Exception):  # amqtt's shutdown can hang on a busy client
                async with asyncio.timeout(3):
                    await broker.shutdown()

    def has_clients(self) -> bool:
        """Whether a client is connected (``True`` when amqtt cannot tell: keep serving)."""
        try:
            sessions = self._broker._sessions.values()
            return any(session.transitions.is_connected() for session, _ in sessions)
        except Exception:
            return True


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def answers(address: BrokerAddress, timeout: float = 0.5) -> bool:
    """Whether something accepts TCP connections at the broker's address."""
    try:
        with socket.create_connection((address.host, address.port), timeout=timeout):
            return True
    except OSError:
        return False


class EmbeddedBroker:
    """An amqtt broker in a child process (``python -m net.link.broker``), stopped with
    :meth:`stop`."""

    def __init__(self, address: BrokerAddress, process: subprocess.Popen[bytes]) -> None:
        self.address = address
        self.process = process

    @classmethod
    def spawn(
        cls, address: BrokerAddress, timeout: float = 10.0, orphan_idle: float = ORPHAN_IDLE
    ) -> EmbeddedBroker:
        command = [sys.executable, "-m", "net.link.broker", "--host", address.host,
                   "--port", str(address.port), "--parent", str(os.getpid()),
                   "--orphan-idle", str(orphan_idle)]  # fmt: skip
        process = subprocess.Popen(  # its own session: a terminal's Ctrl-C is for the command,
            command,  # which closes its tables through the broker and then stops it
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if answers(address, 0.2):
                return cls(address, process)
            if process.poll() is not None:
                if answers(address, 0.2):  # someone else started one at the same moment
                    return cls(address, process)
                err = process.stderr.read().decode(errors="replace") if process.stderr else ""
                last = err.strip().splitlines()[-1:] or [_("no output")]
                raise NetError(_("the embedded broker failed to start: {why}").format(why=last[0]))
            time.sleep(0.05)
        process.kill()
        said = _("the embedded broker did not answer at {broker} within {seconds} s")
        raise NetError(said.format(broker=address, seconds=f"{timeout:g}"))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()


def ensure_broker(
    address: BrokerAddress, announce: Callable[[str], None] | None = None
) -> EmbeddedBroker | None:
    """Start an embedded broker if none answers at ``address`` (loopback only); ``None`` if one
    was already there. Raises :class:`NetError` for a remote address that does not answer, and
    for a cluster none of whose nodes answers (an embedded broker is no cluster)."""
    if any(answers(node) for node in address.nodes):
        return None
    if not address.is_loopback or address.others or address.tls:  # it speaks no TLS either
        raise NetError(_("no MQTT broker answers at {broker}").format(broker=address))
    broker = EmbeddedBroker.spawn(address)
    if announce is not None:
        said = _(
            "no broker answered at {broker}; started an embedded one (amqtt, pid {pid}) for as "
            "long as this command runs"
        )
        announce(said.format(broker=address, pid=broker.process.pid))
    return broker


async def serve_forever(
    host: str,
    port: int,
    ready: Callable[[str], None] | None = None,
    *,
    parent: int | None = None,
    orphan_idle: float = ORPHAN_IDLE,
) -> None:
    """Run an in-process broker until SIGINT/SIGTERM; with ``parent``, also once that process
    is gone and no client has been connected for ``orphan_idle`` seconds."""
    broker = InProcessBroker(host, port)
    await broker.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    if ready is not None:
        said = _("broker listening on {address} (amqtt; Ctrl-C stops it)")
        ready(said.format(address=f"mqtt://{host}:{port}"))
    watch = (
        asyncio.create_task(_stop_when_orphaned(broker, parent, orphan_idle, stop))
        if parent is not None
        else None
    )
    try:
        await stop.wait()
    finally:
        if watch is not None:
            watch.cancel()
        await broker.stop()


async def _stop_when_orphaned(
    broker: InProcessBroker, parent: int, idle: float, stop: asyncio.Event
) -> None:
    """Set ``stop`` once ``parent`` has died and the broker has had no client for ``idle`` s."""
    step = min(1.0, max(idle / 4, 0.05))
    quiet_since: float | None = None
    while True:
        await asyncio.sleep(step)
        if os.getppid() == parent:  # still our parent's: it runs
            continue
        now = time.monotonic()
        if broker.has_clients():
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= idle:
            stop.set()
            return


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.link.broker")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1883)
    parent = "the caldera that started it"  # internal
    parser.add_argument("--parent", type=int, default=None, help=parent)
    parser.add_argument("--orphan-idle", type=float, default=ORPHAN_IDLE)
    args = parser.parse_args(argv)
    try:
        asyncio.run(
            serve_forever(args.host, args.port, parent=args.parent, orphan_idle=args.orphan_idle)
        )
    except NetError as exc:
        print(f"caldera broker: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

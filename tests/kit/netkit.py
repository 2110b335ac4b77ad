"""Shared pieces of the network tests: real brokers (amqtt in-process, Mosquitto as a child
process, each on a free loopback port, never the machine's own broker), a table of bots, a raw
MQTT client, and the checks that every terminal ended with the referee's game."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import aiomqtt

from core.bots import make_bot
from core.codec import encode_envelope, pack
from core.fold import fold
from core.games import get_rules
from core.statehash import state_hash
from net.config import BrokerAddress
from net.link.broker import EmbeddedBroker, InProcessBroker, answers, free_port
from net.link.connection import NODELAY, Backoff
from net.seat.botclient import play
from net.seat.session import NetSession
from net.table.host import TableHost
from net.trust.keys import Keys, is_sealed, open_frame
from net.wire import topics
from net.wire.messages import (
    Batch,
    Joined,
    Result,
    TableListing,
    Ticket,
    read_host_message,
)
from replays.file import read
from tests.kit.lifeline import dies_with_us

if TYPE_CHECKING:
    from net.club.serve import Server

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None
)
NATS_SERVER = shutil.which("nats-server") or (
    "/usr/sbin/nats-server" if os.path.exists("/usr/sbin/nats-server") else None
)
NATS_CONF = Path(__file__).resolve().parents[2] / "deploy" / "nats" / "caldera.conf"


class AmqttBroker:
    """amqtt on the test's event loop (cheap to start; not restartable: amqtt's shutdown can
    hang on busy connections, so :class:`AmqttProcess` serves the restart tests)."""

    kind = "amqtt"

    def __init__(self) -> None:
        self._broker = InProcessBroker()
        self.address = self._broker.address

    async def start(self) -> None:
        await self._broker.start()

    async def stop(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._broker.stop(), 3)


class AmqttProcess:
    """The embedded broker as ``caldera`` runs it: amqtt in its own process. ``stop`` kills it
    (SIGKILL), ``start`` brings a fresh one up on the same port."""

    kind = "amqtt"

    def __init__(self) -> None:
        self.address = BrokerAddress("127.0.0.1", free_port())
        self._process: EmbeddedBroker | None = None

    async def start(self) -> None:
        # orphan_idle=0: it stops as soon as this test run is gone and nobody is connected
        self._process = await asyncio.to_thread(EmbeddedBroker.spawn, self.address, orphan_idle=0)

    async def stop(self) -> None:
        if self._process is not None:
            self._process.process.kill()
            self._process.stop()
            self._process = None


class MosquittoBroker:
    """A real Mosquitto with a test config; ``stop`` kills it (SIGKILL), ``start`` restarts it on
    the same port. Extra config lines (passwords, ACL) can be given."""

    kind = "mosquitto"

    def __init__(self, workdir: Path, extra: str = "", anonymous: bool = True) -> None:
        assert MOSQUITTO is not None
        self.port = free_port()
        self.address = BrokerAddress("127.0.0.1", self.port)
        self.conf = workdir / "mosquitto.conf"
        self.log = workdir / "mosquitto.log"
        lines = [
            f"listener {self.port} 127.0.0.1",
            f"allow_anonymous {'true' if anonymous else 'false'}",
            "set_tcp_nodelay true",
            "persistence false",
            f"log_dest file {self.log}",
        ]
        if os.geteuid() == 0:
            lines.insert(0, "user root")  # otherwise it drops to 'mosquitto' and cannot log
        self.conf.write_text("\n".join(lines) + "\n" + extra)
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        assert MOSQUITTO is not None
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=dies_with_us(),
        )
        for _ in range(200):
            if answers(self.address, 0.1):
                return
            if self.process.poll() is not None:
                break
            await asyncio.sleep(0.025)
        log = self.log.read_text() if self.log.exists() else ""
        raise RuntimeError(f"mosquitto did not start:\n{log}")

    async def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None


class NatsCluster:
    """Three nats-server nodes with JetStream and MQTT, on free loopback ports, each with the
    documented config (``deploy/nats/caldera.conf``) and its own data dir; ``kill(i)`` stops
    node ``i`` with SIGKILL. ``node(i)`` is the address list a client of node ``i`` uses: that
    node first, then the others."""

    kind = "nats"

    def __init__(self, workdir: Path) -> None:
        assert NATS_SERVER is not None
        self.workdir = workdir
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * 3
        self.killed: set[int] = set()  # nodes a test stopped on purpose
        self._configure()

    def _configure(self) -> None:
        """Pick free ports and write each node's config (again after a port was taken)."""
        size = len(self.processes)
        workdir = self.workdir
        self.mqtt = [free_port() for _ in range(size)]
        self.nats = [free_port() for _ in range(size)]  # plain NATS: JetStream's API
        routes = [free_port() for _ in range(size)]
        documented = NATS_CONF.read_text()
        self.confs: list[Path] = []
        for i in range(size):
            swaps = {
                "server_name: caldera-1": f"server_name: caldera-{i + 1}",
                "listen: 0.0.0.0:4222": f"listen: 127.0.0.1:{self.nats[i]}",
                "store_dir: /var/lib/nats/caldera": f"store_dir: {workdir / f'nats-{i + 1}'}",
                "listen: 0.0.0.0:6222": f"listen: 127.0.0.1:{routes[i]}",
                "listen: 0.0.0.0:1883": f"listen: 127.0.0.1:{self.mqtt[i]}",
                **{f"club-{k + 1}.example.org:6222": f"127.0.0.1:{routes[k]}" for k in range(size)},
            }
            text = documented
            for old, new in swaps.items():
                assert old in text, f"{NATS_CONF} no longer says {old!r}"
                text = text.replace(old, new)
            conf = workdir / f"nats-{i + 1}.conf"
            conf.write_text(text)
            self.confs.append(conf)
        self.address = self.node(0)

    def node(self, i: int) -> BrokerAddress:
        order = [self.mqtt[(i + k) % len(self.mqtt)] for k in range(len(self.mqtt))]
        return BrokerAddress.parse(",".join(f"127.0.0.1:{port}" for port in order))

    async def start(self) -> None:
        """Start the three nodes; a port another process took between :func:`free_port` and
        the node's bind (a race on a busy machine) means new ports and a fresh start."""
        for attempt in range(3):
            for i, conf in enumerate(self.confs):
                log = (self.workdir / f"nats-{i + 1}.log").open("wb")
                self.processes[i] = subprocess.Popen(
                    [NATS_SERVER, "-c", str(conf)],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    preexec_fn=dies_with_us(),
                )
                log.close()
            try:
                for i in range(len(self.confs)):
                    await self.ready(i)
                return
            except RuntimeError as exc:
                await self.stop()
                self.killed.clear()
                if "address already in use" not in str(exc) or attempt == 2:
                    raise
                for i in range(len(self.confs)):
                    shutil.rmtree(self.workdir / f"nats-{i + 1}", ignore_errors=True)
                self._configure()

    async def ready(self, i: int, timeout: float = 60) -> None:
        """Wait until node ``i`` takes an MQTT connection (JetStream must have elected its
        leaders first: the session of a client lives there)."""
        address = BrokerAddress("127.0.0.1", self.mqtt[i])

        async def connects() -> None:
            while True:
                self._check_alive()
                try:
                    client = aiomqtt.Client(address.host, address.port, timeout=2,
                                            identifier=f"ready-{i}")  # fmt: skip
                    async with asyncio.timeout(5), client:  # a port taken by a mute listener
                        return
                except (aiomqtt.MqttError, TimeoutError):
                    await asyncio.sleep(0.1)

        await asyncio.wait_for(connects(), timeout)

    def _check_alive(self) -> None:
        for k, process in enumerate(self.processes):  # any node: i may wait on a peer
            if process is not None and process.poll() is not None and k not in self.killed:
                log = (self.workdir / f"nats-{k + 1}.log").read_text(errors="replace")
                raise RuntimeError(f"nats-server {k + 1} exited:\n{log[-2000:]}")

    async def retained_known(self, i: int, timeout: float = 60) -> None:
        """Wait until node ``i`` holds every retained message the cluster stored.

        NATS stores a retained message in the JetStream stream ``$MQTT_rmsgs`` (the publisher's
        ack says it is there), and each node keeps its own copy in memory, from which it serves
        a new subscriber: its JetStream consumer ``$MQTT_rmsgs_<node>`` brings it, led by any
        node. Until it came, a subscriber on node ``i`` gets nothing; and should the consumer's
        leader die with it on its way, it never comes (the consumer acks nothing, so nothing is
        sent again). The consumer's count of what it delivered is asked through node ``i``:
        the answer comes from the leader along the same route as the messages, after them."""
        node = self._node_id(i)

        async def delivered() -> None:
            while True:
                self._check_alive()
                stream = await self._jetstream(i, "STREAM.INFO.$MQTT_rmsgs")
                consumer = await self._jetstream(i, f"CONSUMER.INFO.$MQTT_rmsgs.$MQTT_rmsgs_{node}")
                if (
                    stream is not None
                    and consumer is not None
                    and consumer["delivered"]["stream_seq"] >= stream["state"]["last_seq"]
                ):
                    return
                await asyncio.sleep(0.05)

        await asyncio.wait_for(delivered(), timeout)

    def _node_id(self, i: int) -> str:
        """Node ``i``'s JetStream peer name (its log says it as it starts)."""
        for line in (self.workdir / f"nats-{i + 1}.log").read_text(errors="replace").splitlines():
            if "]   Node:" in line:
                return line.rsplit(None, 1)[-1]
        raise RuntimeError(f"nats-server {i + 1} did not say its node name")

    async def _jetstream(self, i: int, api: str) -> dict[str, Any] | None:
        """Ask node ``i``'s JetStream API (``$JS.API.<api>``) over plain NATS; ``None``: no
        answer within 2 s (no leader to answer yet), or an error."""
        try:
            async with asyncio.timeout(2):
                reader, writer = await asyncio.open_connection("127.0.0.1", self.nats[i])
                try:
                    await reader.readline()  # the server's INFO
                    writer.write(b'CONNECT {"verbose":false}\r\nSUB _answer 1\r\n'
                                 + f"PUB $JS.API.{api} _answer 0\r\n\r\n".encode())  # fmt: skip
                    while True:
                        line = await reader.readline()
                        if not line:
                            return None
                        if line.startswith(b"PING"):
                            writer.write(b"PONG\r\n")
                        elif line.startswith(b"MSG "):
                            data = await reader.readexactly(int(line.split()[-1]) + 2)
                            answer = json.loads(data[:-2])
                            return None if "error" in answer else answer
                finally:
                    writer.close()
        except (OSError, TimeoutError, ValueError):
            return None

    def kill(self, i: int) -> None:
        self.killed.add(i)
        process = self.processes[i]
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    async def stop(self) -> None:
        for i in range(len(self.processes)):
            self.kill(i)


TestBroker = AmqttBroker | AmqttProcess | MosquittoBroker | NatsCluster


FAST = Backoff(first=0.05, most=0.3)
RULES = get_rules("maunakea")


def make_host(
    address: BrokerAddress, replay_dir: Path, *, table: str = "t1", seats: int = 3,
    turn_limit: int | None = 5, rules: Any = RULES, options: dict[str, Any] | None = None,
    seed: str = "test-seed", **kwargs: Any,
) -> TableHost:  # fmt: skip
    options = {**({"turn_limit": turn_limit} if turn_limit else {}), **(options or {})}
    return TableHost(
        address, rules, seats, table=table, options=options, replay_dir=replay_dir,
        seed=seed, backoff=FAST, **kwargs,
    )  # fmt: skip


@contextlib.asynccontextmanager
async def club_server(
    address: BrokerAddress, replay_dir: Path, **kwargs: Any
) -> AsyncIterator[Server]:
    """The server "club" (``caldera serve``), open for the block and closed after it."""
    from net.club.serve import Server

    server = Server(address, server="club", replay_dir=replay_dir, backoff=FAST, **kwargs)
    await server.open()
    try:
        yield server
    finally:
        await server.close()


async def until(condition: Callable[[], object], timeout: float = 30) -> None:
    """Wait until ``condition()`` holds (polled; a hang guard, not a speed check)."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


KEYS: dict[str, Keys] = {}  # each identity's signing keys, lasting as a real identity's do


def keys_of(identity: str) -> Keys:
    return KEYS.setdefault(identity, Keys.generate())


async def join(address: BrokerAddress, table: str, identity: str, **kwargs: Any) -> NetSession:
    kwargs.setdefault("keys", keys_of(identity))
    return await NetSession.connect(
        address, table, identity=identity, name=identity.upper(), backoff=FAST, retry=0.5,
        **kwargs,
    )  # fmt: skip


async def play_all(sessions: Sequence[NetSession], timeout: float = 60) -> None:
    games = [play(s, make_bot(s.rules.game, "random", f"bot/{s.identity}")) for s in sessions]
    await asyncio.wait_for(asyncio.gather(*games), timeout)


async def assert_same_game(host: TableHost, sessions: Sequence[NetSession]) -> None:
    """Every session holds exactly the referee's log (no loss, no duplicate), has checked its
    state against the referee's last hash, and the replay file holds the same log."""
    referee = host.referee
    assert referee is not None and referee.ended
    expected = state_hash(host.rules, referee.state)
    last = referee.seq - 1
    for session in sessions:
        await session.wait_until(lambda s=session: s.verified_seq == last, 10)  # type: ignore[misc]
        assert session.desync is None
        assert [env.seq for env in session.envelopes] == list(range(referee.seq))
        assert [encode_envelope(env) for env in session.envelopes] == referee.wire
        assert session.current_hash == expected
    replay = read(host.replay_path)  # type: ignore[arg-type]
    assert replay.raw == referee.wire
    assert not replay.warnings
    _, final = fold(replay.envelopes)
    assert state_hash(host.rules, final) == expected


async def close_all(host: TableHost | None, sessions: Sequence[NetSession]) -> None:
    for session in sessions:
        await session.close()
    if host is not None:
        await host.close()


class RawClient:
    """A bare MQTT client speaking for ``identity``: to send what a real client never would.
    It signs what it sends with ``keys`` (its own, unless given; ``sign=False``: unsigned) and
    keeps what it receives with any signature taken off (``signers`` says whose it was) and
    any box sealed to its key opened."""

    def __init__(
        self,
        address: BrokerAddress,
        identity: str,
        subscriptions: Sequence[str],
        *,
        keys: Keys | None = None,
        sign: bool = True,
    ) -> None:
        self.identity = identity
        self.keys = keys if keys is not None else Keys.generate()
        self.sign = sign
        self.signers: list[bytes | None] = []
        self.raw: list[tuple[str, bytes]] = []  # every message as it came, signature and all
        self.subscriptions = list(subscriptions)
        self.client = aiomqtt.Client(
            address.host, address.port, username=address.username, password=address.password,
            identifier=f"raw-{identity}", socket_options=NODELAY,
        )  # fmt: skip
        self.received: list[tuple[str, bytes]] = []
        self.suback: list[Any] = []
        self._task: asyncio.Task[None] | None = None
        self._new = asyncio.Event()
        self._looks = 0

    async def __aenter__(self) -> RawClient:
        await self.client.__aenter__()
        if self.subscriptions:
            self.suback = list(await self.client.subscribe([(t, 1) for t in self.subscriptions]))
        self._task = asyncio.create_task(self._collect())
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._task is not None:
            self._task.cancel()
        await self.client.__aexit__(kind, exc, tb)

    async def _collect(self) -> None:
        async for message in self.client.messages:
            payload = message.payload if isinstance(message.payload, bytes) else b""
            self.raw.append((str(message.topic), payload))
            opened = open_frame(str(message.topic), payload)
            if is_sealed(payload):  # opened when sealed to our key (else kept as it came)
                opened = self.keys.unseal(str(message.topic), payload)
            signer, body = opened if opened is not None else (None, payload)
            self.received.append((str(message.topic), body))
            self.signers.append(signer)
            self._new.set()

    async def send(self, topic: str, payload: bytes | dict[str, Any]) -> None:
        data = pack(payload) if isinstance(payload, dict) else payload
        if self.sign and data:
            data = self.keys.sign(topic, data)
        await self.client.publish(topic, data, qos=1)

    async def replay(self, topic: str, payload: bytes, *, retain: bool = True) -> None:
        """Publish ``payload`` exactly as it was captured (someone else's signature and all)."""
        await self.client.publish(topic, payload, qos=1, retain=retain)

    def captured(self, topic: str) -> list[bytes]:
        """Every payload seen on ``topic``, as it came."""
        return [payload for seen, payload in self.raw if seen == topic]

    async def ask(self, table: str, request: dict[str, Any], conn: str = "raw") -> None:
        """Send a join-topic request as a client does: without a ticket, then again with the
        one the host answers (for connection ``conn``)."""
        topic = topics.join(table, self.identity)
        await self.send(topic, {"k": "join", **request, "n": "first", "c": conn, "t": ""})

        def ticket() -> str | None:
            for seen, payload in self.received:
                if seen == topics.reply(table, self.identity):
                    message = read_host_message(payload)
                    if isinstance(message, Ticket) and message.nonce == "first":
                        return message.ticket
            return None

        await until(ticket, 10)
        await self.send(topic, {"k": "join", **request, "n": "second", "c": conn, "t": ticket()})

    async def look(self, table: str) -> TableListing:
        """Ask ``table``'s host how its table stands, and wait for the answer: the host has
        then read whatever this client sent before."""
        self._looks += 1
        nonce = f"look-{self._looks}"
        request = {"k": "join", "role": "look", "name": "", "n": nonce, "c": "raw"}
        await self.send(topics.join(table, self.identity), request)

        def answer() -> TableListing | None:
            for seen, payload in self.received:
                if seen == topics.reply(table, self.identity):
                    message = read_host_message(payload)
                    if isinstance(message, Ticket) and message.nonce == nonce:
                        return message.card
            return None

        await until(answer, 10)
        card = answer()
        assert card is not None
        return card

    async def next_result(self, timeout: float = 5) -> Result:
        """The next command result on our reply topic."""

        async def wait() -> Result:
            while True:
                for i, (topic, payload) in enumerate(self.received):
                    if "/reply/" in topic:
                        message = read_host_message(payload)
                        if isinstance(message, Result):
                            del self.received[: i + 1], self.signers[: i + 1]
                            return message
                self._new.clear()
                await self._new.wait()

        return await asyncio.wait_for(wait(), timeout)


class Crowd:
    """Many made-up identities (each with a key of its own) over one bare MQTT connection: they
    ask a table as real clients do (without a ticket, then with the one the host answered),
    and may ask for catch-ups; what a flood of identities costs on an open broker."""

    def __init__(
        self, address: BrokerAddress, table: str, count: int, prefix: str = "fake"
    ) -> None:
        self.table = table
        self.keys = {f"{prefix}{i}": Keys.generate() for i in range(count)}
        self.tickets: dict[str, str] = {}
        self.joined: set[str] = set()  # answered: a seat or a spectator's place
        self.batches = 0  # catch-up answers received
        self.client = aiomqtt.Client(
            address.host, address.port, identifier=f"crowd-{prefix}", socket_options=NODELAY
        )
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Crowd:
        await self.client.__aenter__()
        await self.client.subscribe(topics.reply(self.table, "+"), qos=1)
        self._task = asyncio.create_task(self._collect())
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._task is not None:
            self._task.cancel()
        await self.client.__aexit__(None, None, None)

    async def _collect(self) -> None:
        async for message in self.client.messages:
            client = str(message.topic).rsplit("/", 1)[1]
            keys = self.keys.get(client)
            payload = message.payload if isinstance(message.payload, bytes) else b""
            opened = keys.unseal(str(message.topic), payload) if keys is not None else None
            if opened is None:
                continue
            with contextlib.suppress(Exception):
                answer = read_host_message(opened[1])
                if isinstance(answer, Ticket):
                    self.tickets[client] = answer.ticket
                elif isinstance(answer, Joined):
                    self.joined.add(client)
                elif isinstance(answer, Batch):
                    self.batches += 1

    async def send(self, client: str, topic: str, body: dict[str, Any]) -> None:
        await self.client.publish(topic, self.keys[client].sign(topic, pack(body)), qos=0)

    async def ask(self, request: dict[str, Any], timeout: float = 60) -> None:
        """Each identity asks ``request`` (say ``{"role": "spectator", "name": "x"}``) twice:
        for a ticket, then with it (every identity answered, or ``timeout``)."""
        for client in self.keys:
            await self.send(client, topics.join(self.table, client),
                            {"k": "join", **request, "n": "first", "c": "c", "t": ""})  # fmt: skip
        await until(lambda: len(self.tickets) == len(self.keys), timeout)
        for client, ticket in self.tickets.items():
            asked = {"k": "join", **request, "n": "second", "c": "c", "t": ticket}
            await self.send(client, topics.join(self.table, client), asked)

    async def sync(self, start: int = 0, spread: float = 0.0) -> None:
        """Each identity asks for the events from ``start`` once (``spread`` seconds apart)."""
        for client in self.keys:
            await self.send(client, topics.sync(self.table, client), {"k": "sync", "from": start})
            if spread:
                await asyncio.sleep(spread)

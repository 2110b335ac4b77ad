"""Shared pieces of the network benchmarks: brokers in their own processes, a raw paho echo, and
a Caldera client that times its own commands."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import paho.mqtt.client as paho

from core.bots import make_bot
from core.errors import IllegalCommand
from net.config import BrokerAddress
from net.errors import TableClosed
from net.link.broker import EmbeddedBroker, answers, free_port
from net.seat.session import NetSession
from net.trust.keys import Keys
from tests.kit.lifeline import dies_with_us

# A benchmark's tables, identities and unfinished-game records never land in the user's own
# Caldera directories (the servers it starts inherit these).
for _variable in ("CALDERA_DATA_DIR", "CALDERA_CONFIG_DIR"):
    os.environ.setdefault(_variable, tempfile.mkdtemp(prefix="caldera-bench-"))

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None
)


def ms(values: list[float], q: float) -> float:
    """The q-quantile of ``values`` (seconds), in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float]) -> str:
    return f"p50 {1000 * statistics.median(values):6.2f} ms   p99 {ms(values, 0.99):6.2f} ms"


BROKER_PIDS: dict[BrokerAddress, int] = {}  # the broker processes started here, by address


@contextmanager
def amqtt_broker() -> Iterator[BrokerAddress]:
    """The embedded broker, as ``caldera`` starts it: amqtt in its own process (which stops at
    once when this one ends)."""
    address = BrokerAddress("127.0.0.1", free_port())
    broker = EmbeddedBroker.spawn(address, orphan_idle=0)
    BROKER_PIDS[address] = broker.process.pid
    try:
        yield address
    finally:
        broker.stop()


@contextmanager
def mosquitto_broker() -> Iterator[BrokerAddress]:
    assert MOSQUITTO is not None
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        conf = Path(tmp) / "mosquitto.conf"
        user = "user root\n" if os.geteuid() == 0 else ""
        conf.write_text(f"{user}listener {port} 127.0.0.1\nallow_anonymous true\n"
                        "set_tcp_nodelay true\npersistence false\n")  # fmt: skip
        process = subprocess.Popen([MOSQUITTO, "-c", str(conf)], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL,
                                   preexec_fn=dies_with_us())  # fmt: skip
        address = BrokerAddress("127.0.0.1", port)
        BROKER_PIDS[address] = process.pid
        try:
            for _ in range(200):
                if answers(address, 0.1):
                    break
                time.sleep(0.02)
            yield address
        finally:
            process.terminate()
            process.wait()


def brokers() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = [("amqtt (embedded)", amqtt_broker)]
    if MOSQUITTO is not None:
        found.append(("mosquitto", mosquitto_broker))
    return found


def _paho(address: BrokerAddress, name: str) -> paho.Client:
    client = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id=name)

    def nodelay(_c: paho.Client, _u: object, sock: socket.socket) -> None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    client.on_socket_open = nodelay
    client.connect(address.host, address.port)
    return client


def run_echo_responder(host: str, port: int) -> None:
    """In a child process: republish every ``bench/ping`` on ``bench/pong``, QoS 1."""
    client = _paho(BrokerAddress(host, port), f"echo-{os.getpid()}")
    client.on_message = lambda c, _u, m: c.publish("bench/pong", m.payload, qos=1)
    client.on_connect = lambda c, *_: c.subscribe("bench/ping", qos=1)
    client.loop_forever()


class RawEcho:
    """QoS 1 round trips through a paho echo in another process (publish, wait for the echo)."""

    def __init__(self, address: BrokerAddress) -> None:
        self.responder = subprocess.Popen(
            [sys.executable, "-c", "import sys; sys.path.insert(0, 'bench'); import netbench; "
             f"netbench.run_echo_responder({address.host!r}, {address.port})"],
            preexec_fn=dies_with_us(),
        )  # fmt: skip
        self.got = threading.Event()
        self.client = _paho(address, f"measure-{os.getpid()}")
        self.client.on_message = lambda *_: self.got.set()
        self.client.subscribe("bench/pong", qos=1)
        self.client.loop_start()
        time.sleep(1.0)  # the responder subscribes

    def once(self) -> float:
        self.got.clear()
        start = time.perf_counter()
        self.client.publish("bench/ping", b"x" * 64, qos=1)
        if not self.got.wait(5):
            raise RuntimeError("the echo did not answer")
        return time.perf_counter() - start

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()
        self.responder.terminate()
        self.responder.wait()


def raw_echo(address: BrokerAddress, samples: int, warmup: int = 50) -> list[float]:
    """``samples`` raw echo round trips, after ``warmup`` unmeasured ones."""
    echo = RawEcho(address)
    try:
        return [echo.once() for _ in range(warmup + samples)][warmup:]
    finally:
        echo.close()


BENCH_KEYS = Keys.generate()  # one signing key: the probe rejoins its table at every step


class GameEnded(RuntimeError):
    """The table's game ended (or its table closed) before enough samples: ``times`` holds
    those it gave."""

    def __init__(self, times: list[float]) -> None:
        super().__init__("the game ended before enough samples; raise the turn limit")
        self.times = times


async def command_round_trips(
    address: BrokerAddress, table: str, samples: int, warmup: int = 20,
    echo: RawEcho | None = None, echoes: list[float] | None = None,
) -> list[float]:  # fmt: skip
    """Join ``table`` and time our own commands: from sending to folding their first event.

    With ``echo``, one raw echo is timed (into ``echoes``) right before each command, so both
    figures see the same machine load."""
    session = await NetSession.connect(address, table, identity=f"bench{os.getpid()}",
                                       name="Bench", keys=BENCH_KEYS)  # fmt: skip
    assert session.seat is not None
    seat, rules = session.seat, session.rules
    bot = make_bot("maunakea", "random", "bench")
    first_event = asyncio.Event()
    session.subscribe(lambda _envs: first_event.set())
    times: list[float] = []
    try:
        while len(times) < samples:
            await session.wait_until(
                lambda: (
                    session.state is not None
                    and (session.ended or seat in rules.to_move(session.state))
                ),  # our turn
                30,
            )
            if session.ended:
                raise GameEnded(times)
            seen = len(session.envelopes)
            await asyncio.sleep(0.005)  # the host is idle: no event in flight (hashes come later)
            if len(session.envelopes) != seen:
                continue
            command = bot.choose(rules, session.state, seat)
            if echo is not None and echoes is not None:
                echo_time = await asyncio.get_running_loop().run_in_executor(None, echo.once)
                if warmup < 0:
                    echoes.append(echo_time)
            first_event.clear()
            start = time.perf_counter()
            submitted = asyncio.create_task(session.submit(seat, command))
            event = asyncio.create_task(first_event.wait())
            await asyncio.wait({submitted, event}, return_when=asyncio.FIRST_COMPLETED)
            elapsed = time.perf_counter() - start
            event.cancel()
            try:
                await submitted
            except IllegalCommand:  # chosen on a state the next event had already changed
                continue
            except TableClosed:  # the game ended (another seat's move) and its table closed
                raise GameEnded(times) from None
            warmup -= 1
            if warmup < 0:
                times.append(elapsed)
    finally:
        await session.close()
    return times


def serve_process(
    address: BrokerAddress, *extra: str, server: str = "bench", nice: int = 0,
    code: Path | None = None,
) -> subprocess.Popen[bytes]:  # fmt: skip
    """``caldera serve`` (the referee) in its own process, ``nice`` steps below this one,
    running the code of the checkout ``code`` (another commit's, to compare; default: this
    one's)."""
    where = {} if code is None else {"cwd": code, "env": {**os.environ, "PYTHONPATH": str(code)}}
    return subprocess.Popen(
        [*(("nice", "-n", str(nice)) if nice else ()), sys.executable, "-m", "tui.cli", "serve",
         "--broker", str(address), "--server", server,
         "--replay-dir", tempfile.mkdtemp(prefix="caldera-bench-"),
         "--new-keys", "100000", *extra],  # many clients: no budget of new identities
        stdout=subprocess.DEVNULL, preexec_fn=dies_with_us(), **where,  # type: ignore[call-overload]
    )  # fmt: skip

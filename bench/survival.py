"""What survives a kill -9: the figures of docs/network.md's "What survives" section.

1. A broker killed (SIGKILL) and restarted 10 times in one game, for Mosquitto and the embedded
   broker (amqtt in its own process): events lost, desyncs, and how soon the game moves again.
2. A short outage (0.28 s) of the broker: how soon a connection that had held is back, with the
   backoff reset beside the old behaviour (never reset), one after the other in the same run.
3. A host (`caldera host`) killed mid-game and resumed from its replay file: how soon its
   players say "host away", how soon the game moves again after `caldera host --resume`, and
   whether they all end on the file's final state.
4. A `caldera bot` client killed and started again without `--client` (its lasting identity):
   whether it takes its seat back and ends on the host's final state.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.netbench import MOSQUITTO
from core.audit import audit
from core.bots import make_bot
from core.codec import encode_envelope
from core.fold import fold
from core.games import get_rules
from core.statehash import state_hash
from net.config import BrokerAddress
from net.link.broker import EmbeddedBroker, answers, free_port
from net.link.connection import Backoff, Link
from net.seat.botclient import play
from net.seat.session import NetSession
from net.table.host import TableHost
from replays.file import read
from tests.kit.lifeline import dies_with_us

KILLS = 10
OUTAGE = 0.28
PLAY = 2.0  # seconds of play (at least 30 events) between two kills
BACKOFF = Backoff()  # the default one, as every caldera process uses


class Broker:
    """A broker in its own process that can be killed with SIGKILL and started again."""

    def __init__(self, kind: str, workdir: Path) -> None:
        self.kind = kind
        self.address = BrokerAddress("127.0.0.1", free_port())
        self.conf = workdir / "mosquitto.conf"
        user = "user root\n" if os.geteuid() == 0 else ""
        lines = "allow_anonymous true\nset_tcp_nodelay true\npersistence false\n"
        self.conf.write_text(f"{user}listener {self.address.port} 127.0.0.1\n{lines}")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        if self.kind == "amqtt":
            self.process = EmbeddedBroker.spawn(self.address, orphan_idle=0).process
            return
        assert MOSQUITTO is not None
        quiet = subprocess.DEVNULL
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.conf)],
            stdout=quiet,
            stderr=quiet,
            preexec_fn=dies_with_us(),  # a killed bench leaves no broker running
        )
        while not answers(self.address, 0.1):
            time.sleep(0.01)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()


async def until(condition: Callable[[], bool], timeout: float = 60) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.005)

    await asyncio.wait_for(poll(), timeout)


def same_game(wire: list[bytes], sessions: list[NetSession]) -> tuple[int, int]:
    """(events lost or wrong, desyncs) over every session, against the referee's log."""
    lost = sum(
        sum(1 for mine, theirs in zip(s.envelopes, wire, strict=False)
            if encode_envelope(mine) != theirs) + max(0, len(wire) - len(s.envelopes))
        for s in sessions
    )  # fmt: skip
    return lost, sum(1 for s in sessions if s.desync is not None)


async def broker_kills(kind: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        broker = Broker(kind, Path(tmp))
        broker.start()
        rules = get_rules("maunakea")
        host = TableHost(broker.address, rules, 3, table="kills", options={"turn_limit": 200},
                         replay_dir=Path(tmp), auto_start=True, bot_delay=0.01)  # fmt: skip
        await host.open()
        players = [await NetSession.connect(broker.address, "kills", identity=f"p{i}", name=f"P{i}")
                   for i in range(3)]  # fmt: skip
        bots = [make_bot("maunakea", "random", f"b{i}") for i in range(3)]
        game = asyncio.gather(*(play(p, b, delay=0.01) for p, b in zip(players, bots, strict=True)))
        referee = host.referee
        assert referee is not None
        moving: list[float] = []  # from the broker's return to the next event
        down: list[float] = []  # from the kill to the broker's return
        try:
            for _ in range(KILLS):
                mark, since = referee.seq, time.monotonic()
                await until(lambda m=mark: referee.seq > m + 30)  # type: ignore[misc]
                await asyncio.sleep(max(0.0, PLAY - (time.monotonic() - since)))
                broker.kill()
                killed_at, seq = time.monotonic(), referee.seq
                await asyncio.sleep(OUTAGE)
                broker.start()
                back_at = time.monotonic()
                down.append(back_at - killed_at)
                await until(lambda s=seq: referee.seq > s)  # type: ignore[misc]
                moving.append(time.monotonic() - back_at)
            await asyncio.wait_for(game, 600)
            last = referee.seq - 1
            for p in players:
                await p.wait_until(lambda p=p: p.verified_seq == last, 30)  # type: ignore[misc]
            lost, desyncs = same_game(referee.wire, players)
            hashes = {p.current_hash for p in players} | {state_hash(rules, referee.state)}
        finally:
            for p in players:
                await p.close()
            await host.close()
            broker.kill()
    return (
        f"{kind:9} {KILLS} kills in one game of {referee.seq} events: {lost} events lost, "
        f"{desyncs} desyncs, {len(hashes)} final state hash; moving again a median "
        f"{statistics.median(moving):.2f} s (max {max(moving):.2f} s) after the broker was back "
        f"(it was down a median {statistics.median(down):.2f} s: killed, {OUTAGE} s, restarted; "
        f"killed again after {PLAY:g} s of play)"
    )


async def outage(backoff: Backoff, tries: int = 6) -> list[float]:
    """Seconds from the broker's return to the link's, for ``tries`` outages in a row."""
    with tempfile.TemporaryDirectory() as tmp:
        broker = Broker("mosquitto" if MOSQUITTO else "amqtt", Path(tmp))
        broker.start()
        link = Link(broker.address, client_id="outage", backoff=backoff)
        await link.start()
        back: list[float] = []
        try:
            for _ in range(tries):
                await until(lambda: link.connected)
                await asyncio.sleep(backoff.settled if backoff.settled < 10 else 1.0)
                before = link.connections
                broker.kill()
                await asyncio.sleep(OUTAGE)
                broker.start()
                started = time.monotonic()
                await until(lambda b=before: link.connected and link.connections > b)  # type: ignore[misc]
                back.append(time.monotonic() - started)
        finally:
            await link.stop()
            broker.kill()
    return back


def caldera(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tui.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=dies_with_us())  # fmt: skip


async def host_kill(kind: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CALDERA_DATA_DIR"] = str(Path(tmp) / "data")
        broker = Broker(kind, Path(tmp))
        broker.start()
        address = str(broker.address)
        host = caldera("host", "maunakea", "--seats", "3", "--table", "hk", "--turn-limit", "20",
                       "--bot-delay", "0", "--standin", "none", "--linger", "2", "--quiet",
                       "--replay-dir", tmp, "--broker", address)  # fmt: skip
        players: list[NetSession] = []
        try:
            for i in range(3):
                players.append(await NetSession.connect(broker.address, "hk", identity=f"p{i}",
                                                        name=f"P{i}", timeout=30))  # fmt: skip
            bots = [make_bot("maunakea", "random", f"b{i}") for i in range(3)]
            game = asyncio.gather(*(play(p, b, delay=0.005)
                                    for p, b in zip(players, bots, strict=True)))  # fmt: skip
            await until(lambda: len(players[0].envelopes) > 150)
            (path,) = Path(tmp).glob("*.caldera")
            os.kill(host.pid, signal.SIGKILL)
            killed_at = time.monotonic()
            host.communicate()
            await until(lambda: all(p.status == "host away" for p in players))
            away = time.monotonic() - killed_at
            held = max(len(p.envelopes) for p in players)
            resumed_at = time.monotonic()
            host = caldera("host", "--resume", str(path), "--linger", "2", "--quiet",
                           "--broker", address)  # fmt: skip
            await until(lambda: len(players[0].envelopes) > held)
            moving = time.monotonic() - resumed_at
            await asyncio.wait_for(game, 300)
            await asyncio.wait_for(asyncio.to_thread(host.communicate), 60)
            replay = read(path)
            report = audit(replay.envelopes)
            rules, final = fold(replay.envelopes)
            for p in players:
                await p.wait_until(lambda p=p: p.verified_seq == len(replay.raw) - 1, 30)  # type: ignore[misc]
            lost, desyncs = same_game(replay.raw, players)
            hashes = {p.current_hash for p in players} | {state_hash(rules, final)}
        finally:
            for p in players:
                await p.close()
            if host.poll() is None:
                host.kill()
            broker.kill()
    verified = "verifies, seed audited" if report.ok and report.seed_checked else "FAILS verify"
    return (
        f"{kind:9} host killed at event {held}: every player said 'host away' after "
        f"{away:.2f} s; after `caldera host --resume` the game moved again in {moving:.2f} s "
        f"(Python start-up included); one replay of {len(replay.raw)} events ({verified}), "
        f"{lost} events lost, {desyncs} desyncs, {len(hashes)} final state hash"
    )


async def bot_kill() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CALDERA_CONFIG_DIR"] = str(Path(tmp) / "config")
        broker = Broker("amqtt", Path(tmp))
        broker.start()
        address = str(broker.address)
        host = TableHost(broker.address, get_rules("maunakea"), 3, table="bk",
                         options={"turn_limit": 20}, replay_dir=Path(tmp), auto_start=True,
                         bot_delay=0.005, standin="random", standin_after=0.3)  # fmt: skip
        await host.open()
        await host.seat_bot(0)
        await host.seat_bot(1)
        first = caldera("bot", "--table", "bk", "--broker", address, "--delay", "0.005")
        try:
            await until(lambda: host.referee is not None and host.referee.seq > 60)
            seat = host.card.seats[2]
            os.kill(first.pid, signal.SIGKILL)
            first.communicate()
            second = caldera("bot", "--table", "bk", "--broker", address, "--delay", "0.005")
            out, _ = await asyncio.wait_for(asyncio.to_thread(second.communicate), 120)
            await host.wait_ended(30)
            same_seat = host.card.seats[2].client == seat.client and "holds seat 3" in out
            identical = out.split("state hash ")[-1].strip() == host.last_hash
        finally:
            if first.poll() is None:
                first.kill()
            await host.close()
            broker.kill()
    return (
        f"a `caldera bot` killed and started again (no --client): "
        f"{'took its seat back' if same_seat else 'DID NOT take its seat back'}, "
        f"{'identical' if identical else 'DIFFERENT'} final state hash"
    )


async def run() -> None:
    kinds = ["mosquitto", "amqtt"] if MOSQUITTO else ["amqtt"]
    for kind in kinds:
        print(await broker_kills(kind), flush=True)
    reset = await outage(BACKOFF)
    never = await outage(Backoff(settled=float("inf")))
    print(f"{len(reset)} broker outages of {OUTAGE} s in a row, each after the connection had "
          f"held: back {statistics.median(reset):.2f} s after the broker (median; the last "
          f"{reset[-1]:.2f} s); with the backoff never reset (the old behaviour) "
          f"{statistics.median(never):.2f} s (the last {never[-1]:.2f} s)", flush=True)  # fmt: skip
    for kind in kinds:
        print(await host_kill(kind), flush=True)
    print(await bot_kill(), flush=True)


def main(_game: Any = None) -> None:
    logging.getLogger("mqtt").setLevel(logging.CRITICAL)  # paho's chatter at each kill
    logging.getLogger("caldera.net").setLevel(logging.ERROR)
    asyncio.run(run())


if __name__ == "__main__":
    main()

"""Turn notices through restarts: the figures of docs/benchmarks.md's "Turn notices" row.

Real tables (Mauna Kea, 2 seats, both players networked clients) on a real Mosquitto, and
``caldera notify`` in its own process as a club's bridge for every player, posting to a real
local webhook (http.server) and mailing through a real local SMTP server (aiosmtpd). Each player
moves only once its webhook notice has come, as a player away from the terminal would: so every
change of turn must be noticed for the game to go on (one that never comes is counted lost
after 60 s, and the player moves anyway). During the run the bridge and the broker are each
killed (SIGKILL) and started again at once, several times.

The receivers count deliveries as a receiver heeding the notices' idempotency ids does (the
webhook's ``Idempotency-Key``, the mail's ``Message-ID``). It prints, for each receiver: the
turn changes and the deliveries (a table's turn begun after the last one counted may add one),
those lost, those delivered twice (two ids for one turn change: no receiver could drop one),
the copies of one delivery taken again (a bridge killed before it knew a try's answer) and how
many of those say ``again``; the game ends noticed; the load; and how long after the turn
changed each delivery came (median, 99th percentile, the longest, the share within 5 s).

    .venv/bin/python bench/notices.py [--turns 1000] [--tables 4] [--show]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.bots import make_bot
from net.config import BrokerAddress
from net.seat.session import NetSession
from tests.kit.netkit import RULES, MosquittoBroker, join, make_host
from tests.kit.receivers import MailBox, Receiver

LOST_AFTER = 60.0  # seconds a player waits for its notice before it counts as lost
TURN_LIMIT = 8  # rounds of a game: several games end at each table, and their ends are noticed


class Hook(Receiver):
    """The webhook, indexed: when each player's notices at each table came."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[tuple[str, str], list[float]] = defaultdict(list)
        self.ends: Counter[str] = Counter()
        self.keys: set[str] = set()

    def arrivals(self, player: str, table: str) -> list[float]:
        with self.lock:
            for post in self.posts[self._read :]:
                notice = post.json()
                if notice["key"] in self.keys:
                    continue  # a second copy: counted apart, at the end
                self.keys.add(notice["key"])
                if notice["kind"] == "your_move":
                    self.seen[(notice["player"], notice["table"])].append(post.at)
                elif notice["kind"] == "game_over":
                    self.ends[notice["table"]] += 1
            self._read = len(self.posts)
            return list(self.seen[(player, table)])

    _read = 0

    def ended(self, table: str) -> int:
        """How many game-over notices of ``table`` came."""
        self.arrivals("", table)
        return self.ends[table]


class Bridge:
    """``caldera notify`` in its own process, killed and started again on demand."""

    def __init__(self, address: BrokerAddress, folder: Path, url: str, players: list[str],
                 mail_port: int) -> None:  # fmt: skip
        config = folder / "config"
        config.mkdir()
        lines = [f'[notify]\nwebhook = "{url}/hook"',
                 f'[notify.smtp]\nhost = "127.0.0.1"\nport = {mail_port}']  # fmt: skip
        lines += [f'[notify.players.{p}]\nemail = "{p}@example.org"' for p in players]
        (config / "config.toml").write_text("\n".join(lines) + "\n")
        self.env = {**os.environ, "CALDERA_CONFIG_DIR": str(config),
                    "CALDERA_DATA_DIR": str(folder / "data")}  # fmt: skip
        self.args = [sys.executable, "-m", "tui.cli", "notify", "--broker", str(address)]
        self.process: subprocess.Popen[str] | None = None
        self.log = (folder / "notify.log").open("a")

    async def start(self) -> None:
        process = subprocess.Popen(self.args, env=self.env, text=True,
                                   stdout=subprocess.PIPE, stderr=self.log)  # fmt: skip
        self.process = process
        assert process.stdout is not None
        out = process.stdout
        while not (line := await asyncio.to_thread(out.readline)).startswith("notify: following"):
            if not line:  # a broker just killed may refuse the first try: start it again
                process.wait()
                await asyncio.sleep(0.2)
                return await self.start()
        threading.Thread(target=lambda: [None for _ in out], daemon=True).start()  # drain it

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


async def submit(player: NetSession, seat: int, bot: Any) -> None:
    """One move; one the broker's restart lost is chosen again by the caller once the player
    has caught up (a move already taken is not sent twice)."""
    try:
        await player.submit(seat, bot.choose(player.rules, player.state, seat))
    except Exception:  # the broker away: the host did not answer, or refused a stale seq
        await asyncio.sleep(0.2)


class Run:
    def __init__(self, address: BrokerAddress, folder: Path, hook: Hook, turns: int) -> None:
        self.address, self.folder, self.hook, self.goal = address, folder, hook, turns
        self.changes = 0  # turn changes so far
        self.began: dict[tuple[str, str], list[float]] = defaultdict(list)  # each change's time
        self.pending: set[tuple[str, str]] = set()  # a turn begun after the last one counted
        self.latencies: list[float] = []
        self.lost: list[tuple[str, str, int]] = []
        self.games = 0
        self.ends_owed: list[str] = []

    async def table(self, slot: int) -> None:
        bot = make_bot("maunakea", "random", f"bench-notices-{slot}")
        game = 0
        while self.changes < self.goal:
            game += 1
            name = f"b{slot}g{game}"
            host = make_host(self.address, self.folder, table=name, seats=2, turn_limit=TURN_LIMIT,
                             auto_start=True, seed=f"notices-{slot}-{game}")  # fmt: skip
            while True:
                try:
                    await host.open()
                    players = [await join(self.address, name, f"ann{slot}", timeout=5),
                               await join(self.address, name, f"bob{slot}", timeout=5)]  # fmt: skip
                    break
                except Exception:  # the broker away: try again
                    await host.close()
                    host = make_host(self.address, self.folder, table=name, seats=2,
                                     turn_limit=TURN_LIMIT, auto_start=True,
                                     seed=f"notices-{slot}-{game}")  # fmt: skip
                    await asyncio.sleep(0.3)
            while host.referee is None:
                await asyncio.sleep(0.01)
            referee = host.referee
            by_seat = {p.seat: p for p in players}
            had: Counter[str] = Counter()
            began = time.time()
            while not referee.ended and self.changes < self.goal:
                seat = RULES.to_move(referee.state)[0]
                player = by_seat[seat]
                had[player.identity] += 1
                self.changes += 1
                self.began[(player.identity, name)].append(began)
                wanted = had[player.identity]
                end = time.monotonic() + LOST_AFTER
                while len(came := self.hook.arrivals(player.identity, name)) < wanted:
                    if time.monotonic() > end:
                        self.lost.append((player.identity, name, wanted))
                        break
                    await asyncio.sleep(0.005)
                else:
                    self.latencies.append(came[wanted - 1] - began)
                while not referee.ended and RULES.to_move(referee.state)[0] == seat:
                    while len(player.envelopes) < referee.seq:  # caught up before choosing
                        await asyncio.sleep(0.005)
                    await submit(player, seat, bot)
                began = time.time()
            if not referee.ended:
                self.pending.add((by_seat[RULES.to_move(referee.state)[0]].identity, name))
            if referee.ended:
                self.games += 1
                self.ends_owed.append(name)
                end = time.monotonic() + LOST_AFTER
                while self.hook.ended(name) < 2:
                    if time.monotonic() > end:
                        break
                    await asyncio.sleep(0.01)
            for player in players:
                await player.close()
            await host.close()


def tally(name: str, run: Run, came: dict[tuple[str, str], list[float]], copies: int,
          flagged: int, lost: int) -> None:  # fmt: skip
    """One receiver's line: its deliveries against the turn changes, and their delays."""
    counted = sum(len(times) for times in run.began.values())
    delivered = sum(len(times) for times in came.values())
    twice, missing, lat = 0, 0, []
    for where in set(run.began) | set(came):
        began, times = run.began.get(where, []), sorted(came.get(where, []))
        twice += max(0, len(times) - len(began) - (where in run.pending))
        missing += max(0, len(began) - len(times))
        lat += [t - b for b, t in zip(began, times, strict=False)]
    lat.sort()
    within = sum(1 for x in lat if x <= 5.0) / max(1, counted)
    print(f"{name}: {delivered} deliveries for {counted} turn changes; lost "
          f"{max(missing, lost)}, delivered twice {twice}; copies of a delivery taken again "
          f"{copies} ({flagged} saying again)")  # fmt: skip
    if lat:
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
        print(
            f"  after the turn changed: median {statistics.median(lat):.3f} s, "
            f"99% {p99:.3f} s, longest {lat[-1]:.3f} s; within 5 s: {100 * within:.1f}%"
        )


async def measure(turns: int, tables: int, show: bool = False) -> None:
    logging.getLogger("caldera.net").setLevel(logging.CRITICAL)
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as temp, Hook() as hook, MailBox() as mail:
        folder = Path(temp)
        broker = MosquittoBroker(folder)
        await broker.start()
        players = [f"{who}{slot}" for slot in range(tables) for who in ("ann", "bob")]
        bridge = Bridge(broker.address, folder, hook.url, players, mail.port)
        await bridge.start()
        run = Run(broker.address, folder, hook, turns)
        kills: list[str] = []

        async def chaos() -> None:
            plan = [(0.15, "bridge"), (0.3, "broker"), (0.45, "bridge"), (0.6, "broker"),
                    (0.75, "bridge"), (0.9, "broker")]  # fmt: skip
            for share, what in plan:
                while run.changes < share * turns:
                    await asyncio.sleep(0.01)
                began = time.monotonic()
                if what == "bridge":
                    bridge.kill()
                    await bridge.start()
                else:
                    await broker.stop()
                    await broker.start()
                loads.append(os.getloadavg()[0])
                kills.append(f"{what} {time.monotonic() - began:.2f} s")
                if show:
                    print(f"killed the {what} at {time.time() - (time.monotonic() - began):.3f}")

        began = time.monotonic()
        chaotic = asyncio.create_task(chaos())
        await asyncio.gather(*(run.table(slot) for slot in range(tables)))
        took = time.monotonic() - began
        owed = 2 * sum(len(t) for t in run.began.values())
        end = time.monotonic() + LOST_AFTER  # the mails still on their way
        while len(mail.distinct()) < owed and time.monotonic() < end:
            await asyncio.sleep(0.05)
        await asyncio.sleep(2)  # anything else still on its way (a copy would come now)
        chaotic.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await chaotic
        bridge.kill()
        await broker.stop()
        loads.append(os.getloadavg()[0])
        if show:
            for post in hook.copies():
                print(f"taken again: {post.json()['key']} at {post.at:.3f}")
        hooked: dict[tuple[str, str], list[float]] = defaultdict(list)
        for post in hook.distinct("/hook"):
            notice = post.json()
            if notice["kind"] == "your_move":
                hooked[(notice["player"], notice["table"])].append(post.at)
        mailed: dict[tuple[str, str], list[float]] = defaultdict(list)
        for at, letter in mail.distinct():
            player, table, _, kind, *_ = str(letter["X-Caldera-Key"]).split("/")
            if kind == "move":
                mailed[(player, table)].append(at)
        copies = hook.copies("/hook")
        first = {id(letter) for _, letter in mail.distinct()}
        mail_copies = [m for m in mail.taken() if id(m) not in first]
        ends = sum(min(2, hook.ends[name]) for name in run.ends_owed)
        print(f"{run.changes} turn changes over {tables} tables ({run.games} games) in "
              f"{took:.1f} s at load {min(loads):.1f}-{max(loads):.1f} (2 cores); killed and "
              f"started again: {', '.join(kills)}")  # fmt: skip
        tally("webhook", run, hooked, len(copies), sum(1 for c in copies if c.json()["again"]),
              len(run.lost))  # fmt: skip
        tally("mail", run, mailed, len(mail_copies),
              sum(1 for m in mail_copies if m["X-Caldera-Again"] == "yes"), 0)  # fmt: skip
        print(f"game ends noticed {ends} of {2 * len(run.ends_owed)} (webhook)")


def main() -> None:
    asyncio.run(measure(1000, 4))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--show", action="store_true", help="when each kill and each copy came")
    options = parser.parse_args()
    asyncio.run(measure(options.turns, options.tables, options.show))

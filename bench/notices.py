"""Turn notices through restarts: the figures of docs/benchmarks.md's "Turn notices" row.

Real tables (Mauna Kea, 2 seats, both players networked clients) on a real Mosquitto, and
``caldera notify`` in its own process as a club's bridge for every player, posting to a real
local webhook (http.server). Each player moves only once its notice has come, as a player away
from the terminal would: so every change of turn must be noticed for the game to go on (one
that never comes is counted lost after 60 s, and the player moves anyway). During the run the
bridge and the broker are each killed (SIGKILL) and started again at once, several times.

It prints: the turn changes, the notices taken by the webhook (a few more keys than turn changes:
the other tables' turns begun after the last one counted), those lost and those taken twice (by
key: a bridge killed with a notice on its way, before it had the answer), the game ends
noticed, and how long after the turn changed each notice came (median, 99th percentile, the
longest, and the share within 5 s).

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
from tests.kit.receivers import Receiver

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

    def __init__(self, address: BrokerAddress, folder: Path, url: str, players: list[str]) -> None:
        config = folder / "config"
        config.mkdir()
        lines = [f'[notify]\nwebhook = "{url}/hook"'] + [f"[notify.players.{p}]" for p in players]
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


async def measure(turns: int, tables: int, show: bool = False) -> None:
    logging.getLogger("caldera.net").setLevel(logging.CRITICAL)
    with tempfile.TemporaryDirectory() as temp, Hook() as hook:
        folder = Path(temp)
        broker = MosquittoBroker(folder)
        await broker.start()
        players = [f"{who}{slot}" for slot in range(tables) for who in ("ann", "bob")]
        bridge = Bridge(broker.address, folder, hook.url, players)
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
                kills.append(f"{what} {time.monotonic() - began:.2f} s")
                if show:
                    print(f"killed the {what} at {time.time() - (time.monotonic() - began):.3f}")

        began = time.monotonic()
        chaotic = asyncio.create_task(chaos())
        await asyncio.gather(*(run.table(slot) for slot in range(tables)))
        took = time.monotonic() - began
        await asyncio.sleep(2)  # anything still on its way (a duplicate would come now)
        chaotic.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await chaotic
        bridge.kill()
        await broker.stop()
        keys = Counter(n["key"] for n in hook.notices() if n["kind"] == "your_move")
        twice = sum(1 for count in keys.values() if count > 1)
        if show:
            for post in hook.taken():
                key = post.json()["key"]
                if keys.get(key, 0) > 1:
                    print(f"taken twice: {key} at {post.at:.3f}")
        ends = sum(min(2, hook.ends[name]) for name in run.ends_owed)
        lat = sorted(run.latencies)
        within = sum(1 for x in lat if x <= 5.0) / max(1, len(lat) + len(run.lost))
        print(f"{run.changes} turn changes over {tables} tables ({run.games} games) in "
              f"{took:.1f} s; killed and started again: {', '.join(kills)}")  # fmt: skip
        print(f"notices taken: {sum(keys.values())} ({len(keys)} keys), lost {len(run.lost)}, "
              f"taken twice {twice}; game ends noticed {ends} of "
              f"{2 * len(run.ends_owed)}")  # fmt: skip
        if lat:
            p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
            print(f"after the turn changed: median {statistics.median(lat):.3f} s, "
                  f"99% {p99:.3f} s, longest {lat[-1]:.3f} s; "
                  f"within 5 s: {100 * within:.1f}%")  # fmt: skip


def main() -> None:
    asyncio.run(measure(1000, 4))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--show", action="store_true", help="when each kill and each copy came")
    options = parser.parse_args()
    asyncio.run(measure(options.turns, options.tables, options.show))

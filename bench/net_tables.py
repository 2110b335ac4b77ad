"""How many tables of bot games one referee process (``caldera serve``) carries before the
command round trip doubles, and how many two such processes carry together.

Background tables are bot games (all seats the server's own bots, each waiting ``--think``
seconds before a move, so a table runs at a steady pace), requested from the lobby, which asks
the server hosting the fewest. A probe table seats this process against one server bot; its
command-to-event round trip is measured with 0, 1, 2, 4, … background tables running, until its
p50 doubles. Then the same with ``--servers`` processes sharing the requests, in the same run.

Bots wait for their turn, so an overloaded referee also shows as tables slowing down: the
``pace`` column is the commands per second per table against one table's alone (1.00 when the
referee keeps up); ``referee CPU`` is the share of a core each referee process used, ``broker
CPU`` the broker's (Mosquitto and amqtt use one core each), ``bench CPU`` this process's (the
probe and the lobby), ``others`` what every other program on the machine used meanwhile (200%
is two cores full). The commands are counted by the servers themselves, on their lobby cards
(:class:`~net.wire.messages.ServerListing`), so the bench receives no table's events. On a shared
machine the round trip is noisy, so the search also stops once the pace falls under 75%, and a
step over either line is measured twice before it counts; every step is listed at the end
(``steps``: tables, round trip against 0 tables / pace), and a step over the line only once is
named as noise, so one noisy step is not read as the knee.

Where Linux schedules by session (``kernel.sched_autogroup_enabled``), another session's work
takes its share of the cores whatever the niceness, and the broker, the referees and this
process share their session's part: the ``others`` column says whether the cores were free.

``--nice 5`` runs the referees below the broker and the bench, as an operator may run them on
a machine they share with the broker: every command crosses the broker twice, and on two
cores a broker waiting for a core behind two busy referees lifts every round trip.

    .venv/bin/python bench/net_tables.py [--broker mosquitto|amqtt] [--think 0.05] [--servers 2]
                                         [--nice 5] [--code /tmp/base]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from netbench import (
    BROKER_PIDS,
    MOSQUITTO,
    GameEnded,
    amqtt_broker,
    command_round_trips,
    mosquitto_broker,
    serve_process,
)

from net.club.lobby import Lobby
from net.club.serve import STATS_EVERY
from net.config import BrokerAddress
from net.wire.messages import ServerListing

CORES = os.cpu_count() or 1
BUSY = 0.25  # other programs using more of the cores than this make a run say so
GOAL = 200  # the tables one referee should carry (issue 17)
BIG = {"turn_limit": 100_000}  # random bots rarely end a game on their own; this keeps them busy


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user + system) the processes ``pids`` used so far (Linux /proc)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime: the 14th and 15th fields
    return total / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """The CPU time (seconds, all cores) the machine spent busy and in all so far (/proc/stat)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / ticks, sum(fields[:8]) / ticks


async def fresh_cards(lobby: Lobby, names: list[str], timeout: float) -> dict[str, ServerListing]:
    """Every server's card, each newer than when this was called (or the latest, if a server
    published none within ``timeout``: its count did not move)."""
    before = {name: lobby.servers[name].at_ms for name in names}
    with contextlib.suppress(TimeoutError):
        await lobby.wait_for(
            lambda lb: all(lb.servers[name].at_ms != before[name] for name in names), timeout
        )
    return {name: lobby.servers[name] for name in names}


async def command_rate(lobby: Lobby, names: list[str], seconds: float) -> float:
    """Commands per second at all the servers' tables over about ``seconds``, as their cards
    count them (each on its own clock), so the bench receives no table's events."""
    first = await fresh_cards(lobby, names, 3 * STATS_EVERY)
    await asyncio.sleep(seconds)
    last = await fresh_cards(lobby, names, 3 * STATS_EVERY)
    rate = 0.0
    for name in names:
        took_ms = last[name].at_ms - first[name].at_ms
        if took_ms > 0:
            rate += (last[name].commands - first[name].commands) * 1000 / took_ms
    return rate


class Probe:
    """The probe's table, against one server bot: a fresh one whenever its game ends (a random
    Mauna Kea game may end on its own however high its turn limit), so a long run never runs
    out of turns to time."""

    def __init__(self, lobby: Lobby, address: BrokerAddress, options: dict[str, int]) -> None:
        self.lobby, self.address, self.options = lobby, address, options
        self.table: str | None = None
        self.tables = 0  # how many probe tables the run used
        self.barren = 0  # probe tables in a row whose game ended before a sample

    async def round_trips(self, count: int) -> list[float]:
        """``count`` command round trips at the probe's table (or its successors)."""
        times: list[float] = []
        while len(times) < count:
            if self.table is None:
                self.table = await self.lobby.request_table("maunakea", 2, bots=1,
                                                            options=self.options)  # fmt: skip
                self.tables += 1
            warmup = 10 if self.tables == 1 else 2  # a fresh table on a warm connection path
            try:
                times += await command_round_trips(self.address, self.table, count - len(times),
                                                   warmup=warmup)  # fmt: skip
            except GameEnded as ended:  # its game ended, even in the middle of a command
                self.barren = 0 if ended.times else self.barren + 1
                if self.barren >= 3:
                    raise RuntimeError("3 probe games in a row ended before one sample: raise "
                                       "--probe-turns") from None  # fmt: skip
                times += ended.times
                self.table = None
        return times


def growth(steps: list[tuple[int, float, float]]) -> str:
    """The steps of the table count, each with its round trip against 0 tables and its pace
    (a step measured twice shows both), so a trend reads apart from one noisy step."""
    return ", ".join(f"{tables} {ratio:.2f}x/{pace:.2f}" for tables, ratio, pace in steps)


async def knee(
    address: BrokerAddress, servers: int, think: float, samples: int, most: int, nice: int = 0,
    probe_options: dict[str, int] = BIG, code: Path | None = None,
) -> tuple[int, float]:  # fmt: skip
    """The most background tables (and their commands/s) carried before the probe's round
    trip doubled or the tables slowed, with ``servers`` referee processes sharing them."""
    names = [f"bench{i + 1}" for i in range(servers)]
    cap = ("--max-tables", str(most + 2))  # the default cap (200) would refuse the last steps;
    # + 2: the probe's table and the fresh one while the ended one lingers
    processes = [serve_process(address, "--linger", "1", *cap, server=name, nice=nice, code=code)
                 for name in names]  # fmt: skip
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: set(names) <= set(lb.servers), 30)
            probe = Probe(lobby, address, probe_options)
            base: float | None = None
            tables = 0
            near = doubled = False
            alone, pace = 0.0, 1.0
            carried = (0, 0.0)
            busiest = 0.0  # the most the other programs used in a step
            steps: list[tuple[int, float, float]] = []  # (tables, round trip ratio, pace)
            noisy: list[int] = []  # steps over the line once, not when measured again
            print(f"  {servers} referee process{'es' if servers > 1 else ''}")
            print(f"  {'tables':>6}  {'commands/s':>10}  {'p50':>8}  {'p99':>8}  vs 0 tables  "
                  "pace  referee CPU  broker CPU  bench CPU  others")  # fmt: skip
            while True:
                await asyncio.sleep(1.0)
                pids = [process.pid for process in processes]
                broker = [BROKER_PIDS[address]]
                used, brokered = cpu_seconds(pids), cpu_seconds(broker)
                mine, (busy, spent) = time.process_time(), machine_busy()
                since = time.monotonic()
                rate = await command_rate(lobby, names, 2.0)
                took = time.monotonic() - since
                cpu = (cpu_seconds(pids) - used) / took / servers
                broker_cpu = (cpu_seconds(broker) - brokered) / took
                bench_cpu = (time.process_time() - mine) / took
                busy_now, spent_now = machine_busy()
                machine = (busy_now - busy) / (spent_now - spent) * CORES
                others = max(0.0, machine - cpu * servers - broker_cpu - bench_cpu)
                busiest = max(busiest, others)
                count = samples * (3 if base is None else 1)  # a steady base: the yardstick
                times = await probe.round_trips(count)
                p50 = statistics.median(times) * 1000
                p99 = sorted(times)[int(0.99 * len(times))] * 1000
                base = base or p50
                ratio = p50 / base
                if tables:
                    alone = alone or rate / tables
                    pace = rate / tables / alone
                over = ratio >= 2 or pace < 0.75
                mark = "again" if doubled else "(over: measured again)" if over else ""
                print(f"  {tables:6d}  {rate:10.0f}  {p50:6.2f}ms  {p99:6.2f}ms  {ratio:5.2f}x  "
                      f"{pace:5.2f}  {cpu:11.0%}  {broker_cpu:10.0%}  {bench_cpu:9.0%}  "
                      f"{others:6.0%}  {mark}", flush=True)  # fmt: skip
                steps.append((tables, ratio, pace))
                if over and not doubled:  # the machine is shared: one step is no knee yet
                    doubled = True
                    continue
                if over:
                    break
                if doubled:  # the step over the line was noise: the second reading holds
                    noisy.append(tables)
                carried, doubled = (tables, rate), False
                if tables >= most:
                    break
                near = near or ratio >= 1.25 or pace < 0.9
                step = tables // 4 if near else tables // 2 if tables >= 32 else tables
                add = max(1, step)  # finer steps near the knee
                if tables < GOAL < tables + add:
                    add = GOAL - tables  # the goal is always one of the steps
                for _ in range(add):
                    await lobby.request_table("maunakea", 3, bots=3, bot_delay=think, options=BIG)
                tables += add
            verdict = (
                "the round trip doubled" if ratio >= 2
                else f"the tables slowed to {pace:.0%} of their pace" if pace < 0.75
                else f"the round trip had not doubled at {most} tables"
            )  # fmt: skip
            if tables != carried[0]:
                verdict += f" at {tables} tables (measured twice)"
            print(f"  steps: {growth(steps)}")
            if noisy:
                print(f"  over the line once, not when measured again (noise, not the knee): "
                      f"{', '.join(map(str, noisy))} tables")  # fmt: skip
            load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
            print(f"  {verdict} (bots think {think * 1000:.0f} ms per move; load average {load}; "
                  f"{probe.tables} probe table{'s' if probe.tables > 1 else ''})")  # fmt: skip
            if busiest > BUSY:
                print(f"  other programs used up to {busiest:.0%} of the cores: these figures are "
                      "what the machine left over, not what a referee carries")  # fmt: skip
            return carried
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--broker", choices=("mosquitto", "amqtt"),
                        default="mosquitto" if MOSQUITTO else "amqtt")  # fmt: skip
    parser.add_argument("--think", type=float, default=0.05, help="seconds per bot move")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--most", type=int, default=512, help="stop adding tables here")
    parser.add_argument("--servers", type=int, default=2, help="then this many processes")
    parser.add_argument("--nice", type=int, default=0, help="run the referees this much "
                        "nicer than the broker and the bench")  # fmt: skip
    parser.add_argument("--probe-turns", type=int, default=BIG["turn_limit"],
                        help="the probe game's turn limit (a small one checks that a fresh "
                        "probe table replaces one whose game ended)")  # fmt: skip
    parser.add_argument("--code", type=Path, default=None,
                        help="the referees run this checkout (the code before)")  # fmt: skip
    args = parser.parse_args()
    make = mosquitto_broker if args.broker == "mosquitto" else amqtt_broker
    niced = f", referees at nice +{args.nice}" if args.nice else ""
    print(f"tables referee processes carry ({args.broker}, {CORES} cores shared{niced})")
    found = {}
    for servers in sorted({1, args.servers}):
        with make() as address:
            found[servers] = asyncio.run(knee(address, servers, args.think, args.samples,
                                              args.most, args.nice,
                                              {"turn_limit": args.probe_turns},
                                              args.code))  # fmt: skip
    one, _ = found[1]
    for servers, (tables, rate) in found.items():
        plural = "es" if servers > 1 else "  "
        print(f"  {servers} process{plural}: carried {tables} tables "
              f"({rate:.0f} commands/s), {tables / one:.2f}x one process")  # fmt: skip


if __name__ == "__main__":
    main()

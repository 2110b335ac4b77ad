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
CPU`` the broker's (Mosquitto and amqtt use one core each). On a
shared machine the round trip is noisy, so the search also stops once
the pace falls under 75%, and a doubling is measured twice before it counts.

    .venv/bin/python bench/net_tables.py [--broker mosquitto|amqtt] [--think 0.05] [--servers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path

import paho.mqtt.client as paho

sys.path.insert(0, str(Path(__file__).parent))
from netbench import (
    BROKER_PIDS,
    MOSQUITTO,
    amqtt_broker,
    command_round_trips,
    mosquitto_broker,
    serve_process,
)

from net.config import BrokerAddress
from net.lobby import Lobby

GOAL = 200  # the tables one referee should carry (issue 17)
BIG = {"turn_limit": 100_000}  # random bots rarely end a game on their own; this keeps them busy


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user + system) the processes ``pids`` used so far (Linux /proc)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime: the 14th and 15th fields
    return total / os.sysconf("SC_CLK_TCK")


class CommandCounter:
    """Counts event batches on every table's public stream (one per command), in a thread."""

    def __init__(self, address: BrokerAddress) -> None:
        self.count = 0
        self.client = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id="bench-counter")
        self.client.on_connect = lambda c, *_: c.subscribe("caldera/v1/tables/+/events/public")
        self.client.on_message = self._count
        self.client.connect(address.host, address.port)
        self.client.loop_start()
        self._lock = threading.Lock()

    def _count(self, _c: object, _u: object, message: paho.MQTTMessage) -> None:
        if message.payload[:1] and b"check" not in message.payload[:12]:
            with self._lock:
                self.count += 1

    def rate(self, seconds: float) -> float:
        before = self.count
        time.sleep(seconds)
        return (self.count - before) / seconds

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


async def knee(
    address: BrokerAddress, servers: int, think: float, samples: int, most: int
) -> tuple[int, float]:
    """The most background tables (and their commands/s) carried before the probe's round
    trip doubled or the tables slowed, with ``servers`` referee processes sharing them."""
    names = [f"bench{i + 1}" for i in range(servers)]
    cap = ("--max-tables", str(most))  # the default cap (200) would refuse the search's last steps
    processes = [serve_process(address, "--linger", "1", *cap, server=name) for name in names]
    counter = CommandCounter(address)
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: set(names) <= set(lb.servers), 30)
            probe = await lobby.request_table("maunakea", 2, bots=1, options=BIG)
            base: float | None = None
            tables = 0
            near = doubled = False
            alone, pace = 0.0, 1.0
            carried = (0, 0.0)
            print(f"  {servers} referee process{'es' if servers > 1 else ''}")
            print(f"  {'tables':>6}  {'commands/s':>10}  {'p50':>8}  {'p99':>8}  vs 0 tables  "
                  "pace  referee CPU  broker CPU")  # fmt: skip
            while True:
                await asyncio.sleep(1.0)
                pids = [process.pid for process in processes]
                broker = [BROKER_PIDS[address]]
                used, brokered = cpu_seconds(pids), cpu_seconds(broker)
                since = time.monotonic()
                rate = await asyncio.to_thread(counter.rate, 2.0)
                took = time.monotonic() - since
                cpu = (cpu_seconds(pids) - used) / took / servers
                broker_cpu = (cpu_seconds(broker) - brokered) / took
                count = samples * (3 if base is None else 1)  # a steady base: the yardstick
                times = await command_round_trips(address, probe, count, warmup=10)
                p50 = statistics.median(times) * 1000
                p99 = sorted(times)[int(0.99 * len(times))] * 1000
                base = base or p50
                ratio = p50 / base
                if tables:
                    alone = alone or rate / tables
                    pace = rate / tables / alone
                print(f"  {tables:6d}  {rate:10.0f}  {p50:6.2f}ms  {p99:6.2f}ms  {ratio:5.2f}x  "
                      f"{pace:5.2f}  {cpu:11.0%}  {broker_cpu:10.0%}", flush=True)  # fmt: skip
                if ratio >= 2 and not doubled:  # the machine is shared: measure once more
                    doubled = True
                    continue
                if ratio >= 2 or pace < 0.75:
                    break
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
            print(f"  {verdict} (bots think {think * 1000:.0f} ms per move)")
            return carried
    finally:
        counter.stop()
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
    args = parser.parse_args()
    make = mosquitto_broker if args.broker == "mosquitto" else amqtt_broker
    print(f"tables referee processes carry ({args.broker}, 2 cores shared)")
    found = {}
    for servers in sorted({1, args.servers}):
        with make() as address:
            found[servers] = asyncio.run(knee(address, servers, args.think, args.samples,
                                              args.most))  # fmt: skip
    one, _ = found[1]
    for servers, (tables, rate) in found.items():
        plural = "es" if servers > 1 else "  "
        print(f"  {servers} process{plural}: carried {tables} tables "
              f"({rate:.0f} commands/s), {tables / one:.2f}x one process")  # fmt: skip


if __name__ == "__main__":
    main()

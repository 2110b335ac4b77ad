"""A command's round trip at a table while one ``caldera serve`` carries thousands of tables at a
human pace (issue 47: 10,000 tables of 0.1 command a second, round trip p99 < 50 ms).

The background tables are bot games played at a person's pace: three of the server's bots, each
thinking ``--think`` seconds (10: a table makes 0.1 command a second), requested from the lobby
three at a time (a client's share of requests being answered). At each step of ``--steps``
tables the probe (this process, seated against one server bot, as in ``net_tables.py``) times
``--samples`` of its commands; the referee's CPU share and its resident memory are read from
/proc, the commands a second from the server's card. ``--code PATH`` runs the referee from
another checkout (the code before, say).

    nice .venv/bin/python bench/human_tables.py [--steps 0,1000,3000,10000] [--code /tmp/base]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from net_tables import BIG, Probe, command_rate, cpu_seconds
from netbench import mosquitto_broker, serve_process

from bench.common import calibration_ms
from net.club.lobby import Lobby
from net.config import BrokerAddress

PROBE = {"turn_limit": 30}  # the probe's games: short, so a left one's stand-in ends it soon


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def run(address: BrokerAddress, steps: list[int], think: float, samples: int,
              code: Path | None) -> None:  # fmt: skip
    process = serve_process(address, "--linger", "1", "--max-tables", str(steps[-1] + 4),
                            code=code)  # fmt: skip
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: "bench" in lb.servers, 30)
            probe = Probe(lobby, address, PROBE)
            print(f"  {'tables':>6}  {'commands/s':>10}  {'p50':>8}  {'p99':>8}  "
                  f"{'referee CPU':>11}  {'RSS':>9}  opened in", flush=True)  # fmt: skip
            tables = 0
            for step in steps:
                start = time.monotonic()
                while tables < step:
                    some = min(3, step - tables)
                    await asyncio.gather(*(lobby.request_table(
                        "maunakea", 3, bots=3, bot_delay=think, options=BIG,
                    ) for _ in range(some)))  # fmt: skip
                    tables += some
                opened = time.monotonic() - start
                probe.table = None  # the last one's seat is a stand-in's now, at full speed:
                # a short game (PROBE) ends it soon
                used, since = cpu_seconds([process.pid]), time.monotonic()
                rate = await command_rate(lobby, ["bench"], 5.0)
                times = await probe.round_trips(samples)
                cpu = (cpu_seconds([process.pid]) - used) / (time.monotonic() - since)
                p50 = statistics.median(times) * 1000
                p99 = sorted(times)[int(0.99 * len(times))] * 1000
                print(f"  {tables:6d}  {rate:10.0f}  {p50:6.2f}ms  {p99:6.2f}ms  {cpu:11.0%}  "
                      f"{rss_mib(process.pid):6.0f}MiB  {opened:.0f} s", flush=True)  # fmt: skip
    finally:
        process.terminate()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="0,1000,3000,10000")
    parser.add_argument("--think", type=float, default=10.0, help="seconds per bot move")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--code", type=Path, default=None, help="the referee's checkout")
    args = parser.parse_args()
    steps = sorted(int(step) for step in args.steps.split(","))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"human-paced tables (Mosquitto), referee {args.code or 'this checkout'}; calibration "
          f"{calibration_ms():.1f} ms, load {load}")  # fmt: skip
    with mosquitto_broker() as address:
        asyncio.run(run(address, steps, args.think, args.samples, args.code))


if __name__ == "__main__":
    main()

"""A referee's CPU time per command, this checkout's against another's, side by side.

Two ``caldera serve`` processes share one Mosquitto broker: one runs this checkout's code, the
other the code of ``--against`` (a checkout of an earlier commit, say ``git worktree add
--detach /tmp/base main``; it runs on this interpreter with that checkout first on its path).
Each hosts ``--tables`` bot tables (three bots each, thinking ``--think`` seconds a move), so
both see the same machine at the same time; the figure is each process's CPU time (user +
system, /proc) over the commands its tables carried meanwhile (as its lobby card counts them),
in ``--rounds`` windows of ``--seconds``. Without ``--against`` both run this checkout (the
noise between two equal referees).

    nice -n 15 .venv/bin/python bench/referee_cpu.py --against /tmp/base [--tables 100]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from net_tables import BIG, cpu_seconds, fresh_cards
from netbench import mosquitto_broker

from net.club.lobby import Lobby
from net.club.serve import STATS_EVERY
from net.config import BrokerAddress
from tests.kit.lifeline import dies_with_us

HERE = Path(__file__).resolve().parents[1]


def referee(address: BrokerAddress, name: str, code: Path, most: int) -> subprocess.Popen[bytes]:
    """``caldera serve`` running the code of the checkout ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--broker", str(address), "--server", name,
         "--replay-dir", tempfile.mkdtemp(prefix="caldera-bench-"), "--new-keys", "100000",
         "--linger", "1", "--max-tables", str(most)],
        stdout=subprocess.DEVNULL, preexec_fn=dies_with_us(), cwd=code, env=env,
    )  # fmt: skip


def alive(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """Stop the bench with one line if a referee has exited (its figures would never come)."""
    for name, process in processes.items():
        if process.poll() is not None:
            raise SystemExit(f"the {name} referee exited (code {process.returncode}): see above")


async def measure(address: BrokerAddress, codes: dict[str, Path], args: argparse.Namespace) -> None:
    processes = {name: referee(address, name, code, args.tables + 2)
                 for name, code in codes.items()}  # fmt: skip
    names = list(codes)
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: set(names) <= set(lb.servers), 30)
            for _ in range(args.tables):  # the lobby asks the server hosting the fewest
                for _ in names:
                    await lobby.request_table("maunakea", 3, bots=3, bot_delay=args.think,
                                              options=BIG)  # fmt: skip
            await asyncio.sleep(args.seconds)  # warm up
            alive(processes)
            figures: dict[str, list[float]] = {name: [] for name in names}
            rates: dict[str, list[float]] = {name: [] for name in names}
            for _ in range(args.rounds):
                first = await fresh_cards(lobby, names, 3 * STATS_EVERY)
                used = {name: cpu_seconds([processes[name].pid]) for name in names}
                await asyncio.sleep(args.seconds)
                alive(processes)
                last = await fresh_cards(lobby, names, 3 * STATS_EVERY)
                row = []
                for name in names:
                    spent = cpu_seconds([processes[name].pid]) - used[name]
                    commands = last[name].commands - first[name].commands
                    took = (last[name].at_ms - first[name].at_ms) / 1000
                    if commands > 0:
                        figures[name].append(spent / commands * 1e6)
                        rates[name].append(commands / took)
                        row.append(f"{name} {figures[name][-1]:6.1f} µs ({rates[name][-1]:5.0f}/s)")
                print("  " + "   ".join(row), flush=True)
            load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
            print(f"median of {args.rounds} windows of {args.seconds:g} s, {args.tables} tables "
                  f"each, load average {load}:")  # fmt: skip
            for name in names:
                print(
                    f"  {name:>5} ({codes[name]}): {statistics.median(figures[name]):6.1f} µs "
                    f"of CPU a command, {statistics.median(rates[name]):.0f} commands/s"
                )
            if len(names) == 2:
                new, old = (statistics.median(figures[name]) for name in names)
                print(f"  new / old: {new / old:.2f}")
    finally:
        for process in processes.values():
            process.terminate()
        for process in processes.values():
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path, default=None, help="the older checkout")
    parser.add_argument("--tables", type=int, default=100, help="bot tables per referee")
    parser.add_argument("--think", type=float, default=0.05, help="seconds per bot move")
    parser.add_argument("--seconds", type=float, default=10.0, help="one window")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    codes = {"new": HERE, "old": (args.against or HERE).resolve()}
    with mosquitto_broker() as address:
        asyncio.run(measure(address, codes, args))


if __name__ == "__main__":
    main()

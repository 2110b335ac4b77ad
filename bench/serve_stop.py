"""How long a busy ``caldera serve`` takes to stop on SIGTERM (goal: under 2 s with 250 tables).

One ``caldera serve`` in its own process hosts N all-bot Mauna Kea tables (bots thinking
``--think`` ms a move: the "fast ones" take 0), then gets SIGTERM. Printed: the seconds from
the signal to the process's exit, and until a lobby watching the broker saw the last table
closed. A second run sends a second SIGTERM 0.1 s after the first: the process must be gone at
once.

    .venv/bin/python bench/serve_stop.py [--tables 250] [--think 0]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from netbench import brokers, serve_process

from net.club.lobby import Lobby
from net.config import BrokerAddress

BIG = {"turn_limit": 100_000}


async def stop_once(address: BrokerAddress, tables: int, think: float, twice: bool) -> None:
    server = serve_process(address, "--max-tables", str(tables + 1), "--linger", "60")
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: "bench" in lb.servers, 30)
            ids = [await lobby.request_table("maunakea", 2, bots=2, bot_delay=think,
                                             options=BIG, timeout=30)
                   for _ in range(tables)]  # fmt: skip
            await lobby.wait_for(lambda lb: all(t in lb.tables for t in ids), 60)
            await asyncio.sleep(2)  # every table playing
            start = time.monotonic()
            server.send_signal(signal.SIGTERM)
            if twice:
                await asyncio.sleep(0.1)
                server.send_signal(signal.SIGTERM)
            exited = await asyncio.to_thread(server.wait)
            gone = time.monotonic() - start
            if not twice:
                await lobby.wait_for(lambda lb: not any(t in lb.tables for t in ids), 30)
            closed = time.monotonic() - start
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    what = "SIGTERM twice" if twice else "SIGTERM"
    shown = "" if twice else f", every table closed in the lobby after {closed:.2f} s"
    print(
        f"  {tables} tables, {what}: exited after {gone:.2f} s (code {exited}){shown} "
        f"(load average {load})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--think", type=float, default=0.0, help="ms a bot thinks a move")
    args = parser.parse_args()
    for name, make in brokers():
        if name.startswith("amqtt"):
            continue  # a 250-table server is for a club's Mosquitto
        print(name)
        for twice in (False, True):
            with make() as address:  # type: ignore[operator]
                asyncio.run(stop_once(address, args.tables, args.think / 1000, twice))


if __name__ == "__main__":
    main()

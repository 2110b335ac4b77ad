"""How long a busy ``caldera serve`` takes to stop on SIGTERM (goal: under 2 s with 250 tables).

One ``caldera serve`` in its own process hosts N all-bot Mauna Kea tables (bots thinking
``--think`` ms a move, 50 by default as in net_tables.py), asked for three requests at a time
(a client may have only 3 tables waiting), then gets SIGTERM. Printed: the seconds from the
signal to the process's exit, and until a lobby watching the broker saw the last table
closed. ``--against`` a checkout of other code (``git archive main | tar -x -C /tmp/base``)
stops its serve too, alternately with this one's, ``--rounds`` times, and prints each round's
ratio. A last run sends a second SIGTERM 0.1 s after the first: the process must be gone at
once.

    .venv/bin/python bench/serve_stop.py [--tables 250] [--think 50] [--against /tmp/base]
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

from bench.common import calibration_ms
from net.club.lobby import Lobby
from net.config import BrokerAddress
from net.errors import NetError

BIG = {"turn_limit": 100_000}


AT_ONCE = 3  # requests on their way at a time: a client may have only 3 tables waiting
SERVER = "bench"  # the serve's id; its tables' cards name it "server bench"
GIVE_UP = 600.0  # seconds to open every table, at most


async def request_tables(lobby: Lobby, count: int, think: float) -> list[str]:
    """Open ``count`` all-bot tables, ``AT_ONCE`` requests on their way at a time, as the
    server's card counts them: a loaded server may answer after the lobby stopped waiting, or
    refuse while it still opens the tables whose answers came too late, so a refused or
    unanswered request is asked again a moment later, until the card says ``count`` tables.
    Returns the tables the lobby lists for the server."""

    def hosted(lb: Lobby) -> int:
        return lb.servers[SERVER].tables

    asking = [0]
    retried = 0
    begun = time.monotonic()

    async def ask() -> None:
        nonlocal retried
        while hosted(lobby) + asking[0] < count:
            if time.monotonic() - begun > GIVE_UP:
                raise SystemExit(f"{hosted(lobby)} of {count} tables opened in {GIVE_UP:g} s")
            asking[0] += 1
            try:
                await lobby.request_table("maunakea", 2, bots=2, bot_delay=think, options=BIG,
                                          timeout=60)  # fmt: skip
            except NetError:
                retried += 1
                await asyncio.sleep(1.0)
            finally:
                asking[0] -= 1
            if hosted(lobby) // 50 != (hosted(lobby) - 1) // 50:
                print(f"  {hosted(lobby)} tables open", flush=True)

    await asyncio.gather(*(ask() for _ in range(AT_ONCE)))
    await lobby.wait_for(lambda lb: hosted(lb) >= count, 60)
    name = lobby.servers[SERVER].name
    await lobby.wait_for(lambda lb: len(mine(lb, name)) >= count, 60 + count / 2)
    print(f"  {count} tables open in {time.monotonic() - begun:.0f} s ({retried} requests "
          "asked again)", flush=True)  # fmt: skip
    return mine(lobby, name)


def mine(lobby: Lobby, name: str) -> list[str]:
    """The open tables the lobby lists as the server ``name``'s."""
    return [table for table, card in lobby.tables.items()
            if card.host == name and card.status != "closed"]  # fmt: skip


async def stop_once(
    address: BrokerAddress, tables: int, think: float, twice: bool, code: Path | None = None
) -> float:
    """Seconds from SIGTERM to the exit of a serve (running the checkout ``code``'s code)."""
    server = serve_process(address, "--max-tables", str(tables + 1), "--linger", "60",
                           server=SERVER, code=code)  # fmt: skip
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: SERVER in lb.servers, 30)
            ids = await request_tables(lobby, tables, think)
            await asyncio.sleep(2)  # every table playing
            start = time.monotonic()
            server.send_signal(signal.SIGTERM)
            if twice:
                await asyncio.sleep(0.1)
                server.send_signal(signal.SIGTERM)
            exited = await asyncio.to_thread(server.wait)
            gone = time.monotonic() - start
            if not twice:
                await lobby.wait_for(lambda lb: not any(t in lb.tables for t in ids), 60)
            closed = time.monotonic() - start
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    what = "SIGTERM twice" if twice else "SIGTERM"
    shown = "" if twice else f", every table closed in the lobby after {closed:.2f} s"
    whose = "" if code is None else f" ({code})"
    print(
        f"  {tables} tables{whose}, {what}: exited after {gone:.2f} s (code {exited}){shown} "
        f"(load average {load})",
        flush=True,
    )
    return gone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument(
        "--think",
        type=float,
        default=50.0,
        help="ms a bot thinks a move "
        "(0: as fast as the referee can, which a loaded machine's serve spends "
        "all its time on: opening 250 such tables took it over 10 minutes)",
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="a checkout of other code (an earlier "
        "commit's) whose serve is stopped too, alternately with this one's",
    )
    parser.add_argument("--rounds", type=int, default=1, help="stops of each code")
    args = parser.parse_args()
    print(f"calibration loop {calibration_ms():.1f} ms (this machine's speed, now)")
    for name, make in brokers():
        if name.startswith("amqtt"):
            continue  # a 250-table server is for a club's Mosquitto
        print(name)
        now: list[float] = []
        before: list[float] = []
        for _ in range(args.rounds):
            for code, into in ((None, now), (args.against, before)):
                if into is before and code is None:
                    continue
                with make() as address:  # type: ignore[operator]
                    into.append(asyncio.run(stop_once(address, args.tables, args.think / 1000,
                                                      False, code)))  # fmt: skip
        if before:
            ratios = ", ".join(f"{n / b:.2f}x" for n, b in zip(now, before, strict=True))
            print(f"  this code against {args.against}, round by round: {ratios}")
        with make() as address:  # type: ignore[operator]
            asyncio.run(stop_once(address, args.tables, args.think / 1000, True))


if __name__ == "__main__":
    main()

"""Command-to-event round trip through each broker, beside a raw paho QoS 1 echo measured in the
same run on the same broker. Goal: Caldera's p50 within 2x of the raw echo's.

The referee (``caldera serve``) and the echo each run in their own process, as they would on a
real table; the client is this process. A Caldera round trip is: the command published (QoS 1),
checked by the referee (seat, expected_seq, ``decide``), its events appended to the replay file,
projected and published to each stream (QoS 1), received and folded here.

    .venv/bin/python bench/net_roundtrip.py [--samples 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from netbench import brokers, command_round_trips, raw_echo, serve_process, summary

from net.lobby import Lobby


async def caldera_round_trips(address: object, samples: int) -> list[float]:
    server = serve_process(address, "--table", "rt", "--seats", "2", "--bots", "1",  # type: ignore[arg-type]
                           "--bot-delay", "0", "--turn-limit", "100000")  # fmt: skip
    try:
        async with Lobby(address) as lobby:  # type: ignore[arg-type]
            await lobby.wait_for(lambda lb: "rt" in lb.tables, 30)
        return await command_round_trips(address, "rt", samples)  # type: ignore[arg-type]
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    print(f"command-to-event round trip, {args.samples} samples each (loopback, 2 processes)")
    for name, make in brokers():
        with make() as address:  # type: ignore[operator]
            echo = raw_echo(address, args.samples)
            time.sleep(0.2)
            ours = asyncio.run(caldera_round_trips(address, args.samples))
        ratio = statistics.median(ours) / statistics.median(echo)
        print(f"  {name:18} raw paho echo   {summary(echo)}")
        print(f"  {'':18} caldera command {summary(ours)}   p50 ratio {ratio:.2f}x "
              f"({'within' if ratio <= 2 else 'OVER'} the 2x goal)")  # fmt: skip


if __name__ == "__main__":
    main()

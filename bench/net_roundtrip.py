"""Command-to-event round trip through each broker, beside a raw paho QoS 1 echo measured in the
same run on the same broker. Goal: Caldera's p50 within 2x of the raw echo's.

The referee (``caldera serve``) and the echo each run in their own process, as they would on a
real table; the client is this process. A Caldera round trip is: the command published (QoS 1),
checked by the referee (seat, expected_seq, ``decide``), its events appended to the replay file,
projected and published to each stream (QoS 1), received and folded here. Every message is
signed and the private ones sealed (net.keys); the cost of that cryptography per round trip is
measured apart and printed beside the round trip.

    .venv/bin/python bench/net_roundtrip.py [--samples 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from netbench import RawEcho, brokers, command_round_trips, serve_process, summary

from net.keys import Keys, open_frame, seal
from net.lobby import Lobby


def crypto_cost(seats: int = 2, repeat: int = 300) -> dict[str, float]:
    """Microseconds of signing and sealing in one command's round trip at a ``seats`` table:
    the player signs (the frame and the command's proof) and seals the command to the host; the
    host checks both signatures, opens it, then seals and signs each seat's batch and signs the
    public one and the head proof; the player checks its batch and opens it."""
    host, player = Keys.generate(), Keys.generate()
    command, batch = b"c" * 120, b"e" * 400

    def us(fn: object) -> float:
        return min(timeit.repeat(fn, number=repeat, repeat=5)) / repeat * 1e6  # type: ignore[arg-type]

    topic = "caldera/v1/tables/rt/cmd/0/player"
    sealed_cmd = player.sign(topic, seal(host.public, command))
    frame = host.sign(topic, seal(player.public, batch))
    sign, seal_, check = (
        us(lambda: player.sign(topic, command)),
        us(lambda: seal(host.public, command)),
        us(lambda: open_frame(topic, sealed_cmd)),
    )
    unseal = us(lambda: host.unseal(seal(host.public, command))) - seal_
    player_side = 2 * sign + seal_ + check + unseal  # send, then receive its batch
    host_side = 2 * check + unseal + seats * (seal_ + sign) + 2 * sign  # public batch, head
    del frame
    return {"player": player_side, "host": host_side, "total": player_side + host_side}


async def interleaved(address: object, samples: int) -> tuple[list[float], list[float]]:
    """Raw echoes and Caldera commands, one of each per sample, on the same broker."""
    server = serve_process(address, "--table", "rt", "--seats", "2", "--bots", "1",  # type: ignore[arg-type]
                           "--bot-delay", "0", "--turn-limit", "100000")  # fmt: skip
    echo = RawEcho(address)  # type: ignore[arg-type]
    echoes: list[float] = []
    try:
        async with Lobby(address) as lobby:  # type: ignore[arg-type]
            await lobby.wait_for(lambda lb: "rt" in lb.tables, 30)
        ours = await command_round_trips(address, "rt", samples, echo=echo, echoes=echoes)  # type: ignore[arg-type]
        return echoes, ours
    finally:
        echo.close()
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    print(f"command-to-event round trip, {args.samples} samples each, interleaved one for one "
          "(loopback, 2 processes)")  # fmt: skip
    cost = crypto_cost()
    print(f"  signing and sealing in one round trip (2 seats): {cost['total']:.0f} µs "
          f"(player {cost['player']:.0f} µs, host {cost['host']:.0f} µs)")  # fmt: skip
    for name, make in brokers():
        with make() as address:  # type: ignore[operator]
            echo, ours = asyncio.run(interleaved(address, args.samples))
        ratio = statistics.median(ours) / statistics.median(echo)
        print(f"  {name:18} raw paho echo   {summary(echo)}")
        print(f"  {'':18} caldera command {summary(ours)}   p50 ratio {ratio:.2f}x "
              f"({'within' if ratio <= 2 else 'OVER'} the 2x goal)")  # fmt: skip


if __name__ == "__main__":
    main()

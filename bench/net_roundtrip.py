"""Command-to-event round trip through each broker, beside a raw paho QoS 1 echo measured in the
same run on the same broker. Goal: Caldera's p50 within 2x of the raw echo's.

The referee (``caldera serve``) and the echo each run in their own process, as they would on a
real table; the client is this process. A Caldera round trip is: the command published (QoS 1),
checked by the referee (seat, expected_seq, ``decide``), its events appended to the replay file,
projected and published to each stream (QoS 1), received and folded here. Every message is
signed and the private ones sealed (net.trust.keys); the cost of that cryptography per round trip is
measured apart and printed beside the round trip.

    .venv/bin/python bench/net_roundtrip.py [--samples 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from netbench import RawEcho, brokers, command_round_trips, serve_process, summary

from net.club.lobby import Lobby
from net.trust.keys import Keys, open_frame


def crypto_cost(seats: int = 2, repeat: int = 2000) -> dict[str, float]:
    """Microseconds of signing and sealing in one command's round trip at a ``seats`` table.
    On the way: the player signs the command's proof and seals the command to the host (a box
    is its own proof of sender, net.trust.keys); the host opens it, seals each seat's batch to it
    and signs the public one; the player opens its batch. After the events left (``after``): the
    host checks the proof (it signs the chain's head with the state hash, at most once a second
    a table, so not for each command)."""
    host, player = Keys.generate(), Keys.generate()
    topic, body = "caldera/v1/tables/rt/events/0/player", b"e" * 400
    sealed = host.seal(player.public, topic, body)
    frame = host.sign(topic, body)

    def us(fn: Callable[[], object]) -> float:
        return min(timeit.repeat(fn, number=repeat, repeat=5)) / repeat * 1e6

    sign = us(lambda: host.sign(topic, body))
    check = us(lambda: open_frame(topic, frame))
    seal = us(lambda: host.seal(player.public, topic, body))
    unseal = us(lambda: player.unseal(topic, sealed))
    on_the_way = (sign + seal) + unseal + seats * seal + sign + unseal
    return {"sign": sign, "verify": check, "seal": seal, "unseal": unseal,
            "total": on_the_way, "after": check}  # fmt: skip


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
    print(f"  signing and sealing in one round trip (2 seats): {cost['total']:.0f} µs on the "
          f"way, {cost['after']:.0f} µs after it (a signature {cost['sign']:.0f} µs, its check "
          f"{cost['verify']:.0f} µs, a box {cost['seal']:.1f} µs, opening it "
          f"{cost['unseal']:.1f} µs)")  # fmt: skip
    for name, make in brokers():
        with make() as address:  # type: ignore[operator]
            echo, ours = asyncio.run(interleaved(address, args.samples))
        ratio = statistics.median(ours) / statistics.median(echo)
        print(f"  {name:18} raw paho echo   {summary(echo)}")
        print(f"  {'':18} caldera command {summary(ours)}   p50 ratio {ratio:.2f}x "
              f"({'within' if ratio <= 2 else 'OVER'} the 2x goal)")  # fmt: skip


if __name__ == "__main__":
    main()

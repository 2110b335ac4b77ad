"""Folding a log compared with merely msgpack-decoding it, for the three games side by side in
one run (each timed interleaved with the others, best of 25, so all see the same machine load;
CPU time, which a shared machine's other processes change less than the wall clock).

Goal (issues 17 and 26): folding (decode, validate into typed events, evolve the state) costs
at most 2× decoding the same bytes with msgpack (``msgpack.unpackb``, into plain maps and lists),
for every game (Lost Ruins of Arnak's was 3× in issue 12: its events each do more).
The codec itself decodes with msgspec, whose untyped decoding of the same bytes is printed too,
for scale: it is about twice as fast as msgpack's. ``python bench/fold_vs_decode.py arnak``
times one game only.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import msgpack
import msgspec

from bench.common import calibration_ms, games_totalling
from core.codec import decode_envelope
from core.fold import fold as core_fold

GAMES = ("maunakea", "kilauea", "arnak")
GOAL = {"maunakea": 2.0, "kilauea": 2.0, "arnak": 2.0}
KINDS = ("msgpack", "msgspec", "fold")


def timed(fn: Callable[[], None]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def runners(wires: list[list[bytes]]) -> dict[str, Callable[[], None]]:
    """The three ways to read the same recorded logs."""

    def decode_only() -> None:
        unpack = msgpack.unpackb
        for wire in wires:
            for data in wire:
                unpack(data)

    def msgspec_only() -> None:
        decode = msgspec.msgpack.Decoder().decode
        for wire in wires:
            for data in wire:
                decode(data)

    def fold() -> None:
        for wire in wires:
            core_fold([decode_envelope(data) for data in wire])

    return {"msgpack": decode_only, "msgspec": msgspec_only, "fold": fold}


def main(*games: str) -> dict[str, float]:
    """Print each game's figures and return its fold/msgpack ratio."""
    games = games or GAMES
    wires = {game: [r.wire for r in games_totalling(game, 8_000)] for game in games}
    run = {game: runners(wires[game]) for game in games}
    best = {(game, kind): float("inf") for game in games for kind in KINDS}
    for _ in range(25):
        for game in games:
            for kind in KINDS:
                best[game, kind] = min(best[game, kind], timed(run[game][kind]))
    print("folding a log vs. msgpack-decoding it (CPU µs per event; best of 25, interleaved)")
    print(f"  this machine's calibration loop: {calibration_ms():.1f} ms CPU")
    print(f"  {'game':9s} {'events':>7s} {'msgpack':>8s} {'msgspec':>8s} {'fold':>7s}  ratio")
    ratios = {}
    for game in games:
        n = sum(len(wire) for wire in wires[game])
        us = {kind: best[game, kind] * 1e6 / n for kind in KINDS}
        ratios[game] = ratio = us["fold"] / us["msgpack"]
        print(
            f"  {game:9s} {n:7d} {us['msgpack']:8.2f} {us['msgspec']:8.2f} {us['fold']:7.2f}"
            f"  {ratio:.2f}× (goal: at most {GOAL[game]:g}×)"
        )
    return ratios


if __name__ == "__main__":
    main(*sys.argv[1:])

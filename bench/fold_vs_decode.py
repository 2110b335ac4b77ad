"""Folding a log compared with merely msgpack-decoding it, in the same run.

Goal (issue 17): folding (decode, validate into typed events, evolve the state) costs at most
2× decoding the same bytes with msgpack (``msgpack.unpackb``, into plain maps and lists).
The codec itself decodes with msgspec, whose untyped decoding of the same bytes is printed
too, for scale: it is about twice as fast as msgpack's.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import msgpack
import msgspec

from bench.common import games_totalling
from core.codec import decode_envelope
from core.fold import fold as core_fold

GAMES = ("maunakea", "kilauea", "arnak")


def timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(game: str = "maunakea") -> float:
    games = games_totalling(game, 8_000)
    wires = [referee.wire for referee in games]

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

    # interleaved, best of 9 each: both sides see the same machine load
    decode_s = msgspec_s = fold_s = float("inf")
    for _ in range(9):
        decode_s = min(decode_s, timed(decode_only))
        msgspec_s = min(msgspec_s, timed(msgspec_only))
        fold_s = min(fold_s, timed(fold))
    n = sum(len(wire) for wire in wires)
    ratio = fold_s / decode_s
    print(f"{game}: {n} events in {len(wires)} whole games")
    for label, seconds in (
        ("msgpack decode only", decode_s),
        ("(msgspec, untyped)", msgspec_s),
        ("decode + fold", fold_s),
    ):
        print(f"  {label:20s}: {n / seconds:10.0f} events/s  ({seconds * 1e6 / n:.2f} µs/event)")
    print(f"  folding costs {ratio:.2f}× msgpack decoding (goal: at most 2×)")
    return ratio


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["maunakea"]))

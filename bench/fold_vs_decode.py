"""Folding a log compared with merely msgpack-decoding it, in the same run.

Goal: folding (decode, validate into typed events, evolve the state) costs at most 3× decoding.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import msgpack

from bench.common import long_log
from core.codec import decode_envelope
from core.fold import start_state
from core.lifecycle import GameEnded, GameStarted


def timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(game: str = "maunakea") -> float:
    referee = long_log(game, 5_000)
    wire = referee.wire
    rules = referee.rules

    def decode_only() -> None:
        unpack = msgpack.unpackb
        for data in wire:
            unpack(data)

    def fold() -> None:
        envelopes = [decode_envelope(data) for data in wire]
        started = envelopes[0].event
        assert isinstance(started, GameStarted)
        state = start_state(rules, started)
        evolve = rules.evolve
        for env in envelopes[1:]:
            if not isinstance(env.event, GameEnded):
                state = evolve(state, env.event)

    # interleaved, best of 9 each: both sides see the same machine load
    decode_s = fold_s = float("inf")
    for _ in range(9):
        decode_s = min(decode_s, timed(decode_only))
        fold_s = min(fold_s, timed(fold))
    n = len(wire)
    ratio = fold_s / decode_s
    print(f"{game}: {n} events")
    for label, seconds in (("msgpack decode only", decode_s), ("decode + fold", fold_s)):
        print(f"  {label:20s}: {n / seconds:10.0f} events/s  ({seconds * 1e6 / n:.2f} µs/event)")
    print(f"  folding costs {ratio:.2f}× decoding (goal: at most 3×)")
    return ratio


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["maunakea"]))

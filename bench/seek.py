"""Median time to seek to a random event of a 5,000-event log (goal: under 5 ms)."""

from __future__ import annotations

import sys
import time

from bench.common import long_log, median, percentile
from core.rng import Rng
from replays.timeline import Timeline


def main(game: str = "maunakea") -> float:
    referee = long_log(game, 5_000)
    log = referee.log[:5_000]
    start = time.perf_counter()
    timeline = Timeline(log)
    opened = time.perf_counter() - start
    rng = Rng("seek")
    times = []
    for _ in range(500):
        seq = rng.below(len(log))
        t0 = time.perf_counter()
        timeline.state_at(seq)
        times.append(time.perf_counter() - t0)
    med = median(times) * 1e3
    print(
        f"{game}: {len(log)} events, snapshots every {timeline.every}, "
        f"opened in {opened * 1e3:.1f} ms"
    )
    print(
        f"  seek to a random event: median {med:.3f} ms, p99 {percentile(times, 99) * 1e3:.3f} ms"
        f" (goal: median under 5 ms)"
    )
    return med


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["maunakea"]))

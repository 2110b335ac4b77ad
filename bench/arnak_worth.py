"""Arnak's search valuation, cheaply: the greedy bot weighing positions by the search's
:class:`core.games.arnak.worth.Weights` (with ``--set NAME=VALUE`` changes) against the greedy
bot as it is, in 2-player duels from fixed seeds with the seats swapped, in parallel processes.
A valuation that makes one step of look-ahead play better is a better leaf score and playout
policy for the search (then measure the search itself with ``bench/bot_ladder.py``).

    nice -n 15 .venv/bin/python bench/arnak_worth.py --games 200 --set glass_row=4
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import mean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.bots import Bot, play_out
from core.games import get_rules
from core.games.arnak.greedy import GreedyBot
from core.games.arnak.worth import WEIGHTS, Weights, Worth, with_changes
from core.referee import Referee


def duel(weights: Weights, index: int, side: str) -> tuple[float, int, int]:
    """Game ``index``: seed ``index // 2``, the weighed bot in seat ``index % 2``; its share
    of the win, its score and the greedy bot's."""
    pair, seat = divmod(index, 2)
    seed = f"worth-{side}-{pair}"
    rules = get_rules("arnak")
    referee: Referee[object] = Referee(
        rules, rules.config(2, {"side": side}), ["A", "B"], seed=seed
    )
    referee.begin()
    weighed = GreedyBot(f"{seed}/w")
    weighed.worth = Worth(weights)  # type: ignore[method-assign,assignment]
    bots: dict[int, Bot] = {seat: weighed, 1 - seat: GreedyBot(f"{seed}/g")}
    play_out(referee, bots)
    outcome = referee.outcome()
    assert outcome is not None
    share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    return share, outcome.scores[seat], outcome.scores[1 - seat]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--side", choices=("bird", "snake"), default="bird")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    weights = with_changes(WEIGHTS, args.set)
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(duel, weights, i, args.side) for i in range(args.games)]
        results = [f.result() for f in futures]
    wins = sum(r[0] for r in results)
    n = len(results)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    print(
        f"{args.side} {' '.join(args.set) or '(as is)':40} {n} games: {100 * p:5.1f}% "
        f"±{100 * half:4.1f}, {mean(r[1] for r in results):5.1f} vs "
        f"{mean(r[2] for r in results):5.1f} points (load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()

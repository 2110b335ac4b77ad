"""Arnak's bots: random and greedy games per second for 2, 3 and 4 players (both board sides),
and the greedy bot against the random one in 2-player games (each seat in turn), with its mean
score beside the rulebook's typical winning range.

The yardstick printed beside the mean is 60-80 points, a winning score for an experienced player:
our own assumption, since the rulebook names no typical score.
"""

from __future__ import annotations

import sys
import time
from statistics import mean
from typing import Any

from core.bots import Bot, RandomBot, play_out
from core.games import get_rules
from core.games.arnak.greedy import GreedyBot
from core.referee import Referee


def game(players: int, side: str, seed: str, bots: dict[int, Bot]) -> Referee[Any]:
    rules = get_rules("arnak")
    config = rules.config(players, {"side": side})
    referee: Referee[Any] = Referee(rules, config, [f"P{i}" for i in range(players)], seed=seed)
    referee.begin()
    play_out(referee, bots)
    return referee


def speed(kind: str, seconds: float) -> None:
    print(f"arnak: {kind} games per second (bird and snake side alternating)")
    for players in (2, 3, 4):
        games = events = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or games < 2:
            seed = f"speed-{kind}-{players}-{games}"
            side = ("bird", "snake")[games % 2]
            maker = GreedyBot if kind == "greedy" else RandomBot
            bots: dict[int, Bot] = {s: maker(f"{seed}/{s}") for s in range(players)}
            events += len(game(players, side, seed, bots).log)
            games += 1
        elapsed = time.perf_counter() - start
        print(
            f"  {players} players: {games / elapsed:7.2f} games/s   "
            f"{events / games:6.0f} events/game   {events / elapsed:8.0f} events/s"
        )


def strength(pairs: int) -> None:
    start = time.perf_counter()
    greedy_scores: list[int] = []
    random_scores: list[int] = []
    wins = 0
    for i in range(pairs):
        for seat in (0, 1):
            seed = f"strength-{i}"
            side = ("bird", "snake")[i % 2]
            bots: dict[int, Bot] = {seat: GreedyBot(seed), 1 - seat: RandomBot(seed)}
            outcome = game(2, side, seed, bots).outcome()
            assert outcome is not None
            greedy_scores.append(outcome.scores[seat])
            random_scores.append(outcome.scores[1 - seat])
            wins += outcome.winners == (seat,)
    games = 2 * pairs
    print(f"arnak: greedy vs random, {games} two-player games (each seat in turn, both sides)")
    print(
        f"  greedy wins {wins}/{games} ({100 * wins / games:.0f}%); mean score greedy "
        f"{mean(greedy_scores):.1f}, random {mean(random_scores):.1f}; typical winning "
        f"scores 60-80   ({time.perf_counter() - start:.1f} s)"
    )


def main(pairs: int = 100, seconds: float = 3.0) -> None:
    speed("random", seconds)
    speed("greedy", seconds)
    strength(pairs)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))

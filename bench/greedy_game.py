"""A whole 2-player game between two greedy bots: the median time of N games, in ms.

Goal (issue 17): a Mauna Kea game in under 50 ms. It is what a bot table or a bot ladder pays
per game: the bots' decisions, ``legal_commands``, ``decide``, ``evolve`` and the referee's
encoding of every event. Kilauea's figure is printed beside it for comparison.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bench.common import median, percentile
from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee

GAMES = ("maunakea", "kilauea")


def greedy_game(game: str, seed: str, players: int = 2) -> Referee[Any]:
    rules = get_rules(game)
    config = rules.config(players, {"turn_limit": 200})
    referee: Referee[Any] = Referee(rules, config, [f"P{i}" for i in range(players)], seed=seed)
    referee.begin()
    play_out(referee, {s: make_bot(game, "greedy", f"{seed}/{s}") for s in range(players)})
    return referee


def main(game: str = "maunakea", games: int = 30) -> float:
    times: list[float] = []
    events = commands = 0
    for i in range(games):
        start = time.perf_counter()
        referee = greedy_game(game, f"greedy-{i}")
        times.append(time.perf_counter() - start)
        events += len(referee.log)
        commands += sum(1 for env in referee.log if referee.rules.command_for(env.event))
    ms = median(times) * 1e3
    print(f"{game}: {games} whole 2-player greedy-bot games (turn limit 200)")
    print(
        f"  median {ms:.1f} ms a game (p90 {percentile(times, 90) * 1e3:.1f} ms), "
        f"{events / games:.0f} events and {commands / games:.0f} commands a game"
    )
    if game == "maunakea":
        print("  goal: under 50 ms")
    return ms


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["maunakea"]))

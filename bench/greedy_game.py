"""A whole 2-player game between two greedy bots: the median time of N games, in ms.

Goal (issues 17 and 26): every game in under 50 ms. It is what a bot table or a bot ladder pays
per game, and what a search bot's greedy playouts cost: the bots' decisions, ``legal_commands``,
``decide``, ``evolve`` and the referee's encoding of every event. The median's CPU time is
printed too (what the machine's load changes less), and the calibration loop's time (the speed of
the machine); ``engine_instructions.py`` counts the same games' instructions (the goal that holds
on any machine).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bench.common import calibration_ms, median, percentile
from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee

GAMES = ("maunakea", "kilauea", "arnak")


def greedy_game(game: str, seed: str, players: int = 2) -> Referee[Any]:
    rules = get_rules(game)
    limited = any(option.name == "turn_limit" for option in rules.options)  # Arnak: 5 rounds
    config = rules.config(players, {"turn_limit": 200} if limited else {})
    referee: Referee[Any] = Referee(rules, config, [f"P{i}" for i in range(players)], seed=seed)
    referee.begin()
    play_out(referee, {s: make_bot(game, "greedy", f"{seed}/{s}") for s in range(players)})
    return referee


def main(game: str = "maunakea", games: int = 30) -> float:
    times: list[float] = []
    cpu: list[float] = []
    events = commands = 0
    for i in range(games):
        start, start_cpu = time.perf_counter(), time.process_time()
        referee = greedy_game(game, f"greedy-{i}")
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        events += len(referee.log)
        commands += sum(1 for env in referee.log if referee.rules.command_for(env.event))
    ms = median(times) * 1e3
    limit = "" if game == "arnak" else " (turn limit 200)"
    print(f"{game}: {games} whole 2-player greedy-bot games{limit}")
    print(f"  this machine's calibration loop: {calibration_ms():.1f} ms CPU")
    print(
        f"  median {ms:.1f} ms a game (CPU {median(cpu) * 1e3:.1f} ms; p90 "
        f"{percentile(times, 90) * 1e3:.1f} ms), {events / games:.0f} events and "
        f"{commands / games:.0f} commands a game; goal: under 50 ms"
    )
    return ms


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["maunakea"]))

"""Shared helpers for the benchmarks: recorded games and simple statistics."""

from __future__ import annotations

import statistics
from typing import Any

from core.bots import RandomBot, play_out
from core.games import get_rules
from core.referee import Referee


def bot_game(game: str, players: int, seed: str, turn_limit: int = 200) -> Referee[Any]:
    rules = get_rules(game)
    limited = any(option.name == "turn_limit" for option in rules.options)  # not Arnak
    config = rules.config(players, {"turn_limit": turn_limit} if limited else {})
    referee: Referee[Any] = Referee(rules, config, [f"P{i}" for i in range(players)], seed=seed)
    referee.begin()
    play_out(referee, {s: RandomBot(f"{seed}/{s}") for s in range(players)})
    return referee


def long_log(game: str, events: int, seed: str = "bench") -> Referee[Any]:
    """A bot game with at least ``events`` events (the turn limit grows until it has them).

    Only for games that can go on (Mauna Kea); see :func:`games_totalling` otherwise.
    """
    limit = 200
    for _ in range(6):
        referee = bot_game(game, 4, seed, turn_limit=limit)
        if len(referee.log) >= events:
            return referee
        limit *= 2
    raise ValueError(f"{game} games end before {events} events")


def games_totalling(game: str, events: int, seed: str = "bench") -> list[Referee[Any]]:
    """Whole 4-player bot games adding up to at least ``events`` events."""
    out: list[Referee[Any]] = []
    while sum(len(r.log) for r in out) < events:
        out.append(bot_game(game, 4, f"{seed}-{len(out)}"))
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def calibration_ms() -> float:
    """This machine's speed: the best CPU time of five runs of one fixed pure-Python loop, in ms.

    Printed beside absolute times so that a figure from a slower (or busier) machine can be
    placed: the loop does the interpreter's ordinary work (calls, attribute and dict lookups,
    small lists), about 9 M instructions, the same on every machine.
    """
    import time

    def loop() -> int:
        table: dict[int, list[int]] = {}
        total = 0
        for i in range(50_000):
            row = table.setdefault(i & 255, [])
            row.append(i)
            total += len(row) + (i % 7)
        return total

    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        loop()
        best = min(best, time.process_time() - start)
    return best * 1e3

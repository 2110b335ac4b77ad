"""The search bots' speed: CPU time per search iteration in each game, and the iterations that
fill a level's seconds (the budgets the games register for their levels come from here).

Positions are sampled from greedy games (every seventh decision with a choice, after the
setup); each is searched at the hard level with a fixed budget. CPU time, not wall time, so a
busy machine measures what a quiet one would (a process that shares its core still shows).

    nice -n 15 .venv/bin/python bench/search_speed.py [ITERATIONS] [POSITIONS]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bot_ladder import VARIANTS
from core.bots import make_bot
from core.games import get_rules
from core.referee import Referee
from core.search import LEVELS, SearchBot


def positions(variant: str, count: int) -> list[tuple[Any, int]]:
    """(view, seat) of ``count`` decisions from greedy 2-player games."""
    spec = VARIANTS[variant]
    rules = get_rules(spec.game)
    found: list[tuple[Any, int]] = []
    game = 0
    while len(found) < count:
        config = rules.config(2, dict(spec.options))
        referee: Referee[Any] = Referee(rules, config, ["A", "B"], seed=f"speed-{game}")
        referee.begin()
        bots = {s: make_bot(spec.game, "greedy", f"speed/{s}") for s in range(2)}
        choices = 0
        while not referee.ended and len(found) < count:
            seat = rules.to_move(referee.state)[0]
            view = rules.view(referee.state, seat)
            if len(rules.legal_commands(view, seat)) > 1:
                choices += 1
                if choices % 7 == 3:
                    found.append((view, seat))
            referee.submit(seat, bots[seat].choose(rules, view, seat))
        game += 1
    return found


def main(iterations: int = 60, count: int = 12) -> None:
    print(f"search speed: CPU ms per iteration at the hard level, {count} positions a game, "
          f"{iterations} iterations each (load {os.getloadavg()[0]:.2f})")  # fmt: skip
    print(f"{'game':18} {'ms/it p50':>9} {'max':>7}   iterations in " + ", ".join(
        f"{level.name} {level.seconds} s" for level in LEVELS.values()))  # fmt: skip
    for variant in ("maunakea", "maunakea-advanced", "kilauea", "arnak-bird", "arnak-snake"):
        game = VARIANTS[variant].game
        rules = get_rules(game)
        costs = []
        for view, seat in positions(variant, count):
            bot = make_bot(game, "hard", "speed")
            assert isinstance(bot, SearchBot)
            bot.timed = False
            bot.level = bot.level.budget(iterations)
            start = time.process_time()
            decision = bot.decide(rules, view, seat)
            if decision.iterations:
                costs.append((time.process_time() - start) / decision.iterations)
        per = median(costs)
        fits = ", ".join(f"{int((level.seconds or 0) / per)}" for level in LEVELS.values())
        print(f"{variant:18} {per * 1000:9.1f} {max(costs) * 1000:7.1f}   {fits}", flush=True)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))

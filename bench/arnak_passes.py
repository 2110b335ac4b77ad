"""How often Arnak's `hard` passes while a buy is on offer, with the search's horizon counted by
the game's turns (as it plays) and by changes of the seat to move (as it did before).

The positions come from greedy 2-player games from fixed seeds (``rate-N``, both sides): each
time seat 1 is to take its main action with no card in hand and a card it can afford in the
row. ``hard`` at ``--budget`` iterations decides each one under both horizons; the figures are
the positions and the passes of each, in all and by round.

    nice -n 15 .venv/bin/python bench/arnak_passes.py --games 16 --budget 40
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.bots import make_bot
from core.games import get_rules
from core.games.arnak import commands as cmd
from core.games.arnak import search
from core.referee import Referee
from core.search import SearchBot

RULES = get_rules("arnak")
HORIZONS: dict[str, Any] = {"turns": search.turns, "seat changes": None}


def passes(view: Any, budget: int, seed: str) -> dict[str, bool]:
    """Whether ``hard`` passes in ``view`` (seat 1's) under each horizon."""
    out = {}
    for name, turns in HORIZONS.items():
        bot = make_bot("arnak", "hard", seed)
        assert isinstance(bot, SearchBot)
        bot.timed = False
        bot.level = bot.level.budget(budget)
        bot.hooks = replace(bot.hooks, turns=turns)
        out[name] = isinstance(bot.choose(RULES, view, 0), cmd.Pass)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="seeds (each played on both sides)")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--budget", type=int, default=40, help="hard's iterations a decision")
    args = parser.parse_args()
    rounds: dict[int, dict[str, int]] = {}
    for n in range(args.first, args.first + args.games):
        for side in ("bird", "snake"):
            seed = f"rate-{n}"
            referee: Referee[Any] = Referee(
                RULES, RULES.config(2, {"side": side}), ["A", "B"], seed=seed
            )
            referee.begin()
            bots = {s: make_bot("arnak", "greedy", f"{seed}/{s}") for s in range(2)}
            while not referee.ended:
                seat = RULES.to_move(referee.state)[0]
                view = RULES.view(referee.state, seat)
                legal = RULES.legal_commands(view, seat)
                if (
                    seat == 0
                    and not view.stack
                    and not view.main_done
                    and not view.seats[0].hand
                    and any(isinstance(c, cmd.Buy) for c in legal)
                ):
                    count = rounds.setdefault(
                        view.round, dict.fromkeys(["positions", *HORIZONS], 0)
                    )
                    count["positions"] += 1
                    for name, passed in passes(
                        view, args.budget, f"{seed}/{side}/{view.turn}"
                    ).items():
                        count[name] += passed
                referee.submit(seat, bots[seat].choose(RULES, view, seat))
    print(
        f"hard at {args.budget} iterations, seeds rate-{args.first}..{args.first + args.games - 1}"
    )
    print(f"{'round':>5} {'positions':>9} " + " ".join(f"{h:>14}" for h in HORIZONS))
    total = dict.fromkeys(["positions", *HORIZONS], 0)
    for r, count in sorted(rounds.items()):
        print(f"{r:5} {count['positions']:9} " + " ".join(f"{count[h]:14}" for h in HORIZONS))
        for key in total:
            total[key] += count[key]
    print(f"{'all':>5} {total['positions']:9} " + " ".join(f"{total[h]:14}" for h in HORIZONS))


if __name__ == "__main__":
    main()

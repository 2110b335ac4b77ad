"""What a position at a round's start turns into by the game's end, in Arnak: the playout
policy (the greedy bot weighing by the search's weights) plays both seats of 2-player games from
fixed seeds; at the start of each round it notes each seat's points so far and what helps it
score later (resources, cards bought, idols, guardians' boons, assistants, research rows), and
at the end the seat's final points. A least-squares fit by round of the points still to come on
those things says what each is worth then, in points, beside the weights the search uses
(``core.games.arnak.worth``).

    nice -n 15 .venv/bin/python bench/arnak_fit.py --games 400 --side snake
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.bots import play_out
from core.games import get_rules
from core.games.arnak import catalog as K
from core.games.arnak import search
from core.games.arnak.catalog import research_row
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.scoring import points
from core.games.arnak.search import SEARCH_WEIGHTS, Policy
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState
from core.games.arnak.worth import growth, with_changes
from core.referee import Referee

FEATURES = (
    "coin", "compass", "tablet", "arrowhead", "jewel", "card", "card_cost", "fear",
    "assistant", "gold", "idol", "boon", "glass_row", "notebook_row", "in_temple",
)  # fmt: skip
"""The things noted, by their names in :class:`core.games.arnak.worth.Weights`."""


def features(state: ArnakState, seat: int) -> list[float]:
    """What helps ``seat`` score later, counted (what the valuation weighs, unweighted)."""
    p = state.seats[seat]
    cards = [K.card(c) for c in [*p.deck, *p.hand, *p.play, *p.aside] if c != HIDDEN]
    bought = [c for c in cards if c is not None and c.kind in ("item", "artifact")]
    fear = sum(1 for c in cards if c is not None and c.kind == "fear")
    glass = 8 if p.glass == TEMPLE else research_row(state.side, p.glass)
    return [
        *map(float, p.res),
        len(bought),
        sum(c.cost for c in bought),
        fear,
        len(p.assistants),
        sum(1 for a in p.assistants if a.gold),
        p.idols,
        len(set(p.guardians) - set(p.boons_used)),
        glass,
        research_row(state.side, p.notebook),
        1.0 if p.glass == TEMPLE else 0.0,
    ]


Sample = tuple[int, list[float], float]  # round, features, points still to come


def game(side: str, index: int, worth: tuple[str, ...] = ()) -> list[Sample]:
    """Game ``index``'s samples: each seat at each round's start (``worth``: changes to the
    policy's weights)."""
    if worth:
        search.use_weights(with_changes(SEARCH_WEIGHTS, list(worth)))
    rules = get_rules("arnak")
    seed = f"fit-{side}-{index}"
    referee: Referee[ArnakState] = Referee(
        rules, rules.config(2, {"side": side}), ["A", "B"], seed=seed
    )
    referee.begin()
    noted: list[tuple[int, int, list[float], int]] = []

    def note(referee: Referee[ArnakState]) -> None:
        state = referee.state
        if state.phase == "turn" and (not noted or noted[-1][0] != state.round):
            for seat in range(2):
                noted.append((state.round, seat, features(state, seat), points(state, seat)))

    note(referee)
    play_out(referee, {s: Policy(f"{seed}/{s}") for s in range(2)}, on_command=note)
    outcome = referee.outcome()
    assert outcome is not None
    return [(r, f, float(outcome.scores[seat] - now)) for r, seat, f, now in noted]


def solve(rows: list[list[float]], targets: list[float], ridge: float = 1.0) -> list[float]:
    """Least squares with a small ridge (Gaussian elimination on the normal equations)."""
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(n)]
         for i in range(n)]  # fmt: skip
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda k: abs(a[k][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for k in range(n):
            if k != col and a[col][col]:
                f = a[k][col] / a[col][col]
                a[k] = [x - f * y for x, y in zip(a[k], a[col], strict=True)]
                b[k] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--side", choices=("bird", "snake"), default="snake")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--worth", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    worth = [tuple(args.worth)] * args.games
    with ProcessPoolExecutor(args.jobs) as pool:
        games = pool.map(game, [args.side] * args.games, range(args.games), worth)
        samples = [s for g in games for s in g]
    print(f"{args.side}, {args.games} games: the points still to come, fitted by round")
    print(f"{'':13}" + "".join(f"{'round ' + str(r):>9}" for r in range(1, C.rules.rounds + 1))
          + f"{'weights':>9}")  # fmt: skip
    fits = {}
    for r in range(1, C.rules.rounds + 1):
        mine = [(f, t) for rr, f, t in samples if rr == r]
        fits[r] = solve([[1.0, *f] for f, _ in mine], [t for _, t in mine])
    for i, name in enumerate(("constant", *FEATURES)):
        weight = getattr(SEARCH_WEIGHTS, name, 0.0) if i else 0.0
        line = "".join(f"{fits[r][i]:9.2f}" for r in fits)
        print(f"{name:13}{line}{weight:9.2f}")
    print(f"{'fades to':13}" + "".join(f"{growth(SEARCH_WEIGHTS, r):9.2f}" for r in fits))


if __name__ == "__main__":
    main()

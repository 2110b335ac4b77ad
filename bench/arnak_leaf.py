"""Arnak's two leaf scores as forecasts: the hand-written worth (``search.evaluate``) and the
learned model (``learned.leaf_of``), each asked what the search asks of it, on the positions of
playout-policy games it was not fitted on.

At every turn's start of each game, for each seat: a deal of that seat's view (as the search
deals it), both leaves on it, and the game's end. The search's reward reads only a seat's lead
(its value less its best rival's) and the points it gains, so the figure that counts is how well
each forecasts the final margin: its correlation with it (the higher, the better it orders
positions) and its error, by round. The model's points are printed beside a constant's (the
worth is not meant as a forecast of a final score).

    nice -n 15 .venv/bin/python bench/arnak_leaf.py --games 40
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get_rules
from core.games.arnak import learned, search
from core.referee import Referee


def noted(games: int) -> list[tuple[int, float, float, float, float]]:
    """(round, worth margin, model margin, model points, final margin, final points)…"""
    rules = get_rules("arnak")
    assert learned.MODEL is not None, learned.REFUSED
    leaf = learned.leaf_of(learned.MODEL)
    rows = []
    for i in range(games):
        seed = f"leaf-check-{i}"
        config = rules.config(2, {"side": ("bird", "snake")[i % 2]})
        referee: Referee[object] = Referee(rules, config, ["A", "B"], seed=seed)
        referee.begin()
        bots = [search.Policy(f"{seed}/{s}") for s in range(2)]
        rng = Random(seed)
        here = []
        last = None
        while not referee.ended:
            mover = rules.to_move(referee.state)[0]
            if mover != last:
                last = mover
                for s in range(2):
                    dealt = search.determinize(rules.view(referee.state, s), s, rng)
                    worth = search.evaluate(dealt)
                    model = leaf(dealt)
                    round_ = referee.state.round
                    here.append((round_, s, worth[s] - worth[1 - s], model[s] - model[1 - s],
                                 model[s]))  # fmt: skip
            view = rules.view(referee.state, mover)
            referee.submit(mover, bots[mover].choose(rules, view, mover))
        outcome = referee.outcome()
        assert outcome is not None
        scores = outcome.scores
        rows += [(r, w, m, p, scores[s] - scores[1 - s], scores[s]) for r, s, w, m, p in here]
    return rows  # type: ignore[return-value]


def corr(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def rmse(xs: list[float], ys: list[float]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(xs, ys, strict=True)) / len(xs))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    rows = noted(args.games)
    print(f"{args.games} playout-policy games, {len(rows)} positions (a seat's, at a turn's start)")
    print(f"{'round':>5} {'rows':>5}  final margin: worth corr / rmse   model corr / rmse"
          f"   final points: model rmse (a constant)")  # fmt: skip
    for round_ in (None, 1, 2, 3, 4, 5):
        part = [r for r in rows if round_ is None or r[0] == round_]
        if not part:
            continue
        margin = [r[4] for r in part]
        points = [r[5] for r in part]
        mean = sum(points) / len(points)
        constant = math.sqrt(sum((p - mean) ** 2 for p in points) / len(points))
        w, m = [r[1] for r in part], [r[2] for r in part]
        name = round_ or "all"
        print(f"{name:>5} {len(part):5}  {corr(w, margin):21.3f} / {rmse(w, margin):4.2f}"
              f"   {corr(m, margin):10.3f} / {rmse(m, margin):4.2f}"
              f"   {rmse([r[3] for r in part], points):18.2f} ({constant:.2f})")  # fmt: skip


if __name__ == "__main__":
    main()

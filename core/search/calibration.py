"""Winning chances that mean what they say.

The search's reward is a squashed lead (:func:`core.search.ismcts.rewards`): "61%" from it is
not a 61% chance. ``calibration.json`` beside this module holds, for each game and bot level, a
Platt scaling fitted by ``bench/calibration.py`` on positions of that level's own self-play games
(the reward at each decision and whether the seat went on to win): ``P(win) = 1 / (1 + exp(-(a
* logit(reward) + b)))``, with the number of positions and the table it was checked on. A game
and level with no fit has no calibrated chance (``None``), and Caldera then shows none.
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FILE = Path(__file__).with_name("calibration.json")
EDGE = 1e-4  # rewards are clipped to [EDGE, 1 - EDGE] before their logit


@dataclass(frozen=True)
class Platt:
    """``P(win) = sigmoid(a * logit(reward) + b)``, fitted on ``positions`` positions."""

    a: float
    b: float
    positions: int

    def __call__(self, reward: float) -> float:
        z = self.a * logit(reward) + self.b
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def logit(reward: float) -> float:
    p = min(1.0 - EDGE, max(EDGE, reward))
    return math.log(p / (1.0 - p))


@cache
def fits(path: Path = FILE) -> dict[tuple[str, str], Platt]:
    """Every fit in the file (none when it is missing or unreadable)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        return {
            (game, level): Platt(float(fit["a"]), float(fit["b"]), int(fit["positions"]))
            for game, levels in doc["fits"].items()
            for level, fit in levels.items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def chance(game: str, level: str, reward: float) -> float | None:
    """The calibrated chance that a reward of ``level``'s search in ``game`` wins, or
    ``None`` where no fit was measured."""
    fit = fits().get((game, level))
    return fit(reward) if fit is not None else None


def fit_platt(points: list[tuple[float, bool]], steps: int = 50) -> Platt:
    """The Platt scaling that best predicts the wins of ``points`` ((reward, won) pairs):
    logistic regression on the reward's logit, by Newton's method (two parameters)."""
    a, b = 1.0, 0.0
    xs = [logit(r) for r, _ in points]
    ys = [1.0 if won else 0.0 for _, won in points]
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, a * x + b))))
            w = p * (1.0 - p)
            ga += (p - y) * x
            gb += p - y
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab + 1e-12
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return Platt(a, b, len(points))


@dataclass(frozen=True)
class Isotonic:
    """The win rate by reward as a rising step curve (isotonic regression): each step's
    chance from its lowest reward on; fitted on ``positions`` positions."""

    steps: tuple[tuple[float, float], ...]  # (lowest reward, chance), both rising
    positions: int

    def __call__(self, reward: float) -> float:
        at = bisect.bisect_right([low for low, _ in self.steps], reward) - 1
        return self.steps[max(0, at)][1]


def fit_isotonic(points: list[tuple[float, bool]]) -> Isotonic:
    """The rising step curve closest to the wins of ``points`` (least squares): the pool of
    adjacent violators, positions sorted by reward."""
    blocks: list[list[float]] = []  # [wins, positions, lowest reward]
    for reward, won in sorted(points):
        if blocks and blocks[-1][2] == reward:  # one reward, one chance
            blocks[-1][0] += won
            blocks[-1][1] += 1
        else:
            blocks.append([float(won), 1.0, reward])
        while len(blocks) > 1 and blocks[-2][0] * blocks[-1][1] >= blocks[-1][0] * blocks[-2][1]:
            wins, n, _ = blocks.pop()
            blocks[-1][0] += wins
            blocks[-1][1] += n
    return Isotonic(tuple((low, wins / n) for wins, n, low in blocks), len(points))


def table(
    points: list[tuple[float, bool]], predict: Callable[[float], float] | None = None
) -> list[tuple[int, float, float]]:
    """For each tenth of predicted chances that holds positions: (positions, mean predicted,
    observed win rate); ``predict`` maps a reward to a chance (default: the reward itself)."""
    f = predict if predict is not None else (lambda r: r)
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for reward, won in points:
        p = float(f(reward))
        bins[min(9, int(p * 10))].append((p, won))
    return [
        (len(b), sum(p for p, _ in b) / len(b), sum(w for _, w in b) / len(b)) for b in bins if b
    ]


Game = list[tuple[float, bool]]
"""One game's positions: (reward, won) at each decision, in the game's order."""


Fitter = Callable[[list[tuple[float, bool]]], Callable[[float], float]]
"""A fit: from (reward, won) positions, a reward's chance."""


def held_out(games: list[Game], fit: Fitter | None, folds: int = 10) -> list[Game]:
    """Each game's positions as (predicted chance, won), every prediction made by a fit that
    never saw its game: the games dealt into ``folds`` folds (game ``i`` in fold ``i % folds``),
    each fold's predicted by ``fit`` on the others (``None``: the reward itself). So every game
    is held out once, and the table is checked on all of them, not on half."""
    out: list[list[tuple[float, bool]]] = [[] for _ in games]
    for fold in range(folds):
        train = [p for i, game in enumerate(games) if i % folds != fold for p in game]
        predict = fit(train) if fit is not None and train else (lambda r: r)
        for i in range(fold, len(games), folds):
            out[i] = [(float(predict(r)), won) for r, won in games[i]]
    return out


@dataclass(frozen=True)
class Tenth:
    """A tenth of predicted chances, held out: its positions and games, the mean predicted
    chance, the observed win rate, and the 90% interval of observed less predicted when the
    games are drawn again (whole games: a game's positions share its ending, so they are one
    draw, not many)."""

    low: float  # the tenth: predicted chances from low to low + 0.1
    positions: int
    games: int
    predicted: float
    observed: float
    interval: tuple[float, float]

    @property
    def off(self) -> float:
        return self.observed - self.predicted


def tenths(held: list[list[tuple[float, bool]]], draws: int = 400, seed: int = 43) -> list[Tenth]:
    """The table by tenths of ``held`` (each game's (predicted, won) positions), each tenth
    with its 90% interval over ``draws`` redraws of the games with replacement."""
    import random

    # per game and tenth: positions, sum of predictions, wins
    sums = [[[0.0, 0.0, 0.0] for _ in range(10)] for _ in held]
    for g, game in enumerate(held):
        for p, won in game:
            cell = sums[g][min(9, int(p * 10))]
            cell[0] += 1
            cell[1] += p
            cell[2] += won
    rng = random.Random(seed)
    offs: list[list[float]] = [[] for _ in range(10)]
    for _ in range(draws):
        again = [sums[rng.randrange(len(held))] for _ in held]
        for k in range(10):
            n = sum(g[k][0] for g in again)
            if n:
                offs[k].append((sum(g[k][2] for g in again) - sum(g[k][1] for g in again)) / n)
    out = []
    for k in range(10):
        n = int(sum(g[k][0] for g in sums))
        if not n:
            continue
        spread = sorted(offs[k])
        lo, hi = spread[int(0.05 * len(spread))], spread[int(0.95 * (len(spread) - 1))]
        out.append(Tenth(k / 10, n, sum(g[k][0] > 0 for g in sums), sum(g[k][1] for g in sums) / n,
                         sum(g[k][2] for g in sums) / n, (lo, hi)))  # fmt: skip
    return out

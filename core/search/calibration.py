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

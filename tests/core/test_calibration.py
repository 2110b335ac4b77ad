"""Calibrated winning chances: a Platt scaling fitted on (reward, won) pairs finds the law they
were drawn from, and so does an isotonic fit where the law is no logistic curve (a step); the
table by tenths says how often each tenth came true, and a game and level
with no measured fit have no chance to show."""

from __future__ import annotations

import json
import math
from pathlib import Path
from random import Random
from typing import Any

from core.search import calibration
from core.search.calibration import Platt, fit_isotonic, fit_platt, logit, table


def test_a_fit_finds_the_law_the_wins_were_drawn_from() -> None:
    law = Platt(0.6, -0.2, 0)
    rng = Random(7)
    points = []
    for _ in range(20_000):
        reward = rng.random()
        points.append((reward, rng.random() < law(reward)))
    fit = fit_platt(points)
    assert abs(fit.a - 0.6) < 0.05 and abs(fit.b + 0.2) < 0.05 and fit.positions == 20_000
    for positions, predicted, observed in table(points, fit):
        assert positions > 100 and abs(predicted - observed) < 0.05
    raw = table(points)  # the raw reward is off by far where the law is flat
    assert max(abs(p - o) for _, p, o in raw) > 0.15


def test_an_isotonic_fit_follows_a_law_no_logistic_curve_follows() -> None:
    def law(reward: float) -> float:  # flat, then a step: what Arnak's raw rewards looked like
        return 0.45 if reward < 0.7 else 0.9

    rng = Random(11)
    points = [(r, rng.random() < law(r)) for r in (rng.random() for _ in range(20_000))]
    fit = fit_isotonic(points)
    chances = [fit(r / 100) for r in range(101)]
    assert chances == sorted(chances) and fit.positions == 20_000  # never falls
    assert abs(fit(0.3) - 0.45) < 0.05 and abs(fit(0.9) - 0.9) < 0.05
    worst = max(abs(p - o) for _, p, o in table(points, fit))
    assert worst < 0.05 < max(abs(p - o) for _, p, o in table(points, fit_platt(points)))
    assert fit_isotonic([(0.2, True), (0.8, False)]).steps == ((0.2, 0.5),)  # pooled


def test_a_chance_is_given_only_where_a_fit_was_measured(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    fit = {"a": 1.0, "b": 0.0, "positions": 2000}
    path.write_text(json.dumps({"fits": {"kilauea": {"medium": fit}}}))
    fits = calibration.fits(path)
    assert fits[("kilauea", "medium")](0.7) == 1 / (1 + math.exp(-logit(0.7)))
    assert ("arnak", "medium") not in fits
    path.write_text("not json")
    assert calibration.fits.__wrapped__(path) == {}  # an unreadable file: no chance shown


def test_every_game_is_held_out_once_by_a_fit_that_never_saw_it() -> None:
    from core.search.calibration import held_out

    games = [[(0.5, i % 3 == 0)] * (i + 1) for i in range(25)]  # game i: i + 1 positions
    seen: list[list[tuple[float, bool]]] = []

    def fit(train: list[tuple[float, bool]]) -> Any:
        seen.append(train)
        rate = sum(w for _, w in train) / len(train)
        return lambda _reward: rate

    held = held_out(games, fit, folds=5)
    assert len(seen) == 5 and [len(g) for g in held] == [len(g) for g in games]
    for i, game in enumerate(held):
        others = [p for j, g in enumerate(games) if j % 5 != i % 5 for p in g]
        assert {p for p, _ in game} == {sum(w for _, w in others) / len(others)}
        assert [w for _, w in game] == [w for _, w in games[i]]


def test_a_tenths_interval_counts_a_games_positions_as_one_draw() -> None:
    """A calibrated law, its wins drawn per position (2,000 one-position games) or per game (80
    games of 25 positions sharing one ending): every tenth is near its law and its interval
    holds the truth, and the intervals of shared endings are far wider (the games' chance)."""
    import statistics

    from core.search.calibration import tenths

    rng = Random(5)
    single = [[(p, rng.random() < p)] for p in (rng.random() for _ in range(2000))]
    shared = []
    for _ in range(80):
        p = rng.random()
        shared.append([(p, rng.random() < p)] * 25)
    alone = tenths(single, draws=200)
    for t in alone:
        assert abs(t.off) < 0.06 and t.interval[0] < 0 < t.interval[1] and t.games == t.positions
    width = [statistics.median(t.interval[1] - t.interval[0] for t in table)
             for table in (alone, tenths(shared, draws=200))]  # fmt: skip
    assert width[1] > 2 * width[0]

"""Fit a game's learned evaluation on self-play records: a ridge regression of each seat's final
points and a logistic regression of its winning, over the features of its own view; held-out
games (every fifth by index, in each records file) say how much better than a constant it
predicts, and (``--against``) than the model it would replace, on the same positions.

    nice -n 19 .venv/bin/python training/fit.py --game arnak --generation 2 \
        training/records/arnak-gen0.jsonl.gz training/records/arnak-gen1.jsonl.gz \
        --against core/games/arnak/model.json --out training/candidates/arnak-gen2.json

It prints the held-out figures (all files together, then each file's) and writes the model file
(the data, seeds and generation named inside); ``training/duel.py`` then decides whether it
replaces the game's model.
Needs scikit-learn (the ``dev`` extra); the bots read the file in plain Python.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.search.model import FORMAT
from training import learned
from training.selfplay import read

HELD_OUT = 5  # games whose index is a multiple of this are held out


players: dict[str, int] = {}  # the self-play bots of the records read last, by games


def rows_of(
    paths: list[Path], version: str
) -> tuple[list[list[float]], list[list[float]], list[str]]:
    """Every noted position: its features, and (final points, margin, win, index, moment,
    game, file): a game's index repeats from one records file to the next, its number
    (``game``, in reading order) does not."""
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    seeds: list[str] = []
    players.clear()
    for number, path in enumerate(paths):
        for doc in read(path):
            if doc["features"] != version:
                raise SystemExit(f"{path}: game {doc['index']} has features {doc['features']!r}")
            scores = doc["scores"]
            winners = doc["winners"]
            seeds.append(doc["seed"])
            bot = f"{doc['bot']}, explore {doc['explore']}"
            if doc["model"]:
                bot += f", model {doc['model']}, budget {doc['budget']}"
            players[bot] = players.get(bot, 0) + 1
            for moment, row in enumerate(doc["rows"]):
                seat = row[0]
                best = max(s for p, s in enumerate(scores) if p != seat)
                win = 1.0 / len(winners) if seat in winners else 0.0
                xs.append([float(v) for v in row[1:]])
                ys.append([scores[seat], scores[seat] - best, win, doc["index"], moment // 2,
                           len(seeds), number])  # fmt: skip
    return xs, ys, seeds


def fit(
    paths: list[Path], game: str, generation: int, command: str, against: Path | None = None
) -> dict[str, Any]:
    import numpy as np
    from sklearn.linear_model import LogisticRegression, RidgeCV
    from sklearn.preprocessing import StandardScaler

    kit = learned.kit(game)
    xs, ys, seeds = rows_of(paths, kit.version)
    x = np.array(xs)
    y = np.array(ys)
    test = (y[:, 3] % HELD_OUT) == 0
    train = ~test
    scaler = StandardScaler().fit(x[train])
    scaler.scale_[scaler.scale_ == 0] = 1.0
    z = scaler.transform(x)

    def unscaled(coef: Any, intercept: float) -> tuple[list[float], float]:
        weights = coef / scaler.scale_
        return weights.tolist(), float(intercept - (weights * scaler.mean_).sum())

    ridge = RidgeCV(alphas=(0.1, 1.0, 10.0, 100.0, 1000.0)).fit(z[train], y[train, 0])
    score_w, score_b = unscaled(ridge.coef_, ridge.intercept_)
    points = x @ np.array(score_w) + score_b
    # the margin the search sees: the seat's expected points less its rival's (rows in pairs)
    pair = np.arange(len(x)) ^ 1
    lead = points - points[pair]
    margin_ridge = RidgeCV(alphas=(0.1, 1.0, 10.0, 100.0, 1000.0)).fit(z[train], y[train, 1])
    won = (y[:, 2] >= 0.5).astype(int)
    logistic = LogisticRegression(C=1.0, max_iter=2000).fit(z[train], won[train])
    win_w, win_b = unscaled(logistic.coef_[0], logistic.intercept_[0])
    slope = LogisticRegression(C=1e6).fit(lead[train, None], won[train])
    scale = 1.0 / float(slope.coef_[0][0])

    def rmse(a: Any, b: Any) -> float:
        return float(math.sqrt(((a - b) ** 2).mean()))

    chance = logistic.predict_proba(z[test])[:, 1]
    rate = won[train].mean()
    held: dict[str, Any] = {
        "games": len({int(i) for i in y[test, 5]}),
        "rows": int(test.sum()),
        "score_rmse": round(rmse(points[test], y[test, 0]), 3),
        "score_rmse_constant": round(rmse(y[train, 0].mean(), y[test, 0]), 3),
        "margin_rmse": round(rmse(lead[test], y[test, 1]), 3),
        "margin_rmse_ridge": round(rmse(margin_ridge.predict(z[test]), y[test, 1]), 3),
        "margin_rmse_constant": round(rmse(y[train, 1].mean(), y[test, 1]), 3),
        "win_brier": round(float(((chance - won[test]) ** 2).mean()), 4),
        "win_brier_constant": round(float(((rate - won[test]) ** 2).mean()), 4),
        "calibration": calibration(chance, won[test]),
    }
    old = kit.load(against) if against else None
    if old is not None:
        held["against"] = {"model": relative(against), "generation": old.generation}
        held["against"] |= figures(old.points, old.chance, x[test], y[test])
    held["by_data"] = {}
    for number, path in enumerate(paths):
        here = test & (y[:, 6] == number)
        if here.any():
            mine = figures(lambda v: float(v @ score_w) + score_b, None, x[here], y[here])
            mine["score_rmse_constant"] = round(rmse(y[train, 0].mean(), y[here, 0]), 3)
            if old is not None:
                mine["against"] = figures(old.points, None, x[here], y[here])
            held["by_data"][relative(path)] = mine
    names = sorted({str(p) for p in paths})
    return {
        "format": FORMAT,
        "game": game,
        "features": kit.version,
        "generation": generation,
        "data": [relative(Path(p)) for p in names],
        "seeds": summary(seeds),
        "games": len(seeds),
        "played_by": dict(players),
        "rows": len(xs),
        "held_out": f"index % {HELD_OUT} == 0",
        "made_by": command,
        "alpha": float(ridge.alpha_),
        "scale": round(scale, 4),
        "test": held,
        "names": list(kit.names),
        "score": {"intercept": round(score_b, 6), "weights": [round(w, 6) for w in score_w]},
        "win": {"intercept": round(win_b, 6), "weights": [round(w, 6) for w in win_w]},
    }


def figures(points_of: Any, chance_of: Any, x: Any, y: Any) -> dict[str, float]:
    """A model's held-out figures on positions ``x`` (in seat pairs) with outcomes ``y``: its
    final points' RMSE, its margin's (its points less the rival's) and its win's Brier score."""
    import numpy as np

    points = np.array([points_of(row) for row in x])
    lead = points - points[np.arange(len(x)) ^ 1]
    out = {
        "rows": len(x),
        "score_rmse": round(float(np.sqrt(((points - y[:, 0]) ** 2).mean())), 3),
        "margin_rmse": round(float(np.sqrt(((lead - y[:, 1]) ** 2).mean())), 3),
    }
    if chance_of is not None:
        chance = np.array([chance_of(row) for row in x])
        won = (y[:, 2] >= 0.5).astype(float)
        out["win_brier"] = round(float(((chance - won) ** 2).mean()), 4)
    return out


def relative(path: Path) -> str:
    """A records file as the repository names it (else as given)."""
    try:
        return str(path.resolve().relative_to(learned.ROOT))
    except ValueError:
        return str(path)


def calibration(chance: Any, won: Any) -> list[list[float]]:
    """Predicted against observed wins, in tenths of the predicted chance."""
    out = []
    for k in range(10):
        inside = (chance >= k / 10) & (chance < (k + 1) / 10)
        if inside.sum():
            out.append([round(float(chance[inside].mean()), 3), round(float(won[inside].mean()), 3),
                        int(inside.sum())])  # fmt: skip
    return out


def summary(seeds: list[str]) -> str:
    """The seeds as ``prefix`` and index ranges (``selfplay-arnak-0-{0..799}``)."""
    by: dict[str, list[int]] = {}
    for seed in seeds:
        prefix, _, index = seed.rpartition("-")
        by.setdefault(prefix, []).append(int(index))
    parts = []
    for prefix, indices in sorted(by.items()):
        indices.sort()
        runs: list[str] = []
        start = prev = indices[0]
        for i in [*indices[1:], None]:
            if i is not None and i == prev + 1:
                prev = i
                continue
            runs.append(f"{start}..{prev}" if prev != start else str(start))
            if i is not None:
                start = prev = i
        parts.append(f"{prefix}-{{{','.join(runs)}}}")
    return "; ".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, nargs="+")
    parser.add_argument("--game", default="arnak", choices=learned.GAMES)
    parser.add_argument("--generation", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--against", type=Path, help="the model it would replace, to compare")
    args = parser.parse_args(argv)
    command = "training/fit.py " + " ".join(sys.argv[1:] if argv is None else argv)
    doc = fit(args.records, args.game, args.generation, command, args.against)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    t = doc["test"]
    print(f"{args.out}: generation {doc['generation']}, {doc['games']} games, {doc['rows']} rows")
    print(f"  held out ({t['games']} games, {t['rows']} rows):")
    print(f"  final points RMSE {t['score_rmse']} (a constant: {t['score_rmse_constant']})")
    print(f"  margin RMSE {t['margin_rmse']} (its own ridge {t['margin_rmse_ridge']}, "
          f"a constant {t['margin_rmse_constant']})")  # fmt: skip
    print(f"  win Brier {t['win_brier']} (a constant: {t['win_brier_constant']}), "
          f"scale {doc['scale']} points")  # fmt: skip
    print(f"  calibration (predicted, won, rows): {t['calibration']}")
    if "against" in t:
        a = t["against"]
        print(
            f"  {a['model']} (generation {a['generation']}) on the same rows: final points "
            f"RMSE {a['score_rmse']}, margin {a['margin_rmse']}, win Brier {a['win_brier']}"
        )
    for name, f in t["by_data"].items():
        was = f.get("against")
        old = f" ({was['score_rmse']}, {was['margin_rmse']} against)" if was else ""
        print(f"  {name}, {f['rows']} rows: final points RMSE {f['score_rmse']} (a constant "
              f"{f['score_rmse_constant']}), margin {f['margin_rmse']}"
              f"{old}")  # fmt: skip


if __name__ == "__main__":
    main()

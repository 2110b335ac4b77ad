"""Calibration of the search's winning chances (issue 43): positions from a level's self-play.

Two search bots of ``--level`` play 2-player games from fixed seeds; at each decision with more
than one way open, the searching seat's reward (the chance the hint and the review show) is kept
with whether that seat went on to win. Each game's positions are appended to its records file
in ``--records`` (resumable). Then, per game: the table by tenths of predicted chance, raw, after
a Platt scaling and after an isotonic fit, both fitted on the even games and checked on the odd
ones (held out), with how much of a tenth is the held-out games' chance; with ``--write`` a
Platt fit on all of them goes into ``core/search/calibration.json`` when its worst held-out
tenth is within 5 points (``--report``: no game played, the tables of the records).

    python bench/calibration.py --game kilauea --games 30 --jobs 2 --write
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).with_name("records")


def one(game: str, level: str, index: int) -> dict[str, Any]:
    from core.bots import play_out
    from core.games import get_rules
    from core.referee import Referee
    from core.search.bot import SearchBot
    from core.search.levels import LEVELS

    started = time.process_time()
    rules = get_rules(game)
    limited = any(option.name == "turn_limit" for option in rules.options)
    config = rules.config(2, {"turn_limit": 30} if limited else {})
    seed = f"calibration/{game}/{level}/{index}"
    referee = Referee(rules, config, ["A", "B"], seed=seed)
    referee.begin()
    seen: list[tuple[int, float, float | None]] = []

    class Keeping:
        def __init__(self, seat: int) -> None:
            from core.bots import make_bot

            bot = make_bot(game, level, f"{seed}/{seat}")
            assert isinstance(bot, SearchBot)
            self.bot, self.seat = bot, seat
            self.bot.timed = False  # iterations only: reproducible

        def choose(self, rules: Any, state: Any, seat: int) -> Any:
            before = self.bot.last
            command = self.bot.choose(rules, state, seat)
            if self.bot.last is not before and self.bot.last is not None:
                seen.append((seat, self.bot.last.best.win, progress(state)))
            return command

    assert level in LEVELS
    play_out(referee, {0: Keeping(0), 1: Keeping(1)})
    outcome = rules.outcome(referee.state)
    winners = set(outcome.winners) if outcome is not None else set()
    points = [[round(win, 6), seat in winners and len(winners) == 1, at] for seat, win, at in seen]
    cpu = round(time.process_time() - started, 1)
    return {"game": game, "level": level, "index": index, "points": points, "cpu": cpu}


def progress(state: Any) -> float | None:
    """How far the game is, 0 to 1, as the deciding seat sees it: the turn of the turn limit
    (Kilauea, Mauna Kea), the round of Arnak's five; ``None`` where neither is known."""
    limit, turn = getattr(state, "turn_limit", None), getattr(state, "turn", None)
    if isinstance(limit, int) and limit > 0 and isinstance(turn, int):
        return round(min(1.0, turn / limit), 4)
    rounds = getattr(state, "round", None)
    return round((rounds - 1) / 5, 4) if isinstance(rounds, int) else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=("arnak", "kilauea", "maunakea"))
    parser.add_argument("--level", default="medium")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="play games from this index on")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write core/search/calibration.json")
    parser.add_argument("--records", type=Path, default=RECORDS, help="where the records are")
    parser.add_argument("--report", action="store_true", help="the tables only, no game played")
    args = parser.parse_args()
    games = args.game or ["kilauea", "maunakea", "arnak"]
    for game in games:
        record = args.records / f"calibration-{game}-{args.level}.jsonl"
        done = {r["index"] for r in _read(record)}
        todo = [] if args.report else [i for i in range(args.first, args.games) if i not in done]
        with ProcessPoolExecutor(args.jobs) as pool:
            for row in pool.map(one, [game] * len(todo), [args.level] * len(todo), todo):
                with record.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
                print(f"{game} game {row['index']}: {len(row['points'])} positions", flush=True)
        report(game, args.level, _read(record), args.write)


GOAL = 0.05  # each tenth's observed win rate within 5 points of its predicted chance
POSITIONS = 2000  # over at least this many positions


def report(game: str, level: str, rows: list[dict[str, Any]], write: bool) -> None:
    """The held-out tables (:func:`core.search.calibration.held_out`: ten folds of games,
    each predicted by a fit on the other nine, so every game is held out once) of the raw
    reward, a Platt scaling and an isotonic fit; each tenth with its 90% interval over the
    games drawn again. The goal is met where every tenth is within 5 points and the games are
    enough to tell (no tenth's 90% interval wider than ±5: else a tenth within 5 may be luck);
    with ``write``, a Platt fit on every game goes into ``core/search/calibration.json`` when
    it is."""
    from core.search.calibration import FILE, fit_isotonic, fit_platt, held_out, tenths

    games = [[(float(p[0]), bool(p[1])) for p in row["points"]]
             for row in sorted(rows, key=lambda r: r["index"])]  # fmt: skip
    positions = sum(map(len, games))
    cpu = [r["cpu"] for r in rows if "cpu" in r]
    print(f"\n{game}, {level}: {len(rows)} games, {positions} positions"
          + (f", {sum(cpu) / len(cpu):.1f} s CPU a game" if cpu else ""))  # fmt: skip
    if len(games) < 10:
        return
    fitters: dict[str, Any] = {"raw reward": None, "Platt": fit_platt, "isotonic": fit_isotonic}
    met: dict[str, bool] = {}
    worst: dict[str, float] = {}
    for name, fitter in fitters.items():
        table = tenths(held_out(games, fitter))
        worst[name] = max(abs(t.off) for t in table)
        wide = max((t.interval[1] - t.interval[0]) / 2 for t in table)
        met[name] = positions >= POSITIONS and worst[name] <= GOAL and wide <= GOAL
        sure = sum(t.interval[0] >= -GOAL and t.interval[1] <= GOAL for t in table)
        verdict = "met" if met[name] else "not met"
        if worst[name] <= GOAL < wide:
            verdict = f"within 5, but a tenth's interval is ±{100 * wide:.1f}: too few games"
        print(f"held out, {name}: worst tenth {100 * worst[name]:.1f} points ({verdict}; "
              f"{sure} of {len(table)} tenths' intervals inside ±5)")  # fmt: skip
        for t in table:
            lo, hi = (100 * x for x in t.interval)
            print(f"  {t.low:.1f}-{t.low + 0.1:.1f}: {t.positions} positions, {t.games} games, "
                  f"predicted {100 * t.predicted:.1f}, won {100 * t.observed:.1f}, off "
                  f"{100 * t.off:+.1f} (90%: {lo:+.1f} to {hi:+.1f})")  # fmt: skip
    if all(p[2] is not None for row in rows for p in row["points"] if len(p) > 2) and all(
        len(p) > 2 for row in rows for p in row["points"]
    ):
        by_progress(rows)
    if not write:
        return
    if not met["Platt"]:
        print("not written: the Platt fit is not shown within 5 points in every tenth held out")
        return
    whole = fit_platt([p for g in games for p in g])
    try:
        doc = json.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        doc = {"fits": {}}
    doc.setdefault("fits", {}).setdefault(game, {})[level] = {
        "a": round(whole.a, 6), "b": round(whole.b, 6), "positions": whole.positions,
        "games": len(rows), "held_out_worst": round(worst["Platt"], 4), "folds": 10,
    }  # fmt: skip
    FILE.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"written: {FILE}")


def by_progress(rows: list[dict[str, Any]]) -> None:
    """A fit by features of the position, held out as the others: the reward's logit, the
    game's progress and their product (a lead means more late), by logistic regression. Said
    only, never written: the hint and the review read Platt fits."""
    from core.search.calibration import held_out, logit, tenths

    ordered = sorted(rows, key=lambda r: r["index"])
    # each position as (a key to its features, won); the features looked up by the key
    features: dict[float, tuple[float, ...]] = {}
    games = []
    for row in ordered:
        game = []
        for p in row["points"]:
            x, t = logit(float(p[0])), float(p[2])
            key = len(features) + 0.5  # a unique number standing for the position
            features[key] = (1.0, x, t, x * t)
            game.append((key, bool(p[1])))
        games.append(game)

    def fit(train: list[tuple[float, bool]]) -> Any:
        w = _logistic([features[k] for k, _ in train], [float(won) for _, won in train])
        return lambda k: 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, _dot(w, features[k])))))

    table = tenths(held_out(games, fit))
    worst = max(abs(t.off) for t in table)
    said = "; ".join(f"{100 * t.predicted:.0f} → {100 * t.observed:.0f}" for t in table)
    print(f"held out, by progress (reward, progress, both): worst tenth {100 * worst:.1f}; {said}")


def _dot(w: list[float], x: tuple[float, ...]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def _logistic(xs: list[tuple[float, ...]], ys: list[float], steps: int = 30) -> list[float]:
    """Logistic regression's weights by Newton's method (a tiny ridge keeps it solvable)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, _dot(w, x)))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if sum(map(abs, step)) < 1e-9:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination (a small symmetric positive system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def _read(path: Path) -> list[dict[str, Any]]:
    try:
        return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    except FileNotFoundError:
        return []


if __name__ == "__main__":
    main()

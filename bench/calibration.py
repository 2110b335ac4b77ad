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

    rules = get_rules(game)
    limited = any(option.name == "turn_limit" for option in rules.options)
    config = rules.config(2, {"turn_limit": 30} if limited else {})
    seed = f"calibration/{game}/{level}/{index}"
    referee = Referee(rules, config, ["A", "B"], seed=seed)
    referee.begin()
    seen: list[tuple[int, float]] = []

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
                seen.append((seat, self.bot.last.best.win))
            return command

    assert level in LEVELS
    play_out(referee, {0: Keeping(0), 1: Keeping(1)})
    outcome = rules.outcome(referee.state)
    winners = set(outcome.winners) if outcome is not None else set()
    points = [[round(win, 6), seat in winners and len(winners) == 1] for seat, win in seen]
    return {"game": game, "level": level, "index": index, "points": points}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=("arnak", "kilauea", "maunakea"))
    parser.add_argument("--level", default="medium")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write core/search/calibration.json")
    parser.add_argument("--records", type=Path, default=RECORDS, help="where the records are")
    parser.add_argument("--report", action="store_true", help="the tables only, no game played")
    args = parser.parse_args()
    games = args.game or ["kilauea", "maunakea", "arnak"]
    for game in games:
        record = args.records / f"calibration-{game}-{args.level}.jsonl"
        done = {r["index"] for r in _read(record)}
        todo = [] if args.report else [i for i in range(args.games) if i not in done]
        with ProcessPoolExecutor(args.jobs) as pool:
            for row in pool.map(one, [game] * len(todo), [args.level] * len(todo), todo):
                with record.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
                print(f"{game} game {row['index']}: {len(row['points'])} positions", flush=True)
        report(game, args.level, _read(record), args.write)


def report(game: str, level: str, rows: list[dict[str, Any]], write: bool) -> None:
    """The held-out tables: the raw reward, a Platt scaling and an isotonic fit (both fitted on
    the even games), each one's worst tenth, and how much of a tenth is the games' chance (the
    spread of its win rate over the held-out games drawn again); the fit is written only when
    its worst held-out tenth is within 5 points."""
    from core.search.calibration import FILE, fit_isotonic, fit_platt, table

    def points(of: list[dict[str, Any]]) -> list[tuple[float, bool]]:
        return [(float(r), bool(w)) for row in of for r, w in row["points"]]

    every = points(rows)
    train_rows = [r for r in rows if r["index"] % 2 == 0]
    held_rows = [r for r in rows if r["index"] % 2 == 1]
    train, held = points(train_rows), points(held_rows)
    print(f"\n{game}, {level}: {len(rows)} games, {len(every)} positions")
    if not train or not held:
        return
    fits: dict[str, Any] = {"raw reward": None, "Platt": fit_platt(train),
                            "isotonic": fit_isotonic(train)}  # fmt: skip
    worst: dict[str, float] = {}
    for name, fit in fits.items():
        rows_of = table(held, fit)
        worst[name] = max(abs(p - o) for _, p, o in rows_of)
        print(f"held out, {name}: worst tenth {100 * worst[name]:.1f} points; "
              + "; ".join(f"{p:.2f} → {o:.2f} ({n})" for n, p, o in rows_of))  # fmt: skip
    best = min(("Platt", "isotonic"), key=lambda name: worst[name])
    spread = _spread(held_rows, fits[best], points)
    print(
        f"held out: the best fit ({best}) is {100 * worst[best]:.1f} points off at worst "
        f"(goal: within 5); a tenth's win rate over {len(held_rows)} held-out games drawn "
        f"again spreads ±{100 * spread:.1f} points (median of the tenths, one SD)"
    )
    met = worst[best] <= 0.05
    if not (write and met):
        if write:
            print("not written: not within 5")
        return
    if best == "isotonic":
        print("not written: the hint and review read Platt fits only")
        return
    whole = fit_platt(every)
    try:
        doc = json.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        doc = {"fits": {}}
    doc.setdefault("fits", {}).setdefault(game, {})[level] = {
        "a": round(whole.a, 6), "b": round(whole.b, 6), "positions": whole.positions,
        "games": len(rows), "held_out_worst": round(worst[best], 4),
    }  # fmt: skip
    FILE.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"written: {FILE}")


def _spread(held: list[dict[str, Any]], fit: Any, points: Any, draws: int = 200) -> float:
    """The median over the tenths of the SD of each tenth's held-out win rate, the held-out
    games drawn again with replacement ``draws`` times (the games' chance in a tenth)."""
    import random
    import statistics

    from core.search.calibration import table

    rng = random.Random(43)
    rates: dict[int, list[float]] = {}
    for _ in range(draws):
        again = [held[rng.randrange(len(held))] for _ in held]
        for _n, predicted, observed in table(points(again), fit):
            rates.setdefault(min(9, int(predicted * 10)), []).append(observed)
    sds = [statistics.pstdev(r) for r in rates.values() if len(r) > draws // 2]
    return statistics.median(sds) if sds else 0.0


def _read(path: Path) -> list[dict[str, Any]]:
    try:
        return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    except FileNotFoundError:
        return []


if __name__ == "__main__":
    main()

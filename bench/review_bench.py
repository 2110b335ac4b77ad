"""What a review costs and whether it finds planted mistakes (issue 43).

Each game: two search bots (``--bots``, medium by default; iterations only, never cut short by
the clock, so a game is the same at any load) play a 2-player game in which seat 1's
command is replaced by a random legal one at ``--plant`` of its decisions (chosen by the seed);
then seat 1 is reviewed as ``caldera review --seat 1`` reviews it (medium, 16 playouts a
command), timed in CPU seconds. Counted: the planted decisions marked mistake or blunder (all of
them, and those the review says lost at least 2 points), and the bot's own decisions so marked.
Each game's figures are appended to ``--record`` (JSON Lines, resumable: a game recorded is not
played again), and the table is printed from the records.

With ``--wall``, the review is also timed on the wall clock twice: as the app works it out now,
a part in each of the bots' workers (``core.review.review_in``), then in this process (as the
app's thread worked it out before); both at this process's niceness, so a loaded machine weighs
on them alike, and both the same review.

    python bench/review_bench.py --game arnak --games 4 --jobs 2
    python bench/review_bench.py --game maunakea --games 2 --wall --record /tmp/wall.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from random import Random
from typing import Any

RECORDS = Path(__file__).with_name("records")


class Planter:
    """A bot that plays ``bot``'s commands but a random legal one at the chosen decisions."""

    def __init__(self, bot: Any, plant: set[int], seed: str) -> None:
        self.bot, self.plant, self.rng = bot, plant, Random(seed)
        self.decisions = 0
        self.planted: list[int] = []  # the seqs of the planted commands
        self.log: list[Any] = []

    def choose(self, rules: Any, state: Any, seat: int) -> Any:
        legal = rules.legal_commands(state, seat)
        if len(legal) > 1:
            self.decisions += 1
            if self.decisions in self.plant:
                self.planted.append(len(self.log))
                return legal[self.rng.randrange(len(legal))]
        return self.bot.choose(rules, state, seat)


def one(game: str, index: int, bots: str, plant: int, wall: bool = False) -> dict[str, Any]:
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee
    from core.review import review, reviewing
    from core.search.bot import SearchBot

    rules = get_rules(game)
    limited = any(option.name == "turn_limit" for option in rules.options)
    config = rules.config(2, {"turn_limit": 30} if limited else {})
    seed = f"review-bench/{game}/{index}"
    referee = Referee(rules, config, ["A", "B"], seed=seed)
    referee.begin()
    rng = Random(seed)
    players = [make_bot(game, bots, f"{seed}/{seat}") for seat in range(2)]
    for bot in players:
        if isinstance(bot, SearchBot):
            bot.timed = False  # iterations only: the same game at any load
    planter = Planter(players[0], set(rng.sample(range(1, 60), plant)), seed)
    planter.log = referee.log
    play_out(referee, {0: planter, 1: players[1]})
    judge = make_bot(game, "medium", "review")
    assert isinstance(judge, SearchBot)
    level = reviewing(judge.level, None)
    timed = _away(game, level, referee.log) if wall else {}
    start, began = time.process_time(), time.perf_counter()
    done = review(rules, judge.hooks, level, referee.log, seats=[0], samples=16)
    cpu = time.process_time() - start
    if wall:
        timed["wall_place"] = round(time.perf_counter() - began, 2)
        timed["same"] = timed.pop("review") == done.to_json()
    marked = {d.seq: d for d in done.of(0)}
    planted = [marked[seq] for seq in planter.planted if seq in marked]
    own = [d for seq, d in marked.items() if seq not in set(planter.planted)]
    serious = ("mistake", "blunder")
    costly = [d for d in planted if d.points_lost >= 2]
    return {
        "game": game, "index": index, "bots": bots, "events": len(referee.log),
        "cpu": round(cpu, 2), "decisions": len(done.of(0)), "planted": len(planted),
        "planted_marked": sum(d.mark in serious for d in planted),
        "costly": len(costly), "costly_marked": sum(d.mark in serious for d in costly),
        "own": len(own), "own_marked": sum(d.mark in serious for d in own),
        "planted_losses": [[d.chance_lost, d.points_lost] for d in planted], "timed": False,
        "code": CODE,
        "own_losses": [[d.chance_lost, d.points_lost] for d in own], **timed,
    }  # fmt: skip


def _commit() -> str:
    """The commit the code measured is at (a bot's play changes with it)."""
    import subprocess

    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                           text=True, cwd=Path(__file__).parent, check=False)  # fmt: skip
    return found.stdout.strip()


CODE = _commit()
"""The commit at the start of the run (the workers run the code loaded then)."""


def _away(game: str, level: Any, log: list[Any]) -> dict[str, Any]:
    """Seat 1's review timed on the wall clock in the bots' workers, at this process's
    niceness (as the review in place is timed after it)."""
    import asyncio
    import os

    from core.review import review_in
    from core.search.workers import Thinkers

    async def away() -> tuple[dict[str, Any], float]:
        pool = Thinkers(niceness=0)
        try:
            start = time.perf_counter()
            done = await review_in(pool, game, level, log, seats=[0], samples=16)
            return done.to_json(), time.perf_counter() - start
        finally:
            pool.close()

    review, wall = asyncio.run(away())  # their start is counted
    return {"wall_workers": round(wall, 2), "parts": Thinkers().workers, "review": review,
            "load": round(os.getloadavg()[0], 1)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=("arnak", "kilauea", "maunakea"))
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--plant", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", type=Path, default=RECORDS / "review.jsonl")
    parser.add_argument("--wall", action="store_true", help="wall clock: in place and in workers")
    args = parser.parse_args()
    games = args.game or ["kilauea", "maunakea", "arnak"]
    done = _read(args.record)
    todo = [(g, i) for g in games for i in range(args.games) if (g, i, args.bots) not in done]
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(one, g, i, args.bots, args.plant, args.wall) for g, i in todo]
        for future in futures:
            row = future.result()
            with args.record.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    rows = [r for r in _read(args.record).values() if r["game"] in games and r["bots"] == args.bots]
    print("| game | games | CPU a review (median, max) | planted marked | planted costing ≥2 "
          "marked | own decisions marked |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for game in games:
        mine = [r for r in rows if r["game"] == game]
        if not mine:
            continue
        cpu = sorted(r["cpu"] for r in mine)

        print(f"| {game} | {len(mine)} | {cpu[len(cpu) // 2]:.0f} s, {cpu[-1]:.0f} s | "
              f"{_share(mine, 'planted_marked', 'planted')} | "
              f"{_share(mine, 'costly_marked', 'costly')} | "
              f"{_share(mine, 'own_marked', 'own')} |")  # fmt: skip
    walled = [r for r in rows if "wall_workers" in r]
    if walled:
        print("\n| game | wall in one process | wall in the bots' workers | same review | load |")
        print("|---|---|---|---|---|")
        for r in walled:
            print(
                f"| {r['game']} {r['index']} | {r['wall_place']:.1f} s | "
                f"{r['wall_workers']:.1f} s ({r['parts']} parts) | {r['same']} | {r['load']} |"
            )


def _share(rows: list[dict[str, Any]], part: str, whole: str) -> str:
    n, d = sum(r[part] for r in rows), sum(r[whole] for r in rows)
    return f"{n}/{d} ({100 * n / d:.0f}%)" if d else "–"


def _read(path: Path) -> dict[tuple[str, int, str], dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return {}
    rows = [json.loads(line) for line in lines if line.strip()]
    return {(r["game"], r["index"], r["bots"]): r for r in rows}


if __name__ == "__main__":
    main()

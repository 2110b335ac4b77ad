"""The search bots' ladder: each level against the greedy bot, in every game.

Duels from fixed seeds with the seats swapped (a game's seed is played once with the level's bot
in each seat, so deals and seat order cancel out), in parallel processes. For each game and
level it prints: games, the level's wins against greedy with a 95% interval (Wilson; a shared
win counts half), mean scores, and the level's decision time (median and 99th percentile, over
the decisions it searched: those with more than one legal command), and the median of the
iterations those decisions ran (``it50``: fewer than ``iters`` where the level's ``work`` cap
stopped them).

    nice -n 15 .venv/bin/python bench/bot_ladder.py --game kilauea --level hard --games 100

Games: maunakea, maunakea-advanced, kilauea, arnak-bird, arnak-snake (two players) and arnak-4p
(the level against three greedy bots, both sides in turn). ``--budget`` sets the iterations a
decision (reproducible); without it a level plays with its own iterations and work cap, never
its seconds.
``--tune FIELD=VALUE`` changes one of the level's parameters (``core.search.levels.Level``:
``scale``, ``horizon``, ``exploration``…) to compare it with the level as it is, seed for seed;
``--worth NAME=VALUE`` one of Arnak's search valuation weights (``core.games.arnak.worth``).
``--record FILE`` appends each game's result to FILE as a JSON line the moment it ends, so a
long count can run in pieces (``--first``) and a stopped run keeps its games; ``--tally FILE…``
prints the rows of recorded games, each game index counted once:

    bench/bot_ladder.py --game arnak-bird --level hard --games 25 --first 25 --record bird.jsonl
    bench/bot_ladder.py --tally bird.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from statistics import mean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import percentile
from core.bots import Bot, make_bot
from core.games import get_rules
from core.referee import Referee
from core.search import Level, SearchBot


@dataclass(frozen=True)
class Variant:
    """A row's game: which rules, how many players, which options (by the game's seed)."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    sides: bool = False  # Arnak's 4-player row alternates the board's side


VARIANTS = {
    "maunakea": Variant("maunakea", 2),
    "maunakea-advanced": Variant("maunakea", 2, (("advanced", True),)),
    "kilauea": Variant("kilauea", 2),
    "arnak-bird": Variant("arnak", 2, (("side", "bird"),)),
    "arnak-snake": Variant("arnak", 2, (("side", "snake"),)),
    "arnak-4p": Variant("arnak", 4, sides=True),
}
ALL_LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Result:
    share: float  # 1 a win, 0.5 a shared win, 0 otherwise
    score: int
    others: float  # the greedy bots' mean score
    times: tuple[float, ...]  # seconds of each searched decision
    cpu: tuple[float, ...]  # CPU seconds of each (what a quiet machine's wall time would be)
    done: tuple[int, ...] = ()  # the iterations each searched decision ran (a cap may stop it)
    work: tuple[int, ...] = ()  # the commands each searched decision's policies weighed


class Timed:
    """A bot whose searched decisions are timed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.done: list[int] = []
        self.work: list[int] = []

    def choose(self, rules: Any, state: Any, seat: int) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        searched = len(rules.legal_commands(state, seat)) > 1
        command = self.bot.choose(rules, state, seat)
        if searched:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)
            last = getattr(self.bot, "last", None)
            if last is not None:
                self.done.append(last.iterations)
                self.work.append(last.work)
        return command


Tuning = tuple[tuple[str, Any], ...]


def tuning(pairs: list[str]) -> Tuning:
    """``FIELD=VALUE`` pairs as a level's fields with values of their types."""
    kinds = {f.name: f.type for f in fields(Level)}
    out = []
    for pair in pairs:
        name, _, text = pair.partition("=")
        kind = kinds.get(name)
        if kind is None or name == "name":
            raise SystemExit(f"--tune: no level parameter {name!r} (one of {', '.join(kinds)})")
        value: Any = (
            int(text)
            if kind in ("int", int)
            else text.lower() in ("1", "true", "yes")
            if kind in ("bool", bool)
            else float(text)
        )
        out.append((name, value))
    return tuple(out)


def play(
    variant_name: str,
    level: str,
    index: int,
    budget: int | None,
    tune: Tuning = (),
    worth: tuple[str, ...] = (),
) -> Result:
    """Game ``index``: seed ``index // players``, the level's bot in seat ``index % players``;
    ``worth``: Arnak search valuation's ``NAME=VALUE`` changes (the greedy bot's stays)."""
    variant = VARIANTS[variant_name]
    if worth:
        from core.games.arnak import search as arnak_search
        from core.games.arnak.worth import with_changes

        arnak_search.use_weights(with_changes(arnak_search.SEARCH_WEIGHTS, list(worth)))
    rules = get_rules(variant.game)
    players = variant.players
    options = dict(variant.options)
    pair, seat = divmod(index, players)
    if variant.sides:
        options["side"] = ("bird", "snake")[pair % 2]
    seed = f"ladder-{variant_name}-{pair}"
    referee: Referee[Any] = Referee(
        rules, rules.config(players, options), [f"P{s + 1}" for s in range(players)], seed=seed
    )
    referee.begin()
    search = make_bot(variant.game, level, f"{seed}/{level}")
    assert isinstance(search, SearchBot)
    search.timed = False
    search.level = replace(search.level.budget(budget), **dict(tune))
    timed = Timed(search)
    bots: dict[int, Any] = {
        s: timed if s == seat else make_bot(variant.game, "greedy", f"{seed}/greedy/{s}")
        for s in range(players)
    }
    while not referee.ended:
        mover = rules.to_move(referee.state)[0]
        view = rules.view(referee.state, mover)
        referee.submit(mover, bots[mover].choose(rules, view, mover))
    outcome = referee.outcome()
    assert outcome is not None
    share = 0.0
    if seat in outcome.winners:
        share = 1.0 / len(outcome.winners)
    others = [outcome.scores[s] for s in range(players) if s != seat]
    return Result(
        share,
        outcome.scores[seat],
        mean(others),
        tuple(timed.times),
        tuple(timed.cpu),
        tuple(timed.done),
        tuple(timed.work),
    )


def level_of(variant: str, level: str) -> Any:
    """The level as the variant's game registers it (its own iterations)."""
    bot = make_bot(VARIANTS[variant].game, level, "level")
    assert isinstance(bot, SearchBot)
    return bot.level


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson's score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def row(variant: str, level: str, results: list[Result], budget: int | None) -> str:
    """A table line: the level's wins against greedy, mean scores, decision times."""
    n = len(results)
    wins = sum(r.share for r in results)
    low, high = wilson(wins, n)
    times = [t for r in results for t in r.times]
    cpu = [t for r in results for t in r.cpu]
    iterations = budget or level_of(variant, level).iterations
    timing = (
        f"{percentile(times, 50) * 1000:6.0f} {percentile(times, 99) * 1000:6.0f} "
        f"{percentile(cpu, 50) * 1000:6.0f} {percentile(cpu, 99) * 1000:6.0f}"
        if times
        else " ".join(f"{'-':>6}" for _ in range(4))
    )
    done = [float(d) for r in results for d in r.done]
    timing += f" {percentile(done, 50):6.0f}" if done else f" {'-':>6}"
    return (
        f"{variant:18} {level:6} {iterations:6} {n:5} {100 * wins / n:5.1f}% "
        f"[{100 * low:4.1f}-{100 * high:5.1f}] {mean(r.score for r in results):6.1f} "
        f"{mean(r.others for r in results):6.1f} {timing}"
    )


HEADER = (
    f"{'game':18} {'level':6} {'iters':>6} {'games':>5} {'wins':>6} {'95% interval':>13} "
    f"{'score':>6} {'greedy':>6} {'ms p50':>6} {'p99':>6} {'cpu50':>6} {'cpu99':>6}"
)


def record(
    path: Path, variant: str, level: str, index: int, budget: int | None, label: str, r: Result
) -> None:
    """Append game ``index``'s result to ``path`` (one JSON line, written at once)."""
    line = {"variant": variant, "level": level, "index": index, "budget": budget}
    line |= {"changes": label, **asdict(r)}
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def tally(paths: Iterable[Path]) -> list[str]:
    """The table's lines for the games recorded in ``paths``: one row for each game, level,
    budget and set of changes, each game index once (a second record of it is ignored)."""
    rows: dict[tuple[str, str, int | None, str], dict[int, Result]] = {}
    names = {f.name for f in fields(Result)}
    for path in paths:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                doc = json.loads(text)
                key = (doc["variant"], doc["level"], doc["budget"], doc["changes"])
                kept: dict[str, Any] = {
                    k: tuple(v) if isinstance(v, list) else v for k, v in doc.items() if k in names
                }
                result = Result(**kept)
                index = int(doc["index"])
            except (ValueError, KeyError, TypeError) as error:
                raise SystemExit(f"{path}:{number}: not a ladder record ({error})") from None
            rows.setdefault(key, {}).setdefault(index, result)
    lines = []
    for (variant, level, budget, changes), games in rows.items():
        indices = sorted(games)
        span = f"games {indices[0]}-{indices[-1]}" + (
            "" if len(indices) == indices[-1] - indices[0] + 1 else ", with gaps"
        )
        line = row(variant, level, [games[i] for i in indices], budget)
        lines.append(f"{line}   ({span}{changes})")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--level", action="append", choices=ALL_LEVELS)
    parser.add_argument("--games", type=int, default=0, help="games a row (200 medium, 100 hard)")
    parser.add_argument("--budget", type=int, help="iterations a decision (default: the level's)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument(
        "--tune", action="append", default=[], metavar="FIELD=VALUE", help="a level parameter"
    )
    parser.add_argument(
        "--worth",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an Arnak search valuation weight (core.games.arnak.worth.Weights)",
    )
    parser.add_argument("--record", type=Path, help="append each game's result to this file")
    parser.add_argument("--tally", type=Path, nargs="+", help="print the rows of recorded games")
    args = parser.parse_args(argv)
    if args.tally:
        print("\n".join([HEADER, *tally(args.tally)]))
        return
    tune = tuning(args.tune)
    worth = tuple(args.worth)
    games = args.game or list(VARIANTS)
    levels = args.level or list(ALL_LEVELS)
    load = os.getloadavg()[0]
    changed = "".join(f", {name}={value}" for name, value in tune)
    changed += "".join(f", worth {pair}" for pair in worth)
    print(
        f"bot ladder: each level against greedy{changed} "
        f"(load {load:.2f} at the start, {args.jobs} jobs)"
    )
    print(HEADER, flush=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        for variant in games:
            for level in levels:
                n = args.games or (100 if level == "hard" else 200)
                n -= n % VARIANTS[variant].players  # whole seeds: every seat once
                start = time.perf_counter()
                indices = range(args.first, args.first + n)
                futures = {
                    pool.submit(play, variant, level, i, args.budget, tune, worth): i
                    for i in indices
                }
                done: dict[int, Result] = {}
                for future in as_completed(futures):
                    index = futures[future]
                    done[index] = future.result()
                    if args.record:
                        record(
                            args.record, variant, level, index, args.budget, changed, done[index]
                        )
                results = [done[i] for i in indices]
                line = row(variant, level, results, args.budget)
                elapsed = time.perf_counter() - start
                print(f"{line}   ({elapsed:.0f} s)", flush=True)
    print(f"load {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()

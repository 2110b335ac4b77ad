"""Duels of two search bots at one game: a bot weighing its leaves by a model against another
(today's ``hard``, or the search with the game's current model), two players, from fixed seeds.

    nice -n 15 .venv/bin/python training/duel.py --a hard:model=shipped --b hard:model=none \
        --games 40 --record bench/records/arnak-learned-duel.jsonl

A bot is ``LEVEL[:FIELD=VALUE,...]``: a level as the game registers it (its iterations and
tuning), ``model=`` a model file for its leaves (``shipped``: the game's own; ``none``: the
hand-written evaluation; unsaid: as the level is registered), ``worth.NAME=VALUE`` one of
Arnak's search weights changed (leaves and playouts: ``worth.deck=0``), and any other field of
:class:`core.search.levels.Level` (``iterations=60``, ``horizon=2``…). Game ``i`` is seed
``duel-<game>-<i // 2>`` with ``a`` in seat ``i % 2`` (so each seed is played with the seats
swapped); Arnak alternates the board's side by seed (bird, snake, bird…). Each game's result is
appended to ``--record`` as one JSON line the moment it ends; the games a record already holds
for the same two bots are not played again, so a stopped run resumes (``--tally``: only count
every game kept for the two bots). It prints ``a``'s wins
with a 95% interval (Wilson; a shared win counts half), its mean score margin, and each bot's
CPU time a searched decision (median and 99th percentile).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path
from statistics import mean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bot_ladder import Timed, tuning, wilson
from bench.common import percentile
from core.bots import make_bot
from core.games import get_rules
from core.referee import Referee
from core.search import SearchBot
from training import learned


def bot_of(game: str, spec: str, seed: str) -> SearchBot:
    """The search bot ``spec`` names (see the module docstring), untimed (reproducible)."""
    kind, _, rest = spec.partition(":")
    pairs = [p for p in rest.split(",") if p]
    bot = make_bot(game, kind, seed)
    if not isinstance(bot, SearchBot):
        raise SystemExit(f"{spec}: {kind!r} is not a search bot")
    bot.timed = False
    changes = [p for p in pairs if not p.startswith(("model=", "worth."))]
    for pair in pairs:
        if pair.startswith("model="):
            bot.hooks = hooks_of(game, pair.removeprefix("model="))
    weights = [p.removeprefix("worth.") for p in pairs if p.startswith("worth.")]
    if weights:
        bot.hooks = weighing(game, weights)
    bot.level = replace(bot.level, **dict(tuning(changes)))
    return bot


def weighing(game: str, pairs: list[str]) -> Any:
    """The hooks of a search weighing by the game's search weights with ``NAME=VALUE``
    changes (Arnak's :class:`core.games.arnak.worth.Weights`)."""
    if game != "arnak":
        raise SystemExit(f"no search weights for {game}")
    from core.games.arnak import search
    from core.games.arnak.worth import with_changes

    return search.hooks_weighing(with_changes(search.SEARCH_WEIGHTS, pairs))


def hooks_of(game: str, model: str) -> Any:
    if game != "arnak":
        raise SystemExit(f"no learned evaluation for {game}")
    from core.games.arnak import search

    kit = learned.kit(game)
    if model == "none":
        return search.hooks_with(None)
    return search.hooks_with(kit.load(kit.model_path if model == "shipped" else Path(model)))


def play(game: str, a: str, b: str, index: int) -> dict[str, Any]:
    """Game ``index``'s record (see the module docstring)."""
    rules = get_rules(game)
    kit = learned.kit(game)
    pair, seat = divmod(index, 2)
    options = kit.options(pair)
    seed = f"duel-{game}-{pair}"
    referee: Referee[Any] = Referee(rules, rules.config(2, options), ["P1", "P2"], seed=seed)
    referee.begin()
    bots = {
        seat: Timed(bot_of(game, a, f"{seed}/a")),
        1 - seat: Timed(bot_of(game, b, f"{seed}/b")),
    }
    while not referee.ended:
        mover = rules.to_move(referee.state)[0]
        referee.submit(mover, bots[mover].choose(rules, rules.view(referee.state, mover), mover))
    outcome = referee.outcome()
    assert outcome is not None
    scores = list(outcome.scores)
    share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    return {
        "game": game,
        "a": a,
        "b": b,
        "index": index,
        "seed": seed,
        "options": options,
        "a_seat": seat,
        "scores": scores,
        "winners": list(outcome.winners),
        "share": share,
        "margin": scores[seat] - scores[1 - seat],
        "a_cpu": [round(t, 4) for t in bots[seat].cpu],
        "b_cpu": [round(t, 4) for t in bots[1 - seat].cpu],
    }


def read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def summary(docs: list[dict[str, Any]]) -> str:
    """``a``'s wins with their interval, its mean margin, each bot's CPU time a decision."""
    n = len(docs)
    wins = sum(d["share"] for d in docs)
    low, high = wilson(wins, n)
    a_cpu = [t for d in docs for t in d["a_cpu"]]
    b_cpu = [t for d in docs for t in d["b_cpu"]]
    a_score = mean(d["scores"][d["a_seat"]] for d in docs)
    b_score = mean(d["scores"][1 - d["a_seat"]] for d in docs)
    return (
        f"{n} games: a wins {wins:g} ({100 * wins / n:.1f}% [{100 * low:.1f}-{100 * high:.1f}]), "
        f"margin {mean(d['margin'] for d in docs):+.2f} ({a_score:.1f} to {b_score:.1f}); "
        f"CPU a decision a {1000 * percentile(a_cpu, 50):.0f} ms "
        f"(p99 {1000 * percentile(a_cpu, 99):.0f}), b {1000 * percentile(b_cpu, 50):.0f} ms "
        f"(p99 {1000 * percentile(b_cpu, 99):.0f})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="arnak", choices=learned.GAMES)
    parser.add_argument("--a", required=True, help="the bot measured: LEVEL[:FIELD=VALUE,...]")
    parser.add_argument("--b", required=True, help="its opponent")
    parser.add_argument("--games", type=int, default=0, help="games to have in all (even)")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--record", type=Path, required=True)
    parser.add_argument("--tally", action="store_true", help="only count the games kept")
    args = parser.parse_args(argv)
    for spec in (args.a, args.b):
        bot_of(args.game, spec, "check")  # a bad spec fails now, not in a worker
    mine = [
        d for d in read(args.record) if (d["game"], d["a"], d["b"]) == (args.game, args.a, args.b)
    ]
    done = {d["index"]: d for d in mine}
    wanted = range(args.first, args.first + args.games - args.games % 2)
    todo = [] if args.tally else [i for i in wanted if i not in done]
    load = os.getloadavg()[0]
    print(f"{args.a} against {args.b}: {len(done)} games kept, {len(todo)} to play "
          f"({args.jobs} jobs, load {load:.2f})", flush=True)  # fmt: skip
    start = time.perf_counter()
    if todo:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(play, args.game, args.a, args.b, i) for i in todo]
            for n, future in enumerate(as_completed(futures), 1):
                doc = future.result()
                with args.record.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(doc, separators=(",", ":")) + "\n")
                done[doc["index"]] = doc
                print(f"  {n}/{len(todo)}: game {doc['index']} {doc['scores']} "
                      f"(a in seat {doc['a_seat'] + 1})", flush=True)  # fmt: skip
    games = [done[i] for i in sorted(done) if i in wanted or args.tally]
    if games:
        print(summary(games))
    print(f"{time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()

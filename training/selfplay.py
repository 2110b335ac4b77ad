"""Self-play for the learned evaluation: games between the same bot in every seat, each seat's
position noted at the start of every turn (its features, from its own view) with how the game
ended for it, appended to a records file one game at a time.

    nice -n 19 .venv/bin/python training/selfplay.py --games 400 --generation 0

Game ``i`` is played from the seed ``selfplay-<game>-<generation>-<i>`` (Arnak: the bird side
for even ``i``, the snake side for odd), so a run is reproducible and a stopped one resumes: the
games already in the file are skipped. ``--bot policy`` is the search's playout policy (fast);
``--bot hard`` (or another level) the search bot with ``--model`` as its evaluation and
``--budget`` iterations a decision. ``--explore`` is the share of decisions played at random
(positions the bots would not reach on their own). A record is one gzip member holding one JSON
line (the file stays a few MB), read back by :func:`read`.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import zlib
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get_rules
from core.referee import Referee
from training import learned

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "training" / "records"


def record_path(game: str, generation: int) -> Path:
    return RECORDS / f"{game}-gen{generation}.jsonl.gz"


def read(path: Path) -> Iterator[dict[str, Any]]:
    """The games recorded in ``path`` (a cut-off last record, from a run stopped mid-write, is
    left out: its game is played again)."""
    if not path.exists():
        return
    data = path.read_bytes()
    while data:
        inflate = zlib.decompressobj(wbits=31)
        try:
            text = inflate.decompress(data)
        except zlib.error:
            return
        if not inflate.eof:
            return
        yield json.loads(text)
        data = inflate.unused_data


def append(path: Path, doc: dict[str, Any]) -> None:
    """One game's record, one gzip member at the end of ``path`` (written at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as out:
        out.write(gzip.compress((json.dumps(doc, separators=(",", ":")) + "\n").encode(), mtime=0))


def compact(values: list[float]) -> list[float | int]:
    """Features as short JSON numbers (most are counts)."""
    return [int(v) if float(v).is_integer() else round(v, 4) for v in values]


def play(
    game: str,
    index: int,
    generation: int,
    bot: str,
    explore: float,
    model: str | None,
    budget: int | None,
) -> dict[str, Any]:
    """Game ``index``'s record: its seed, bot, scores and every noted position."""
    kit = learned.kit(game)
    rules = get_rules(game)
    options = kit.options(index)
    seed = f"selfplay-{game}-{generation}-{index}"
    players = 2
    referee: Referee[Any] = Referee(
        rules, rules.config(players, options), [f"P{s + 1}" for s in range(players)], seed=seed
    )
    referee.begin()
    bots = [kit.bot(bot, f"{seed}/{s}", model, budget) for s in range(players)]
    chance = Random(f"{seed}/explore")
    rows: list[list[float | int]] = []
    last = None
    while not referee.ended:
        mover = rules.to_move(referee.state)[0]
        if mover != last:  # a turn starts (or an answer of another seat's): note every seat
            last = mover
            for seat in range(players):
                rows.append([seat, *compact(kit.features(referee.state, seat))])
        view = rules.view(referee.state, mover)
        legal = rules.legal_commands(view, mover)
        if len(legal) > 1 and chance.random() < explore:
            command = legal[chance.randrange(len(legal))]
        else:
            command = bots[mover].choose(rules, view, mover)
        referee.submit(mover, command)
    outcome = referee.outcome()
    assert outcome is not None
    return {
        "game": game,
        "index": index,
        "seed": seed,
        "generation": generation,
        "bot": bot,
        "model": model,
        "budget": budget,
        "explore": explore,
        "options": options,
        "features": kit.version,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="arnak", choices=learned.GAMES)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--generation", type=int, default=0)
    parser.add_argument("--bot", default="policy", help="policy, or a level: hard, medium…")
    parser.add_argument("--model", help="the model file the search bot weighs leaves with")
    parser.add_argument("--budget", type=int, help="the search bot's iterations a decision")
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="the records file (default: by generation)")
    args = parser.parse_args(argv)
    out = args.out or record_path(args.game, args.generation)
    done = {doc["index"] for doc in read(out)}
    todo = [i for i in range(args.first, args.first + args.games) if i not in done]
    print(f"{out}: {len(done)} games kept, {len(todo)} to play ({args.jobs} jobs)", flush=True)
    job = (args.game, args.generation, args.bot, args.explore, args.model, args.budget)
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play, args.game, i, *job[1:]) for i in todo]
        for n, future in enumerate(as_completed(futures), 1):
            doc = future.result()
            append(out, doc)
            if n % 10 == 0 or n == len(todo):
                print(f"  {n}/{len(todo)} games, last {doc['index']}: {doc['scores']}", flush=True)


if __name__ == "__main__":
    main()

"""One digest per game of every state and every choice over random and greedy games: run it on
two versions of the code to show that a change which should only move speed changes nothing.

For each game it plays ``GAMES_EACH`` random-bot and as many greedy-bot games (2 to 4 players,
fixed seeds) and hashes, event by event, the event's bytes (so every bot's choice), the full
position after it (``dump_position``) and, at each command, the view of the seat to move (what
its bot decided from). Compare the lines printed by the old and the new code::

    python -m bench.same_states > new.txt
    PYTHONPATH=/path/to/old/checkout python -m bench.same_states > old.txt
    diff old.txt new.txt

Not part of ``make bench`` (it proves sameness, it measures nothing).
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import core
from core.bots import Bot, make_bot, play_out
from core.games import get_rules
from core.referee import Referee
from core.statehash import canonical

GAMES = ("maunakea", "kilauea", "arnak")
GAMES_EACH = 20


def digest(game: str, kind: str, seed: str, players: int) -> tuple[str, int]:
    """The hash of one whole game (events, positions, the views bots saw) and its length."""
    rules = get_rules(game)
    limited = any(option.name == "turn_limit" for option in rules.options)
    config = rules.config(players, {"turn_limit": 200} if limited else {})
    referee: Referee[Any] = Referee(
        rules, config, [f"P{i}" for i in range(players)], seed=seed, salt="same"
    )
    sha = hashlib.sha256()

    def record(env: Any, data: bytes) -> None:
        sha.update(data)
        sha.update(canonical(rules.dump_position(referee.state)))

    referee.sinks.append(record)
    referee.begin()
    bots: dict[int, Bot] = {s: make_bot(game, kind, f"{seed}/{s}") for s in range(players)}

    class Watching:
        """Hashes the view a bot is shown before it chooses."""

        def __init__(self, bot: Bot) -> None:
            self.bot = bot
            self.name = bot.name

        def choose(self, rules: Any, state: Any, seat: int) -> Any:
            sha.update(canonical(rules.dump_position(state)))
            return self.bot.choose(rules, state, seat)

    play_out(referee, {s: Watching(bot) for s, bot in bots.items()})  # type: ignore[misc]
    return sha.hexdigest()[:16], len(referee.log)


def main(*games: str) -> None:
    print(f"# core from {core.__file__}", file=sys.stderr)
    for game in games or GAMES:
        for kind in ("random", "greedy"):
            for i in range(GAMES_EACH):
                players = 2 + i % 3
                h, n = digest(game, kind, f"same-{game}-{kind}-{i}", players)
                print(f"{game} {kind} {i} ({players} players): {n} events, {h}", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])

"""Bots: players that choose among the legal commands. They see only their seat's view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from core.messages import Command
from core.protocol import Rules, Seat
from core.referee import Referee
from core.rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, rules: Rules[Any], state: Any, seat: Seat) -> Command:
        """A legal command for ``seat`` in ``state`` (the seat's own view)."""
        ...


class RandomBot:
    """Picks uniformly among the legal commands, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: str) -> None:
        self._rng = Rng(seed)

    def choose(self, rules: Rules[Any], state: Any, seat: Seat) -> Command:
        commands = rules.legal_commands(state, seat)
        if not commands:
            raise RuntimeError(f"seat {seat} has no legal command")
        return commands[self._rng.below(len(commands))]


BotFactory = Callable[[str], Bot]
_GAME_BOTS: dict[str, dict[str, BotFactory]] = {}
STRENGTH = ("random", "easy", "greedy", "medium", "hard")
"""The bot kinds from the weakest to the strongest (the search levels of ``core.search`` around
the greedy bot): lists of bots follow this order."""


def register_bot(game: str, kind: str, factory: BotFactory) -> None:
    """Offer a game-specific bot (e.g. Mauna Kea's ``greedy``) under ``kind``."""
    _GAME_BOTS.setdefault(game, {})[kind] = factory


def bot_kinds(game: str) -> list[str]:
    """The bots that can play ``game``: ``random`` plus the game's own, weakest first."""
    from core.games import get_rules

    get_rules(game)  # importing the game registers its bots
    kinds = ["random", *_GAME_BOTS.get(game, {})]
    return sorted(kinds, key=lambda k: (STRENGTH.index(k) if k in STRENGTH else len(STRENGTH), k))


def make_bot(game: str, kind: str, seed: str) -> Bot:
    """A bot of ``kind`` for ``game``, seeded so a game can be replayed exactly."""
    if kind == "random":
        return RandomBot(seed)
    kinds = bot_kinds(game)
    factory = _GAME_BOTS.get(game, {}).get(kind)
    if factory is None:
        raise ValueError(f"unknown bot {kind!r} for {game} (known: {', '.join(kinds)})")
    return factory(seed)


def play_out(
    referee: Referee[Any],
    bots: Mapping[Seat, Bot],
    *,
    max_commands: int = 1_000_000,
    on_command: Callable[[Referee[Any]], None] | None = None,
) -> int:
    """Let ``bots`` play every seat they hold until the game ends or a human must act.

    A bot is shown its seat's ``look`` (what it may know, sharing the rest with the referee's
    state: it reads it and answers before the state changes), a searching one its ``view``.

    Returns the number of commands sent.
    """
    rules = referee.rules
    sent = 0
    while not referee.ended and sent < max_commands:
        seats = [s for s in rules.to_move(referee.state) if s in bots]
        if not seats:
            break
        seat = seats[0]
        bot = bots[seat]
        # a bot that answers at once only reads what it sees: no copy (as a server's bots)
        see = rules.view if getattr(bot, "searches", False) else rules.look
        command = bot.choose(rules, see(referee.state, seat), seat)
        referee.submit(seat, command)
        sent += 1
        if on_command is not None:
            on_command(referee)
    return sent

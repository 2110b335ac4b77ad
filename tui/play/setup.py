"""Setting up a local table: who sits where (human or bot), the seed, and the house rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.bots import make_bot
from core.games import get_rules
from core.rng import new_seed
from tui.play.local_table import LocalSession
from tui.play.seats import SEAT_NAMES
from tui.replay.library import new_replay_path
from tui.settings.play import DEFAULT_BOT_PACE

BOT_ONLY_TURN_LIMIT = 200  # bots may stall forever in the base game (design: a house rule)


@dataclass(frozen=True)
class SeatSetup:
    """One seat: the player's name and, for a bot, its kind (``None`` for a human)."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class TableSetup:
    """Everything needed to start a local game."""

    game: str
    seats: tuple[SeatSetup, ...]
    seed: str | None = None
    turn_limit: int | None = None
    position: Mapping[str, Any] | None = field(default=None, compare=False)
    game_options: Mapping[str, Any] = field(default_factory=dict)  # by the game's Option names
    bot_pace: float | None = field(default=None, compare=False)  # None: the app's (--pace)

    def options(self) -> dict[str, Any]:
        limit = self.turn_limit
        limited = any(o.name == "turn_limit" for o in get_rules(self.game).options)
        if limit is None and limited and all(seat.bot for seat in self.seats):
            limit = BOT_ONLY_TURN_LIMIT  # a game that always ends declares no turn limit
        return {**({"turn_limit": limit} if limit else {}), **self.game_options}


def open_local_session(
    setup: TableSetup, *, bot_pace: float = DEFAULT_BOT_PACE, save: bool = True
) -> LocalSession:
    """A new local game (not started yet); raises ``ValueError`` or ``OSError`` with one line."""
    rules = get_rules(setup.game)
    if setup.position is not None:
        config = dict(setup.position.get("config", {}))
    else:
        config = rules.config(len(setup.seats), setup.options())
    seed = setup.seed or new_seed()
    bots = {
        seat: make_bot(setup.game, s.bot, f"{seed}/bot/{seat}")
        for seat, s in enumerate(setup.seats)
        if s.bot
    }
    session = LocalSession(
        rules,
        config,
        [s.name for s in setup.seats],
        bots=bots,
        seed=seed,
        position=setup.position,
        bot_pace=bot_pace,
    )
    if save:
        session.save_to(new_replay_path(session.referee.started))
    return session


def local_game(
    players: int,
    bots: dict[int, str],
    *,
    game: str,
    seed: str | None = None,
    turn_limit: int | None = None,
    names: Iterable[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> TableSetup:
    """A table setup from plain choices (seats are 0-based here; ``options`` are the game's own,
    by the names of its ``RULES.options``)."""
    chosen = list(names or SEAT_NAMES[:players])
    seats = tuple(SeatSetup(chosen[s], bots.get(s)) for s in range(players))
    return TableSetup(game, seats, seed, turn_limit, game_options=dict(options or {}))

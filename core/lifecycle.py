"""The events every game log shares: it starts with ``GameStarted`` and may end with
``GameEnded``, which reveals the seed committed to at the start; in between, any seat may take
back its own last command (``Undo``, recorded as ``Undone``: see :mod:`core.undo`)."""

from __future__ import annotations

from typing import Any

from core.messages import COMMANDS, EVENTS, Command, Event


@EVENTS.register("core.game_started")
class GameStarted(Event, frozen=True):
    """A table's game begins. ``position`` is set when it starts from a saved position."""

    game: str
    rules_version: int
    config: dict[str, Any]
    players: tuple[str, ...]
    seed_hash: str
    position: dict[str, Any] | None = None


@EVENTS.register("core.game_ended")
class GameEnded(Event, frozen=True):
    """The game is over: final scores, winners, and the seed and the salt of its commitment for
    anyone to audit the draws (``salt`` is empty in logs from before salts)."""

    seed: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    salt: str = ""


@COMMANDS.register("core.undo")
class Undo(Command, frozen=True):
    """Take back my last command of this turn (refused once something was revealed since)."""


@EVENTS.register("core.undone")
class Undone(Event, frozen=True):
    """``seat`` took back its last command: the game is again as it was right before event
    ``back_to`` (that command's first event). The log keeps both; the fold goes back."""

    seat: int
    back_to: int

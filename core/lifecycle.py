"""The two events every game log shares: it starts with ``GameStarted`` and may end with
``GameEnded``, which reveals the seed committed to at the start."""

from __future__ import annotations

from typing import Any

from core.messages import EVENTS, Event


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

"""The defaults every game's ``RULES`` starts from, so a game's rules file holds only its own.

A game subclasses :class:`RulesBase`, names itself, declares its table options (see
:mod:`core.options`) and implements the rest of :class:`~core.protocol.Rules`. The base gives:

- ``config``: the player count and every declared option validated in one place (seats are
  0-based in a configuration and 1-based in every message a person reads);
- ``view``/``project``/``fully_known`` for a game that hides nothing (a game with secrets
  overrides them);
- ``recorded_under`` for a game whose rules never changed;
- ``command_for`` by convention: an event that records a command returns it from its own
  ``command()`` method (see :class:`core.messages.Event`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from core.errors import ReplayError
from core.messages import Command, Event
from core.options import START_PLAYER, TURN_LIMIT, Option, check_options
from core.protocol import Seat

S = TypeVar("S")


class RulesBase(Generic[S]):
    """Shared defaults of the :class:`~core.protocol.Rules` protocol."""

    game: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (TURN_LIMIT, START_PLAYER)

    def config(self, players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A validated, JSON-able table configuration (``ValueError`` with one line)."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players"
            )
        return {"players": players, **check_options(self.title, self.options, players, options)}

    def table_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """A stored configuration (a replay's, a position's) validated again."""
        players = config.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("the configuration names no player count")
        return self.config(players, {k: v for k, v in config.items() if k != "players"})

    def recorded_under(self, state: S, version: int) -> S:
        """A game whose rules never changed plays every log alike (a game that changed them
        overrides this and keeps the older rules for older logs)."""
        if version > self.version:
            raise ReplayError(
                f"this log was recorded under {self.title} rules version {version}; "
                f"this Caldera knows up to {self.version}"
            )
        return state

    def copy(self, state: S) -> S:
        copy: S = state.copy()  # type: ignore[attr-defined]
        return copy

    def fully_known(self, state: S) -> bool:
        return True

    def view(self, state: S, seat: Seat | None) -> S:
        return self.copy(state)

    def look(self, state: S, seat: Seat | None) -> S:
        return self.view(state, seat)

    def project(self, event: Event, seat: Seat | None) -> Event:
        return event

    def command_for(self, event: Event) -> Command | None:
        return event.command()

    def describe_in(self, state: S, event: Event, names: Sequence[str]) -> str:
        said: str = self.describe(event, names)  # type: ignore[attr-defined]
        return said

"""The defaults every game's ``RULES`` starts from, so a game's rules file holds only its own.

A game subclasses :class:`RulesBase`, names itself, declares its table options (see
:mod:`core.options`) and implements the rest of :class:`~core.protocol.Rules`. The base gives:

- ``config``: the player count and every declared option validated in one place (seats are
  0-based in a configuration and 1-based in every message a person reads);
- ``view``/``project``/``fully_known`` for a game that hides nothing (a game with secrets
  overrides them);
- ``recorded_under`` for a game whose rules never changed;
- ``command_for`` by convention: an event that records a command returns it from its own
  ``command()`` method (see :class:`core.messages.Event`);
- every other method from the game's own modules, named in ``parts``: ``forced``, ``chance``,
  ``resolve`` and ``to_move`` from its ``flow``, ``legal_commands`` and ``decide`` from its
  ``play``, ``evolve`` from its ``evolve``, ``view``, ``look``, ``project`` and ``fully_known``
  from its ``secrecy`` (where it has one), ``outcome`` from its ``scoring``, ``dump_position``
  and ``load_position`` from its ``position``'s ``dump`` and ``load``, ``describe`` from its
  ``transcript``. Each is bound as the module's own function, with no wrapper between (the
  fold and the searches call them millions of times). A method the game writes itself wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from core.errors import ReplayError
from core.messages import Command, Event
from core.options import START_PLAYER, TURN_LIMIT, Option, check_options
from core.protocol import Outcome, Seat

S = TypeVar("S")

FROM_PARTS: dict[str, tuple[str, str]] = {
    "forced": ("flow", "forced"),
    "chance": ("flow", "chance"),
    "resolve": ("flow", "resolve"),
    "to_move": ("flow", "to_move"),
    "legal_commands": ("play", "legal_commands"),
    "decide": ("play", "decide"),
    "evolve": ("evolve", "evolve"),
    "fully_known": ("secrecy", "fully_known"),
    "view": ("secrecy", "view"),
    "look": ("secrecy", "look"),
    "project": ("secrecy", "project"),
    "outcome": ("scoring", "outcome"),
    "dump_position": ("position", "dump"),
    "load_position": ("position", "load"),
    "describe": ("transcript", "describe"),
}
"""Each method of the protocol the base takes from a game's module: (module, function)."""

HAS_DEFAULT = frozenset({"fully_known", "view", "look", "project"})
"""The methods a game with no secrets need not give: the base's own defaults serve."""


class RulesBase(Generic[S]):
    """Shared defaults of the :class:`~core.protocol.Rules` protocol."""

    game: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (TURN_LIMIT, START_PLAYER)
    parts: ClassVar[tuple[ModuleType, ...]] = ()
    """The game's modules the protocol's methods come from, each found by its last name."""
    option_commands: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The kinds of command only a game with an option on has: {option's name: their tags}."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        modules = {module.__name__.rpartition(".")[2]: module for module in cls.parts}
        for method, (part, function) in FROM_PARTS.items():
            if method in cls.__dict__:
                continue
            found = getattr(modules.get(part), function, None)
            if found is not None:
                setattr(cls, method, staticmethod(found))
            elif method not in HAS_DEFAULT and cls.parts:
                raise TypeError(f"{cls.__name__} gives no {method} (nor its {part}.{function})")

    def forced(self, state: S) -> list[Event]:
        raise NotImplementedError

    def chance(self, state: S) -> tuple[int, ...] | None:
        raise NotImplementedError

    def resolve(self, state: S, draws: Sequence[int]) -> Event:
        raise NotImplementedError

    def to_move(self, state: S) -> tuple[Seat, ...]:
        raise NotImplementedError

    def legal_commands(self, state: S, seat: Seat) -> list[Command]:
        raise NotImplementedError

    def decide(self, state: S, seat: Seat, command: Command) -> list[Event]:
        raise NotImplementedError

    def evolve(self, state: S, event: Event) -> S:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def dump_position(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def load_position(self, data: Mapping[str, Any]) -> S:
        raise NotImplementedError

    def describe(self, event: Event, names: Sequence[str]) -> str:
        raise NotImplementedError

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
        return self.describe(event, names)

"""The game protocol: what every game in ``core/games/`` provides.

A game is data plus pure functions over a state. Rules code calls no ``random``, ``time``, I/O or
asyncio: chance is a node the engine resolves with the seeded :class:`~core.rng.Rng`, and the
outcome enters the log as an event, so replay never re-rolls.

After every event the engine asks, in this order: are there *forced* events (deterministic
consequences, e.g. lava placed after it is drawn)? is there a *chance* node (e.g. a tile to draw)?
Otherwise the game waits for a command from a seat in ``to_move``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from core.messages import Command, Event
from core.options import Option

Seat = int
S = TypeVar("S")


@dataclass(frozen=True)
class Outcome:
    """The end of a game: final scores, their parts, the winners and how ties were broken."""

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    parts: tuple[dict[str, int], ...] = ()
    tiebreak: str = ""
    ranking: tuple[Seat, ...] = field(default=())


class Rules(Protocol[S]):
    """One game's rules as pure functions; ``S`` is its state type."""

    game: str
    title: str
    version: int
    min_players: int
    max_players: int
    options: tuple[Option, ...]  # the table options, declared once (see core.options)

    def config(self, players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A validated, JSON-able table configuration (raises ``ValueError`` on a bad option)."""
        ...

    def initial(self, config: Mapping[str, Any]) -> S:
        """The state before any chance: empty board, pieces in their boxes."""
        ...

    def recorded_under(self, state: S, version: int) -> S:
        """``state`` as the rules of ``version`` (a log's ``rules_version``) play it, so a log
        recorded before a rule changed still folds and verifies as it was played; raises
        ``ReplayError`` for a version newer than these rules."""
        ...

    def forced(self, state: S) -> list[Event]:
        """Deterministic events that must happen now (empty when none)."""
        ...

    def chance(self, state: S) -> tuple[int, ...] | None:
        """The sizes of the uniform draws needed now, or ``None`` when no chance is pending."""
        ...

    def resolve(self, state: S, draws: Sequence[int]) -> Event:
        """The chance event for these draws (``draws[i] < chance(state)[i]``)."""
        ...

    def to_move(self, state: S) -> tuple[Seat, ...]:
        """The seats that may send a command now."""
        ...

    def legal_commands(self, state: S, seat: Seat) -> list[Command]:
        """Every legal command for ``seat``, in a deterministic order."""
        ...

    def decide(self, state: S, seat: Seat, command: Command) -> list[Event]:
        """Validate ``command`` and return its events; raises ``IllegalCommand`` with a reason."""
        ...

    def evolve(self, state: S, event: Event) -> S:
        """Apply a trusted event to ``state`` *in place* and return it (the fold's fast path)."""
        ...

    def copy(self, state: S) -> S:
        """An independent copy (``evolve`` mutates)."""
        ...

    def fully_known(self, state: S) -> bool:
        """Whether ``state`` hides nothing (a referee can run a game only from such a state;
        a seat's view of a game with secrets is not one)."""
        ...

    def view(self, state: S, seat: Seat | None) -> S:
        """What ``seat`` (or a spectator, ``None``) may know, as a state of the same type."""
        ...

    def look(self, state: S, seat: Seat | None) -> S:
        """What ``seat`` may know, like :meth:`view`, but it may share what it does not hide
        with ``state``: the caller only reads it, and drops it before ``state`` next changes
        (a bot that answers at once, the state hash). It never holds a hidden part of
        ``state``, so a seat sees no more through it than through :meth:`view`."""
        ...

    def project(self, event: Event, seat: Seat | None) -> Event:
        """The event as ``seat`` may see it (hidden parts redacted)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Final scores once the game is over, else ``None``."""
        ...

    def dump_position(self, state: S) -> dict[str, Any]:
        """The state as plain JSON data (like chess's FEN, but readable)."""
        ...

    def load_position(self, data: Mapping[str, Any]) -> S:
        """A state from JSON data; raises ``PositionError`` on anything invalid."""
        ...

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """A plain sentence for the event log ("Red placed a tile at D4")."""
        ...

    def describe_in(self, state: S, event: Event, names: Sequence[str]) -> str:
        """The sentence for ``event`` read in ``state``, the position it happens in (before it
        is applied): an answer named by its place among a question's options says the option."""
        ...

    def command_for(self, event: Event) -> Command | None:
        """The command whose first event this is (``None`` for forced and chance events)."""
        ...

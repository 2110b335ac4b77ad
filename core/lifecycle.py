"""The events every game log shares: it starts with ``GameStarted`` and may end with
``GameEnded``, which reveals the seed committed to at the start; in between, any seat may take
back its own last command (``Undo``, recorded as ``Undone``: see :mod:`core.undo`)."""

from __future__ import annotations

from collections.abc import Callable
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


# -- what a hosted table records beside the rules' events -------------------------------------
#
# A table's referee appends these facts of the table itself (who sits where, time, a bot playing
# for someone); the rules never see them: every fold skips them (``TABLE_EVENTS``), and the
# audit checks them apart (:mod:`core.clock`). Only tables with terms (a clock, or rated) have
# them; their ``core.seated`` comes right after ``core.game_started``.


class TableEvent(Event, frozen=True):
    """A fact of the table, not of the game: folds skip it."""


@EVENTS.register("core.seated")
class Seated(TableEvent, frozen=True):
    """Who sits where and on what terms. ``keys``: each seat's holder's public key (hex; empty
    for a bot the host runs), ``bots``: each seat's bot level (empty for a person); ``clock``:
    the clock (``""`` none, ``"20m+10s"`` a bank and an increment, ``"2d"`` time per move);
    ``on_timeout``: what the table does when a clock runs out (``"bot_turn"``: a bot plays that
    turn; ``"drop"``: a bot plays the seat to the end); ``rated``: the result counts."""

    keys: tuple[str, ...]
    bots: tuple[str, ...]
    rated: bool = False
    clock: str = ""
    on_timeout: str = "bot_turn"


@EVENTS.register("core.clock")
class ClockRead(TableEvent, frozen=True):
    """The clocks read after a step (a command and all it caused): at ``at`` (milliseconds
    since 1970, UTC, the referee's clock) seat ``s`` has ``left[s]`` milliseconds, and the
    clocks of ``running`` (the seats to move) run from then. ``why``: ``"start"`` (the first),
    ``"resumed"`` (a referee took the table over: the clocks stood still meanwhile) or ``""``.
    ``left`` is empty at a table without a clock (the time is still recorded)."""

    at: int
    left: tuple[int, ...]
    running: tuple[int, ...]
    why: str = ""


@EVENTS.register("core.time_ran_out")
class TimeRanOut(TableEvent, frozen=True):
    """``seat``'s clock ran out at ``at``; ``then`` says what the table did: ``"bot_turn"`` (a
    bot plays this turn) or ``"drop"`` (the player is dropped; a bot plays the seat to the
    end)."""

    seat: int
    at: int
    then: str


@EVENTS.register("core.handed_to_bot")
class HandedToBot(TableEvent, frozen=True):
    """A ``bot`` of the host's plays ``seat`` from here on, for ``why`` (``"time ran out"``,
    ``"dropped"``, ``"away"``, ``"host"``), until ``core.handed_back``."""

    seat: int
    bot: str
    why: str


@EVENTS.register("core.handed_back")
class HandedBack(TableEvent, frozen=True):
    """``seat`` is its holder's again."""

    seat: int


TABLE_EVENTS: frozenset[type[Event]] = frozenset(
    {Seated, ClockRead, TimeRanOut, HandedToBot, HandedBack}
)
NOT_FOLDED: frozenset[type[Event]] = TABLE_EVENTS | {GameEnded}  # the fold skips them


def _unchanged(state: Any, event: Event) -> None:
    """A table's event changes nothing in the game."""


# Every game's ``evolve`` dispatches on the event's type; these entries in its table let the
# fold hand it a table's events as they come (the hot loop then tests one type, GameEnded).
TABLE_EVENT_HANDLERS: dict[type[Event], Callable[[Any, Any], None]] = {
    kind: _unchanged for kind in TABLE_EVENTS
}

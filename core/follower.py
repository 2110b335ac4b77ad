"""A log followed event by event: what every place that folds as events arrive holds.

A :class:`Follower` keeps a game's rules, the events followed so far and the state after the
last of them, as its reader may know it (a seat folds its projected events, a spectator the
public ones, a referee or a finished replay everything). Each event is folded the one way
:func:`core.fold.apply` folds it: ``GameStarted`` starts the state, ``Undone`` goes back to the
state right before the command it took back, a table's own events and ``GameEnded`` change
nothing. Whoever needs the position an event happens in (to word it: an answer in the game's
words, what an action paid and gained) reads :attr:`Follower.state` before following it, or
gives ``on_event``, which is called with that position and the event, before each fold.

Used by the audit, the replay's timeline and its log, the export, a networked seat, the host's
state hashes, the table screen and the line mode: the fold as events arrive is written once. The
audit folds through any :class:`Follows` it is given (a replay's timeline, say), so that a log
checked and then shown is folded once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from core.codec import Envelope
from core.errors import ReplayError
from core.fold import apply, rules_of, start_state, state_before
from core.lifecycle import GameStarted, Undone
from core.protocol import Rules

OnEvent = Callable[[Any, Envelope], None]
"""Called before each event is folded, with the position it happens in (``None`` before the
game started) and the event."""


class Follows(Protocol):
    """What folds a log one event at a time, from its ``GameStarted``: a :class:`Follower`, or
    one that keeps more as it goes (a replay's timeline keeps snapshots)."""

    def follow(self, env: Envelope) -> Any:
        """Fold ``env`` (the next event of the log) and return the state after it."""
        ...


class Follower:
    """The state of a log after the events followed so far."""

    def __init__(
        self,
        rules: Rules[Any] | None = None,
        *,
        on_event: OnEvent | None = None,
        state: Any = None,
        log: Sequence[Envelope] = (),
        rewind: Callable[[int], Any] | None = None,
    ) -> None:
        """A follower of a log from its start (``rules`` found from its ``GameStarted`` when
        not given), or from ``state``, the state after ``log`` (a copy kept earlier).
        ``rewind(seq)`` gives a fresh state right before event ``seq``, for an ``Undone``
        (default: the log refolded from its start; a timeline has snapshots)."""
        self.rules = rules
        self.on_event = on_event
        self.rewind = rewind
        self.state: Any = state
        self.log: list[Envelope] = list(log)

    @property
    def seq(self) -> int:
        """The sequence number of the last event followed (-1: none yet)."""
        return len(self.log) - 1

    @property
    def started(self) -> bool:
        return self.state is not None

    def follow(self, env: Envelope) -> Any:
        """Fold ``env`` (the next event of the log) and return the state after it."""
        event = env.event
        if self.on_event is not None:
            self.on_event(self.state, env)
        if isinstance(event, GameStarted):
            if self.rules is None:
                self.rules = rules_of(event)
            self.state = start_state(self.rules, event)
        elif self.state is not None:
            assert self.rules is not None
            if type(event) is Undone:
                if not 0 < event.back_to < len(self.log):
                    raise ReplayError(
                        f"event {len(self.log)} takes back event {event.back_to}, not before it"
                    )
                if self.rewind is not None:
                    self.state = self.rewind(event.back_to)
                else:
                    self.state = state_before(self.rules, self.log, event.back_to)
            else:
                self.state = apply(self.rules, self.state, event, self.log)
        self.log.append(env)
        return self.state

    def follow_all(self, envelopes: Iterable[Envelope]) -> Any:
        """Fold every event of ``envelopes`` in order; the state after the last."""
        for env in envelopes:
            self.follow(env)
        return self.state


def follow_log(envelopes: Sequence[Envelope], on_event: OnEvent | None = None) -> Follower:
    """A follower that followed the whole of ``envelopes`` (which must begin the game)."""
    if not envelopes or not isinstance(envelopes[0].event, GameStarted):
        raise ReplayError("a game log must begin with core.game_started")
    follower = Follower(on_event=on_event)
    follower.follow_all(envelopes)
    return follower

"""Rewind and seek: the state after any event, from snapshots taken every N events.

After an ``Undone`` the state is the one right before the command it took back, which the
snapshots give like any other (both stay in the log, so a replay shows the move and its undo).

A log the rules cannot fold (an edited file whose checksums were rebuilt, say) is a
:class:`ReplayError` naming the event, never an ``IndexError`` from deep in a game's rules. A
timeline can also be folded by the audit of its log (:func:`core.audit.audit` follows it event
by event), so that a replay file checked and then shown is folded once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.audit import AuditReport, audit
from core.codec import Envelope
from core.errors import ReplayError
from core.fold import rules_of
from core.follower import Follower, OnEvent
from core.lifecycle import GameStarted
from core.protocol import Rules

SNAPSHOT_EVERY = 64


class Timeline:
    """A folded log that can give the state after any event without refolding from zero."""

    def __init__(
        self,
        envelopes: Sequence[Envelope],
        every: int = SNAPSHOT_EVERY,
        on_event: OnEvent | None = None,
        *,
        audited: bool = False,
    ) -> None:
        """Fold ``envelopes`` once, keeping a snapshot every ``every`` events; ``on_event``
        sees each event with the position it happens in, as the fold goes (a log's sentences
        are worded in the same fold). ``audited``: the fold is the audit's, each event checked
        against the rules before it is folded; its :attr:`report` says what it found (the
        timeline ends before the first problem)."""
        if not envelopes or not isinstance(envelopes[0].event, GameStarted):
            raise ReplayError("a game log must begin with core.game_started")
        self.started: GameStarted = envelopes[0].event
        self.rules: Rules[Any] = rules_of(self.started)
        self.every = every
        self._snapshots: list[Any] = []
        self._follower = Follower(self.rules, on_event=on_event, rewind=self._before)
        self.report: AuditReport | None = None
        if audited:
            self.report = audit(envelopes, follower=self)
        else:
            self._fold(envelopes)

    @property
    def envelopes(self) -> list[Envelope]:
        """The events folded, in order."""
        return self._follower.log

    @property
    def final(self) -> Any:
        """The state after the last event (the timeline's own: copy it to change it)."""
        return self._follower.state

    def __len__(self) -> int:
        return len(self.envelopes)

    def follow(self, env: Envelope) -> Any:
        """Fold ``env`` (the next event of the log), keeping a snapshot every ``every`` events;
        the state after it. What the rules raise is raised as it is (the audit names it)."""
        seq = len(self._follower.log)
        state = self._follower.follow(env)
        if seq % self.every == 0:
            self._snapshots.append(self.rules.copy(state))
        return state

    def _fold(self, envelopes: Sequence[Envelope]) -> None:
        for env in envelopes:
            seq = len(self._follower.log)
            try:
                self.follow(env)
            except ReplayError:
                raise
            except Exception as exc:  # a hostile log: one line naming the event, never a traceback
                raise ReplayError(
                    f"event {seq} ({env.type}) does not fit the game: {type(exc).__name__}: {exc}"
                ) from None

    def _before(self, seq: int) -> Any:
        return self.state_at(seq - 1)

    def append(self, env: Envelope) -> None:
        """Extend the timeline with a new event (a live game being watched)."""
        self._fold([env])

    def state_at(self, seq: int) -> Any:
        """A fresh copy of the state right after event ``seq`` (0 = just started)."""
        if not 0 <= seq < len(self.envelopes):
            raise IndexError(f"event {seq} is not in this log (0 … {len(self.envelopes) - 1})")
        if seq == len(self.envelopes) - 1:
            return self.rules.copy(self.final)
        base = seq // self.every * self.every
        state = self.rules.copy(self._snapshots[base // self.every])
        follower = Follower(
            self.rules, state=state, log=self.envelopes[: base + 1], rewind=self._before
        )
        return follower.follow_all(self.envelopes[base + 1 : seq + 1])

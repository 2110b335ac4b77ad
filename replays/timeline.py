"""Rewind and seek: the state after any event, from snapshots taken every N events.

After an ``Undone`` the state is the one right before the command it took back, which the
snapshots give like any other (both stay in the log, so a replay shows the move and its undo).

A log the rules cannot fold (an edited file whose checksums were rebuilt, say) is a
:class:`ReplayError` naming the event, never an ``IndexError`` from deep in a game's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.codec import Envelope
from core.errors import ReplayError
from core.fold import rules_of, start_state
from core.lifecycle import NOT_FOLDED, GameStarted, Undone
from core.protocol import Rules

SNAPSHOT_EVERY = 64


class Timeline:
    """A folded log that can give the state after any event without refolding from zero."""

    def __init__(self, envelopes: Sequence[Envelope], every: int = SNAPSHOT_EVERY) -> None:
        if not envelopes or not isinstance(envelopes[0].event, GameStarted):
            raise ReplayError("a game log must begin with core.game_started")
        self.envelopes = list(envelopes)
        self.started: GameStarted = envelopes[0].event
        self.rules: Rules[Any] = rules_of(self.started)
        self.every = every
        self._snapshots: list[Any] = []
        self.final = self._fold_all()

    def _unfoldable(self, seq: int, exc: Exception) -> ReplayError:
        tag = self.envelopes[seq].type if seq < len(self.envelopes) else "?"
        return ReplayError(
            f"event {seq} ({tag}) does not fit the game: {type(exc).__name__}: {exc}"
        )

    def __len__(self) -> int:
        return len(self.envelopes)

    def _apply(self, state: Any, env: Envelope) -> Any:
        if type(env.event) in NOT_FOLDED or isinstance(env.event, GameStarted):
            return state
        if isinstance(env.event, Undone):
            back_to = env.event.back_to
            if not 0 < back_to < env.seq:
                raise ReplayError(f"event {env.seq} takes back event {back_to}, not before it")
            return self.state_at(back_to - 1)
        return self.rules.evolve(state, env.event)

    def _fold_all(self) -> Any:
        seq = 0
        try:
            state = start_state(self.rules, self.started)
            for seq, env in enumerate(self.envelopes):
                state = self._apply(state, env)
                if seq % self.every == 0:
                    self._snapshots.append(self.rules.copy(state))
        except ReplayError:
            raise
        except Exception as exc:  # a hostile log: one line naming the event, never a traceback
            raise self._unfoldable(seq, exc) from None
        return state

    def append(self, env: Envelope) -> None:
        """Extend the timeline with a new event (a live game being watched)."""
        self.envelopes.append(env)
        self.final = self._apply(self.final, env)
        if (len(self.envelopes) - 1) % self.every == 0:
            self._snapshots.append(self.rules.copy(self.final))

    def state_at(self, seq: int) -> Any:
        """A fresh copy of the state right after event ``seq`` (0 = just started)."""
        if not 0 <= seq < len(self.envelopes):
            raise IndexError(f"event {seq} is not in this log (0 … {len(self.envelopes) - 1})")
        if seq == len(self.envelopes) - 1:
            return self.rules.copy(self.final)
        base = seq // self.every
        state = self.rules.copy(self._snapshots[base])
        for env in self.envelopes[base * self.every + 1 : seq + 1]:
            state = self._apply(state, env)
        return state

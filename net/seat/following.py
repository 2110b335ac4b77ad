"""What a seat folds of its host's events: the log as it comes, in order, checked as it goes.

A :class:`SeatFollower` holds the seat's :class:`core.follower.Follower` (the events folded and
their state), its catch-up (:mod:`net.seat.catching_up`: what came early, what is missing) and its
check against the host's state hashes (:mod:`net.seat.checking`). A batch goes in by
:meth:`SeatFollower.receive`; what follows on from the last event folded is folded and handed
to the listeners; a seat whose rules cannot fold an event (another rules code than the host's)
stops there and says where. Sending is its session's: the follower asks through the two
callable it is given.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from core.codec import Envelope
from core.follower import Follower
from core.lifecycle import GameEnded, GameStarted
from core.protocol import Rules
from core.session import Listener
from core.statehash import state_hash
from net.seat.catching_up import CatchUp
from net.seat.checking import StateCheck
from net.wire.messages import Batch, Check, SyncRequest

log = logging.getLogger("caldera.net")


class SeatFollower:
    """A seat's fold of its table's log (see the module). ``ask(request)`` sends the host a
    catch-up request (for the events from one on, or its hashes after some);
    ``on_desync`` is told when the seat found it no longer folds as the host."""

    def __init__(
        self,
        table: str,
        rules: Rules[Any] | None,
        retry: float,
        ask: Callable[[SyncRequest], None],
        on_desync: Callable[[], None],
    ) -> None:
        self.table = table
        self.rules = rules  # None until the table's card names the game
        self.follower = Follower(rules)  # the events received in order, and their state
        self.check = StateCheck(
            self.follower, lambda first, last: ask(SyncRequest(first, to=last)), table
        )
        self.catch_up = CatchUp(
            self.follower, self.check, lambda first: ask(SyncRequest(first)), retry, table
        )
        self.players: tuple[str, ...] = ()
        self.listeners: list[Listener] = []
        self._on_desync = on_desync

    @property
    def state(self) -> Any:
        return self.follower.state

    @property
    def envelopes(self) -> Sequence[Envelope]:
        return self.follower.log

    @property
    def desync(self) -> str | None:
        """Why this seat's state is no longer the host's (``None``: it is)."""
        return self.check.desync

    @property
    def ended(self) -> bool:
        log_ = self.follower.log
        return bool(log_) and isinstance(log_[-1].event, GameEnded)

    @property
    def current_hash(self) -> str | None:
        """The hash of this seat's state (equal to the host's when all is well)."""
        state = self.follower.state
        return state_hash(self.rules, state) if state is not None and self.rules else None

    def receive(self, batch: Batch) -> None:
        """Take a batch of envelopes in, fold what is contiguous, and ask for any gap."""
        self.catch_up.take(batch)
        self.drain()
        self.catch_up.learn(batch.start + len(batch.envs))
        if self.catch_up.ahead:
            self.catch_up.ask()

    def learn(self, check: Check) -> None:
        """The host's hashes after some events: compare what this seat folded."""
        self.check.learn(check.start, check.hashes)
        self.verify()

    def drain(self) -> None:
        """Fold every envelope that follows on from the last one folded, and tell listeners."""
        if self.rules is None:
            return  # the table card (and so the game) is not known yet: keep them
        new: list[Envelope] = []
        while self.desync is None and (env := self.catch_up.next()) is not None:
            if not self._fold(env):
                break
            del self.catch_up.ahead[env.seq]
            new.append(env)
        if new:
            for listener in list(self.listeners):
                listener(new)
            self.verify()

    def verify(self) -> None:
        """Compare this seat's state with the host's hashes; a desync found is told."""
        before = self.check.desync
        self.check.verify()
        if self.check.desync != before:
            self._on_desync()

    def _fold(self, env: Envelope) -> bool:
        event = env.event
        rules = self.rules
        assert rules is not None
        if env.seq == 0:
            if not isinstance(event, GameStarted) or event.game != rules.game:
                log.warning("table %s: the log does not start with this game", self.table)
                return False
            self.players = tuple(event.players)
            self.follower.rules = rules
        elif self.follower.state is None:
            return False
        try:
            self.follower.follow(env)
        except Exception as exc:  # other rules code than the host's: stop, and say where
            self.check.fail(f"desync at event {env.seq} ({event.TAG}): {type(exc).__name__}")
            log.warning("table %s: cannot fold event %d: %r", self.table, env.seq, exc)
            self._on_desync()
            return False
        return True

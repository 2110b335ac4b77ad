"""Whether a seat's fold agrees with its host's: the host's state hashes, checked as they come.

The host publishes the state hash after some events (with a batch, or in a ``Check``). A seat
compares its own state at the newest event both know; when they agree, that state is kept as
the last verified one. When they differ, the seat asks the host for the hash of every event
from the last verified one to the mismatch, refolds them from there and names the first event
where the states part: ``desync at event 41 (maunakea.turn_started)``. A seat in desync stops
folding (more events would not mend its state) and says so in its status.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from core.follower import Follower
from core.statehash import state_hash

log = logging.getLogger(__name__)

AskHashes = Callable[[int, int], None]
"""Ask the host for the hashes after events ``first`` … ``last``."""


class StateCheck:
    """A seat's state compared with its host's hashes (see the module)."""

    def __init__(self, follower: Follower, ask: AskHashes, table: str) -> None:
        self.follower = follower
        self.ask = ask
        self.table = table
        self.known: dict[int, str] = {}  # the host's hashes not compared yet, by event
        self.verified: tuple[int, Any] | None = None  # the last event found equal, its state
        self.mismatch: int | None = None  # a hashed event our state differs at, being located
        self.desync: str | None = None

    @property
    def verified_seq(self) -> int:
        return self.verified[0] if self.verified is not None else -1

    def fail(self, why: str) -> None:
        """Stop: this terminal's state is no longer the host's (``why``, one line)."""
        self.desync = why

    def learn(self, first: int, hashes: tuple[str, ...]) -> None:
        """The host's hashes after events ``first``, ``first + 1`` …"""
        for i, digest in enumerate(hashes):
            self.known[first + i] = digest

    def verify(self) -> None:
        """Compare our state with the host's hash at the newest event both of us know."""
        last = self.follower.seq
        state = self.follower.state
        if self.desync is not None or state is None:
            return
        if self.mismatch is not None:
            self.locate_when_known()
            return
        known = [seq for seq in self.known if seq <= last]
        if not known:
            return
        seq = max(known)
        rules = self.follower.rules
        assert rules is not None
        if seq != last:
            state = self._refold(seq)
        if state_hash(rules, state) == self.known[seq]:
            self.verified = (seq, rules.copy(state))
            for old in [s for s in self.known if s <= seq]:
                del self.known[old]
            return
        self.mismatch = seq
        self.locate_when_known(ask=True)

    def locate_when_known(self, ask: bool = False) -> None:
        """Name the exact event of the desync once the host's hash of every event up to the
        mismatch is known; ask the host for them (again, with ``ask``) until then."""
        assert self.mismatch is not None
        first, last = (self.verified_seq + 1 if self.verified else 1), self.mismatch
        if all(seq in self.known for seq in range(first, last + 1)):
            self._locate(last)
        elif ask:
            self.ask(first, last)

    def _refold(self, seq: int, on_event: Callable[[int, Any], bool] | None = None) -> Any:
        """The state after event ``seq``, from the last verified state; ``on_event`` may stop it."""
        rules, log_ = self.follower.rules, self.follower.log
        assert rules is not None
        if self.verified is not None:
            done, state = self.verified[0], rules.copy(self.verified[1])
            follower = Follower(rules, state=state, log=log_[: done + 1])
        else:
            done, follower = 0, Follower(rules)
            state = follower.follow(log_[0])
        for env in log_[done + 1 : seq + 1]:
            state = follower.follow(env)
            if on_event is not None and not on_event(env.seq, state):
                break
        return state

    def _locate(self, seq: int) -> None:
        rules = self.follower.rules
        assert rules is not None
        first_bad = seq

        def compare(at: int, state: Any) -> bool:
            nonlocal first_bad
            digest = self.known.get(at)
            if digest is not None and state_hash(rules, state) != digest:
                first_bad = at
                return False
            return True

        self._refold(seq, compare)
        event = self.follower.log[first_bad].event
        self.desync = f"desync at event {first_bad} ({type(event).TAG})"
        log.warning("table %s: %s: this terminal's state differs from the host's", self.table,
                    self.desync)  # fmt: skip

"""A seat's catch-up: the table's events as they reach it, out of order, in parts, some lost.

The host publishes each command's events once; a seat that was away, or whose message was
lost, asks for what it lacks (``SyncRequest`` from the first event it has not folded). Events
that come early wait in :attr:`CatchUp.ahead` until the gap before them is filled. Until the
host answered one catch-up on this connection the seat asks again: after ``retry`` seconds,
then twice as long each time, ``SYNC_MOST_WAIT`` at most.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from core.codec import Envelope, decode_envelope
from core.errors import CodecError
from core.follower import Follower
from net.seat.checking import StateCheck
from net.wire.messages import Batch

log = logging.getLogger(__name__)

SYNC_MOST_WAIT = 16.0  # seconds between unanswered catch-up requests, at most


class CatchUp:
    """What a seat knows the table has, holds early and asks for (see the module)."""

    def __init__(
        self,
        follower: Follower,
        check: StateCheck,
        ask: Callable[[int], None],
        retry: float,
        table: str,
    ) -> None:
        self.follower = follower
        self.check = check
        self._ask = ask  # publish a catch-up request from the event given
        self.retry = retry
        self.table = table
        self.ahead: dict[int, Envelope] = {}  # events come before the gap in front of them
        self.target = 0  # events we know the table has
        self.asked = 0.0
        # whether the host answered a catch-up of ours on this connection: until it has, we ask
        # again, less and less often. A spectator counts on the host's card only once it was
        # sent the game, and a first request sent before the link is up is lost
        self.caught_up = False
        self.waits = 0  # unanswered catch-ups asked again since the last answer

    @property
    def missing(self) -> bool:
        """The table has events this seat has not folded."""
        return len(self.follower.log) < self.target

    @property
    def behind(self) -> bool:
        """Events are missing, or wait for a gap in front of them."""
        return bool(self.ahead) or self.missing

    def anew(self) -> None:
        """A new connection (or a host that came back): catch up anew."""
        self.caught_up, self.waits = False, 0

    def answered(self) -> None:
        self.caught_up, self.waits = True, 0

    def ask(self, force: bool = False) -> None:
        """Ask for the events from the first one not folded (not twice in ``retry / 2``)."""
        if self.check.desync is not None:
            return  # more events would not mend our state
        now = time.monotonic()
        if not force and now - self.asked < self.retry / 2:
            return
        self.asked = now
        self._ask(len(self.follower.log))

    def ask_again(self) -> None:
        """Ask again for a catch-up no answer came to (lost on its way, or dropped by a busy
        host): after ``retry`` seconds, then twice as long each time."""
        wait = min(self.retry * 2**self.waits, max(SYNC_MOST_WAIT, self.retry))
        if time.monotonic() - self.asked >= wait:
            self.waits += 1
            self.ask(force=True)

    def learn(self, seq: int) -> None:
        """The table has ``seq`` events (a card or an answer says so): ask for what we lack."""
        self.target = max(self.target, seq)
        if self.missing:
            self.ask()

    def take(self, batch: Batch) -> None:
        """Hold a batch's envelopes (and the host's hashes of them) until they can be folded."""
        for i, data in enumerate(batch.envs):
            seq = batch.start + i
            if seq < len(self.follower.log):
                continue
            try:
                env = decode_envelope(data)
            except CodecError as exc:
                log.warning("table %s: unreadable event %d from the host: %s", self.table, seq, exc)
                break
            if env.seq != seq:
                log.warning("table %s: event %d arrived labelled %d", self.table, seq, env.seq)
                break
            self.ahead[seq] = env
            if batch.hashes:
                self.check.known[seq] = batch.hashes[i]

    def next(self) -> Envelope | None:
        """The event that follows on from the last one folded, if it came."""
        return self.ahead.get(len(self.follower.log))

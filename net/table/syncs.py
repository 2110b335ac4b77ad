"""The catch-ups a hosted table serves: the events a client missed, asked for on ``sync``.

A client that missed events asks for them and gets them projected for its seat (a spectator's,
the public view), sealed to its key, in parts of at most ``SYNC_CHUNK_BYTES``; the newest state's
hash comes with them, to check what it caught up with. A client whose state differs at a hashed
event asks for the hashes of every event since its last good one (a request with ``to``),
computed again from the log, and so still names the exact event where it went astray. Once the
game is over, a seat's holder may ask for the log whole (not projected), to keep the game's
replay on its own machine.

Each key is served ``SYNCS_PER_SECOND`` catch-ups a second at most; the table's spectators,
however many, share ``SPECTATOR_SYNCS_PER_SECOND``, fairly: the least served lately goes first
(each answer counts 1, halving every ``FAIR_HALF_LIFE`` seconds), so a flood of made-up
identities cannot starve a newcomer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from typing import Any

from core.codec import Envelope
from core.errors import CodecError
from core.follower import Follower
from core.protocol import Rules, Seat
from core.statehash import state_hash
from net.table.refereeing import MOST_ASKERS, Refereeing
from net.wire import topics
from net.wire.messages import SYNC_MOST_EVENTS, Batch, Check, SyncRequest, encode, read_sync

log = logging.getLogger("caldera.net")

SYNC_CHUNK_BYTES = 128 * 1024
SYNCS_PER_SECOND = 5  # catch-ups served per client per second, at most
SPECTATOR_SYNCS_PER_SECOND = 20  # … and to all the table's spectators together
FAIR_HALF_LIFE = 10.0  # seconds: how long a spectator's served catch-ups count against it
HASHES_AT_ONCE = 2000  # per-event hashes served in one answer, at most


def hashes_between(
    rules: Rules[Any], log: Sequence[Envelope], start: int, end: int
) -> tuple[str, ...]:
    """The state hashes after events ``start`` … ``end`` (at most ``HASHES_AT_ONCE``), from a
    fold of the log: what a client asks for to find where it went astray."""
    end = min(end, start + HASHES_AT_ONCE - 1)
    follower = Follower(rules)
    hashes = []
    for env in log[: end + 1]:
        state = follower.follow(env)
        if env.seq >= start:
            hashes.append(state_hash(rules, state))
    return tuple(hashes)


class SyncDesk:
    """Answers one table's catch-up requests from its referee's log (see the module);
    ``caught_up(key)`` is called when a key's catch-up was answered."""

    def __init__(
        self, refereeing: Refereeing, caught_up: Callable[[str], None] = lambda who: None
    ) -> None:
        self.refereeing = refereeing
        self.table = refereeing.table
        self.link = refereeing.link
        self.caught_up = caught_up
        self._syncs: dict[bytes, deque[float]] = {}  # key -> when its recent syncs came
        self._spectator_syncs: deque[float] = deque(maxlen=SPECTATOR_SYNCS_PER_SECOND)
        # spectators' catch-ups waiting for the shared budget (the newest per key), and how much
        # each key was served lately (a score that halves every FAIR_HALF_LIFE seconds): the
        # least served goes first, so a flood of identities cannot starve a newcomer
        self._waiting: OrderedDict[bytes, tuple[str, SyncRequest]] = OrderedDict()
        self._served: dict[bytes, tuple[float, float]] = {}  # key -> (score, when)
        self._drain: asyncio.TimerHandle | None = None

    def close(self) -> None:
        """Answer nobody waiting any more (the table is closing)."""
        if self._drain is not None:
            self._drain.cancel()
        self._waiting.clear()

    def on_sync(self, client: str, key: bytes, payload: bytes) -> None:
        try:
            request = read_sync(payload)
        except CodecError as exc:
            log.info("table %s: bad sync request from %s: %s", self.table, client, exc)
            return
        seat = self.refereeing.seating.seat_of(key.hex())
        now = time.monotonic()
        if key not in self._syncs and len(self._syncs) >= MOST_ASKERS:
            self._syncs.pop(next(iter(self._syncs)))  # made-up keys must not grow it forever
        own = self._syncs.setdefault(key, deque(maxlen=SYNCS_PER_SECOND))
        if len(own) == own.maxlen and now - own[0] < 1.0:
            return  # asking this often is broken or hostile: serve the others
        own.append(now)
        if request.whole:
            self._serve_whole(client, key, request, seat)
            return
        if seat is not None:  # a seat has its own share
            self._serve_sync(client, key, request, seat)
            return
        # spectators, however many, share one budget, fairly: the least served lately first
        self._waiting.pop(key, None)
        self._waiting[key] = (client, request)
        while len(self._waiting) > MOST_ASKERS:
            self._waiting.popitem(last=False)
        self._drain_syncs()

    def _drain_syncs(self) -> None:
        """Serve the waiting spectators' catch-ups the shared budget allows, the least served
        lately first (then the longest waiting); wake again when the budget has room."""
        self._drain = None
        budget = self._spectator_syncs
        while self._waiting:
            now = time.monotonic()
            if len(budget) == budget.maxlen and now - budget[0] < 1.0:
                wait = 1.0 - (now - budget[0])
                self._drain = asyncio.get_running_loop().call_later(wait, self._drain_syncs)
                return
            key = min(self._waiting, key=lambda k: self._score(k, now))
            client, request = self._waiting.pop(key)
            budget.append(now)
            score = self._score(key, now)
            if key not in self._served and len(self._served) >= MOST_ASKERS:
                self._served.pop(next(iter(self._served)))
            self._served[key] = (score + 1.0, now)
            self._serve_sync(client, key, request, None)

    def _score(self, key: bytes, now: float) -> float:
        """How much ``key`` was served lately (each answer 1, halving every FAIR_HALF_LIFE s)."""
        score, when = self._served.get(key, (0.0, now))
        return float(score * 0.5 ** ((now - when) / FAIR_HALF_LIFE))

    def _serve_sync(self, client: str, key: bytes, request: SyncRequest, seat: Seat | None) -> None:
        """Answer one catch-up request (events, or state hashes with ``to``)."""
        refereeing = self.refereeing
        referee = refereeing.referee
        topic = topics.reply(self.table, client)
        start = request.start
        if request.to is not None:
            if referee is not None and 0 <= start <= request.to < referee.seq:
                hashes = hashes_between(refereeing.rules, referee.log, start, request.to)
                self.link.publish(topic, encode(Check(start, hashes)))
            return
        if referee is None or start >= referee.seq:
            seq = referee.seq if referee is not None else 0
            self.link.publish(topic, encode(Batch(seq, ())), seal_to=key)
            if start <= seq:
                self.caught_up(key.hex())
            return
        envs = referee.log[start : start + SYNC_MOST_EVENTS]
        self._publish_parts(topic, key, start, [refereeing.wire_for(env, seat) for env in envs])
        self.caught_up(key.hex())  # (the rest, if any, it asks for next)
        refereeing.check(anyway=True)  # the newest hash, to check what it caught up with (public)
        newest = refereeing.newest_hashed
        self.link.publish(topic, encode(Check(newest, (refereeing.hashes[newest],))))

    def _serve_whole(
        self, client: str, key: bytes, request: SyncRequest, seat: Seat | None
    ) -> None:
        """Answer a request for the log as the referee wrote it (so its replay file's events),
        from ``request.start`` on, in parts like a catch-up, sealed to the asker: once the game
        is over, and to a seat's holder only (nothing hidden is left to keep from it then, as
        the end reveals the seed). Anyone else, or before the end: an empty answer."""
        referee = self.refereeing.referee
        topic = topics.reply(self.table, client)
        start = request.start
        if seat is None or referee is None or not referee.ended or start >= referee.seq:
            self.link.publish(topic, encode(Batch(start, (), whole=True)), seal_to=key)
            return
        wire = referee.wire[start : start + SYNC_MOST_EVENTS]
        self._publish_parts(topic, key, start, wire, whole=True)

    def _publish_parts(
        self, topic: str, key: bytes, start: int, wire: Sequence[bytes], whole: bool = False
    ) -> None:
        """Events ``start`` on (codec bytes), sealed to ``key``, in batches of at most
        ``SYNC_CHUNK_BYTES`` each (a single larger event goes alone)."""
        chunk: list[bytes] = []
        size = 0
        first = start
        for seq, data in enumerate(wire, start):
            if chunk and size + len(data) > SYNC_CHUNK_BYTES:
                self.link.publish(topic, encode(Batch(first, tuple(chunk), whole=whole)),
                                  seal_to=key)  # fmt: skip
                first, chunk, size = seq, [], 0
            chunk.append(data)
            size += len(data)
        self.link.publish(topic, encode(Batch(first, tuple(chunk), whole=whole)), seal_to=key)

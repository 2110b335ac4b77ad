"""The running game of a hosted table: judging commands, then publishing what they caused.

A command counts only if it arrives on ``cmd/<seat>/<client>`` from the client holding that
seat, names the current ``expected_seq``, and ``decide`` accepts it; otherwise its sender gets
the reason on its reply topic and nothing else happens. Accepted events go to the replay file
first (a referee sink), then out: the spectators' stream gets ``project(event, None)``, each
seated client its own ``project(event, seat)``, sealed to the key that took the seat (as is
every answer and catch-up, to its asker's key), so nothing secret reaches a seat that may not
see it, nor anyone reading the broker. A client that missed events asks for them (``sync``)
and gets them projected for its seat, in chunks. Once the game is over, a seat's holder may
ask for the log whole (not projected), to keep the game's replay on its own machine.

State hashes go out in ``Check`` messages once the events are on the wire, so they add nothing
to the round trip: the hash of the state after the newest event, at most every
``CHECK_EVERY`` seconds a table (at once when the game ends). Hashing the public position
costs ~0.3 ms, more than deciding a command, so hashing every event kept a referee to a few
dozen tables; a table nobody reads (its host's bots alone, no spectator) hashes only for a
spectator who comes, with its catch-up. A client whose state differs at a hashed event asks
for the hashes of every event since its last good one (a sync request with ``to``), computed
again from the log, and so still names the exact event where it went astray.

The host's signature of the chain's head (a proof record, :mod:`replays.proofs`) goes with the
hash: signing the head after every command cost a referee ~11% of its time (an Ed25519
signature and a line written), and one signed head vouches for every event before it. So the
proofs name the newest head at most ``CHECK_EVERY`` seconds old while a game runs, and the last
event once the game ends or the table closes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from core.codec import Envelope, encode_envelope, short_hash, unpack
from core.errors import CodecError, IllegalCommand
from core.follower import Follower
from core.lifecycle import Seated
from core.messages import Command
from core.protocol import Rules, Seat
from core.referee import Referee, Time
from core.statehash import state_hash
from net.errors import NetError
from net.link.connection import Channel
from net.table.seating import Seating
from net.trust.keys import public_from_hex
from net.wire import topics
from net.wire.messages import (
    SYNC_MOST_EVENTS,
    Batch,
    Check,
    CommandRequest,
    OtherProtocol,
    Result,
    SyncRequest,
    encode,
    peek_id,
    read_command,
    read_sync,
    update_line,
)
from replays import proofs
from replays.file import Header, ReplayWriter, read
from replays.header import Table

log = logging.getLogger("caldera.net")

EventListener = Callable[[Sequence[Envelope]], None]
REMEMBERED_ANSWERS = 64
MOST_ASKERS = 4096  # keys whose answers and catch-up budgets are kept (the oldest forgotten)
SYNC_CHUNK_BYTES = 128 * 1024
SYNCS_PER_SECOND = 5  # catch-ups served per client per second, at most
SPECTATOR_SYNCS_PER_SECOND = 20  # … and to all the table's spectators together
FAIR_HALF_LIFE = 10.0  # seconds: how long a spectator's served catch-ups count against it
CHECK_EVERY = 1.0  # seconds between a running table's state hashes, at least
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


class Refereeing:
    """The referee of one table once its game begins, and every stream it publishes to."""

    def __init__(self, table: str, rules: Rules[Any], seating: Seating, link: Channel) -> None:
        self.table = table
        self.rules = rules
        self.seating = seating
        self.link = link
        self.referee: Referee[Any] | None = None
        self.replay_path: Path | None = None
        self.hashes: dict[int, str] = {}  # seq -> the state hash after it (the hashed ones)
        self.newest_hashed = -1
        self.rejections: deque[tuple[str, str]] = deque(maxlen=1000)  # (client, reason)
        self.event_listeners: list[EventListener] = []
        self.on_published: Callable[[], None] = lambda: None
        self.on_caught_up: Callable[[str], None] = lambda who: None  # a catch-up answered
        self.halted = False  # the table is closing: no command counts any more
        self.published = 0  # batches of events published: one per command, one at the start
        self._writer: ReplayWriter | None = None
        self._proofs: proofs.ProofWriter | None = None  # who played what, signed
        self._checked_at = -CHECK_EVERY  # when the last hash went out (time.monotonic)
        self._signed = -1  # the newest event whose head the proofs hold
        self._answers: dict[bytes, OrderedDict[str, Result]] = {}  # key -> its answers
        self._syncs: dict[bytes, deque[float]] = {}  # key -> when its recent syncs came
        self._spectator_syncs: deque[float] = deque(maxlen=SPECTATOR_SYNCS_PER_SECOND)
        # spectators' catch-ups waiting for the shared budget (the newest per key), and how much
        # each key was served lately (a score that halves every FAIR_HALF_LIFE seconds): the
        # least served goes first, so a flood of identities cannot starve a newcomer
        self._waiting: OrderedDict[bytes, tuple[str, SyncRequest]] = OrderedDict()
        self._served: dict[bytes, tuple[float, float]] = {}  # key -> (score, when)
        self._drain: asyncio.TimerHandle | None = None
        self._check_wake = asyncio.Event()

    def begin(
        self,
        config: Any,
        seed: str | None,
        replay_path: Path,
        table: Table | None = None,
        seated: Seated | None = None,
        clock: Time | None = None,
    ) -> None:
        """Start the game with the seated names, its replay file at ``replay_path`` (whose
        header says where it is played: ``table``); a table with terms records them
        (``seated``) and its clocks on ``clock``."""
        names = [seat.name for seat in self.seating.seats]
        referee: Referee[Any] = Referee(
            self.rules, config, names, seed=seed, seated=seated, time=clock
        )
        self.replay_path = replay_path
        self._open_proofs(replay_path)
        proven = self._proofs is not None and self.link.keys is not None
        header = Header.for_game(referee.started, proofs=proven, table=table)  # proofs: verify
        try:
            self._writer = ReplayWriter.create(replay_path, header)
        except OSError as exc:
            raise NetError(f"cannot write the replay {replay_path}: {exc}") from None
        referee.sinks.append(self._writer.append)
        self.referee = referee

    def _open_proofs(self, replay_path: Path) -> None:
        """Keep proofs beside the replay (:mod:`replays.proofs`); the game goes on without
        them if they cannot be written."""
        path = proofs.path_for(replay_path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fresh = not path.exists()
            self._proofs = proofs.ProofWriter(path)
        except OSError as exc:
            log.warning("table %s: cannot keep its proofs in %s: %s", self.table, path, exc)
            return
        keys = self.link.keys
        if fresh and keys is not None:
            self._proofs.write({"kind": "host", "table": self.table,
                                "key": keys.public.hex()})  # fmt: skip
            for seat, card in enumerate(self.seating.seats):  # a key's seat stays the key's
                if card.key:
                    sig = keys.sign_detached(proofs.seat_data(self.table, seat, card.key))
                    self._proofs.write({"kind": "seat", "seat": seat, "key": card.key,
                                        "sig": sig.hex()})  # fmt: skip

    def played_for(self, seat: Seat, envs: Sequence[Envelope]) -> None:
        """The host's own bot played ``envs`` for ``seat``: a stand-in for its holder, which the
        proofs say (a holder's command nobody proves does not verify)."""
        keys = self.link.keys
        if not envs or self._proofs is None or keys is None or not self.seating.seats[seat].key:
            return
        first = envs[0].seq
        sig = keys.sign_detached(proofs.standin_data(self.table, first, seat))
        self._proofs.write({"kind": "standin", "seq": first, "seat": seat, "sig": sig.hex()})

    def resume(
        self, replay_path: Path, seed: str, salt: str = "", clock: Time | None = None
    ) -> None:
        """Go on with the unfinished game in ``replay_path``: the referee rebuilt from its log and
        its secret ``seed`` and ``salt``, the same file appended to (a torn tail cut back first).
        Raises :class:`~core.errors.ReplayError` with one line when the file cannot be resumed."""
        replay = read(replay_path)
        referee = Referee.resume(replay.envelopes, replay.raw, seed, salt, clock)
        self._writer, _ = ReplayWriter.resume(replay_path)
        referee.sinks.append(self._writer.append)
        self._open_proofs(replay_path)
        self.replay_path = replay_path
        self.referee = referee

    def rehash(self) -> None:
        """Hash (and publish the hash of) the newest state: after a resume."""
        self._check_wake.set()

    @property
    def last_hash(self) -> str | None:
        """The newest state hash published."""
        return self.hashes.get(self.newest_hashed)

    def close_replay(self, sync: bool = True) -> None:
        if self._drain is not None:
            self._drain.cancel()
        self._waiting.clear()
        self._sign_head()  # the proofs end with the last event
        if self._writer is not None:
            self._writer.close(sync)
        if self._proofs is not None:
            self._proofs.close()

    def _reply(self, client: str, key: bytes, message: Any) -> None:
        self.link.publish(topics.reply(self.table, client), encode(message), seal_to=key)

    # -- commands in -------------------------------------------------------------------------

    def on_command(self, seat_text: str, client: str, key: bytes, payload: bytes) -> None:
        result, answered = self.judge(seat_text, client, key, payload)
        if not result.ok:
            self.rejections.append((client, result.reason))
            log.info("table %s: rejected a command from %s: %s", self.table, client, result.reason)
        if not answered:
            self._reply(client, key, result)

    def judge(self, seat_text: str, client: str, key: bytes, payload: bytes) -> tuple[Result, bool]:
        """Check and apply one command from the network, sent by the key ``key`` under the id
        ``client``. Returns its result, and whether that already went out (with the events,
        on the sender's own stream)."""
        try:
            obj = unpack(payload)
        except CodecError as exc:
            return Result(None, False, reason=f"malformed command: {exc}"), False
        request_id = peek_id(obj)
        if key not in self._answers and len(self._answers) >= MOST_ASKERS:
            self._answers.pop(next(iter(self._answers)))
        answers = self._answers.setdefault(key, OrderedDict())
        if request_id is not None and request_id in answers:
            return answers[request_id], False  # a resent command: same answer, no second effect
        try:
            request = read_command(payload)
            result = self._decide(seat_text, client, key, request, request.read())
        except OtherProtocol:  # an older Caldera: it reads this result and shows its reason
            result = Result(request_id, False, reason=update_line("this table"))
        except CodecError as exc:
            result = Result(request_id, False, reason=f"malformed command: {exc}")
        if request_id is not None:
            answers[request_id] = result
            while len(answers) > REMEMBERED_ANSWERS:
                answers.popitem(last=False)
        return result, result.ok

    def _decide(
        self, seat_text: str, client: str, key: bytes, request: CommandRequest, command: Command
    ) -> Result:
        named_seat, expected_seq, request_id = request.seat, request.expected_seq, request.id

        def no(reason: str) -> Result:
            return Result(request_id, False, reason=reason)

        seats = self.seating.seats
        seat = topics.seat_number(seat_text)
        if seat is None or seat >= len(seats):
            return no(f"there is no seat {seat_text[:8]!r} at this table")
        if named_seat is not None and named_seat != seat:
            return no(
                f"the command names seat {named_seat + 1} but came on seat {seat + 1}'s topic"
            )
        referee = self.referee
        if referee is None:
            return no("the game has not started")
        if self.halted:
            return no("the table is closing")
        if referee.ended:
            return no("the game is over")
        holder = seats[seat]
        if holder.client != client or holder.key != key.hex():
            return no(f"seat {seat + 1} ({holder.name}) is not yours")
        if holder.standin is not None:
            clocks = referee.book.clocks
            if clocks is not None and seat in clocks.dropped:
                return no("your time ran out and you were dropped: a bot plays your seat")
            if clocks is not None and seat in clocks.stopped:
                return no("your time ran out: a bot plays this turn for you")
            return no(f"a bot is playing seat {seat + 1} for you until the host hands it back")
        if expected_seq != referee.seq:
            return no(
                f"stale command: sent having seen {expected_seq} events, "
                f"but the table has {referee.seq}"
            )
        first = referee.seq
        try:
            envs = referee.submit(seat, command)
        except IllegalCommand as exc:
            return no(str(exc))
        result = Result(request_id, True, seq=referee.seq)
        # its proof before anyone sees its events: a host killed right after publishing them
        # (and resumed) still proves the move its holder's
        self._keep_proof(seat, key, request, first)
        self.publish(envs, answer=(seat, result))
        return result

    def _keep_proof(self, seat: Seat, key: bytes, request: CommandRequest, first: int) -> None:
        """Keep the proof that ``seat``'s holder signed the command whose events begin at
        ``first`` (the message came from the seat's key: the link checked it)."""
        proof = self._proof(seat, key, request)
        if proof is not None and self._proofs is not None:
            self._proofs.write({**proof, "seq": first})
        elif request.sig is not None:
            log.warning("table %s: seat %d's command came with a proof that does not hold",
                        self.table, seat + 1)  # fmt: skip

    def _proof(self, seat: Seat, key: bytes, request: CommandRequest) -> dict[str, Any] | None:
        """The proof record of a command its seat's holder (``key``) signed; ``None`` when
        unsigned, or signed by another key."""
        if request.sig is None:
            return None
        body = request.body()
        if not proofs.verify(key, proofs.command_data(self.table, seat, request.expected_seq,
                                                      body), request.sig):  # fmt: skip
            return None
        return {"kind": "command", "seat": seat, "key": key.hex(),
                "expected_seq": request.expected_seq, "command": body.hex(),
                "sig": request.sig.hex()}  # fmt: skip

    def on_sync(self, client: str, key: bytes, payload: bytes) -> None:
        try:
            request = read_sync(payload)
        except CodecError as exc:
            log.info("table %s: bad sync request from %s: %s", self.table, client, exc)
            return
        seat = self.seating.seat_of(key.hex())
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
        referee = self.referee
        topic = topics.reply(self.table, client)
        start = request.start
        if request.to is not None:
            if referee is not None and 0 <= start <= request.to < referee.seq:
                hashes = hashes_between(self.rules, referee.log, start, request.to)
                self.link.publish(topic, encode(Check(start, hashes)))
            return
        if referee is None or start >= referee.seq:
            seq = referee.seq if referee is not None else 0
            self.link.publish(topic, encode(Batch(seq, ())), seal_to=key)
            if start <= seq:
                self.on_caught_up(key.hex())
            return
        envs = referee.log[start : start + SYNC_MOST_EVENTS]
        self._publish_parts(topic, key, start, [self._wire_for(env, seat) for env in envs])
        self.on_caught_up(key.hex())  # (the rest, if any, it asks for next)
        self._check(anyway=True)  # the newest hash, to check what it caught up with (public)
        newest = self.newest_hashed
        self.link.publish(topic, encode(Check(newest, (self.hashes[newest],))))

    def _serve_whole(
        self, client: str, key: bytes, request: SyncRequest, seat: Seat | None
    ) -> None:
        """Answer a request for the log as the referee wrote it (so its replay file's events),
        from ``request.start`` on, in parts like a catch-up, sealed to the asker: once the game
        is over, and to a seat's holder only (nothing hidden is left to keep from it then, as
        the end reveals the seed). Anyone else, or before the end: an empty answer."""
        referee = self.referee
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

    # -- events out --------------------------------------------------------------------------

    def _wire_for(self, env: Envelope, seat: Seat | None) -> bytes:
        """The envelope's bytes as ``seat`` may see them (``None``: a spectator)."""
        assert self.referee is not None
        projected = self.rules.project(env.event, seat)
        if projected is env.event:
            return self.referee.wire[env.seq]
        return encode_envelope(Envelope(env.seq, projected, env.prev))

    def _destinations(
        self, first: Seat | None = None
    ) -> list[tuple[str, Seat | None, bytes | None]]:
        """Every stream: the seated clients' (``first``'s at the head), each with the key its
        events are sealed to, then the public one (not sealed). A seat whose client's key is
        not known (yet) gets nothing: it catches up once it speaks."""
        seats = self.seating.seats
        order = sorted(range(len(seats)), key=lambda s: s != first)
        out: list[tuple[str, Seat | None, bytes | None]] = [
            (topics.seat_events(self.table, s, client), s, key)
            for s in order
            if (client := seats[s].client) is not None
            and (key := public_from_hex(seats[s].key)) is not None
        ]
        out.append((topics.public_events(self.table), None, None))
        return out

    def publish(self, envs: Sequence[Envelope], answer: tuple[Seat, Result] | None = None) -> None:
        """Send new events to every stream, each projected for its reader; the ``answer`` to
        the command they came from rides with them on its sender's stream, which goes first."""
        if not envs:
            return
        self.published += 1
        start = envs[0].seq
        for topic, seat, key in self._destinations(answer[0] if answer else None):
            result = answer[1] if answer is not None and seat == answer[0] else None
            batch = Batch(start, tuple(self._wire_for(env, seat) for env in envs), (), result)
            self.link.publish(topic, encode(batch), seal_to=key)
        for listener in list(self.event_listeners):
            listener(envs)
        self._check_wake.set()
        self.on_published()
        if self.referee is not None and self.referee.ended:
            self._check(anyway=True)  # the last hash, now (a table may close soon after)

    def _sign_head(self) -> None:
        """Sign the hash of the newest event (so the whole chain up to it) into the proofs,
        unless done already."""
        keys, referee = self.link.keys, self.referee
        if self._proofs is None or keys is None or referee is None:
            return
        seq = referee.seq - 1
        if seq <= self._signed:
            return
        self._signed = seq
        digest = short_hash(referee.wire[seq])
        sig = keys.sign_detached(proofs.head_data(self.table, seq, digest))
        self._proofs.write({"kind": "head", "seq": seq, "hash": digest, "sig": sig.hex()})

    async def check_hashes(self) -> None:
        """Once new events are on the wire, hash the state after the newest and publish it, at
        most every ``CHECK_EVERY`` seconds (events that come meanwhile are checked together);
        the end of the game is checked at once, by :meth:`publish`."""
        while True:
            await self._check_wake.wait()
            self._check_wake.clear()
            await self.link.flushed()
            wait = self._checked_at + CHECK_EVERY - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._check()

    def _check(self, anyway: bool = False) -> None:
        """Hash the state after the newest event, unless done already, and publish it; at a
        table nobody reads (no seated client, no spectator: bots alone) only sign its head,
        the hash made once someone asks (``anyway``: a catch-up, the game's end)."""
        referee = self.referee
        if referee is None or referee.seq - 1 in self.hashes:
            return
        self._checked_at = time.monotonic()
        destinations = self._destinations()
        if anyway or len(destinations) > 1 or self.seating.watching:
            last = referee.seq - 1
            self.hashes[last] = digest = state_hash(self.rules, referee.state)
            self.newest_hashed = last
            check = encode(Check(last, (digest,)))
            for topic, _, _ in destinations:  # of the public view: not sealed
                self.link.publish(topic, check)
        self._sign_head()

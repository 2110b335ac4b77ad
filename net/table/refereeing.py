"""The running game of a hosted table: judging commands, then publishing what they caused.

A command counts only if it arrives on ``cmd/<seat>/<client>`` from the client holding that
seat, names the current ``expected_seq``, and ``decide`` accepts it; otherwise its sender gets
the reason on its reply topic and nothing else happens. Accepted events go to the replay file
first (a referee sink), then out: the spectators' stream gets ``project(event, None)``, each
seated client its own ``project(event, seat)``, sealed to the key that took the seat (as is
every answer, to its asker's key), so nothing secret reaches a seat that may not see it, nor
anyone reading the broker. A client that missed events asks for them: :mod:`net.table.syncs`.

State hashes go out in ``Check`` messages once the events are on the wire, so they add nothing
to the round trip: the hash of the state after the newest event, at most every
``CHECK_EVERY`` seconds a table (at once when the game ends). Hashing the public position
costs ~0.3 ms, more than deciding a command, so hashing every event kept a referee to a few
dozen tables; a table nobody reads (its host's bots alone, no spectator) hashes only for a
spectator who comes, with its catch-up. The host's signature of the chain's head goes with the
hash, into the proofs kept beside the replay (:mod:`net.table.proving`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from core.codec import Envelope, encode_envelope, unpack
from core.errors import CodecError, IllegalCommand
from core.lifecycle import Seated
from core.messages import Command
from core.protocol import Rules, Seat
from core.referee import Referee, Time
from core.statehash import state_hash
from net.errors import NetError
from net.link.connection import Channel
from net.table.proving import TableProofs
from net.table.seating import Seating
from net.trust.keys import public_from_hex
from net.wire import topics
from net.wire.messages import (
    Batch,
    Check,
    CommandRequest,
    OtherProtocol,
    Result,
    encode,
    peek_id,
    read_command,
    update_line,
)
from replays.file import Header, ReplayWriter, read
from replays.header import Table

log = logging.getLogger("caldera.net")

EventListener = Callable[[Sequence[Envelope]], None]
REMEMBERED_ANSWERS = 64
MOST_ASKERS = 4096  # keys whose answers and catch-up budgets are kept (the oldest forgotten)
CHECK_EVERY = 1.0  # seconds between a running table's state hashes, at least


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
        self.halted = False  # the table is closing: no command counts any more
        self.published = 0  # batches of events published: one per command, one at the start
        self.proofs = TableProofs(table, seating, link)  # who played what, signed
        self._writer: ReplayWriter | None = None
        self._checked_at = -CHECK_EVERY  # when the last hash went out (time.monotonic)
        self._answers: dict[bytes, OrderedDict[str, Result]] = {}  # key -> its answers
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
        self.proofs.open(replay_path)
        # with its proofs, verify checks who played what
        header = Header.for_game(referee.started, proofs=self.proofs.kept, table=table)
        try:
            self._writer = ReplayWriter.create(replay_path, header)
        except OSError as exc:
            raise NetError(f"cannot write the replay {replay_path}: {exc}") from None
        referee.sinks.append(self._writer.append)
        self.referee = referee

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
        self.proofs.open(replay_path)
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
        self.proofs.sign_head(self.referee)  # the proofs end with the last event
        if self._writer is not None:
            self._writer.close(sync)
        self.proofs.close()

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
        self.proofs.keep_command(seat, key, request, first)
        self.publish(envs, answer=(seat, result))
        return result

    # -- events out --------------------------------------------------------------------------

    def wire_for(self, env: Envelope, seat: Seat | None) -> bytes:
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
            batch = Batch(start, tuple(self.wire_for(env, seat) for env in envs), (), result)
            self.link.publish(topic, encode(batch), seal_to=key)
        for listener in list(self.event_listeners):
            listener(envs)
        self._check_wake.set()
        self.on_published()
        if self.referee is not None and self.referee.ended:
            self.check(anyway=True)  # the last hash, now (a table may close soon after)

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
            self.check()

    def check(self, anyway: bool = False) -> None:
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
        self.proofs.sign_head(referee)

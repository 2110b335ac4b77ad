"""The host of one table: its card in the lobby, who sits where, and (once started) the referee.

The host is the only authority. A command counts only if it arrives on ``cmd/<seat>/<client>``
from the client holding that seat, names the current ``expected_seq``, and ``decide`` accepts it;
otherwise its sender gets the reason on its reply topic and nothing else happens. Accepted events
go to the replay file first (a referee sink), then out: the spectators' stream gets
``project(event, None)``, each seated client its own ``project(event, seat)``, so nothing secret
reaches a seat that may not see it. State hashes follow each batch in a separate ``Check``
message, computed after the events are on the wire so they add nothing to the round trip.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from core.bots import Bot, make_bot
from core.codec import Envelope, encode_envelope, unpack
from core.errors import CodecError, IllegalCommand
from core.fold import start_state
from core.lifecycle import GameEnded, GameStarted
from core.messages import Command
from core.protocol import Rules, Seat
from core.referee import Referee
from core.statehash import state_hash
from net import topics
from net.config import BrokerAddress
from net.errors import NetError
from net.link import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.wire import (
    Batch,
    Check,
    Joined,
    JoinRequest,
    Presence,
    Refused,
    Result,
    SeatCard,
    SyncRequest,
    TableCard,
    clean_name,
    command_request_from_wire,
    encode,
    peek_id,
)
from replays.file import Header, ReplayWriter

log = logging.getLogger("caldera.net")

CardListener = Callable[[TableCard], None]
EventListener = Callable[[Sequence[Envelope]], None]
REMEMBERED_ANSWERS = 64
SYNC_CHUNK_BYTES = 128 * 1024
SYNCS_PER_SECOND = 5  # catch-ups served per client per second, at most


def default_replay_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("caldera")) / "tables"


class TableHost:
    """Hosts one table over MQTT. Create, ``await open()``, fill the seats, ``await start()``."""

    def __init__(
        self,
        address: BrokerAddress,
        rules: Rules[Any],
        seats: int,
        *,
        table: str | None = None,
        name: str = "",
        host: str = "host",
        options: dict[str, Any] | None = None,
        replay_dir: Path | None = None,
        seed: str | None = None,
        auto_start: bool = False,
        bot_delay: float = 0.0,
        standin: str | None = None,
        standin_after: float = 10.0,
        backoff: Backoff = DEFAULT_BACKOFF,
    ) -> None:
        self.table = topics.check_name(table or topics.new_id(), "table id")
        self.rules = rules
        self.options = dict(options or {})
        self.config = rules.config(seats, self.options)  # ValueError on a bad option
        self.name = clean_name(name or f"{host}'s table")
        self.host = clean_name(host)
        self.replay_dir = replay_dir if replay_dir is not None else default_replay_dir()
        self.replay_path: Path | None = None
        self.seed = seed
        self.auto_start = auto_start
        self.bot_delay = bot_delay
        self.standin = standin
        self.standin_after = standin_after
        self.seats: list[SeatCard] = [SeatCard() for _ in range(seats)]
        self.status = "open"
        self.epoch = 0
        self.referee: Referee[Any] | None = None
        self.hashes: list[str] = []
        self.ended = asyncio.Event()
        self.rejections: deque[tuple[str, str]] = deque(maxlen=1000)  # (client, reason)
        self._bots: dict[Seat, Bot] = {}
        self._auto_standins: set[Seat] = set()
        self._standin_timers: dict[Seat, asyncio.TimerHandle] = {}
        self._online: dict[str, bool] = {}
        self._clients: set[str] = set()
        self._answers: dict[str, OrderedDict[str, Result]] = {}
        self._syncs: dict[str, deque[float]] = {}  # client -> when its recent syncs came
        self._hashed_state: Any = None  # the hasher's own fold, up to len(self.hashes)
        self._writer: ReplayWriter | None = None
        self._card_listeners: list[CardListener] = []
        self._event_listeners: list[EventListener] = []
        self._bots_wake = asyncio.Event()
        self._check_wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False
        self.link = Link(
            address,
            client_id=f"caldera-host-{self.table}",
            subscriptions=topics.host_filters(self.table),
            on_message=self._on_message,
            on_connect=self._on_connect,
            will=LastWill(topics.card(self.table), b""),  # a crashed host's table leaves the lobby
            backoff=backoff,
        )

    # -- what others see -----------------------------------------------------------------

    @property
    def card(self) -> TableCard:
        result = self.referee.outcome() if self.referee is not None else None
        return TableCard(
            table=self.table,
            game=self.rules.game,
            title=self.rules.title,
            name=self.name,
            host=self.host,
            status=self.status,
            seats=tuple(self.seats),
            options=self.options,
            epoch=self.epoch,
            seq=self.referee.seq if self.referee is not None else 0,
            scores=result.scores if result is not None else None,
        )

    def subscribe_card(self, listener: CardListener) -> Callable[[], None]:
        """Call ``listener`` with the card after every change (seats, presence, status)."""
        self._card_listeners.append(listener)
        return lambda: self._card_listeners.remove(listener)

    def subscribe_events(self, listener: EventListener) -> Callable[[], None]:
        """Call ``listener`` with each batch of new envelopes (the full, unprojected events)."""
        self._event_listeners.append(listener)
        return lambda: self._event_listeners.remove(listener)

    def _card_changed(self) -> None:
        card = self.card
        self.link.publish(topics.card(self.table), encode(card), retain=True)
        for listener in list(self._card_listeners):
            listener(card)

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self, timeout: float = 5.0) -> None:
        """Connect and put the table's card in the lobby."""
        self._tasks = [
            asyncio.create_task(self._drive_bots(), name=f"bots {self.table}"),
            asyncio.create_task(self._check_hashes(), name=f"hashes {self.table}"),
        ]
        try:
            await self.link.start(timeout)
        except NetError:
            await self._cancel_tasks()
            raise

    async def _on_connect(self) -> None:
        self.epoch += 1  # clients seeing a new epoch resend whatever may have been lost
        self._card_changed()

    async def close(self) -> None:
        """Close the table: its card leaves the lobby and every presence mark is cleared."""
        if self._closed:
            return
        self._closed = True
        self.status = "closed"
        for timer in self._standin_timers.values():
            timer.cancel()
        card_topic = topics.card(self.table)
        last = [(card_topic, encode(self.card), False), (card_topic, b"", True)]
        last += [(topics.presence(self.table, c), b"", True) for c in sorted(self._clients)]
        await self.link.stop(last)
        await self._cancel_tasks()
        if self._writer is not None:
            self._writer.close()

    async def _cancel_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def wait_ended(self, timeout: float | None = None) -> None:
        await asyncio.wait_for(self.ended.wait(), timeout)

    # -- seats -----------------------------------------------------------------------------

    def _bot_name(self, kind: str, seat: Seat) -> str:
        return clean_name(f"{kind.capitalize()} bot {seat + 1}")

    def _unique_name(self, name: str, seat: Seat) -> str:
        """``name``, or ``name (3)`` if another seat already goes by it."""
        taken = {s.name for i, s in enumerate(self.seats) if i != seat and not s.is_open}
        return name if name not in taken else clean_name(f"{name[:19]} ({seat + 1})")

    async def seat_bot(self, seat: Seat | None = None, kind: str = "random") -> Seat:
        """Seat one of the host's own bots (first open seat by default); returns the seat."""
        return self._seat_bot(seat, kind)

    def _seat_bot(self, seat: Seat | None, kind: str) -> Seat:
        if self.status != "open":
            raise NetError("the game has already begun")
        open_seats = self.card.open_seats()
        if seat is None:
            if not open_seats:
                raise NetError("the table is full")
            seat = open_seats[0]
        elif seat not in open_seats:
            raise NetError(f"seat {seat + 1} is not open")
        self._bots[seat] = make_bot(self.rules.game, kind, f"{self.table}/bot/{seat}")
        self.seats[seat] = SeatCard(self._bot_name(kind, seat), None, kind, True)
        self._card_changed()
        self._maybe_auto_start()
        return seat

    async def fill_with_bots(self, kind: str = "random") -> list[Seat]:
        """Seat the host's bots in every open seat."""
        return [self._seat_bot(seat, kind) for seat in self.card.open_seats()]

    async def hand_to_bot(self, seat: Seat, kind: str = "random") -> None:
        """Let a host bot play ``seat`` for its (dropped) client until :meth:`hand_back`."""
        self._hand_to_bot(seat, kind)

    def _hand_to_bot(self, seat: Seat, kind: str) -> None:
        holder = self.seats[seat]
        if holder.client is None:
            raise NetError(f"seat {seat + 1} is not held by a client")
        self._bots[seat] = make_bot(self.rules.game, kind, f"{self.table}/standin/{seat}")
        self.seats[seat] = replace(holder, standin=kind)
        self._card_changed()
        self._bots_wake.set()

    async def hand_back(self, seat: Seat) -> None:
        """Give ``seat`` back to its client."""
        self._hand_back(seat)

    def _hand_back(self, seat: Seat) -> None:
        holder = self.seats[seat]
        if holder.standin is None:
            return
        self._bots.pop(seat, None)
        self._auto_standins.discard(seat)
        self.seats[seat] = replace(holder, standin=None)
        self._card_changed()

    async def start(self) -> None:
        """Begin the game; every seat must be taken."""
        self._start()

    def _start(self) -> None:
        if self.referee is not None:
            raise NetError("the game has already begun")
        missing = [str(i + 1) for i in self.card.open_seats()]
        if missing:
            raise NetError(f"seat(s) {', '.join(missing)} still open")
        referee: Referee[Any] = Referee(
            self.rules, self.config, [seat.name for seat in self.seats], seed=self.seed
        )
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.replay_path = self.replay_dir / f"{self.table}-{stamp}.caldera"
        try:
            self._writer = ReplayWriter.create(self.replay_path, Header.for_game(referee.started))
        except OSError as exc:
            raise NetError(f"cannot write the replay {self.replay_path}: {exc}") from None
        referee.sinks.append(self._writer.append)
        self._hashed_state = start_state(self.rules, referee.started)
        self.referee = referee
        self.status = "running"
        envs = referee.begin()
        self._card_changed()
        self._publish(envs)

    def _maybe_auto_start(self) -> None:
        if self.auto_start and self.status == "open" and not self.card.open_seats():
            self._start()

    # -- messages in -------------------------------------------------------------------------

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is None or route.table != self.table or not route.rest:
            return
        client = route.rest[-1]
        if not topics.valid_name(client):
            return
        if route.kind == "cmd" and len(route.rest) == 2:
            self._on_command(route.rest[0], client, payload)
        elif route.kind == "join" and len(route.rest) == 1:
            self._on_join(client, payload)
        elif route.kind == "sync" and len(route.rest) == 1:
            self._on_sync(client, payload)
        elif route.kind == "presence" and len(route.rest) == 1:
            self._on_presence(client, payload)

    def _reply(self, client: str, message: Any) -> None:
        self.link.publish(topics.reply(self.table, client), encode(message))

    def _on_join(self, client: str, payload: bytes) -> None:
        try:
            request = JoinRequest.from_wire(unpack(payload))
        except CodecError as exc:
            self._reply(client, Refused(f"malformed join request: {exc}"))
            return
        self._clients.add(client)
        own = self.card.seat_of(client)
        if request.role == "leave":
            if own is not None and self.status == "open":
                self.seats[own] = SeatCard()
                self._card_changed()
            return
        if request.role == "spectator":
            self._reply(client, Joined(None, self.card))
            return
        if own is not None:  # a returning client gets its seat back
            self._reply(client, Joined(own, self.card))
            return
        if self.status != "open":
            self._reply(client, Refused("the game has already begun (you can watch it)"))
            return
        open_seats = self.card.open_seats()
        seat = request.seat
        if seat is None:
            if not open_seats:
                self._reply(client, Refused("the table is full"))
                return
            seat = open_seats[0]
        elif not 0 <= seat < len(self.seats):
            self._reply(client, Refused(f"there is no seat {seat + 1} at this table"))
            return
        elif seat not in open_seats:
            self._reply(client, Refused(f"seat {seat + 1} is taken by {self.seats[seat].name}"))
            return
        name = self._unique_name(clean_name(request.name or client), seat)
        bot = clean_name(request.bot) if request.bot else None
        self.seats[seat] = SeatCard(name, client, bot, self._online.get(client, True))
        self._card_changed()
        self._reply(client, Joined(seat, self.card))
        self._maybe_auto_start()

    def _on_presence(self, client: str, payload: bytes) -> None:
        online = False
        if payload:
            try:
                online = Presence.from_wire(unpack(payload)).online
            except CodecError:
                return
        self._clients.add(client)
        if self._online.get(client) == online:
            return
        self._online[client] = online
        seat = self.card.seat_of(client)
        if seat is None:
            return
        self.seats[seat] = replace(self.seats[seat], online=online)
        self._card_changed()
        if online:
            timer = self._standin_timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            if seat in self._auto_standins:
                self._hand_back(seat)
        elif self.standin is not None and self.status == "running":
            loop = asyncio.get_running_loop()
            self._standin_timers[seat] = loop.call_later(
                self.standin_after, self._auto_standin, seat, client
            )

    def _auto_standin(self, seat: Seat, client: str) -> None:
        self._standin_timers.pop(seat, None)
        holder = self.seats[seat]
        if self.standin is None or holder.client != client or holder.online or holder.standin:
            return
        self._auto_standins.add(seat)
        self._hand_to_bot(seat, self.standin)

    def _on_command(self, seat_text: str, client: str, payload: bytes) -> None:
        result, answered = self._judge(seat_text, client, payload)
        if not result.ok:
            self.rejections.append((client, result.reason))
            log.info("table %s: rejected a command from %s: %s", self.table, client, result.reason)
        if not answered:
            self._reply(client, result)

    def _judge(self, seat_text: str, client: str, payload: bytes) -> tuple[Result, bool]:
        """Check and apply one command from the network. Returns its result, and whether that
        already went out (with the events, on the sender's own stream)."""
        try:
            obj = unpack(payload)
        except CodecError as exc:
            return Result(None, False, reason=f"malformed command: {exc}"), False
        request_id = peek_id(obj)
        answers = self._answers.setdefault(client, OrderedDict())
        if request_id is not None and request_id in answers:
            return answers[request_id], False  # a resent command: same answer, no second effect
        try:
            request = command_request_from_wire(obj)
            result = self._decide(seat_text, client, request.seat, request.expected_seq,
                                  request.command, request.id)  # fmt: skip
        except CodecError as exc:
            result = Result(request_id, False, reason=f"malformed command: {exc}")
        if request_id is not None:
            answers[request_id] = result
            while len(answers) > REMEMBERED_ANSWERS:
                answers.popitem(last=False)
        return result, result.ok

    def _decide(
        self,
        seat_text: str,
        client: str,
        named_seat: int | None,
        expected_seq: int,
        command: Command,
        request_id: str,
    ) -> Result:
        def no(reason: str) -> Result:
            return Result(request_id, False, reason=reason)

        if not seat_text.isdigit() or int(seat_text) >= len(self.seats):
            return no(f"there is no seat {seat_text!r} at this table")
        seat = int(seat_text)
        if named_seat is not None and named_seat != seat:
            return no(
                f"the command names seat {named_seat + 1} but came on seat {seat + 1}'s topic"
            )
        referee = self.referee
        if referee is None:
            return no("the game has not started")
        if referee.ended:
            return no("the game is over")
        holder = self.seats[seat]
        if holder.client != client:
            return no(f"seat {seat + 1} ({holder.name}) is not yours")
        if holder.standin is not None:
            return no(f"a bot is playing seat {seat + 1} for you until the host hands it back")
        if expected_seq != referee.seq:
            return no(
                f"stale command: sent having seen {expected_seq} events, "
                f"but the table has {referee.seq}"
            )
        try:
            envs = referee.submit(seat, command)
        except IllegalCommand as exc:
            return no(str(exc))
        result = Result(request_id, True, seq=referee.seq)
        self._publish(envs, answer=(seat, result))
        return result

    def _on_sync(self, client: str, payload: bytes) -> None:
        try:
            start = SyncRequest.from_wire(unpack(payload)).start
        except CodecError as exc:
            log.info("table %s: bad sync request from %s: %s", self.table, client, exc)
            return
        recent = self._syncs.setdefault(client, deque(maxlen=SYNCS_PER_SECOND))
        now = time.monotonic()
        if len(recent) == SYNCS_PER_SECOND and now - recent[0] < 1.0:
            return  # a client asking this often is broken or hostile: serve the others
        recent.append(now)
        referee = self.referee
        topic = topics.reply(self.table, client)
        if referee is None or start >= referee.seq:
            seq = referee.seq if referee is not None else 0
            self.link.publish(topic, encode(Batch(seq, ())))
            return
        seat = self.card.seat_of(client)
        chunk: list[bytes] = []
        size = 0
        first = start
        for env in referee.log[start:]:
            data = self._wire_for(env, seat)
            if chunk and size + len(data) > SYNC_CHUNK_BYTES:
                self.link.publish(topic, encode(self._batch(first, chunk)))
                first, chunk, size = env.seq, [], 0
            chunk.append(data)
            size += len(data)
        self.link.publish(topic, encode(self._batch(first, chunk)))

    def _batch(self, start: int, envs: list[bytes]) -> Batch:
        end = start + len(envs)
        hashes = tuple(self.hashes[start:end]) if len(self.hashes) >= end else ()
        return Batch(start, tuple(envs), hashes)

    # -- events out --------------------------------------------------------------------------

    def _wire_for(self, env: Envelope, seat: Seat | None) -> bytes:
        """The envelope's bytes as ``seat`` may see them (``None``: a spectator)."""
        assert self.referee is not None
        projected = self.rules.project(env.event, seat)
        if projected is env.event:
            return self.referee.wire[env.seq]
        return encode_envelope(Envelope(env.seq, projected, env.prev))

    def _destinations(self, first: Seat | None = None) -> list[tuple[str, Seat | None]]:
        """Every stream: the seated clients' (``first``'s at the head), then the public one."""
        seats = sorted(range(len(self.seats)), key=lambda s: s != first)
        out: list[tuple[str, Seat | None]] = [
            (topics.seat_events(self.table, s, client), s)
            for s in seats
            if (client := self.seats[s].client) is not None
        ]
        out.append((topics.public_events(self.table), None))
        return out

    def _publish(self, envs: Sequence[Envelope], answer: tuple[Seat, Result] | None = None) -> None:
        """Send new events to every stream, each projected for its reader; the ``answer`` to
        the command they came from rides with them on its sender's stream, which goes first."""
        if not envs:
            return
        start = envs[0].seq
        for topic, seat in self._destinations(answer[0] if answer else None):
            result = answer[1] if answer is not None and seat == answer[0] else None
            batch = Batch(start, tuple(self._wire_for(env, seat) for env in envs), (), result)
            self.link.publish(topic, encode(batch))
        for listener in list(self._event_listeners):
            listener(envs)
        self._check_wake.set()
        self._bots_wake.set()
        referee = self.referee
        if referee is not None and referee.ended and self.status == "running":
            self.status = "over"
            self._card_changed()
            if self._writer is not None:
                self._writer.close()
            self.ended.set()

    async def _check_hashes(self) -> None:
        """Hash the states after new events once those events are on the wire; publish them.

        The hasher folds the log on its own copy of the state, so the command's hot path pays
        for nothing but its events (copying the state per event cost more than deciding)."""
        while True:
            await self._check_wake.wait()
            self._check_wake.clear()
            await self.link.flushed()
            referee = self.referee
            start = len(self.hashes)
            if referee is None or start >= referee.seq:
                continue
            for env in referee.log[start : referee.seq]:
                if not isinstance(env.event, GameStarted | GameEnded):
                    self._hashed_state = self.rules.evolve(self._hashed_state, env.event)
                self.hashes.append(state_hash(self.rules, self._hashed_state))
            check = encode(Check(start, tuple(self.hashes[start:])))
            for topic, _ in self._destinations():
                self.link.publish(topic, check)

    # -- the host's own bots -------------------------------------------------------------------

    def _bot_to_move(self) -> Seat | None:
        referee = self.referee
        if referee is None or referee.ended:
            return None
        for seat in self.rules.to_move(referee.state):
            if seat in self._bots:
                return seat
        return None

    async def _drive_bots(self) -> None:
        """Play the seats of the host's bots (and stand-ins) whenever it is their turn."""
        while True:
            await self._bots_wake.wait()
            self._bots_wake.clear()
            while (seat := self._bot_to_move()) is not None:
                await self.link.wait_connected()
                await asyncio.sleep(self.bot_delay)
                seat = self._bot_to_move()
                referee = self.referee
                if seat is None or referee is None:
                    break
                bot = self._bots[seat]
                command = bot.choose(self.rules, self.rules.view(referee.state, seat), seat)
                try:
                    self._publish(referee.submit(seat, command))
                except IllegalCommand as exc:  # a bot bug must not stall the table
                    log.warning("table %s: bot for seat %d: %s", self.table, seat + 1, exc)
                    break

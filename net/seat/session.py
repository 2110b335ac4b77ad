"""A seat (or a spectator's chair) at a table across the network: a :class:`core.session.Session`.

The session folds the events its host publishes for it (already projected for its seat), so the
TUI plays a networked game exactly like a local one. It detects a gap by ``seq`` and asks the
host's sync topic for what it lacks; after a dropped connection, or when the host's card shows a
new ``epoch`` (the host reconnected), it asks again and resends any unanswered command, which the
host answers once (commands carry an id). Each batch of events is checked against the host's
state hashes, and a desync is reported at the exact event.

A host whose connection dies (its Last Will, a signed "gone", takes the card's place) is "host
away" at once: a command waiting for its answer fails with that reason, the game stays as it
was, and when the host comes back (it reconnected, or a killed host resumed the table) the
session catches up by itself: same seat, same identity. Of the host's cards and "gone"s the
session keeps only the newest (:attr:`~net.wire.messages.TableListing.order`): one replayed from
earlier changes nothing. An empty card (anyone may clear a retained message) is a hint, not a
verdict: the session asks the host, whose answer says it is there.

Everything the session sends is signed with its identity's key (the seat is bound to the key
that took it), its commands sealed to the host's key, and it believes only what the table's
host signed: the host's key is the one the lobby saw on the table's card (or, first, the card's
own; a table's id is made from its host's key, so no other key can be its host's: see
:func:`net.wire.topics.certifies`), and a card, batch, hash or answer signed by anyone else, or by
no one, is dropped unread;
what the host sealed to this seat's key is opened by the link.

The table's chat rides on the same connection (:attr:`NetSession.chat`, :mod:`net.seat.chat`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import msgspec

from core.codec import Envelope
from core.errors import CodecError, IllegalCommand
from core.games import get_rules
from core.messages import Command
from core.protocol import Rules, Seat
from core.session import Listener, Session
from net.config import BrokerAddress
from net.errors import HostAway, JoinRefused, NetError, TableClosed
from net.link.connection import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.seat.catching_up import CatchUp
from net.seat.chat import TableChat
from net.seat.checking import StateCheck
from net.seat.commands import Outstanding
from net.seat.following import SeatFollower
from net.seat.host_trust import HostTrust
from net.seat.joining import Joining
from net.seat.served import ServedBy
from net.seat.taken import took_seat
from net.seat.waiting import Waiters
from net.seat.whole_log import fetch_whole_log
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import (
    Batch,
    ChatRefused,
    Check,
    CommandRequest,
    Gone,
    Joined,
    JoinRequest,
    Presence,
    Refused,
    Result,
    SyncRequest,
    TableListing,
    Ticket,
    encode,
    read_host_message,
)
from replays.proofs import command_data

log = logging.getLogger("caldera.net")

CardListener = Callable[[TableListing], None]
StatusListener = Callable[[str], None]


class NetSession:
    """One terminal's place at a networked table. Use :meth:`connect` (or the lobby's ``join``).

    Its parts: the fold of what the host publishes (:attr:`following`, with its catch-up and
    its check against the host's hashes), the word with the host about its seat
    (:attr:`joining`), the commands on their way (:attr:`commands`) and the chat."""

    def __init__(
        self,
        address: BrokerAddress,
        table: str,
        *,
        identity: str | None = None,
        name: str = "",
        seat: Seat | None = None,
        spectator: bool = False,
        bot: str | None = None,
        rules: Rules[Any] | None = None,
        retry: float = 2.0,
        command_timeout: float = 60.0,
        backoff: Backoff = DEFAULT_BACKOFF,
        keys: Keys | None = None,
        host_key: bytes | None = None,
    ) -> None:
        self.address = address
        self.keys = keys if keys is not None else Keys.generate()
        self.table = topics.check_name(table, "table id")
        identity = identity or address.username or topics.new_id("c")
        self.identity = topics.check_name(identity, "client id")
        self.name = name or self.identity
        self.spectator = spectator
        self.bot = bot
        self.retry = retry
        self.command_timeout = command_timeout
        self._rules_override = rules
        self.controlled: frozenset[Seat] = frozenset()
        self.seat: Seat | None = None
        self.card: TableListing | None = None
        self.following = SeatFollower(
            self.table, rules, retry, self._ask_from, self._ask_hashes, self._set_status
        )
        self.joining = Joining(self.name, seat, bot, spectator, self._ask, self._take_answer)
        self.trust = HostTrust(self.table, host_key, self.joining.refuse)
        self.commands = Outstanding(self._send)
        self._ids = itertools.count()
        self._host_away = False
        self._closed_by_host = False
        self._closing = False
        self._epoch_seen = -1
        self._status = "connecting…"
        self._card_listeners: list[CardListener] = []
        self._status_listeners: list[StatusListener] = []
        self._waiters = Waiters()
        self._nudger: asyncio.Task[None] | None = None
        seat_events = topics.seat_events(table, "+", self.identity)
        events = topics.public_events(table) if spectator else seat_events
        subscriptions = [topics.card(table), topics.reply(table, self.identity), events]
        self.link = Link(
            address,
            client_id=f"caldera-{table}-{self.identity}",
            subscriptions=subscriptions,  # and the chat's (below)
            on_message=self._on_message,
            on_connect=self._on_connect,
            on_status=lambda up: self._set_status(),
            will=self._will,
            backoff=backoff,
            keys=self.keys,
        )
        self.chat = TableChat(
            self.table, self.identity, self.keys, self.link, spectator=spectator,
            connection=lambda: (self.joining.conn, self.joining.ticket),
            host_key=lambda: self.trust.host_key, card=lambda: self.card,
        )  # fmt: skip
        self.link.subscriptions.extend(self.chat.subscriptions())
        self.served = ServedBy(self.link, self.trust, lambda: self.card, self._take)
        self._whole: asyncio.Queue[Batch] | None = None  # parts of the whole log, when asked

    def _will(self) -> LastWill:
        """A new connection's Last Will: "offline", with a nonce of its own (and, for now, no
        ticket from the host)."""
        self.joining.new_connection()
        self.catch_up.anew()  # a new connection catches up anew
        return LastWill(topics.presence(self.table, self.identity), self._offline())

    def _offline(self) -> bytes:
        return encode(Presence(False, self.name, self.joining.conn))

    @classmethod
    async def connect(
        cls, address: BrokerAddress, table: str, *, timeout: float = 10.0, **kwargs: Any
    ) -> NetSession:
        """Connect, take a seat (or a spectator's chair) and return the session."""
        session = cls(address, table, **kwargs)
        await session.open(timeout)
        return session

    async def open(self, timeout: float = 10.0) -> None:
        """Connect and join; raises :class:`JoinRefused` or :class:`NetError`."""
        self.joining.joined = joining = asyncio.get_running_loop().create_future()
        await self.link.start(timeout)
        self._nudger = asyncio.create_task(self._nudge(), name=f"nudge {self.identity}")
        try:
            async with asyncio.timeout(timeout):
                joined = await asyncio.shield(joining)
        except TimeoutError:
            await self.close()
            raise NetError(f"table {self.table} does not answer (is its host running?)") from None
        except JoinRefused:
            await self.close()
            raise
        self.seat = joined.seat
        self.controlled = frozenset() if joined.seat is None else frozenset({joined.seat})
        if joined.seat is not None:
            took_seat(self.identity, self.table, joined.seat)  # so Your games may list it
        self._take_answer(joined.card)
        self.catch_up.ask()

    # -- the Session protocol ------------------------------------------------------------------

    @property
    def rules(self) -> Rules[Any]:
        return cast("Rules[Any]", self.following.rules)  # None until the table card arrives

    @property
    def players(self) -> tuple[str, ...]:
        return self.following.players

    @property
    def catch_up(self) -> CatchUp:
        return self.following.catch_up

    @property
    def check(self) -> StateCheck:
        return self.following.check

    @property
    def state(self) -> Any:
        return self.following.state

    @property
    def desync(self) -> str | None:
        """Why this terminal's state is no longer the host's (``None``: it is)."""
        return self.following.desync

    @property
    def envelopes(self) -> Sequence[Envelope]:
        return self.following.envelopes

    @property
    def hints(self) -> bool:
        """Whether the table's host allows the hint key at every seat (its card says)."""
        return self.card is not None and self.card.hints

    @property
    def status(self) -> str:
        """``connecting…``, ``connected``, ``reconnecting…``, ``host away`` (its connection
        dropped; it may come back), ``table closed``, or ``desync at event N (…)``."""
        return self._status

    def subscribe(self, listener: Listener) -> None:
        self.following.listeners.append(listener)

    async def submit(self, seat: Seat, command: Command) -> None:
        """Send the command and wait until its events are folded here; raises
        :class:`IllegalCommand` with the host's reason if it is rejected."""
        if seat not in self.controlled:
            raise IllegalCommand(f"this terminal does not hold seat {seat + 1}")
        if self._closed_by_host:
            raise TableClosed(f"table {self.table} was closed by its host")
        if self._host_away:
            raise HostAway(self._away_words())
        request_id = f"{self.identity}.{next(self._ids)}.{secrets.token_hex(2)}"
        request = CommandRequest.of(request_id, len(self.envelopes), seat, command)
        signed = command_data(self.table, seat, request.expected_seq, request.body())
        proof = self.keys.sign_detached(signed)  # the proof it was us
        request = msgspec.structs.replace(request, sig=proof)
        topic = topics.cmd(self.table, seat, self.identity)
        future = self.commands.send(request_id, topic, encode(request))
        try:
            async with asyncio.timeout(self.command_timeout):
                result = await future
        except TimeoutError:
            raise NetError(
                f"the host of table {self.table} did not answer within {self.command_timeout:g} s"
            ) from None
        finally:
            self.commands.drop(request_id)
        if not result.ok:
            raise IllegalCommand(result.reason)
        self.catch_up.learn(result.seq)
        await self.wait_until(lambda: len(self.envelopes) >= result.seq or self._closed_by_host)
        if len(self.envelopes) < result.seq:  # its events will not come: the table closed
            raise TableClosed(f"table {self.table} was closed")

    def _send(self, topic: str, data: bytes) -> None:
        """Send a command, sealed to the host's key: a secret choice (the cards a player keeps)
        is for the referee's eyes only."""
        self.link.publish(topic, data, seal_to=self.trust.host_key)

    async def close(self) -> None:
        """Leave the table: before the game, the seat is freed; during it, it stays ours to
        come back to (the host may let a bot stand in)."""
        if self._closing:
            return
        self._closing = True
        if self._nudger is not None:
            self._nudger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._nudger
        last: list[tuple[str, bytes, bool]] = []
        if self.seat is not None and self.card is not None and self.card.status == "open":
            leave = self.joining.request("leave")
            last.append((topics.join(self.table, self.identity), encode(leave), False))
        presence = topics.presence(self.table, self.identity)
        last += [(presence, self._offline(), False), (presence, b"", True)]
        await self.link.stop(last if self.link.connected else ())
        self.commands.fail(NetError("the session was closed"))
        self._waiters.fail(NetError("the session was closed"))

    # -- more for a UI and for tests ---------------------------------------------------------------

    @property
    def ended(self) -> bool:
        return self.following.ended

    async def whole_log(self, timeout: float = 30.0) -> list[bytes]:
        """The finished game's log as the host's referee wrote it (its replay file's events),
        asked for once the game is over by this seat's holder (:mod:`net.seat.whole_log`).
        Raises :class:`NetError` with one line when the game is not over here, this terminal
        holds no seat, the host gives nothing, or no whole log came within ``timeout``
        seconds. The caller checks what came (:mod:`net.seat.keeping`)."""
        if self.seat is None:
            raise NetError("only a seat's holder is given the game's whole log")
        if not self.ended:
            raise NetError("the game is not over: its whole log is not given yet")
        topic = topics.sync(self.table, self.identity)
        self._whole = parts = asyncio.Queue[Batch]()
        try:
            return await fetch_whole_log(
                self.table, len(self.envelopes), parts,
                lambda asked: self._ask_whole(topic, asked), self.retry,
                lambda: self._closed_by_host, timeout,
            )  # fmt: skip
        finally:
            self._whole = None

    def _ask_whole(self, topic: str, asked: SyncRequest) -> None:
        self.link.publish(topic, encode(asked))

    @property
    def verified_seq(self) -> int:
        """The newest event at which this terminal's state was checked against the host's."""
        return self.check.verified_seq

    @property
    def current_hash(self) -> str | None:
        """The hash of this terminal's state (equal to the host's when all is well)."""
        return self.following.current_hash

    def subscribe_card(self, listener: CardListener) -> None:
        """Call ``listener`` with each new table card (seats, who is online, status)."""
        self._card_listeners.append(listener)

    def subscribe_status(self, listener: StatusListener) -> None:
        self._status_listeners.append(listener)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until ``predicate()`` holds; it is re-checked after every change."""
        await self._waiters.until(predicate, timeout)

    def _changed(self) -> None:
        self._waiters.changed()

    def _set_status(self) -> None:
        if self.desync is not None:
            status = self.desync
        elif self._closed_by_host:
            status = "table closed"
        elif not self.link.connected:
            status = "reconnecting…" if self.link.connections else "connecting…"
        elif self._host_away:
            status = "host away"
        else:
            status = "connected"
        if status != self._status:
            self._status = status
            for listener in list(self._status_listeners):
                listener(status)
            self._changed()

    # -- connection ----------------------------------------------------------------------------

    async def _on_connect(self) -> None:
        self._set_status()
        self._resend()

    def _resend(self) -> None:
        """Ask again for whatever may have been lost: the seat (or say we are here again),
        missing events, answers."""
        self.catch_up.anew()  # (a host that came back counts anew)
        self.joining.hello()
        if self.joining.joining:
            return
        self.catch_up.ask(force=True)
        self.commands.resend()

    def _ask(self, request: JoinRequest) -> None:
        self.link.publish(topics.join(self.table, self.identity), encode(request))

    def _ask_from(self, first: int) -> None:
        self.link.publish(topics.sync(self.table, self.identity), encode(SyncRequest(first)))

    def _ask_hashes(self, first: int, last: int) -> None:
        request = encode(SyncRequest(first, to=last))
        self.link.publish(topics.sync(self.table, self.identity), request)

    async def _nudge(self) -> None:
        """Every ``retry`` seconds: resend unanswered commands, ask again for missing events."""
        while True:
            await asyncio.sleep(self.retry)
            if not self.link.connected or self._closed_by_host:
                continue
            if self.joining.unanswered(self.retry):
                self.joining.hello()  # unanswered (lost, or the host was away)
            if self.joining.joining:
                continue
            if self.check.mismatch is not None and self.desync is None:
                self.check.locate_when_known(ask=True)
            elif self.catch_up.behind:
                self.catch_up.ask()
            elif not self.catch_up.caught_up:
                self.catch_up.ask_again()
            self.commands.resend(older_than=self.retry)

    # -- messages in ---------------------------------------------------------------------------

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is None:
            return
        sender = self.link.sender
        if route.kind == "tables" and route.rest == (self.table,):
            if not payload:  # cleared: by anyone (an empty payload cannot be signed)
                self.catch_up.ask(force=True)  # a live host answers (and puts its card back)
            elif (listed := self.trust.card(sender, payload)) is not None:
                self._take(listed)
            return
        if route.table == self.table and route.kind == "chat":
            self.chat.take(topic, payload, sender)
            return
        if route.table != self.table or route.kind not in ("events", "reply"):
            return  # not ours (some brokers send retained messages of others' subscriptions)
        try:
            message = read_host_message(payload)
        except CodecError as exc:
            log.warning("table %s: unreadable message from the host: %s", self.table, exc)
            return
        if not self.trust.vouches(sender, message, topic):
            return
        match message:
            case Batch(whole=True):
                if route.kind == "reply" and self._whole is not None:
                    self._whole.put_nowait(message)  # a part of the whole log asked for
            case Batch():
                self._on_batch(message, route.kind == "reply")
            case Check():
                self.following.learn(message)
                self._changed()
            case Result():
                self._answer(message)
            case Joined() | Refused() | Ticket():
                self.joining.answered(message)
            case ChatRefused() if route.kind == "reply":
                self.chat.refused(message)

    def _on_batch(self, batch: Batch, answer: bool) -> None:
        """Events: live on the seat's stream (with its command's result, if it sent it), or
        a catch-up answered on the reply topic (asked in bounded parts: then the next)."""
        self.following.receive(batch)
        self._changed()
        if answer and batch.result is None:  # a catch-up answered
            self.catch_up.answered()
        if batch.result is not None:
            self._answer(batch.result)
        if answer and batch.envs and self.catch_up.missing:
            self.catch_up.ask(force=True)

    def _answer(self, result: Result) -> None:
        if not self.commands.answer(result) and result.id is None:
            log.warning("table %s: the host rejected a command: %s", self.table, result.reason)

    def _away_words(self) -> str:
        return f"the host of table {self.table} is away: the game goes on when it comes back"

    def _take_answer(self, card: TableListing) -> None:
        """The card a join's answer carries, if it is newer than any taken before."""
        if self.trust.newer(card):
            self._set_card(card)

    def _take(self, message: TableListing | Gone) -> None:
        """Take the host's card or "gone" (newer than any taken before)."""
        if isinstance(message, TableListing):
            self._set_card(message)
            return
        self._host_away = True  # its connection died; it may come back
        self.commands.fail(HostAway(self._away_words()))  # nobody will answer them: say so now
        self._set_status()

    def _set_card(self, card: TableListing) -> None:
        following = self.following
        if self._rules_override is None and following.rules is None:
            try:
                following.rules = get_rules(card.game)
            except KeyError as exc:
                self.joining.refuse(str(exc.args[0]))
                return
        self.card = card
        following.drain()
        if not following.players or following.state is None:
            following.players = tuple(seat.name for seat in card.seats)
        came_back, self._host_away = self._host_away, False
        if card.status == "closed":
            self._closed_by_host = True
            self.commands.fail(TableClosed(f"table {self.table} was closed"))
        if card.epoch != self._epoch_seen or came_back:
            if self._epoch_seen >= 0:
                self._resend()  # the host reconnected (or resumed): catch up, resend
            self._epoch_seen = card.epoch
        self.catch_up.learn(card.seq)
        self._set_status()
        for listener in list(self._card_listeners):
            listener(card)
        self._changed()


if TYPE_CHECKING:

    def _is_a_session(session: NetSession) -> Session:
        return session  # mypy checks that NetSession implements the Session protocol

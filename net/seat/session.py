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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from core.codec import Envelope
from core.errors import IllegalCommand
from core.language import Translator
from core.messages import Command
from core.protocol import Rules, Seat
from core.session import Listener, Session
from net.config import BrokerAddress
from net.errors import HostAway, JoinRefused, NetError, TableClosed
from net.link.connection import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.seat.asking_again import AskingAgain
from net.seat.catching_up import CatchUp
from net.seat.chat import TableChat
from net.seat.checking import StateCheck
from net.seat.commands import Outstanding
from net.seat.following import SeatFollower
from net.seat.from_host import FromHost
from net.seat.host_listing import CardListener, HostListing
from net.seat.host_trust import HostTrust
from net.seat.joining import Joining
from net.seat.served import ServedBy
from net.seat.status import SeatStatus, StatusListener
from net.seat.taken import took_seat
from net.seat.waiting import Waiters
from net.seat.whole_log import WholeLog
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import JoinRequest, SyncRequest, TableListing, encode

_ = Translator("net").gettext


class NetSession:
    """One terminal's place at a networked table. Use :meth:`connect` (or the lobby's ``join``).

    Its parts: the fold of what the host publishes (:attr:`following`, with its catch-up and
    its check against the host's hashes), the word with the host about its seat
    (:attr:`joining`), the host's listing (:attr:`listing`), the commands on their way
    (:attr:`commands`), what it asks again (:attr:`asking_again`) and the chat."""

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
        self.controlled: frozenset[Seat] = frozenset()
        self.seat: Seat | None = None
        self.following = SeatFollower(self.table, rules, retry, self._ask_sync, self._set_status)
        self.joining = Joining(self.name, seat, bot, spectator, self._ask, self._take_answer)
        self.trust = HostTrust(self.table, host_key, self.joining.refuse)
        self.commands = Outstanding(self._send)
        self.listing = HostListing(
            self.table, self.following, self.commands, self.joining.refuse,
            lambda: self.asking_again.everything(), self._set_status, self._changed,
        )  # fmt: skip
        self._closing = False
        self._waiters = Waiters()
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
        self._status = SeatStatus(self.link, self.following, self.listing)
        self.asking_again = AskingAgain(
            retry, lambda: self.link.connected and not self.listing.closed,
            self.joining, self.following, self.commands,
        )  # fmt: skip
        self.chat = TableChat(
            self.table, self.identity, self.keys, self.link, spectator=spectator,
            connection=lambda: (self.joining.conn, self.joining.ticket),
            host_key=lambda: self.trust.host_key, card=lambda: self.card,
        )  # fmt: skip
        self.link.subscriptions.extend(self.chat.subscriptions())
        self.served = ServedBy(self.link, self.trust, lambda: self.card, self.listing.take)
        self._whole = WholeLog()  # parts of the whole log, when asked
        self.from_host = FromHost(self.table, self.trust, self.following, self.joining,
                                  self.commands, self.chat, self._whole, self._changed)  # fmt: skip

    def _will(self) -> LastWill:
        """A new connection's Last Will: "offline", with a nonce of its own (and, for now, no
        ticket from the host)."""
        self.joining.new_connection()
        self.catch_up.anew()  # a new connection catches up anew
        return LastWill(topics.presence(self.table, self.identity), self.joining.offline())

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
        self.asking_again.start(f"nudge {self.identity}")
        try:
            async with asyncio.timeout(timeout):
                joined = await asyncio.shield(joining)
        except TimeoutError:
            await self.close()
            raise NetError(
                _("table {table} does not answer (is its host running?)").format(table=self.table)
            ) from None
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
    def card(self) -> TableListing | None:
        """The host's newest listing of the table taken (seats, who is online, status)."""
        return self.listing.card

    @property
    def hints(self) -> bool:
        """Whether the table's host allows the hint key at every seat (its card says)."""
        return self.listing.hints

    @property
    def status(self) -> str:
        """``connecting…``, ``connected``, ``reconnecting…``, ``host away`` (its connection
        dropped; it may come back), ``table closed``, or ``desync at event N (…)``."""
        return self._status.now

    def subscribe(self, listener: Listener) -> None:
        self.following.listeners.append(listener)

    async def submit(self, seat: Seat, command: Command) -> None:
        """Send the command and wait until its events are folded here; raises
        :class:`IllegalCommand` with the host's reason if it is rejected."""
        if seat not in self.controlled:
            raise IllegalCommand(_("this terminal does not hold seat {n}").format(n=seat + 1))
        if self.listing.closed:
            raise TableClosed(_("table {table} was closed by its host").format(table=self.table))
        if self.listing.away:
            raise HostAway(self.listing.away_words())
        commands = self.commands
        request = commands.request(self.keys, self.table, self.identity, seat, command,
                                   len(self.envelopes))  # fmt: skip
        topic = topics.cmd(self.table, seat, self.identity)
        seq = await commands.play(request, topic, self.command_timeout, self.table)
        self.catch_up.learn(seq)
        await self.wait_until(lambda: len(self.envelopes) >= seq or self.listing.closed)
        if len(self.envelopes) < seq:  # its events will not come: the table closed
            raise TableClosed(_("table {table} was closed").format(table=self.table))

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
        await self.asking_again.stop()
        last: list[tuple[str, bytes, bool]] = []
        if self.seat is not None and self.card is not None and self.card.status == "open":
            leave = self.joining.request("leave")
            last.append((topics.join(self.table, self.identity), encode(leave), False))
        presence = topics.presence(self.table, self.identity)
        last += [(presence, self.joining.offline(), False), (presence, b"", True)]
        await self.link.stop(last if self.link.connected else ())
        self.commands.fail(NetError(_("the session was closed")))
        self._waiters.fail(NetError(_("the session was closed")))

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
            raise NetError(_("only a seat's holder is given the game's whole log"))
        if not self.ended:
            raise NetError(_("the game is not over: its whole log is not given yet"))
        return await self._whole.fetch(self.table, len(self.envelopes), self._ask_sync, self.retry,
                                       lambda: self.listing.closed, timeout)  # fmt: skip

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
        self.listing.listeners.append(listener)

    def subscribe_status(self, listener: StatusListener) -> None:
        self._status.listeners.append(listener)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until ``predicate()`` holds; it is re-checked after every change."""
        await self._waiters.until(predicate, timeout)

    def _changed(self) -> None:
        self._waiters.changed()

    def _set_status(self) -> None:
        if self._status.update():
            self._changed()

    # -- connection ----------------------------------------------------------------------------

    async def _on_connect(self) -> None:
        self._set_status()
        self.asking_again.everything()

    def _ask(self, request: JoinRequest) -> None:
        self.link.publish(topics.join(self.table, self.identity), encode(request))

    def _ask_sync(self, request: SyncRequest) -> None:
        self.link.publish(topics.sync(self.table, self.identity), encode(request))

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
                self.listing.take(listed)
            return
        if route.table == self.table and route.kind == "chat":
            self.chat.take(topic, payload, sender)
            return
        if route.table == self.table and route.kind in ("events", "reply"):
            self.from_host.take(topic, payload, sender, route.kind == "reply")
        # anything else is not ours (some brokers send retained messages of others' subscriptions)

    def _take_answer(self, card: TableListing) -> None:
        """The card a join's answer carries, if it is newer than any taken before."""
        if self.trust.newer(card):
            self.listing.take(card)


if TYPE_CHECKING:

    def _is_a_session(session: NetSession) -> Session:
        return session  # mypy checks that NetSession implements the Session protocol

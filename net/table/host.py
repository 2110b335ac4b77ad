"""The host of one table: its card in the lobby, its lifecycle, and the messages it receives.

The host is the only authority. Its parts, each in its own module: who sits where and who is
online (:mod:`net.table.seating`), the referee that judges commands and publishes their events
(:mod:`net.table.refereeing`), and the host's own bots and stand-ins (:mod:`net.table.standins`).
This module routes what arrives on the table's topics to them and keeps the table's card current.

When its game begins, the host keeps the game's secret seed and who sits where in a record
apart from the replay (:mod:`replays.unfinished`), so a host that stopped (killed, or closed
mid-game) opens the table again from the replay file with :meth:`TableHost.resume`: the same
table id, the same seats for the same clients, the same draws.

A table may have terms: a clock (``clock``: ``20m+10s`` real time, ``2d`` turn-based; its
timer is :mod:`net.table.clocks`), what a timeout does (``on_timeout``) and whether the result is
``rated``. The referee then records who sits where and the clocks as events of the log
(:mod:`core.clock`), on the table's :class:`~net.table.timepiece.Timepiece`; at a turn-based table
an absent player's seat waits for them (no stand-in steps in).

The host signs everything it publishes with its table key (:mod:`net.trust.keys`; the card names it,
and the record kept to resume the table keeps it, so players know the host again). A table's
id is made from that key (:func:`net.wire.topics.table_id`), so nobody else can sign for it: a
chosen id (``table=…``, ``--table``) is taken on trust by whoever meets it first. The host takes a
message only when it is signed, and a seat is the key's that took it (:mod:`net.table.seating`: a
client id is a label anyone may use): a forged join, command, catch-up request or presence
changes nothing.

The table's chat (:mod:`net.table.chatting`) is judged and relayed by the host too, beside the
game and never in its log; the host may turn it off (``chat=False``: its card says so).

A signature lasts for ever, so the card says which of two is newer: ``(epoch, n)``, the epoch
counting the host's connections (a resumed table's goes beyond every earlier one: it is kept
in the record) and ``n`` the cards of one connection; the host's Last Will, a signed
:class:`~net.wire.messages.Gone`, names its connection's epoch and ranks after its cards. Readers
keep the newest. The host also reads its own card's topic: whatever replaces its current card there
(an older card of its own replayed, an earlier connection's "gone", an empty payload that
clears it) is answered at once with the current card again, so newcomers see the live table.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from core.clock import ON_TIMEOUT, ClockSpec
from core.errors import CalderaError
from core.lifecycle import Seated
from core.protocol import Rules, Seat
from core.referee import Referee
from net.config import BrokerAddress
from net.errors import NetError
from net.link.connection import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.link.lines import Line, Lines, table_link
from net.table.chatting import Chatting
from net.table.clocks import TableClocks
from net.table.joins import JoinDesk
from net.table.own_listing import OwnListing
from net.table.refereeing import EventListener, Refereeing
from net.table.resuming import kept_table, unreadable
from net.table.seating import Seating
from net.table.standins import HostBots
from net.table.tickets import Tickets
from net.table.timepiece import WALL_TIME, Timepiece
from net.table.turns import TurnNotices
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import (
    Gone,
    SeatListing,
    TableListing,
    clean_name,
    encode,
    plain,
    read_listing,
)
from replays import proofs, unfinished
from replays.file import read, sync_together
from replays.header import Table
from replays.unfinished import data_dir

log = logging.getLogger("caldera.net")

CardListener = Callable[[TableListing], None]


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def default_replay_dir() -> Path:
    """Where ``caldera host`` and ``caldera serve`` keep their tables' replays."""
    return data_dir() / "tables"


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
        hints: bool = False,
        backoff: Backoff = DEFAULT_BACKOFF,
        notes: Mapping[str, Any] | None = None,
        keys: Keys | None = None,
        clock: str = "",
        on_timeout: str = "bot_turn",
        rated: bool = False,
        timepiece: Timepiece | None = None,
        chat: bool = True,
        lines: Lines | None = None,
    ) -> None:
        self.keys = keys if keys is not None else Keys.generate()  # the table's signing key
        self.table = topics.check_name(table or topics.table_id(self.keys.public), "table id")
        if not topics.certifies(self.table, self.keys.public):
            raise NetError(
                f"table id {self.table!r} has the form of an id made from a table's key, but "
                f"not this table's: choose another (or none)"
            )
        spec = ClockSpec.parse(clock)  # ValueError with one line
        if on_timeout not in ON_TIMEOUT:
            raise ValueError(f"on timeout: {on_timeout!r} is not one of {', '.join(ON_TIMEOUT)}")
        self.clock = str(spec) if spec is not None else ""
        self.on_timeout = on_timeout
        self.rated = rated
        self.timepiece = timepiece if timepiece is not None else WALL_TIME
        self.notes = dict(notes or {})  # the owner's, kept to resume the table (see resume)
        self.rules = rules
        self.options = dict(options or {})
        self.config = rules.config(seats, self.options)  # ValueError on a bad option
        self.name = clean_name(name or f"{host}'s table")
        self.host = clean_name(host)
        self.replay_dir = replay_dir if replay_dir is not None else default_replay_dir()
        self.seed = seed
        self.auto_start = auto_start
        self.hints = hints  # every seat may ask the hard bot for advice (off by default)
        self.status = "open"
        self.epoch = _now_ms()  # the next connection's is one more (see _will)
        self._card_n = 0  # cards published in this epoch
        self.ended = asyncio.Event()
        self.broker_stops = False  # its broker stops with it (the host app's own, embedded)
        self._card_listeners: list[CardListener] = []
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False
        self._kept: unfinished.Kept | None = None  # the seed, kept apart while the game runs
        self._resumed = False
        # a served table's line on its server's connection, or its own (whose Last Will takes
        # a crashed host's table out of the lobby)
        self.link = table_link(lines, address, self.table, self.keys, self._on_message,
                               self._on_connect, self._will, backoff)  # fmt: skip
        self.own_card = OwnListing(
            self.keys.public,
            lambda data: read_listing(data).order,
            self._put_back,
        )
        # On a cluster, retained messages go over a connection of their own: on NATS a retained
        # message is stored in JetStream before anything the connection sends after it goes on,
        # and after a node died that waits for JetStream's new leaders (4 s of standing still)
        self.keeper = (
            Link(address, client_id=f"caldera-keep-{self.table}", backoff=backoff, keys=self.keys)
            if len(address.nodes) > 1
            else None
        )
        self.seating = Seating(seats)
        self.tickets = Tickets()  # who is here now, on which connection
        self.refereeing = Refereeing(self.table, rules, self.seating, self.link)
        self.refereeing.on_published = self._published
        self.chatting = Chatting(self.table, self.seating, self.tickets, self.link,
                                 lambda: self.epoch, on=chat)  # fmt: skip
        self.bots = HostBots(
            self.table,
            rules,
            self.seating,
            self.refereeing,
            self.link,
            self._card_changed,
            bot_delay=bot_delay,
            standin=standin,
            standin_after=standin_after,
            waits=spec is not None and spec.per_turn,
        )
        self.clocks = TableClocks(
            self.table, self.refereeing, self.bots, self.timepiece,
            on_timeout=on_timeout, bot=standin or "random",
        )  # fmt: skip
        self._clock_card: dict[str, Any] | None = None  # the clocks the card shows
        # a new key about to take a seat: None, or why not (a server's budget of new keys)
        self.admit: Callable[[str], str | None] | None = None
        self.joins = JoinDesk(
            self.table, self.link, self.seating, self.tickets, self.bots, card=lambda: self.card,
            status=lambda: self.status, card_changed=self._card_changed,
            seated=self._maybe_auto_start,
            admit=lambda who: self.admit(who) if self.admit is not None else None,
        )  # fmt: skip
        self.refereeing.on_caught_up = self.joins.caught_up
        self.turns = TurnNotices(self.table, rules, self.seating, self._retain,
                                 self.timepiece.now_ms, self.clocks.card,
                                 lambda: self.epoch)  # fmt: skip

    @property
    def has_terms(self) -> bool:
        """Whether the log records the table's terms and time (a clock, or rated)."""
        return bool(self.clock) or self.rated

    @classmethod
    def resume(
        cls,
        address: BrokerAddress,
        replay_path: Path,
        *,
        seats: Mapping[Seat, str] | None = None,
        backoff: Backoff = DEFAULT_BACKOFF,
        timepiece: Timepiece | None = None,
        lines: Lines | None = None,
    ) -> TableHost:
        """The table whose unfinished game is in ``replay_path``, opened again by the machine
        that hosted it: the same id, name, options and seats (``seats`` gives a seat to another
        client: the app's own, say), the referee rebuilt from the file and the seed kept here.
        Raises :class:`~core.errors.CalderaError` with one line; ``await open()`` next."""
        replay_path = replay_path.resolve()
        header = read(replay_path).header
        kept = unfinished.claim(replay_path, header.seed_hash)
        try:
            rules, cards, terms = kept_table(kept.record, seats or {})
            try:
                host = cls(address, rules, len(cards), backoff=backoff, timepiece=timepiece,
                           lines=lines, **terms)  # fmt: skip
            except (ValueError, NetError) as exc:
                raise unreadable(kept.record, exc) from None
            host.seating.restore(cards)
            for seat, card in enumerate(cards):
                if card.client is None and card.bot:
                    host.bots.restore(seat, card.bot)
            host.refereeing.resume(replay_path, kept.record.seed, kept.record.salt,
                                   host.timepiece.now_ms)  # fmt: skip
            host.bots.restore_standins()
        except BaseException:
            kept.release()
            raise
        host._kept, host._resumed, host.status = kept, True, "running"
        kept_epoch = kept.record.details.get("epoch")  # the last one any client may have seen
        if isinstance(kept_epoch, int):
            host.epoch = max(host.epoch, kept_epoch)
        return host

    def _record(self, referee: Referee[Any], path: Path) -> unfinished.Unfinished:
        notes = {
            "game": self.rules.game,
            "table": self.table,
            "name": self.name,
            "host": self.host,
            "options": self.options,
            "seats": [plain(seat) for seat in self.seats],
            "bot_delay": self.bots.bot_delay,
            "standin": self.bots.standin,
            "standin_after": self.bots.standin_after,
            "hints": self.hints,
            "notes": self.notes,
            "host_keys": self.keys.to_json(),  # secret: the record is this user's only
            "epoch": self.epoch,  # a resumed table's goes beyond it
            "clock": self.clock,
            "on_timeout": self.on_timeout,
            "rated": self.rated,
            "chat": self.chatting.on,
        }
        return unfinished.Unfinished(path.resolve(), referee.seed, "table", notes, referee.salt)

    # -- what others see -----------------------------------------------------------------

    @property
    def seats(self) -> list[SeatListing]:
        return self.seating.seats

    @property
    def referee(self) -> Referee[Any] | None:
        return self.refereeing.referee

    @property
    def replay_path(self) -> Path | None:
        return self.refereeing.replay_path

    @property
    def hashes(self) -> dict[int, str]:
        """The state hashes published so far, by the event they follow."""
        return self.refereeing.hashes

    @property
    def last_hash(self) -> str | None:
        return self.refereeing.last_hash

    @property
    def rejections(self) -> deque[tuple[str, str]]:
        """The latest refused commands: (client, reason)."""
        return self.refereeing.rejections

    @property
    def card(self) -> TableListing:
        referee = self.referee
        result = referee.outcome() if referee is not None else None
        return TableListing(
            table=self.table,
            game=self.rules.game,
            title=self.rules.title,
            name=self.name,
            host=self.host,
            status=self.status,
            seats=tuple(self.seats),
            options=self.options,
            epoch=self.epoch,
            seq=referee.seq if referee is not None else 0,
            scores=result.scores if result is not None else None,
            key=self.keys.public.hex(),
            watching=self.seating.watching,
            n=self._card_n,
            clock=self.clock,
            rated=self.rated,
            clocks=self.clocks.card(),
            hints=self.hints,
            chat=self.chatting.on,
            broker_stops=self.broker_stops and self.status == "closed",
            **(self.link.served() if isinstance(self.link, Line) else {}),
        )

    def subscribe_card(self, listener: CardListener) -> Callable[[], None]:
        """Call ``listener`` with the card after every change (seats, presence, status)."""
        self._card_listeners.append(listener)
        return lambda: self._card_listeners.remove(listener)

    def subscribe_events(self, listener: EventListener) -> Callable[[], None]:
        """Call ``listener`` with each batch of new envelopes (the full, unprojected events)."""
        listeners = self.refereeing.event_listeners
        listeners.append(listener)
        return lambda: listeners.remove(listener)

    def _card_changed(self) -> None:
        self.turns.update(self.referee)  # a seat may have changed hands
        self._card_n += 1
        card = self.card
        topic, data = topics.card(self.table), encode(card)
        if self.keeper is not None and self.link.publish(topic, data):  # live readers: at once
            self.own_card.sent(card.order)
        if self._retain(topic, data):
            self.own_card.sent(card.order)
        for listener in list(self._card_listeners):
            listener(card)

    def _retain(self, topic: str, data: bytes) -> bool:
        """Publish a retained message: on a cluster, over the keeper's own connection."""
        return (self.keeper or self.link).publish(topic, data, retain=True)

    def _will(self) -> LastWill:
        """A new connection's Last Will: "gone", signed, naming the connection's epoch (one
        more than the last: a connection made is a new epoch)."""
        self.epoch += 1
        self._card_n = 0
        self.own_card.reset()
        return LastWill(topics.card(self.table), encode(Gone(self.epoch)))

    def _put_back(self) -> None:
        log.info("table %s: its card was replaced; putting it back", self.table)
        self._card_changed()

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self, timeout: float = 5.0) -> None:
        """Connect and put the table's card in the lobby."""
        self._tasks = [
            asyncio.create_task(self.bots.drive(), name=f"bots {self.table}"),
            asyncio.create_task(self.refereeing.check_hashes(), name=f"hashes {self.table}"),
            asyncio.create_task(self.clocks.watch(), name=f"clocks {self.table}"),
        ]
        try:
            await self.link.start(timeout)
            if self.keeper is not None:
                await self.keeper.start(timeout)
                self._card_changed()  # the card that went out before the keeper was up
        except NetError:
            await self._cancel_tasks()
            await self.link.stop()
            raise
        if self._resumed:
            self._go_on()

    def _go_on(self) -> None:
        """A resumed table: finish the step its host was cut in, hash the whole log again for
        the clients to check, and give every player who does not come back the stand-in's
        delay, as if they had just left."""
        referee = self.referee
        assert referee is not None
        for seat, card in enumerate(self.seats):
            if card.client is not None and card.key is not None and not card.online:
                self.bots.presence_changed(seat, card.key, False, running=True)
        self.refereeing.publish(referee.proceed())
        self.clocks.go()
        self.refereeing.rehash()
        self.bots.wake()

    async def _on_connect(self) -> None:
        if self._kept is not None:  # a resumed table's epoch must go beyond this one
            self._keep_epoch()
        self._card_changed()  # clients seeing a new epoch resend whatever may have been lost

    def _keep_epoch(self) -> None:
        assert self._kept is not None
        record = self._kept.record
        try:
            self._kept.update(replace(record, details={**record.details, "epoch": self.epoch}))
        except OSError as exc:
            log.warning("table %s: cannot keep its epoch: %s", self.table, exc)

    def halt(self) -> list[Path]:
        """Stop the game now (a server halts all its tables first): bots and clocks stop, a
        command is refused, the replay and its proofs end; returns the files to sync."""
        self.refereeing.halted = True
        for task in self._tasks:
            task.cancel()
        self.bots.cancel_timers()
        self.refereeing.close_replay(sync=False)
        return proofs.files_of(self.replay_path)

    async def close(self, sync: bool = True) -> None:
        """Close the table: its card leaves the lobby, presence marks go, its files synced."""
        if self._closed:
            return
        files = self.halt()
        self._closed, self.status = True, "closed"
        self.own_card.close()
        card_topic = topics.card(self.table)
        self._card_n += 1  # the closed card: newer than any before
        last = [(card_topic, encode(self.card), False), (card_topic, b"", True)]
        last += [(topics.presence(self.table, c), b"", True) for c in sorted(self.seating.clients)]
        last += self.turns.cleared()
        if self.keeper is None:
            await self.link.stop(last)
        else:  # the closed card at once; what is retained, over the keeper
            await self.link.stop(last[:1])
            await self.keeper.stop(last[1:])
        await self._cancel_tasks()
        if sync:
            await asyncio.to_thread(sync_together, files)
        if self._kept is not None:  # unfinished: the record stays, to resume the table later
            self._kept.release()

    async def _cancel_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)  # each ends cancelled
        self._tasks = []

    async def wait_ended(self, timeout: float | None = None) -> None:
        async with asyncio.timeout(timeout):
            await self.ended.wait()

    def set_chat(self, on: bool) -> None:
        """Turn the table's chat on or off (the card says which)."""
        if self.chatting.on != on:
            self.chatting.on = on
            self._card_changed()

    # -- seats -----------------------------------------------------------------------------

    async def seat_bot(self, seat: Seat | None = None, kind: str = "random") -> Seat:
        """Seat one of the host's own bots (first open seat by default); returns the seat."""
        return self._seat_bot(seat, kind)

    def _seat_bot(self, seat: Seat | None, kind: str) -> Seat:
        if self.status != "open":
            raise NetError("the game has already begun")
        seat = self.bots.seat(seat, kind)
        self._card_changed()
        self._maybe_auto_start()
        return seat

    async def fill_with_bots(self, kind: str = "random") -> list[Seat]:
        """Seat the host's bots in every open seat."""
        return [self._seat_bot(seat, kind) for seat in self.seating.open_seats()]

    async def hand_to_bot(self, seat: Seat, kind: str = "random") -> None:
        """Let a host bot play ``seat`` for its (dropped) client until :meth:`hand_back`."""
        self.bots.hand_to_bot(seat, kind)

    async def hand_back(self, seat: Seat) -> None:
        """Give ``seat`` back to its client."""
        self.bots.hand_back(seat)

    async def start(self) -> None:
        """Begin the game; every seat must be taken."""
        self._start()

    def _start(self) -> None:
        if self.referee is not None:
            raise NetError("the game has already begun")
        missing = [str(i + 1) for i in self.seating.open_seats()]
        if missing:
            raise NetError(f"seat(s) {', '.join(missing)} still open")
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.replay_dir / f"{self.table}-{stamp}.caldera"
        broker = self.link.address
        where = Table(self.name, self.host, f"{broker.host}:{broker.port}")
        seated = self._seated() if self.has_terms else None
        self.refereeing.begin(self.config, self.seed, path, where, seated, self.timepiece.now_ms)
        self.status = "running"
        assert self.referee is not None
        try:
            self._kept = unfinished.keep(self._record(self.referee, path))
        except (OSError, CalderaError) as exc:  # the game goes on; it cannot be resumed
            log.warning("table %s: its seed cannot be kept to resume it: %s", self.table, exc)
        envs = self.referee.begin()
        self.clocks.go()
        self._card_changed()
        self.refereeing.publish(envs)

    def _seated(self) -> Seated:
        """The terms and who sits where, as the log records them: each seat's key (a person's,
        or a bot client's), or the level of the host's bot that plays it."""
        seats = self.seats
        return Seated(
            keys=tuple(seat.key or "" for seat in seats),
            bots=tuple(seat.bot or "" for seat in seats),
            rated=self.rated,
            clock=self.clock,
            on_timeout=self.on_timeout,
        )

    def _maybe_auto_start(self) -> None:
        if self.auto_start and self.status == "open" and not self.seating.open_seats():
            self._start()

    def _published(self) -> None:
        """New events are out: a bot may be to move, a clock runs for someone else, or the game
        is over."""
        self.turns.update(self.referee)
        self.bots.turn_over()
        self.bots.wake()
        self.clocks.wake()
        clock_card = self.clocks.card()
        old, self._clock_card = self._clock_card, clock_card
        if clock_card is not None and (old is None or old["running"] != clock_card["running"]):
            self._card_changed()  # the lobby shows whose clock runs: a new turn, a new card
        referee = self.referee
        if referee is not None and referee.ended and self.status == "running":
            self.status = "over"
            self._card_changed()
            self.refereeing.close_replay()
            if self._kept is not None:
                self._kept.finished()  # the file reveals the seed now
                self._kept = None
            self.ended.set()

    # -- messages in -------------------------------------------------------------------------

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is not None and route.kind == "tables" and route.rest == (self.table,):
            self.own_card.seen(payload, self.link.sender)
            return
        if route is None or route.table != self.table or not route.rest:
            return
        client = route.rest[-1]
        if not topics.valid_name(client) or not payload:
            return  # an empty payload clears a retained presence: it says nothing
        sender = self.link.sender
        if sender is None:  # whoever sent it is nobody: a key is who one is here
            self.refereeing.rejections.append((client, f"{route.kind}: unsigned"))
            log.info("table %s: dropped an unsigned %s message for %s", self.table, route.kind,
                     client)  # fmt: skip
            return
        who = sender.hex()
        if route.kind == "cmd" and len(route.rest) == 2:
            self.refereeing.on_command(route.rest[0], client, sender, payload)
        elif route.kind == "join" and len(route.rest) == 1:
            self.joins.on_join(client, who, payload)
        elif route.kind == "sync" and len(route.rest) == 1:
            self.refereeing.on_sync(client, sender, payload)
        elif route.kind == "presence" and len(route.rest) == 1:
            self.joins.on_presence(who, payload)
        elif route.kind == "say" and len(route.rest) == 1:
            self.chatting.on_say(client, sender, payload)

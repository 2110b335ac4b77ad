"""The host of one table: the parts it is made of, its lifecycle, and what it says of itself.

The host is the only authority. Its parts, each in its own module: who sits where and who is
online (:mod:`net.table.seating`, :mod:`net.table.joins`), the referee that judges commands and
publishes their events (:mod:`net.table.refereeing`, the catch-ups :mod:`net.table.syncs`, the
proofs :mod:`net.table.proving`), the game from its beginning to its end, kept to be resumed
(:mod:`net.table.game`), the host's own bots and stand-ins (:mod:`net.table.standins`), the
table's listing in the lobby (:mod:`net.table.listing`) and what arrives on its topics
(:mod:`net.table.from_clients`). This module makes them, opens and closes the table, and says
what it is.

A table may have terms: a clock (``clock``: ``20m+10s`` real time, ``2d`` turn-based; its
timer is :mod:`net.table.clocks`), what a timeout does (``on_timeout``) and whether the result is
``rated``. The referee then records who sits where and the clocks as events of the log
(:mod:`core.clock`), on the table's :class:`~net.table.timepiece.Timepiece`; at a turn-based table
an absent player's seat waits for them (no stand-in steps in).

The host signs everything it publishes with its table key (:mod:`net.trust.keys`; the listing
names it, and the record kept to resume the table keeps it, so players know the host again). A
table's id is made from that key (:func:`net.wire.topics.table_id`), so nobody else can sign for
it: a chosen id (``table=…``, ``--table``) is taken on trust by whoever meets it first.

The table's chat (:mod:`net.table.chatting`) is judged and relayed by the host too, beside the
game and never in its log; the host may turn it off (``chat=False``: its listing says so).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from core.protocol import Rules, Seat
from core.referee import Referee
from net.config import BrokerAddress
from net.errors import NetError
from net.link.connection import DEFAULT_BACKOFF, Backoff
from net.link.lines import Lines, table_link
from net.table.chatting import Chatting
from net.table.clocks import TableClocks
from net.table.from_clients import FromClients
from net.table.game import TableGame
from net.table.joins import JoinDesk
from net.table.listing import Listing, ListingListener
from net.table.refereeing import EventListener, Refereeing
from net.table.resuming import kept_table, unreadable
from net.table.seating import Seating
from net.table.standins import HostBots
from net.table.syncs import SyncDesk
from net.table.terms import TableTerms
from net.table.tickets import Tickets
from net.table.timepiece import WALL_TIME, Timepiece
from net.table.turns import TurnNotices
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import (
    SeatListing,
    TableListing,
    clean_name,
)
from replays import proofs, unfinished
from replays.file import read, sync_together
from replays.unfinished import data_dir

log = logging.getLogger("caldera.net")


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
        self.terms = TableTerms.parse(clock, on_timeout, rated)  # ValueError with one line
        self.timepiece = timepiece if timepiece is not None else WALL_TIME
        self.rules = rules
        self.options = dict(options or {})
        config = rules.config(seats, self.options)  # ValueError on a bad option
        self.name = clean_name(name or f"{host}'s table")
        self.host = clean_name(host)
        self.hints = hints  # every seat may ask the hard bot for advice (off by default)
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False
        # a served table's line on its server's connection, or its own (whose Last Will takes
        # a crashed host's table out of the lobby)
        self.link = table_link(lines, address, self.table, self.keys,
                               lambda *message: self.from_clients.on_message(*message),
                               self._on_connect, lambda: self.listing.will(), backoff)  # fmt: skip
        self.seating = Seating(seats)
        self.tickets = Tickets()  # who is here now, on which connection
        self.refereeing = Refereeing(self.table, rules, self.seating, self.link)
        self.chatting = Chatting(self.table, self.seating, self.tickets, self.link,
                                 lambda: self.epoch, on=chat)  # fmt: skip
        spec = self.terms.spec
        self.bots = HostBots(
            self.table, rules, self.seating, self.refereeing, self.link, self._card_changed,
            bot_delay=bot_delay, standin=standin, standin_after=standin_after,
            waits=spec is not None and spec.per_turn,
        )  # fmt: skip
        self.clocks = TableClocks(
            self.table, self.refereeing, self.bots, self.timepiece,
            on_timeout=on_timeout, bot=standin or "random",
        )  # fmt: skip
        self.listing = Listing(
            self.table, self.keys, self.link, address, backoff, self._card_changed,
            rules=rules, name=self.name, host=self.host, options=self.options, terms=self.terms,
            hints=hints, status=lambda: self.status, seating=self.seating,
            refereeing=self.refereeing, clocks=self.clocks, chatting=self.chatting,
        )  # fmt: skip
        # a new key about to take a seat: None, or why not (a server's budget of new keys)
        self.admit: Callable[[str], str | None] | None = None
        self.joins = JoinDesk(
            self.table, self.link, self.seating, self.tickets, self.bots, card=lambda: self.card,
            status=lambda: self.status, card_changed=self._card_changed,
            seated=lambda: self.game.seated(),
            admit=lambda who: self.admit(who) if self.admit is not None else None,
        )  # fmt: skip
        self.turns = TurnNotices(self.table, rules, self.seating, self.listing.retain,
                                 self.timepiece.now_ms, self.clocks.card,
                                 lambda: self.epoch)  # fmt: skip
        self.game = TableGame(
            self.listing, self.bots, self.turns, self.timepiece, self._card_changed,
            config=config, seed=seed, auto_start=auto_start, notes=notes or {},
            replay_dir=replay_dir if replay_dir is not None else default_replay_dir(),
        )  # fmt: skip
        self.refereeing.on_published = self.game.published
        self.syncs = SyncDesk(self.refereeing, self.joins.caught_up)
        self.from_clients = FromClients(self.table, self.link, self.listing.own, self.refereeing,
                                        self.syncs, self.joins, self.chatting)  # fmt: skip

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
            host.game.resume(kept, replay_path, cards)
        except BaseException:
            kept.release()
            raise
        kept_epoch = kept.record.details.get("epoch")  # the last one any client may have seen
        if isinstance(kept_epoch, int):
            host.listing.epoch = max(host.listing.epoch, kept_epoch)
        return host

    # -- what others see -----------------------------------------------------------------

    @property
    def status(self) -> str:
        """open, running, over or closed."""
        return self.game.status

    @property
    def ended(self) -> asyncio.Event:
        """Set once the game is over."""
        return self.game.ended

    @property
    def epoch(self) -> int:
        """The host's connections counted (:mod:`net.table.listing`)."""
        return self.listing.epoch

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
        return self.listing.current()

    def subscribe_card(self, listener: ListingListener) -> Callable[[], None]:
        """Call ``listener`` with the card after every change (seats, presence, status)."""
        listeners = self.listing.listeners
        listeners.append(listener)
        return lambda: listeners.remove(listener)

    def subscribe_events(self, listener: EventListener) -> Callable[[], None]:
        """Call ``listener`` with each batch of new envelopes (the full, unprojected events)."""
        listeners = self.refereeing.event_listeners
        listeners.append(listener)
        return lambda: listeners.remove(listener)

    def _card_changed(self) -> None:
        self.turns.update(self.referee)  # a seat may have changed hands
        self.listing.changed()

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
            if self.listing.keeper is not None:
                await self.listing.keeper.start(timeout)
                self._card_changed()  # the card that went out before the keeper was up
        except NetError:
            await self._cancel_tasks()
            await self.link.stop()
            raise
        if self.game.resumed:
            self.game.go_on()

    async def _on_connect(self) -> None:
        self.game.keep_epoch()  # a resumed table's epoch must go beyond this one
        self._card_changed()  # clients seeing a new epoch resend whatever may have been lost

    def halt(self) -> list[Path]:
        """Stop the game now (a server halts all its tables first): bots and clocks stop, a
        command is refused, the replay and its proofs end; returns the files to sync."""
        self.refereeing.halted = True
        for task in self._tasks:
            task.cancel()
        self.bots.cancel_timers()
        self.syncs.close()
        self.refereeing.close_replay(sync=False)
        return proofs.files_of(self.replay_path)

    async def close(self, sync: bool = True) -> None:
        """Close the table: its card leaves the lobby, presence marks go, its files synced."""
        if self._closed:
            return
        files = self.halt()
        self._closed, self.game.status = True, "closed"
        marks = [(topics.presence(self.table, c), b"", True) for c in sorted(self.seating.clients)]
        await self.listing.close(marks + self.turns.cleared())
        await self._cancel_tasks()
        if sync:
            await asyncio.to_thread(sync_together, files)
        self.game.release()

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
        return self.game.seat_bot(seat, kind)

    async def fill_with_bots(self, kind: str = "random") -> list[Seat]:
        """Seat the host's bots in every open seat."""
        return [self.game.seat_bot(seat, kind) for seat in self.seating.open_seats()]

    async def hand_to_bot(self, seat: Seat, kind: str = "random") -> None:
        """Let a host bot play ``seat`` for its (dropped) client until :meth:`hand_back`."""
        self.bots.hand_to_bot(seat, kind)

    async def hand_back(self, seat: Seat) -> None:
        """Give ``seat`` back to its client."""
        self.bots.hand_back(seat)

    async def start(self) -> None:
        """Begin the game; every seat must be taken."""
        self.game.start()

"""A headless server that hosts tables for others (``caldera serve``).

It announces itself with a retained server card (``lobby/servers/<server>``; its Last Will, a
signed "gone", takes its place) and opens a table for whoever asks on
``lobby/requests/<server>/<client>`` (a
:class:`~net.wire.messages.TableRequest`: game, seats, how many of them its own bots take),
answering on ``lobby/replies/<server>/<client>``. Its tables start as soon as every seat is taken
and close a little while after their game ends; a table that never starts closes ``open_timeout``
seconds after it opened, and one client may have at most ``per_client`` tables waiting for players
(a request is signed, so a client is its key: no client id, nor a squatter using another's id,
can take another's share or keep them out). The
server's card and answers are signed by its lasting key (:func:`net.club.servers.server_keys`),
which lobbies pin; it answers a lobby's look with its card, and puts its card back when
something else (an older card, an empty payload) takes its place (:mod:`net.table.own_listing`).

A server keeps the club's ratings (:mod:`net.club.ratings_board`): when one of its games ends,
and when it starts, it verifies the replays of its folder it has not seen yet, folds the rated
results onto the ladders and publishes each game's ladder, retained, on ``lobby/ratings/<game>``
for the lobbies to show.

It relays the lobby's chat; its ``moderators`` may time a key out of every chat of its tables
and lobby (:mod:`net.club.club_chat`). What it answers on its requests topic, and why not, is
:mod:`net.club.answering`.

A server that was killed resumes, when it starts again, every unfinished game it was hosting in
its replay directory, and several servers may share one broker: a lobby asks the one hosting the
fewest tables (:meth:`Lobby.request_table`), so each table lives on exactly the server that
answered. Servers that also share a replay directory and a data directory stand in for each
other, each resuming the served games of a server that left (:mod:`net.club.taking_over`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from core.bots import bot_kinds
from core.games import GAMES, get_rules
from net.club import work
from net.club.answering import Answering
from net.club.club_chat import ClubChat
from net.club.ratings_board import RatingsBoard
from net.club.ratings_cache import RatingsCache
from net.club.servers import server_keys
from net.club.taking_over import TakingOver, left
from net.config import BrokerAddress
from net.errors import NetError
from net.link.connection import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.link.lines import Lines
from net.link.outbox import Outbox
from net.table.host import TableHost
from net.table.own_listing import OwnListing
from net.table.timepiece import Timepiece
from net.wire import topics
from net.wire.messages import (
    Gone,
    ServerListing,
    clean_name,
    encode,
    read_server_listing,
)
from replays.file import sync_together

log = logging.getLogger("caldera.net")

MAX_TABLES = 200
STATS_EVERY = 1.0  # seconds between two cards while the tables' command count moves
PER_CLIENT = 3  # tables one client may have waiting for players
OPEN_TIMEOUT = 600.0  # seconds a table may wait for its players


class Server:
    """Hosts any number of tables on one connection with one Last Will (net.link.lines)."""

    def __init__(
        self,
        address: BrokerAddress,
        *,
        server: str | None = None,
        name: str = "",
        replay_dir: Path | None = None,
        linger: float = 30.0,
        standin: str | None = "random",
        standin_after: float = 10.0,
        max_tables: int = MAX_TABLES,
        per_client: int = PER_CLIENT,
        open_timeout: float = OPEN_TIMEOUT,
        backoff: Backoff = DEFAULT_BACKOFF,
        sweep: float | None = 15.0,
        announce: Callable[[str], None] | None = None,
        timepiece: Timepiece | None = None,
        ratings: RatingsCache | None = None,
        new_keys_per_minute: int = work.NEW_KEYS_PER_MINUTE,
        members: frozenset[str] = frozenset(),
        moderators: frozenset[str] = frozenset(),
    ) -> None:
        self.address = address
        # keys met, and how many new ones a minute it takes (table requests and seats alike);
        # a club's member list (public keys, hex) is known from the start
        self.new_keys = work.NewKeys(new_keys_per_minute, members)
        self.server = topics.check_name(server or topics.new_id("s"), "server id")
        self.name = clean_name(name or f"server {self.server}")
        self.replay_dir = replay_dir
        self.linger = linger
        self.standin = standin
        self.standin_after = standin_after
        self.max_tables = max_tables
        self.open_timeout = open_timeout
        self.backoff = backoff
        self.sweep = sweep
        self.announce = announce
        self.timepiece = timepiece  # the tables' timepiece (the machine's, but in tests)
        self.ratings = ratings
        self.tables: dict[str, TableHost] = {}
        self._closed_commands = 0  # commands carried out at tables closed since
        self._carded = -1  # the command count on the card published last
        self._reapers: set[asyncio.Task[None]] = set()  # background tasks to cancel on close
        self.keys = server_keys(self.server)  # lasting: lobbies pin it
        self.epoch = time.time_ns() // 1_000_000  # the next connection's is one more
        self._card_n = 0
        self.own_card = OwnListing(
            self.keys.public,
            lambda data: read_server_listing(data).order,
            self._publish_card,
        )
        self.link = Link(
            address,
            client_id=f"caldera-server-{self.server}",
            subscriptions=[topics.server_requests(self.server), topics.lobby_servers()],
            on_message=self._on_message,
            on_connect=self._on_connect,
            will=self._will,
            backoff=backoff,
            keys=self.keys,
        )
        one = len(address.nodes) == 1  # its tables on its link (a cluster's: its listing's keeper)
        self.lines = Lines(self.link, self.server, self.keys.public.hex(), lambda: self.epoch)
        self.outbox = Outbox(address, client_id=f"caldera-out-{self.server}", backoff=backoff,
                             link=self.link if one else None)  # fmt: skip
        self.shared = self.lines if one else None  # what its tables are given
        self.taking_over = TakingOver(
            self.server, address, replay_dir, self.tables, max_tables, self._host,
            self._publish_card, self._reapers, backoff=backoff, timepiece=timepiece,
            announce=announce, lines=self.shared,
        )  # fmt: skip
        self.board = RatingsBoard(self.server, ratings, replay_dir, self.link)
        self.answering = Answering(
            self.server, self.link, lambda: self.card, self.tables, self.new_keys, per_client,
            self.open_table, self._background,
        )  # fmt: skip
        self.chat = ClubChat(self.server, self.link, lambda: self.epoch, self.tables.values,
                             self.answering.refuse, moderators, self.new_keys.admit)  # fmt: skip
        self.answering.chat = self.chat.take

    @property
    def refusals_unanswered(self) -> int:
        """Refusals a flooding key was not told (none sent)."""
        return self.answering.refusals_unanswered

    @property
    def commands(self) -> int:
        """Commands carried out (batches of events published) at this server's tables since it
        started, the closed ones too."""
        live = sum(host.refereeing.published for host in self.tables.values())
        return self._closed_commands + live

    @property
    def card(self) -> ServerListing:
        at_ms = round(time.monotonic() * 1000)
        return ServerListing(self.server, self.name, tuple(sorted(GAMES)), len(self.tables),
                          self.commands, at_ms, self.keys.public.hex(), self.epoch,
                          self._card_n)  # fmt: skip

    def _will(self) -> LastWill:
        """A new connection's Last Will: "gone", signed, naming its epoch (one more)."""
        self.epoch += 1
        self._card_n = 0
        self.own_card.reset()
        return LastWill(topics.server_card(self.server), encode(Gone(self.epoch)))

    async def open(self, timeout: float = 5.0) -> list[TableHost]:
        """Connect, announce this server, and resume the unfinished tables it was hosting;
        returns those."""
        await self.link.start(timeout)
        try:
            await self.outbox.start(timeout)
        except NetError:
            await self.link.stop()
            raise
        if self.ratings is not None:
            self._background(self.refresh_ratings(everything=True), "ratings")
        resumed = await self.taking_over.resume()
        if self.sweep is not None:
            self._background(self.taking_over.sweep(self.sweep), "sweep")
        self._background(self._stats(), "stats")
        return resumed

    async def _stats(self) -> None:
        """Publish the card again every ``STATS_EVERY`` seconds while the count moves."""
        while True:
            await asyncio.sleep(STATS_EVERY)
            if self.commands != self._carded:
                self._publish_card()

    def _background(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=f"{name} {self.server}")
        self._reapers.add(task)
        task.add_done_callback(self._reapers.discard)

    def _host(self, host: TableHost) -> None:
        """Keep ``host`` among this server's tables until its game ends and it lingered."""
        self.tables[host.table] = host
        host.link.route = self.outbox
        host.admit = self.new_keys.admit  # a new key's seat counts against the budget
        host.chatting.silenced = self.chat.moderation.silenced  # the moderators' time-outs
        for seat in host.seats:
            if seat.key:
                self.new_keys.meet(seat.key)
        reaper = asyncio.create_task(self._reap(host), name=f"reap {host.table}")
        self._reapers.add(reaper)
        reaper.add_done_callback(self._reapers.discard)

    async def _on_connect(self) -> None:
        self._publish_card()
        self.lines.connected()  # its tables' cards, a new epoch each

    def _publish_card(self) -> None:
        self._card_n += 1
        card = self.card
        self._carded = card.commands
        if self.link.publish(topics.server_card(self.server), encode(card), retain=True):
            self.own_card.sent(card.order)

    async def open_table(
        self,
        game: str,
        seats: int,
        *,
        table: str | None = None,
        name: str = "",
        bots: int = 0,
        bot: str = "random",
        bot_delay: float = 0.0,
        options: dict[str, Any] | None = None,
        seed: str | None = None,
        clock: str = "",
        on_timeout: str = "bot_turn",
        rated: bool = False,
    ) -> TableHost:
        """Open a table whose first ``bots`` seats the server's bots take; it starts when full.
        Its terms: a ``clock`` (``""``: none), what a timeout does, whether it is ``rated``."""
        if len(self.tables) >= self.max_tables:
            raise NetError(f"this server already hosts {self.max_tables} tables")
        try:
            rules = get_rules(game)
        except KeyError as exc:
            raise NetError(str(exc.args[0])) from None
        if bot not in bot_kinds(game):
            raise NetError(f"unknown bot {bot!r} for {game}")
        if not 0 <= bots <= seats:
            raise NetError(f"cannot seat {bots} bots at {seats} seats")
        try:
            host = TableHost(
                self.address,
                rules,
                seats,
                table=table,
                name=name or f"{self.name} table",
                host=self.name,
                options=options,
                replay_dir=self.replay_dir,
                seed=seed,
                auto_start=True,
                bot_delay=bot_delay,
                standin=self.standin,
                standin_after=self.standin_after,
                backoff=self.backoff,
                notes={"served": True},  # resumed by the next server on this replay dir
                clock=clock,
                on_timeout=on_timeout,
                rated=rated,
                timepiece=self.timepiece,
                lines=self.shared,
            )
        except ValueError as exc:
            raise NetError(str(exc)) from None
        if host.table in self.tables:
            raise NetError(f"table {host.table} is already open here")
        await host.open()
        self._host(host)
        for _ in range(bots):
            await host.seat_bot(kind=bot)
        self._publish_card()
        log.info("server %s: opened table %s (%s, %d seats)", self.server, host.table, game, seats)
        return host

    async def _reap(self, host: TableHost) -> None:
        """Close a table ``linger`` seconds after its game ends (time for late catch-ups), or
        ``open_timeout`` seconds after it opened if its game never began."""
        begun = asyncio.Event()
        if host.status != "open":
            begun.set()
        stop = host.subscribe_card(lambda card: begun.set() if card.status != "open" else None)
        try:
            async with asyncio.timeout(self.open_timeout):
                await begun.wait()
        except TimeoutError:
            log.info("server %s: table %s never started: closed", self.server, host.table)
            await self._close_table(host)
            return
        finally:
            stop()
        await host.ended.wait()
        if host.terms.rated:
            await self.refresh_ratings()
        await asyncio.sleep(self.linger)
        await self._close_table(host)

    async def refresh_ratings(self, everything: bool = False) -> None:
        """Fold the new rated results onto the ladders, publish those that changed
        (``everything``: all of them): :mod:`net.club.ratings_board`."""
        await self.board.refresh(everything)

    @property
    def ladders_published(self) -> int:
        return self.board.published

    async def _close_table(self, host: TableHost) -> None:
        await host.close()
        if self.tables.pop(host.table, None) is not None:
            self._closed_commands += host.refereeing.published
        self.answering.closed(host.table)
        self._publish_card()

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is not None and route.kind == "servers" and len(route.rest) == 1:
            if route.rest[0] == self.server:
                self.own_card.seen(payload, self.link.sender)
            elif left(payload):  # a server left (or someone says so): its tables?
                self.taking_over.server_left()
            return
        if route is None or route.kind != "requests" or len(route.rest) != 2:
            return
        server, client = route.rest
        if server == self.server and topics.valid_name(client):
            self.answering.take(client, self.link.sender, payload)

    async def close(self) -> None:
        """Close every table, all at once, and leave the lobby: each table halts before
        anything waits, then their files go to the disk together while they close."""
        hosts = list(self.tables.values())
        files = [path for host in hosts for path in host.halt()]  # no more moves anywhere
        for reaper in list(self._reapers):
            reaper.cancel()
        await asyncio.gather(*self._reapers, return_exceptions=True)
        await self.lines.close()  # its tables' last messages, then its own (acked) behind them
        await asyncio.gather(asyncio.to_thread(sync_together, files),
                             *(host.close(sync=False) for host in hosts))  # fmt: skip
        self.tables.clear()
        await self.outbox.stop()
        self.own_card.close()
        # Its last word is its will's, signed: a lobby drops it from its servers (a cleared
        # card alone is only a hint, which anyone may give); then the card is cleared.
        last = [(topics.server_card(self.server), encode(Gone(self.epoch)), False)]
        await self.link.stop([*last, (topics.server_card(self.server), b"", True)])

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

A server keeps the club's ratings (:mod:`net.club.ratings`, cached by
:mod:`net.club.ratings_cache`): when one of its games ends, and when it starts, it verifies the
replays of its folder it has not seen yet, folds the rated results onto the ladders and publishes
each game's ladder, retained, on ``lobby/ratings/<game>`` for the lobbies to show.

It relays the lobby's chat; its ``moderators`` may time a key out of every chat of its tables
and lobby (:mod:`net.club.club_chat`).

A server that was killed resumes, when it starts again, every unfinished game it was hosting in
its replay directory (:meth:`TableHost.resume`): the same tables, the same seats, the same
seeds; their players rejoin by themselves.

Several servers may share one broker: a lobby asks the one hosting the fewest tables
(:meth:`Lobby.request_table`), so each table lives on exactly the server that answered. Servers
that also share a replay directory and a data directory (the unfinished games' seeds) stand in
for each other: when a server's card is cleared by its Last Will, and every ``sweep`` seconds in
case a will was lost (a broker node dying with it), each of the others resumes the served games
nobody referees; the lock on each game's record lets exactly one of them have it. A will can come
before the killed server's locks are gone (the broker may see its socket close first), and a
busy broker can fail a resumed table's connection: for ``LEFT_GRACE`` seconds after a will, the
games still held elsewhere or not opened are tried again.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from core.bots import bot_kinds
from core.errors import CalderaError, CodecError
from core.games import GAMES, get_rules
from net.club import work
from net.club.club_chat import ClubChat
from net.club.ratings_cache import RatingsCache
from net.club.servers import server_keys
from net.config import BrokerAddress
from net.errors import NetError
from net.link.connection import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.link.lines import Lines
from net.link.outbox import Outbox
from net.table.host import TableHost, default_replay_dir
from net.table.own_listing import OwnListing
from net.table.timepiece import Timepiece
from net.wire import topics
from net.wire.messages import (
    MAX_RANKS,
    Gone,
    LadderListing,
    LobbyLine,
    OtherProtocol,
    Rank,
    ServerListing,
    ServerProbe,
    ServerReply,
    TableRequest,
    TimeOut,
    clean_name,
    encode,
    peek,
    read_server_listing,
    read_server_request,
    update_line,
)
from replays import unfinished
from replays.file import sync_together

log = logging.getLogger("caldera.net")

MAX_TABLES = 200
STATS_EVERY = 1.0  # seconds between two cards while the tables' command count moves
PER_CLIENT = 3  # tables one client may have waiting for players
OPEN_TIMEOUT = 600.0  # seconds a table may wait for its players
LEFT_GRACE = 30.0  # seconds the games of a server that left are tried again
LOOKS_PER_SECOND = 5  # looks answered a second per client, at most
REFUSALS_PER_SECOND = 5  # refused requests answered a second per key; the rest get no answer


def _left(payload: bytes) -> bool:
    """Whether a server card's payload says its server left: its Last Will, or a clear."""
    if not payload:
        return True
    try:
        return isinstance(read_server_listing(payload), Gone)
    except CodecError:
        return False


def served_records(replay_dir: Path | None) -> list[unfinished.Unfinished]:
    """The unfinished served games of ``replay_dir`` (``None``: the default one)."""
    folder = (replay_dir or default_replay_dir()).resolve()
    out = []
    for record in unfinished.records():
        notes = record.details.get("notes")
        served = isinstance(notes, dict) and notes.get("served") is True
        if record.kind == "table" and served and record.replay.parent == folder:
            out.append(record)
    return out


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
        self.per_client = per_client
        self.open_timeout = open_timeout
        self._asked: dict[str, str] = {}  # table -> the key (hex) that asked for it
        self._asking: dict[str, int] = {}  # key -> its requests being answered
        self.backoff = backoff
        self.sweep = sweep
        self.announce = announce
        self.timepiece = timepiece  # the tables' timepiece (the machine's, but in tests)
        self.ratings = ratings
        self._rating = asyncio.Lock()
        self.ladders_published = 0
        self.tables: dict[str, TableHost] = {}
        self._closed_commands = 0  # commands carried out at tables closed since
        self._carded = -1  # the command count on the card published last
        self._resuming = asyncio.Lock()
        self._reapers: set[asyncio.Task[None]] = set()  # background tasks to cancel on close
        self.keys = server_keys(self.server)  # lasting: lobbies pin it
        self.epoch = time.time_ns() // 1_000_000  # the next connection's is one more
        self._card_n = 0
        self.own_card = OwnListing(
            self.keys.public,
            lambda data: read_server_listing(data).order,
            self._publish_card,
        )
        self._taking_over: asyncio.Task[None] | None = None
        self._left_at = 0.0  # when a server was last seen leaving
        self._looks: dict[str, deque[float]] = {}  # client -> when its recent looks came
        self._refusals: dict[str, deque[float]] = {}  # key -> when it was last told "no"
        self.refusals_unanswered = 0  # refusals a flooding key was not told (none sent)
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
        one = len(address.nodes) == 1  # its tables on its link (a cluster's: TableHost.keeper)
        self.lines = Lines(self.link, self.server, self.keys.public.hex(), lambda: self.epoch)
        self.outbox = Outbox(address, client_id=f"caldera-out-{self.server}", backoff=backoff,
                             link=self.link if one else None)  # fmt: skip
        self.shared = self.lines if one else None  # what its tables are given
        self.chat = ClubChat(self.server, self.link, lambda: self.epoch, self.tables.values,
                             self._refuse, moderators, self.new_keys.admit)  # fmt: skip

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
        resumed = await self._resume_tables()
        if self.sweep is not None:
            self._background(self._sweep(self.sweep), "sweep")
        self._background(self._stats(), "stats")
        return resumed

    async def _stats(self) -> None:
        """Publish the card again every ``STATS_EVERY`` seconds while the count moves."""
        while True:
            await asyncio.sleep(STATS_EVERY)
            if self.commands != self._carded:
                self._publish_card()

    async def _sweep(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            await self._take_over("found without a server")

    async def _take_over(self, how: str, grace: float = 0.0) -> None:
        """Resume the served games of this replay directory that nobody referees; for
        ``grace`` seconds, try again while some are refereed by no table here."""
        if grace:
            self._left_at = time.monotonic()
        pause = 0.05
        while True:
            for host in await self._resume_tables():
                assert host.referee is not None
                message = f"table {host.table} resumed at event {host.referee.seq} ({how})"
                log.info("server %s: %s", self.server, message)
                if self.announce is not None:
                    self.announce(message)
            if time.monotonic() >= self._left_at + grace or not self._served_elsewhere():
                return
            await asyncio.sleep(pause)
            pause = min(pause * 2, 1.0)

    def _served_elsewhere(self) -> bool:
        """Whether a served game of this replay directory is refereed by no table here."""
        paths = (host.replay_path for host in self.tables.values())
        here = {path.resolve() for path in paths if path is not None}
        records = served_records(self.replay_dir)
        return any(record.replay.resolve() not in here for record in records)

    def _background(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=f"{name} {self.server}")
        self._reapers.add(task)
        task.add_done_callback(self._reapers.discard)

    async def _resume_tables(self) -> list[TableHost]:
        async with self._resuming:  # one pass at a time: each sees the tables the last took
            return await self._resume_unheld()

    async def _resume_unheld(self) -> list[TableHost]:
        resumed: list[TableHost] = []
        for record in await asyncio.to_thread(served_records, self.replay_dir):  # every file
            if len(self.tables) >= self.max_tables:
                break
            if unfinished.held(record.replay):
                continue  # a server hosts it right now
            try:
                host = TableHost.resume(self.address, record.replay, backoff=self.backoff,
                                        timepiece=self.timepiece, lines=self.shared)  # fmt: skip
            except CalderaError as exc:
                log.warning("server %s: cannot resume %s: %s", self.server, record.replay, exc)
                continue
            try:
                await host.open()
            except CalderaError as exc:
                await host.close()  # its claim on the game goes: another try may have it
                log.warning("server %s: cannot resume %s: %s", self.server, record.replay, exc)
                continue
            self._host(host)
            resumed.append(host)
        if resumed:
            self._publish_card()
        return resumed

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
        if host.rated:
            await self.refresh_ratings()
        await asyncio.sleep(self.linger)
        await self._close_table(host)

    async def refresh_ratings(self, everything: bool = False) -> None:
        """Fold the new rated results of the replay folder onto the ladders and publish the
        ladders that changed (``everything``: all of them)."""
        cache = self.ratings
        if cache is None:
            return
        folder = self.replay_dir or default_replay_dir()
        async with self._rating:
            try:
                new = await asyncio.to_thread(cache.refresh, folder)
            except (OSError, sqlite3.Error) as exc:
                log.warning("server %s: cannot keep the ratings: %s", self.server, exc)
                return
            ladders = cache.ladders()
            games = set(ladders.games) if everything else {result.game for result in new}
            for game in sorted(games):
                ranks = tuple(Rank(s.identity, s.name, s.rating, s.games)
                              for s in ladders.ladder(game)[:MAX_RANKS])  # fmt: skip
                card = encode(LadderListing(game, ranks))
                self.link.publish(topics.ratings(game), card, retain=True)
                self.ladders_published += 1

    async def _close_table(self, host: TableHost) -> None:
        await host.close()
        if self.tables.pop(host.table, None) is not None:
            self._closed_commands += host.refereeing.published
        self._asked.pop(host.table, None)
        self._publish_card()

    def _waiting(self, who: str) -> int:
        """How many tables the key ``who`` asked for that wait for players (or are being
        opened)."""
        open_ = [t for t, asker in self._asked.items() if asker == who
                 and t in self.tables and self.tables[t].status == "open"]  # fmt: skip
        return len(open_) + self._asking.get(who, 0)

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is not None and route.kind == "servers" and len(route.rest) == 1:
            if route.rest[0] == self.server:
                self.own_card.seen(payload, self.link.sender)
            elif _left(payload):  # a server left (or someone says so): its tables?
                if self._taking_over is None or self._taking_over.done():
                    self._taking_over = asyncio.create_task(
                        self._take_over("its server left", LEFT_GRACE), name="take over"
                    )
                    self._reapers.add(self._taking_over)
                    self._taking_over.add_done_callback(self._reapers.discard)
                else:  # one is running: it goes on longer (a flood of "gone"s starts no more)
                    self._left_at = time.monotonic()
            return
        if route is None or route.kind != "requests" or len(route.rest) != 2:
            return
        server, client = route.rest
        if server != self.server or not topics.valid_name(client):
            return
        sender = self.link.sender
        if sender is None:  # a key is who one is: a client id is a label anyone may use
            log.info("server %s: dropped an unsigned request for %s", self.server, client)
            return
        who = sender.hex()
        reply_topic = topics.server_reply(self.server, client)
        try:
            request = read_server_request(payload)
        except OtherProtocol:  # an older Caldera: it reads this answer and shows it
            reply = ServerReply(peek(payload, "id"), reason=update_line("this server"))
            self._refuse(who, reply_topic, reply)
            return
        except CodecError as exc:
            self._refuse(who, reply_topic, ServerReply("", reason=f"malformed: {exc}"))
            return
        if isinstance(request, ServerProbe):
            if _within(self._looks, who, LOOKS_PER_SECOND):
                self.link.publish(reply_topic, encode(ServerReply(request.id, card=self.card)))
            return
        if isinstance(request, LobbyLine | TimeOut):  # the club's chat
            self.chat.take(client, sender, reply_topic, request)
            return
        if self._waiting(who) >= self.per_client:
            reason = f"you already have {self.per_client} tables waiting for players"
            self._refuse(who, reply_topic, ServerReply(request.id, reason=reason))
            return
        if self.new_keys.members and who not in self.new_keys.members:
            reason = "this server opens tables for its club's members only"
            self._refuse(who, reply_topic, ServerReply(request.id, reason=reason))
            return
        if not self.new_keys.known(who) and not work.holds(self.server, who, request.id,
                                                           request.work):  # fmt: skip
            reason = "a new key's first table request needs a proof of work (update caldera)"
            self._refuse(who, reply_topic, ServerReply(request.id, reason=reason))
            return
        refused = self.new_keys.admit(who)
        if refused is not None:
            self._refuse(who, reply_topic, ServerReply(request.id, reason=refused))
            return
        self._asking[who] = self._asking.get(who, 0) + 1
        self._background(self._answer(request, reply_topic, who), "answer")

    def _refuse(self, who: str, reply_topic: str, reply: ServerReply) -> None:
        """Tell the key ``who`` why not, ``REFUSALS_PER_SECOND`` times a second at most: a key
        flooding requests (300 a second) would have the server sign and the broker carry as
        many answers, doubling what the flood costs the broker (amqtt: ~1/3 of its share)."""
        if _within(self._refusals, who, REFUSALS_PER_SECOND):
            self.link.publish(reply_topic, encode(reply))
        else:
            self.refusals_unanswered += 1

    async def _answer(self, request: TableRequest, reply_topic: str, who: str) -> None:
        try:
            await self._open_for(request, reply_topic, who)
        finally:
            self._asking[who] -= 1
            if not self._asking[who]:
                del self._asking[who]

    async def _open_for(self, request: TableRequest, reply_topic: str, who: str) -> None:
        try:
            host = await self.open_table(
                request.game,
                request.seats,
                name=request.name,
                bots=request.bots,
                bot=request.bot,
                bot_delay=min(max(request.bot_delay, 0.0), 10.0),
                options=request.options,
                clock=request.clock,
                on_timeout=request.on_timeout,
                rated=request.rated,
            )
        except NetError as exc:
            self.link.publish(reply_topic, encode(ServerReply(request.id, reason=str(exc))))
            return
        self._asked[host.table] = who
        self.link.publish(reply_topic, encode(ServerReply(request.id, table=host.table)))

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
        self._card_n += 1  # its last card: no tables; then the card is cleared
        last = [(topics.server_card(self.server), encode(self.card), False)]
        await self.link.stop([*last, (topics.server_card(self.server), b"", True)])


def _within(recent: dict[str, deque[float]], who: str, per_second: int) -> bool:
    """Whether the key ``who`` may have one more answer, ``per_second`` a second at most
    (``recent``: when each key's last ones went; the oldest keys forgotten past 4096)."""
    now = time.monotonic()
    times = recent.setdefault(who, deque(maxlen=per_second))
    if len(times) == per_second and now - times[0] < 1.0:
        return False
    times.append(now)
    if len(recent) > 4096:
        recent.pop(next(iter(recent)))
    return True

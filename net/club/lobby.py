"""The lobby: every open and running table, live, from their retained cards; and the doors to
them (join a seat, watch, host a table, or ask a ``caldera serve`` process for one).

UI-independent and async. A lobby screen subscribes to changes::

    async with Lobby(address, name="Alice") as lobby:
        lobby.subscribe(lambda table, card: screen.refresh_row(table, card))  # card None: gone
        session = await lobby.join("k3f9x2", seat=1)                         # a NetSession

A table's card counts only when it is signed by the key it names, and a table's id is made
from that key (:func:`net.wire.topics.certifies`: nobody else can sign a card for it). The lobby
lists a table only once its host has answered a look (:mod:`net.club.probes`): a retained card alone
may be made up, or old. It then knows the table by that key and a session it opens believes
only that key (see :mod:`net.seat.session`). Of a table's signed cards and "gone"s the lobby keeps
the newest (:attr:`~net.wire.messages.TableListing.order`), so one replayed from earlier neither
closes a running table nor brings back a closed one; an empty card (anyone may clear one) changes
nothing. What the lobby sends is signed by the identity's key.

The club's lobby has a chat (:attr:`Lobby.chat`, :mod:`net.club.lobby_chat`) its server
relays; a club moderator times a key out from a lobby (:func:`net.club.moderating.time_out`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import msgspec

from core.errors import CodecError
from core.games import get_rules
from net.club import work
from net.club.lobby_chat import LobbyChat
from net.club.probes import MOST_TABLES, Probes
from net.club.servers import ServerBook
from net.config import BrokerAddress
from net.errors import NetError
from net.link.connection import DEFAULT_BACKOFF, Backoff, Link
from net.seat.served import left_with
from net.seat.session import NetSession
from net.table import turns
from net.table.host import TableHost
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import (
    ChatRefused,
    Gone,
    JoinRequest,
    Order,
    Rank,
    SeatListing,
    ServerListing,
    ServerProbe,
    ServerReply,
    TableListing,
    TableRequest,
    Ticket,
    encode,
    identity_of,
    read_host_message,
    read_ladder,
    read_listing,
    read_server_answer,
    read_server_listing,
)

log = logging.getLogger("caldera.net")
DOUBT_FOR = 10.0  # seconds a listed table whose card was cleared has for its host to answer

TableListener = Callable[[str, TableListing | None], None]
TurnListener = Callable[[str, dict[str, Any] | None], None]


class Lobby:
    """A live list of tables and servers on one broker."""

    def __init__(
        self,
        address: BrokerAddress,
        *,
        identity: str | None = None,
        name: str = "",
        backoff: Backoff = DEFAULT_BACKOFF,
        keys: Keys | None = None,
        turns: bool = False,
        servers: Mapping[str, bytes] | None = None,
    ) -> None:
        self.address = address
        self.book = ServerBook(str(address), servers)  # whose key speaks for which server
        self.keys = keys if keys is not None else Keys.generate()
        self.host_keys: dict[str, bytes] = {}  # table -> the key its cards are signed by
        self.orders: dict[str, Order] = {}  # table -> the order of its newest card taken
        identity = identity or address.username or topics.new_id("c")
        self.identity = topics.check_name(identity, "client id")
        self.name = name or self.identity
        self.backoff = backoff
        self.tables: dict[str, TableListing] = {}
        self.broker_note: str | None = None  # the broker went with a table (the host app's)
        self.servers: dict[str, ServerListing] = self.book.cards  # those that answered
        self.ladders: dict[str, dict[str, Rank]] = {}  # game -> identity -> its rank
        self.turns: dict[str, dict[str, Any]] = {}  # table -> our turn message (``turns``)
        self._turn_listeners: list[TurnListener] = []
        self._turn_orders: dict[str, Order] = {}  # table -> the order of its newest turn message
        self._listeners: list[TableListener] = []
        self._server_replies: dict[str, tuple[str, asyncio.Future[ServerReply]]] = {}
        self._changed = asyncio.Event()
        self._looks = Probes()
        self._heard: dict[str, TableListing] = {}  # tables whose host has not answered yet
        self._answered: set[str] = set()  # tables whose host answered a look
        # listed tables whose card someone cleared (anyone may): asked again, and left out of
        # the list when their host has not answered for ``doubt_for`` seconds
        self._doubted: dict[str, float] = {}
        self.doubt_for = DOUBT_FOR
        self._looker = address.username or topics.new_id("look")  # who the looks are from
        self._conn = secrets.token_hex(6)
        self._wake = asyncio.Event()
        self._asking: asyncio.Task[None] | None = None
        self.link = Link(
            address,
            client_id=f"caldera-lobby-{topics.new_id()}",
            subscriptions=[
                topics.lobby_tables(),
                topics.lobby_servers(),
                topics.lobby_ratings(),
                topics.lobby_chats(),
                f"{topics.PREFIX}/lobby/replies/+/{self.identity}",
                *([topics.my_turns(self.identity)] if turns else []),
                f"{topics.PREFIX}/tables/+/reply/{self._looker}",
            ],
            on_message=self._on_message,
            backoff=backoff,
            keys=self.keys,
        )
        self.chat = LobbyChat(self.identity, lambda: self.name, self.keys, self.link,
                              self.book)  # fmt: skip

    async def open(self, timeout: float = 5.0) -> None:
        await self.link.start(timeout)
        self._asking = asyncio.create_task(self._ask(), name=f"looks {self.link.client_id}")

    async def close(self) -> None:
        if self._asking is not None:
            self._asking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._asking
        await self.link.stop()

    async def __aenter__(self) -> Lobby:
        await self.open()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    # -- watching ----------------------------------------------------------------------------

    def subscribe(self, listener: TableListener) -> Callable[[], None]:
        """Call ``listener(table, card)`` on every change; ``card`` is ``None`` when a table
        closes. Returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def rating_of(self, game: str, seat: SeatListing) -> Rank | None:
        """The club's rating of whoever sits in ``seat`` at a ``game`` table (a person by the
        key they sat down with, a bot by its level); ``None`` when they have none yet."""
        return self.ladders.get(game, {}).get(identity_of(seat) or "")

    def open_tables(self) -> list[TableListing]:
        """Tables with a free seat, oldest id first."""
        return [c for _, c in sorted(self.tables.items()) if c.status == "open" and c.open_seats()]

    async def wait_for(
        self, predicate: Callable[[Lobby], bool], timeout: float | None = 10.0
    ) -> None:
        """Wait until ``predicate(lobby)`` holds (re-checked after every change)."""

        async def until() -> None:
            while not predicate(self):
                self._changed.clear()
                await self._changed.wait()

        async with asyncio.timeout(timeout):
            await until()

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        if topic.startswith(f"{topics.PREFIX}/turns/"):
            self._on_turn(topic, payload)
            self._changed.set()
            return
        route = topics.parse(topic)
        if route is not None and route.kind == "reply" and route.rest == (self._looker,):
            self._on_answer(route.table, payload)
            return
        if route is None or route.table or len(route.rest) < 1:
            return
        key = route.rest[0]
        if route.kind == "tables" and len(route.rest) == 1:
            self._on_table(key, payload)
        elif route.kind == "servers" and len(route.rest) == 1:
            self._on_server(key, payload)
        elif route.kind == "ratings" and len(route.rest) == 1 and self.link.sender is not None:
            try:
                ladder = read_ladder(payload) if payload else None
            except CodecError as exc:
                log.info("lobby: ignoring an unreadable ladder for %s: %s", key, exc)
                return
            if ladder is None:
                self.ladders.pop(key, None)
            elif ladder.game == key:
                self.ladders[key] = {rank.identity: rank for rank in ladder.ranks}
        elif route.kind == "replies" and route.rest == (key, self.identity):
            self._on_server_reply(key, payload)
        elif route.kind == "chat" and len(route.rest) == 1:
            self.chat.take(key, payload, self.link.sender)
        self._changed.set()

    def _on_table(self, table: str, payload: bytes) -> None:
        if not payload:  # cleared: by anyone (an empty payload cannot be signed), so a hint:
            if table in self.tables and table not in self._doubted:  # is its host still there?
                self._doubted[table] = time.monotonic()
                self._looks.want(table)
                self._wake.set()
            return
        message = from_host(table, payload, self.link.sender, self.host_keys.get(table))
        if message is None:
            return
        if table in self._answered:
            if table in self._doubted and message.order > self.orders.get(table, (-1, -1)):
                self._doubted.pop(table)  # a newer card: its host is there
                self._looks.drop(table)
            self._take(table, message)
            return
        heard = self._heard.get(table)
        if heard is not None and message.order <= heard.order:
            return
        if isinstance(message, Gone):  # its host left before it answered: stop asking
            self._heard.pop(table, None)
            self._looks.drop(table)
            return
        self._heard[table] = message
        self._looks.want(table)  # listed once its host answers
        self._wake.set()
        if len(self._heard) > MOST_TABLES:
            for old in [t for t in self._heard if t not in self._looks]:
                del self._heard[old]

    def _on_answer(self, table: str, payload: bytes) -> None:
        """A host's answer to a look: its table, as it stands now, is listed."""
        if table not in self._looks or not payload:
            return
        sender = self.link.sender
        try:
            answer = read_host_message(payload)
        except CodecError:
            return
        if not isinstance(answer, Ticket) or not self._looks.asked(table, answer.nonce):
            return
        card = answer.card
        if sender is None or not topics.certifies(table, sender) or card.key != sender.hex():
            return
        if card.table != table or self.host_keys.setdefault(table, sender) != sender:
            return
        self._looks.drop(table)
        self._heard.pop(table, None)
        self._doubted.pop(table, None)
        self._answered.add(table)
        self._take(table, card)
        self._changed.set()

    def _take(self, table: str, message: TableListing | Gone) -> None:
        """A card (or "gone") of a listed table's host, if it is newer than the one taken."""
        if message.order <= self.orders.get(table, (-1, -1)):
            log.info("lobby: ignoring a card for table %s older than the one it has", table)
            return
        self.orders[table] = message.order
        if isinstance(message, TableListing) and message.broker_stops:
            self.broker_note = (f"table {table} closed, and its host's broker at {self.address} "
                                f"stopped with it")  # fmt: skip
        card = message if isinstance(message, TableListing) else None
        if card is not None and card.status == "closed":
            card = None
        if card is None:
            if self.tables.pop(table, None) is None:
                return
        else:
            self.tables[table] = card
        for listener in list(self._listeners):
            listener(table, card)

    def _on_turn(self, topic: str, payload: bytes) -> None:
        """Our turn message of a table (:mod:`net.table.turns`), believed when the table's host
        signed it (the key its card named, or names once it comes), and newer than the one we
        have (a signed one may be replayed: its ``epoch`` and ``n`` say which is newer)."""
        parts = topic.split("/")
        if len(parts) != 5 or parts[4] != self.identity:
            return
        table = parts[3]
        message: dict[str, Any] | None = None
        if payload:
            sender = self.link.sender  # the link took the signature off
            try:
                message = turns.parse(topic, payload)
            except turns.NotATurn as exc:
                log.info("lobby: ignoring %s", exc)
                return
            known = self.host_keys.get(table)
            if sender is None or not topics.certifies(table, sender) or known not in (None, sender):
                log.info("lobby: ignoring a turn message for %s not signed by its host", table)
                return
            order = turns.order_of(message)
            if order <= self._turn_orders.get(table, (-1, -1)):
                log.info("lobby: ignoring a turn message for %s older than the one it has", table)
                return
            self._turn_orders[table] = order
            message["signer"] = sender.hex()
        if message is None:
            if self.turns.pop(table, None) is None:
                return
        else:
            self.turns[table] = message
        for listener in list(self._turn_listeners):
            listener(table, message)

    def subscribe_turns(self, listener: TurnListener) -> Callable[[], None]:
        """Call ``listener(table, message)`` on every change of our turn at a table
        (``message`` ``None``: we no longer sit there). Needs ``turns=True``."""
        self._turn_listeners.append(listener)
        return lambda: self._turn_listeners.remove(listener)

    async def _ask(self) -> None:
        """Send the looks that are due, as long as the lobby is open."""
        while True:
            for table, nonce in self._looks.due():
                look = JoinRequest("look", self.name, nonce=nonce, conn=self._conn)
                self.link.publish(topics.join(table, self._looker), encode(look))
            self._give_up_doubted()
            for server, nonce in self.book.probes.due():
                topic = topics.server_request(server, self.identity)
                self.link.publish(topic, encode(ServerProbe(nonce)))
            self._wake.clear()
            # asyncio.timeout, not wait_for: on Python 3.11 a cancel that lands as wait_for's
            # timeout fires comes out as TimeoutError, and this loop would never end (a closing
            # lobby then waited for it for ever: a CI run hung 85 minutes on it)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.25):
                    await self._wake.wait()

    def _give_up_doubted(self) -> None:
        """Leave out of the list the tables whose card was cleared and whose host has not
        answered a look since, for ``doubt_for`` seconds (it is gone, its Last Will lost)."""
        now = time.monotonic()
        for table, since in list(self._doubted.items()):
            if now - since < self.doubt_for:
                continue
            del self._doubted[table]
            self._looks.drop(table)
            self._answered.discard(table)
            if self.tables.pop(table, None) is not None:
                for listener in list(self._listeners):
                    listener(table, None)
                self._changed.set()

    def _on_server(self, server: str, payload: bytes) -> None:
        if not payload:
            return  # cleared: by anyone, so a hint (a live server puts its card back)
        sender, known = self.link.sender, self.book.keys.get(server)
        if sender is None or (known is not None and not self.book.vouch(server, sender)):
            return
        try:
            message = read_server_listing(payload)
        except CodecError as exc:
            log.info("lobby: ignoring an unreadable card for server %s: %s", server, exc)
            return
        named = (message.server, message.key) if isinstance(message, ServerListing) else None
        if named is not None and named != (server, sender.hex()):
            return
        self.book.heard_card(server, message)
        for table, gone in left_with(self.tables, server, sender, message):
            self._take(table, gone)  # a served table's host left with its server
        self._wake.set()

    def _on_server_reply(self, server: str, payload: bytes) -> None:
        """A server's answer: to a look (its card: it is offered from now on), or to a table
        request; believed only when the server's key signed it."""
        try:
            reply = read_server_answer(payload)
        except CodecError:
            return
        if not self.book.vouch(server, self.link.sender):
            return
        if isinstance(reply, ChatRefused):
            if server == self.chat.server:
                self.chat.refused(reply)
            return
        card = reply.card
        if card is not None and self.book.probes.asked(server, reply.id):
            if card.server == server and card.key == (self.link.sender or b"").hex():
                self.book.answered(server, card)
            return
        asked = self._server_replies.get(reply.id)
        if asked is not None and asked[0] == server and not asked[1].done():
            asked[1].set_result(reply)

    def awaiting(self, server: str, request_id: str) -> asyncio.Future[ServerReply]:
        """What will be ``server``'s answer to our request ``request_id`` (:meth:`forget` it
        when done waiting)."""
        future: asyncio.Future[ServerReply] = asyncio.get_running_loop().create_future()
        self._server_replies[request_id] = (server, future)
        return future

    def forget(self, request_id: str) -> None:
        self._server_replies.pop(request_id, None)

    # -- doors ---------------------------------------------------------------------------------

    async def join(
        self,
        table: str,
        *,
        seat: int | None = None,
        name: str | None = None,
        identity: str | None = None,
        bot: str | None = None,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> NetSession:
        """Take a seat (``None``: the first free one). Coming back with the same ``identity``
        gives back the seat held before. Raises :class:`~net.errors.JoinRefused`."""
        return await NetSession.connect(
            self.address,
            table,
            identity=identity or self.identity,
            name=name or self.name,
            seat=seat,
            bot=bot,
            timeout=timeout,
            backoff=self.backoff,
            **{"keys": self.keys, "host_key": self.host_keys.get(table), **kwargs},
        )

    async def watch(self, table: str, *, timeout: float = 10.0, **kwargs: Any) -> NetSession:
        """Watch a table as a spectator (the public view only)."""
        return await NetSession.connect(
            self.address,
            table,
            identity=self.address.username or topics.new_id("w"),
            name=self.name,
            spectator=True,
            timeout=timeout,
            backoff=self.backoff,
            **{"host_key": self.host_keys.get(table), **kwargs},
        )

    async def host(
        self, game: str, seats: int, *, replay_dir: Path | None = None, **kwargs: Any
    ) -> TableHost:
        """Open a table hosted by this process (its referee runs here)."""
        try:
            rules = get_rules(game)
        except KeyError as exc:
            raise NetError(str(exc.args[0])) from None
        host = TableHost(
            self.address,
            rules,
            seats,
            host=self.name,
            replay_dir=replay_dir,
            backoff=self.backoff,
            **kwargs,
        )
        await host.open()
        return host

    async def request_table(
        self,
        game: str,
        seats: int,
        *,
        server: str | None = None,
        name: str = "",
        bots: int = 0,
        bot: str = "random",
        bot_delay: float = 0.0,
        options: dict[str, Any] | None = None,
        timeout: float = 10.0,
        clock: str = "",
        on_timeout: str = "bot_turn",
        rated: bool = False,
    ) -> str:
        """Ask a ``caldera serve`` process to open a table; returns its id. The server starts
        the game once every seat is taken. Without ``server``, the one of those offering
        ``game`` that hosts the fewest tables is asked (ties drawn at random), so several
        servers on one broker share the requests, on any broker; when none offers it, one is
        asked anyway, to say why not. ``clock``, ``on_timeout`` and ``rated`` are the table's
        terms (:class:`~net.table.host.TableHost`)."""
        changed = [note for note in self.book.notes if f"server {server} " in note]
        if changed:
            raise NetError(changed[0])
        if server is None:
            if not self.servers:
                await self.wait_for(lambda lobby: bool(lobby.servers), timeout)
            cards = list(self.servers.values())
            offering = [card for card in cards if game in card.games] or cards
            server = min(offering, key=lambda card: (card.tables, random.random())).server
        request = TableRequest(
            id=topics.new_id("r"),
            game=game,
            seats=seats,
            name=name or f"{self.name}'s table",
            bots=bots,
            bot=bot,
            bot_delay_ms=round(bot_delay * 1000),
            options=dict(options or {}),
            clock=clock,
            on_timeout=on_timeout,
            rated=rated,
        )
        # a server that has not met our key wants some work first (net.club.work): ~0.1 s, off the
        # loop
        proof = await asyncio.to_thread(work.solve, server, self.keys.public.hex(), request.id)
        request = msgspec.structs.replace(request, work=proof)
        future = self.awaiting(server, request.id)
        self.link.publish(topics.server_request(server, self.identity), encode(request))
        try:
            async with asyncio.timeout(timeout):
                reply = await future
        except TimeoutError:
            raise NetError(f"server {server} did not answer") from None
        finally:
            self.forget(request.id)
        if reply.table is None:
            raise NetError(f"server {server} refused: {reply.reason}")
        return reply.table


def from_host(
    table: str, payload: bytes, sender: bytes | None, known: bytes | None
) -> TableListing | Gone | None:
    """A card (or "gone") of ``table`` signed (``sender``) by its host's key: the key its id
    is made from (or, for a chosen id, the key it was first met with: ``known``); ``None``
    for anything else."""
    if sender is None or not topics.certifies(table, sender):
        log.info("lobby: ignoring a card for table %s not signed by its key", table)
        return None
    if known is not None and sender != known:
        log.info("lobby: ignoring a card for table %s signed by another key", table)
        return None
    try:
        message = read_listing(payload)
    except CodecError as exc:
        log.info("lobby: ignoring an unreadable card for table %s: %s", table, exc)
        return None
    if isinstance(message, TableListing) and (
        message.key != sender.hex() or message.table != table
    ):
        log.info("lobby: ignoring a card for table %s that names another", table)
        return None
    return message

"""The lobby: every open and running table, live, from their retained cards; and the doors to
them (join a seat, watch, host a table, or ask a ``caldera serve`` process for one).

UI-independent and async. A lobby screen subscribes to changes::

    async with Lobby(address, name="Alice") as lobby:
        lobby.subscribe(lambda table, card: screen.refresh_row(table, card))  # card None: gone
        session = await lobby.join("k3f9x2", seat=1)                         # a NetSession

Which tables are listed, and which of their cards count, is :mod:`net.club.listed_tables`: a
table is listed once its host answered a probe, and known from then on by its key, the only one
a session the lobby opens believes (see :mod:`net.seat.session`). Our turn messages are
:mod:`net.club.your_turns`. What the lobby sends is signed by the identity's key.

The club's lobby has a chat (:attr:`Lobby.chat`, :mod:`net.club.lobby_chat`) its server
relays; a club moderator times a key out from a lobby (:func:`net.club.moderating.time_out`).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from core.errors import CodecError
from core.games import get_rules
from net.club.ladders_heard import LaddersHeard
from net.club.listed_tables import ListedTables, TableListener
from net.club.lobby_chat import LobbyChat
from net.club.servers import ServerBook
from net.club.table_requests import TableRequests
from net.club.your_turns import TurnListener, YourTurns
from net.config import BrokerAddress
from net.errors import NetError
from net.link.connection import DEFAULT_BACKOFF, Backoff, Link
from net.seat.session import NetSession
from net.table.host import TableHost
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import (
    ChatRefused,
    JoinRequest,
    Order,
    Rank,
    SeatListing,
    ServerListing,
    ServerProbe,
    ServerReply,
    TableListing,
    TableRequest,
    encode,
    read_server_answer,
)


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
        identity = identity or address.username or topics.new_id("c")
        self.identity = topics.check_name(identity, "client id")
        self.name = name or self.identity
        self.backoff = backoff
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self.listed = ListedTables(str(address), self._wake.set, self._changed.set)
        self.tables: dict[str, TableListing] = self.listed.tables  # those listed
        self.host_keys: dict[str, bytes] = self.listed.host_keys  # table -> its cards' key
        self.orders: dict[str, Order] = self.listed.orders  # table -> its newest card's order
        self.servers: dict[str, ServerListing] = self.book.cards  # those that answered
        self.ratings = LaddersHeard()
        self.ladders: dict[str, dict[str, Rank]] = self.ratings.ladders  # game -> its ranks
        self.your_turns = YourTurns(self.identity, self.host_keys)  # with ``turns``
        self.turns: dict[str, dict[str, Any]] = self.your_turns.turns  # table -> our turn
        self._prober = address.username or topics.new_id("look")  # who the probes are from
        self._conn = secrets.token_hex(6)
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
                f"{topics.PREFIX}/tables/+/reply/{self._prober}",
            ],
            on_message=self._on_message,
            backoff=backoff,
            keys=self.keys,
        )
        self.requests = TableRequests(self.identity, self.keys, self.link.publish)
        self.chat = LobbyChat(self.identity, lambda: self.name, self.keys, self.link,
                              self.book)  # fmt: skip

    async def open(self, timeout: float = 5.0) -> None:
        await self.link.start(timeout)
        self._asking = asyncio.create_task(self._ask(), name=f"probes {self.link.client_id}")

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
        self.listed.listeners.append(listener)
        return lambda: self.listed.listeners.remove(listener)

    @property
    def broker_note(self) -> str | None:
        """Why the broker is gone for good: it went with a table (the host app's)."""
        return self.listed.broker_note

    @property
    def doubt_for(self) -> float:
        """Seconds a listed table whose card was cleared has for its host to answer a probe."""
        return self.listed.doubt_for

    @doubt_for.setter
    def doubt_for(self, seconds: float) -> None:
        self.listed.doubt_for = seconds

    def rating_of(self, game: str, seat: SeatListing) -> Rank | None:
        """The club's rating of whoever sits in ``seat`` at a ``game`` table (a person by the
        key they sat down with, a bot by its level); ``None`` when they have none yet."""
        return self.ratings.rating_of(game, seat)

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
            self.your_turns.take(topic, payload, self.link.sender)
            self._changed.set()
            return
        route = topics.parse(topic)
        if route is not None and route.kind == "reply" and route.rest == (self._prober,):
            self.listed.answer(route.table, payload, self.link.sender)
            return
        if route is None or route.table or len(route.rest) < 1:
            return
        key = route.rest[0]
        if route.kind == "tables" and len(route.rest) == 1:
            self.listed.heard(key, payload, self.link.sender)
        elif route.kind == "servers" and len(route.rest) == 1:
            said = self.book.came(key, payload, self.link.sender)
            if said is not None:
                self.listed.server_said(key, self.link.sender, said)
                self._wake.set()
        elif route.kind == "ratings" and len(route.rest) == 1 and self.link.sender is not None:
            if not self.ratings.take(key, payload):
                return
        elif route.kind == "replies" and route.rest == (key, self.identity):
            self._on_server_reply(key, payload)
        elif route.kind == "chat" and len(route.rest) == 1:
            self.chat.take(key, payload, self.link.sender)
        self._changed.set()

    def subscribe_turns(self, listener: TurnListener) -> Callable[[], None]:
        """Call ``listener(table, message)`` on every change of our turn at a table
        (``message`` ``None``: we no longer sit there). Needs ``turns=True``."""
        self.your_turns.listeners.append(listener)
        return lambda: self.your_turns.listeners.remove(listener)

    async def _ask(self) -> None:
        """Send the probes that are due, as long as the lobby is open."""
        while True:
            for table, nonce in self.listed.probes.due():
                probe = JoinRequest("look", self.name, nonce=nonce, conn=self._conn)
                self.link.publish(topics.join(table, self._prober), encode(probe))
            self.listed.give_up_doubted()
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

    def _on_server_reply(self, server: str, payload: bytes) -> None:
        """A server's answer: to a probe (its card: it is offered from now on), or to a table
        request; believed only when the server's key signed it."""
        try:
            reply = read_server_answer(payload)
        except CodecError:
            return
        if not self.book.vouch(server, self.link.sender):
            return
        if isinstance(reply, ChatRefused):
            self.chat.refused_by(server, reply)
            return
        if not self.book.probe_answered(server, reply, self.link.sender):
            self.requests.answered(server, reply)

    def awaiting(self, server: str, request_id: str) -> asyncio.Future[ServerReply]:
        """What will be ``server``'s answer to our request ``request_id`` (:meth:`forget` it
        when done waiting)."""
        return self.requests.awaiting(server, request_id)

    def forget(self, request_id: str) -> None:
        self.requests.forget(request_id)

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
            server = self.requests.choose(game, self.servers.values())
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
        return await self.requests.ask(server, request, timeout)

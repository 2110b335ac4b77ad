"""What a server answers on its requests topic (``lobby/requests/<server>/<client>``).

A request counts only when it is signed: a key is who one is, a client id is a label anyone may
use. A lobby's probe is answered with the server's card, ``PROBES_PER_SECOND`` times a second per
client at most; the club's chat goes to the club's chat (:mod:`net.club.club_chat`); a table
request (a :class:`~net.wire.messages.TableRequest`) is answered, on
``lobby/replies/<server>/<client>``, with the table opened or why not: one key may have at most
``per_client`` tables waiting for players (or being opened), a club's server opens tables for
its members only, a key the server has not met proves some work first (:mod:`net.club.work`)
and counts against the new keys a minute. A refusal is told ``REFUSALS_PER_SECOND`` times a
second per key at most: a key flooding requests (300 a second) would have the server sign and
the broker carry as many answers, doubling what the flood costs the broker (amqtt: ~1/3 of its
share).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, Protocol

from core.errors import CodecError
from net.club import work
from net.errors import NetError
from net.link.connection import Link
from net.table.host import TableHost
from net.wire import topics
from net.wire.messages import (
    LobbyLine,
    OtherProtocol,
    ServerListing,
    ServerProbe,
    ServerReply,
    TableRequest,
    TimeOut,
    encode,
    peek,
    read_server_request,
    update_line,
)

log = logging.getLogger("caldera.net")

PROBES_PER_SECOND = 5  # probes answered a second per client, at most
REFUSALS_PER_SECOND = 5  # refused requests answered a second per key; the rest get no answer

ChatTaker = Callable[[str, bytes, str, LobbyLine | TimeOut], None]
"""Take a line (or a moderator's time-out) of the club's chat: client, its key, reply topic."""


class OpensTables(Protocol):
    """Opens a table for a request (:meth:`net.club.serve.Server.open_table`)."""

    async def __call__(
        self, game: str, seats: int, *, name: str = ..., bots: int = ..., bot: str = ...,
        bot_delay: float = ..., options: dict[str, Any] | None = ..., clock: str = ...,
        on_timeout: str = ..., rated: bool = ...,
    ) -> TableHost: ...  # fmt: skip


class Answering:
    """Server ``server``'s answers to its requests (see the module), sent on ``link``;
    ``card()`` is its card now, ``tables`` those it hosts; ``open_table`` opens one, in a
    task ``background(work, name)`` starts; :attr:`refusals_unanswered` counts the refusals a
    flooding key was not told."""

    def __init__(
        self,
        server: str,
        link: Link,
        card: Callable[[], ServerListing],
        tables: Mapping[str, TableHost],
        new_keys: work.NewKeys,
        per_client: int,
        open_table: OpensTables,
        background: Callable[[Coroutine[Any, Any, None], str], None],
    ) -> None:
        self.server = server
        self.link = link
        self.per_client = per_client
        self.new_keys = new_keys
        self.chat: ChatTaker | None = None  # the club's chat, once it is there
        self.refusals_unanswered = 0  # refusals a flooding key was not told (none sent)
        self._card = card
        self._tables = tables
        self._open_table = open_table
        self._background = background
        self._asked: dict[str, str] = {}  # table -> the key (hex) that asked for it
        self._asking: dict[str, int] = {}  # key -> its requests being answered
        self._probes: dict[str, deque[float]] = {}  # client -> when its recent probes came
        self._refusals: dict[str, deque[float]] = {}  # key -> when it was last told "no"

    def take(self, client: str, sender: bytes | None, payload: bytes) -> None:
        """A request of ``client``'s, signed by ``sender`` (``None``: unsigned)."""
        if sender is None:  # a key is who one is: a client id is a label anyone may use
            log.info("server %s: dropped an unsigned request for %s", self.server, client)
            return
        who = sender.hex()
        reply_topic = topics.server_reply(self.server, client)
        try:
            request = read_server_request(payload)
        except OtherProtocol:  # an older Caldera: it reads this answer and shows it
            reply = ServerReply(peek(payload, "id"), reason=update_line("this server"))
            self.refuse(who, reply_topic, reply)
            return
        except CodecError as exc:
            self.refuse(who, reply_topic, ServerReply("", reason=f"malformed: {exc}"))
            return
        if isinstance(request, ServerProbe):
            if _within(self._probes, who, PROBES_PER_SECOND):
                self.link.publish(reply_topic, encode(ServerReply(request.id, card=self._card())))
            return
        if isinstance(request, LobbyLine | TimeOut):  # the club's chat
            if self.chat is not None:
                self.chat(client, sender, reply_topic, request)
            return
        reason = self._refusal(who, request)
        if reason is not None:
            self.refuse(who, reply_topic, ServerReply(request.id, reason=reason))
            return
        self._asking[who] = self._asking.get(who, 0) + 1
        self._background(self._answer(request, reply_topic, who), "answer")

    def _refusal(self, who: str, request: TableRequest) -> str | None:
        """Why the key ``who`` is not opened a table for ``request`` (``None``: it is)."""
        if self._waiting(who) >= self.per_client:
            return f"you already have {self.per_client} tables waiting for players"
        if self.new_keys.members and who not in self.new_keys.members:
            return "this server opens tables for its club's members only"
        if not self.new_keys.known(who) and not work.holds(self.server, who, request.id,
                                                           request.work):  # fmt: skip
            return "a new key's first table request needs a proof of work (update caldera)"
        return self.new_keys.admit(who)

    def refuse(self, who: str, reply_topic: str, reply: ServerReply) -> None:
        """Tell the key ``who`` why not, ``REFUSALS_PER_SECOND`` times a second at most."""
        if _within(self._refusals, who, REFUSALS_PER_SECOND):
            self.link.publish(reply_topic, encode(reply))
        else:
            self.refusals_unanswered += 1

    def closed(self, table: str) -> None:
        """``table`` closed: it no longer counts against its asker's share."""
        self._asked.pop(table, None)

    def _waiting(self, who: str) -> int:
        """How many tables the key ``who`` asked for that wait for players (or are being
        opened)."""
        tables = self._tables
        open_ = [t for t, asker in self._asked.items() if asker == who
                 and t in tables and tables[t].status == "open"]  # fmt: skip
        return len(open_) + self._asking.get(who, 0)

    async def _answer(self, request: TableRequest, reply_topic: str, who: str) -> None:
        try:
            await self._open_for(request, reply_topic, who)
        finally:
            self._asking[who] -= 1
            if not self._asking[who]:
                del self._asking[who]

    async def _open_for(self, request: TableRequest, reply_topic: str, who: str) -> None:
        try:
            host = await self._open_table(
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

"""Asking a club's ``caldera serve`` processes for a table, and waiting for their answer.

Without a server named, the one of those offering the game that hosts the fewest tables is
asked (ties drawn at random), so several servers on one broker share the requests; when none
offers it, one is asked anyway, to say why not. A server that has not met our key wants some
work first (:mod:`net.club.work`: about 0.1 s, done off the event loop). Its answer is believed
only when the server's key signed it (the lobby checks: :meth:`ServerBook.vouch
<net.club.servers.ServerBook.vouch>`) and it answers our request, by its id.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterable

import msgspec

from core.language import Translator
from net.club import work
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import ServerListing, ServerReply, TableRequest, encode

_ = Translator("net").gettext


class TableRequests:
    """Our requests of servers (see the module) and the answers they wait for; ``publish(topic,
    data)`` sends one as ``identity``, with work proved for ``keys``."""

    def __init__(self, identity: str, keys: Keys, publish: Callable[[str, bytes], object]) -> None:
        self.identity = identity
        self.keys = keys
        self._publish = publish
        self._waiting: dict[str, tuple[str, asyncio.Future[ServerReply]]] = {}

    @staticmethod
    def choose(game: str, cards: Iterable[ServerListing]) -> str:
        """The server to ask for a ``game`` table (see the module)."""
        cards = list(cards)
        offering = [card for card in cards if game in card.games] or cards
        return min(offering, key=lambda card: (card.tables, random.random())).server

    def awaiting(self, server: str, request_id: str) -> asyncio.Future[ServerReply]:
        """What will be ``server``'s answer to our request ``request_id`` (:meth:`forget` it
        when done waiting)."""
        future: asyncio.Future[ServerReply] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = (server, future)
        return future

    def forget(self, request_id: str) -> None:
        self._waiting.pop(request_id, None)

    def answered(self, server: str, reply: ServerReply) -> None:
        """``server``'s signed answer to a request: to the one waiting for it, if any."""
        asked = self._waiting.get(reply.id)
        if asked is not None and asked[0] == server and not asked[1].done():
            asked[1].set_result(reply)

    async def ask(self, server: str, request: TableRequest, timeout: float) -> str:
        """Send ``request`` to ``server`` and return the table it opened; :class:`NetError`
        with one line when it refused or did not answer within ``timeout`` seconds."""
        proof = await asyncio.to_thread(work.solve, server, self.keys.public.hex(), request.id)
        request = msgspec.structs.replace(request, work=proof)
        future = self.awaiting(server, request.id)
        self._publish(topics.server_request(server, self.identity), encode(request))
        try:
            async with asyncio.timeout(timeout):
                reply = await future
        except TimeoutError:
            raise NetError(_("server {server} did not answer").format(server=server)) from None
        finally:
            self.forget(request.id)
        if reply.table is None:
            # TRANSLATORS: {reason} is the server's own, as it said it
            raise NetError(
                _("server {server} refused: {reason}").format(server=server, reason=reply.reason)
            )
        return reply.table

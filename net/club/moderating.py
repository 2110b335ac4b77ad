"""A club moderator's side: a key timed out of the club's chats from a lobby, or from a table.

The order (:class:`~net.wire.messages.TimeOut`) goes to every server of the club that answered
the lobby's look, signed by the moderator's key; each server whose config names that key carries
it out (:mod:`net.club.club_chat`) and says so, the others refuse. At a table, where no lobby
is open, :func:`moderation` opens one for the order and closes it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from core.language import Translator
from net.club.lobby import Lobby
from net.config import BrokerAddress
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import TimeOut, encode

_ = Translator("net").gettext


async def time_out(
    lobby: Lobby, key: str, minutes: int, reason: str, *, timeout: float = 10.0
) -> list[str]:
    """Time the key ``key`` (hex) out of the chats of every server's tables and lobby for
    ``minutes`` (0: let it speak again), with ``reason``; the servers that took it. Raises
    :class:`NetError` when none did (with the first server's reason) or none answered."""
    if not lobby.servers:
        raise NetError(_("no club server answers here"))
    asked = {}
    for server in sorted(lobby.servers):
        order = TimeOut(topics.new_id("m"), key, minutes, reason)
        asked[order.id] = (server, lobby.awaiting(server, order.id))
        lobby.link.publish(topics.server_request(server, lobby.identity), encode(order))
    try:
        async with asyncio.timeout(timeout):
            replies = await asyncio.gather(*(future for _server, future in asked.values()))
    except TimeoutError:
        raise NetError(_("the club's servers did not answer")) from None
    finally:
        for request_id in asked:
            lobby.forget(request_id)
    took = [server for (server, _f), reply in zip(asked.values(), replies, strict=True)
            if not reply.reason]  # fmt: skip
    if not took:
        reason = replies[0].reason or ""
        raise NetError(_("the server refused: {reason}").format(reason=_(reason)))
    return took


def moderation(
    address: BrokerAddress, keys: Keys, identity: str, *, timeout: float = 10.0
) -> Callable[[str, int, str], Awaitable[list[str]]]:
    """A time-out given from a table: a lobby of ``identity``'s, opened on ``address`` for the
    order (until the club's servers answer its look) and closed after it."""

    async def order(key: str, minutes: int, reason: str) -> list[str]:
        async with Lobby(address, identity=identity, keys=keys) as lobby:
            try:
                await lobby.wait_for(lambda lobby: bool(lobby.servers), timeout)
            except TimeoutError:
                raise NetError(_("no club server answers here")) from None
            return await time_out(lobby, key, minutes, reason, timeout=timeout)

    return order

"""A club moderator's side: a key timed out of the club's chats from a lobby.

The order (:class:`~net.wire.messages.TimeOut`) goes to every server of the club that answered
the lobby's look, signed by the moderator's key; each server whose config names that key carries
it out (:mod:`net.club.club_chat`) and says so, the others refuse.
"""

from __future__ import annotations

import asyncio

from core.language import Translator
from net.club.lobby import Lobby
from net.errors import NetError
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
        raise NetError(_("the server refused: {reason}").format(reason=reason))
    return took

"""A club server's chat work beside its tables: its lobby's room and its moderators' orders.

What comes on the server's request topic for the chat goes here: a lobby line (judged and
relayed by :class:`~net.club.lobby_room.LobbyRoom`) or a moderator's time-out
(:class:`~net.wire.messages.TimeOut`): checked against the moderators the server's config names
(:class:`~net.club.moderation.Moderation`), then carried out at every table of the server and in
its lobby, each room the key speaks in told who and why, and answered. A key the server has
not met counts against its budget of new keys (``admit``: :class:`net.club.work.NewKeys`) before
its first lobby line is taken, as before its first table or seat: made-up keys flood no lobby.
The time-outs are kept in the server's data folder across a restart (:mod:`net.club.time_outs`),
and so is the newest number of each key's lobby line (:mod:`net.club.lobby_said`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from net.club import lobby_said
from net.club.lobby_room import LobbyRoom
from net.club.moderation import Moderation
from net.club.time_outs import default_path
from net.link.connection import Link
from net.table.host import TableHost
from net.wire.messages import LobbyLine, ServerReply, TimeOut, encode

log = logging.getLogger("caldera.net")


class ClubChat:
    """The lobby chat and the moderation of one server's club."""

    def __init__(
        self,
        server: str,
        link: Link,
        epoch: Callable[[], int],
        tables: Callable[[], Iterable[TableHost]],
        refuse: Callable[[str, str, ServerReply], None],
        moderators: frozenset[str] = frozenset(),
        admit: Callable[[str], str | None] = lambda key: None,
    ) -> None:
        self.server = server
        self.link = link
        self.tables = tables
        self.refuse = refuse  # tell a key why not (at most a few times a second)
        self.admit = admit  # a new key's first line counts against the server's budget
        self.moderation = Moderation(moderators, path=default_path(server))
        said = lobby_said.SaidBook(lobby_said.default_path(server))
        self.lobby_room = LobbyRoom(server, link, epoch, self.moderation.silenced, said=said)

    def take(
        self, client: str, sender: bytes, reply_topic: str, order: LobbyLine | TimeOut
    ) -> None:
        """A lobby line, or a time-out, from the key ``sender`` under the id ``client``."""
        if isinstance(order, LobbyLine):
            refused = self.admit(sender.hex())
            if refused is not None:
                self.lobby_room.refuse(client, sender, order.n, refused)
                return
            self.lobby_room.on_line(client, sender, order.name, order)
        else:
            self.time_out(sender.hex(), reply_topic, order)

    def time_out(self, who: str, reply_topic: str, order: TimeOut) -> None:
        """The key ``who``'s time-out ``order``: carried out and answered, or refused."""
        refused = self.moderation.refusal(who, order)
        if refused is not None:
            self.refuse(who, reply_topic, ServerReply(order.id, reason=refused))
            return
        self.moderation.time_out(order)
        log.info("server %s: moderator %s timed out %s for %d minutes: %s", self.server,
                 who[:16], order.key[:16], order.minutes, order.reason)  # fmt: skip
        name = ""
        for host in self.tables():
            host.chatting.tell_timed_out(order.key, order.minutes, order.reason)
            seat = host.seating.seat_of(order.key)
            name = name or (host.seats[seat].name if seat is not None else "")
        self.lobby_room.tell_timed_out(order.key, order.minutes, order.reason, name)
        self.link.publish(reply_topic, encode(ServerReply(order.id, table="")))

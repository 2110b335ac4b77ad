"""A club lobby's chat at its server: each line judged, then relayed to everyone in the lobby.

A line (:class:`~net.wire.messages.LobbyLine`) comes on the server's request topic, signed by
the link, so the server knows which key sent it. It counts only when all of this holds, else it
is dropped (or, for the last two, refused in a line to its sender, at most once every
``REFUSALS_EVERY`` seconds a key):

- its sayer's own signature holds for this lobby (:func:`net.wire.messages.chat_data` bound to
  :func:`~net.wire.messages.lobby_room`: readers check it too);
- it is newer than the key's last line taken, ``(conn, n)``, and its session (``conn``, the
  millisecond it began) is of the last day: a line replayed, now or after the server restarted
  the next day, says nothing again. A key's number is kept as long as its session counts (a
  day), never forgotten sooner: the keys a server meets are few a day (its budget of new keys,
  :class:`net.club.work.NewKeys`), and past ``MOST_SPEAKERS`` keys in a day a key new to the
  room is refused until an old one's day is over;
- its key is not timed out by a moderator (:mod:`net.club.moderation`) and has a token in its
  bucket, as at a table (:class:`net.table.chatting.Bucket`).

The lines go out in the open on ``lobby/chat/<server>`` (anyone may read a lobby), numbered
``(epoch, i)`` like a table's relays; so do a moderator's time-outs. The last ``MOST_RECENT``
lines are retained there too (a :class:`~net.wire.messages.LobbyRecent`), for a lobby opened
later. The newest number taken from each key is kept on disk across a restart
(:mod:`net.club.lobby_said`): a line sent again after it is a replay still.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from core.language import N_
from net.club.lobby_said import SaidBook
from net.link.connection import Link
from net.table.chatting import (
    REFUSALS_EVERY,
    TIMED_OUT,
    TOO_FAST,
    Buckets,
    keep_newest,
    unclean,
)
from net.trust.keys import verify
from net.wire import topics
from net.wire.chat import MOST_RECENT
from net.wire.messages import (
    ChatRefused,
    LobbyLine,
    LobbyRecent,
    Said,
    TimedOut,
    chat_data,
    clean_name,
    encode,
    lobby_room,
)

log = logging.getLogger("caldera.net")

SESSION_LASTS_MS = 24 * 3600 * 1000  # a lobby session older than a day says nothing more
MOST_SPEAKERS = 100_000  # keys whose numbers the room keeps for their day, at most
TOO_MANY = N_("the club's lobby has heard too many players today: say it again later")
KEPT = 50  # lines kept (for a test, or a server's log)


class LobbyRoom:
    """The lobby chat one server relays."""

    def __init__(
        self,
        server: str,
        link: Link,
        epoch: Callable[[], int],
        silenced: Callable[[str], bool],
        clock: Callable[[], float] = time.monotonic,
        said: SaidBook | None = None,
    ) -> None:
        self.server = server
        self.link = link
        self.epoch = epoch
        self.silenced = silenced
        self.clock = clock
        self.said = 0  # lines and notices relayed
        self.kept: deque[Said] = deque(maxlen=KEPT)
        self.dropped: deque[tuple[str, str]] = deque(maxlen=1000)  # (client, why)
        self.names: OrderedDict[str, str] = OrderedDict()  # who -> the name it spoke under
        self._said = said if said is not None else SaidBook(None)  # the numbers, on disk
        oldest = time.time_ns() // 1_000_000 - SESSION_LASTS_MS
        self._last: OrderedDict[str, tuple[int, int]] = self._said.read(oldest)  # who -> (conn, n)
        self._buckets = Buckets()
        self._told: OrderedDict[str, float] = OrderedDict()

    def on_line(self, client: str, key: bytes, name: str, line: LobbyLine) -> None:
        """A line from the key ``key`` under the id ``client``, who calls itself ``name``."""
        who = key.hex()
        room = lobby_room(self.server)
        if not verify(key, chat_data(room, "lobby", line.conn, line.n, line.text), line.sig):
            self._drop(client, "its signature does not hold")
            return
        now_ms = time.time_ns() // 1_000_000
        if not line.conn.isdigit() or not 0 <= now_ms - int(line.conn) <= SESSION_LASTS_MS:
            self._drop(client, "a session not of the last day")
            return
        order = (int(line.conn), line.n)
        if order <= self._last.get(who, (-1, -1)):
            self._drop(client, f"line {line.n} again (a replay)")
            return
        if who not in self._last and not self._room_for_one_more(now_ms):
            self.refuse(client, key, line.n, TOO_MANY)
            return
        self._last[who] = order  # kept for its day (see the module's words)
        self._last.move_to_end(who)
        self._said.note(who, order, self._last)
        if unclean(line.text) is not None:  # a Caldera sends it cleaned
            self._drop(client, "not a clean line")
            return
        if self.silenced(who):
            self.refuse(client, key, line.n, TIMED_OUT)
            return
        if not self._buckets.take(who, self.clock()):
            self.refuse(client, key, line.n, TOO_FAST, self._buckets.wait(who))
            return
        keep_newest(self.names, who, clean_name(name))
        self.said += 1
        said = Said("lobby", line.n, line.text, line.conn, who, line.sig, name, None,
                    self.epoch(), self.said, now_ms)  # fmt: skip
        self.kept.append(said)
        topic = topics.lobby_chat(self.server)
        self.link.publish(topic, encode(said))
        recent = LobbyRecent(tuple(self.kept)[-MOST_RECENT:])
        self.link.publish(topic, encode(recent), retain=True)  # for who comes later

    def _room_for_one_more(self, now_ms: int) -> bool:
        """Forget the numbers whose day is over (the oldest taken first); whether a new key's
        may be kept now."""
        oldest = now_ms - SESSION_LASTS_MS
        while self._last:
            key, (conn, _) = next(iter(self._last.items()))
            if conn >= oldest:
                break
            del self._last[key]
        return len(self._last) < MOST_SPEAKERS

    def tell_timed_out(self, who: str, minutes: int, reason: str, name: str = "") -> None:
        """Tell the lobby that a moderator timed the key ``who`` out (0 minutes: let back)."""
        self.said += 1
        told = TimedOut("lobby", who, name or self.names.get(who, "") or who[:8], minutes, reason,
                        self.epoch(), self.said, time.time_ns() // 1_000_000)  # fmt: skip
        self.link.publish(topics.lobby_chat(self.server), encode(told))

    def refuse(self, client: str, key: bytes, n: int, reason: str, wait: int = 0) -> None:
        """Tell the key ``key`` why its line ``n`` was not taken (once every few seconds);
        ``wait``: the seconds until its next line is taken (a line too fast)."""
        who = key.hex()
        self._drop(client, reason)
        now = self.clock()
        told = self._told.get(who)
        if told is not None and now - told < REFUSALS_EVERY:
            return
        keep_newest(self._told, who, now)
        refusal = ChatRefused(n, reason, wait)
        self.link.publish(topics.server_reply(self.server, client), encode(refusal))

    def _drop(self, client: str, why: str) -> None:
        self.dropped.append((client, why))
        log.info("server %s: dropped a lobby line from %s: %s", self.server, client, why)

"""A club lobby's chat as a lobby hears and says it (the server's side: :mod:`net.club.lobby_room`).

A line goes to a server of the club (the first by id of those that answered a look, so every
lobby on the broker talks to the same one), signed by this identity's key for that server's
lobby, its session (the millisecond it began) and its number there. A server gone (its signed
"gone" came) is no longer asked; one that neither relays nor refuses a line within
``RELAY_WAIT`` seconds (stuck, or gone before the broker tells its Last Will) is passed over
until it relays again, and the line goes to the next server, signed anew for its lobby.

What comes back on ``lobby/chat/<server>`` counts only when that server's key (pinned by the lobby's
:class:`~net.club.servers.ServerBook`) relayed it, the sayer's own signature holds for that
lobby, and it is newer than every relay taken from that server (``(epoch, i)``). A moderator's
time-out comes the same way, and a refusal on the lobby's reply topic. The server's retained
last lines (:class:`~net.wire.messages.LobbyRecent`) come first, often before the server has
answered the lobby's look: they wait until it has (:meth:`LobbyChat.catch_up`). A line of ours
that no server relayed nor refused (the last one passed over too) is told as not sent, so it is
never lost unsaid.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable

from core.errors import CodecError
from core.language import N_, Translator
from net.club.servers import ServerBook
from net.errors import NetError
from net.link.connection import Link
from net.seat.chat import HEARD, Heard, HeardListener, Hush
from net.trust.keys import Keys, public_from_hex, verify
from net.wire import topics
from net.wire.messages import (
    ChatRefused,
    LobbyLine,
    LobbyRecent,
    Order,
    Said,
    TimedOut,
    chat_data,
    chat_text,
    encode,
    lobby_room,
    read_lobby_chat,
)

log = logging.getLogger("caldera.net")
_ = Translator("net").gettext

RELAY_WAIT = 10.0  # seconds a line of ours may take to come back relayed (or refused)
NOT_RELAYED = N_("the club's server did not relay it: say it again in a moment")


class LobbyChat:
    """The lobby chat of one lobby; ``book``: the lobby's servers (those that answered a look,
    those met, and the key that speaks for each)."""

    def __init__(
        self,
        identity: str,
        name: Callable[[], str],
        keys: Keys,
        link: Link,
        book: ServerBook,
    ) -> None:
        self.identity = identity
        self.name = name
        self.keys = keys
        self.link = link
        self.book = book
        self.room = "lobby"
        self.hearing_spectators = False
        self.lines: deque[Heard] = deque(maxlen=HEARD)
        self.listeners: list[HeardListener] = []
        self.dropped = 0
        self.hush = Hush()  # after a refusal as too fast: no line before its time
        self._newest: dict[str, Order] = {}  # server -> its newest relay taken
        self._conn = str(time.time_ns() // 1_000_000)
        self._n = 0
        self._waiting: dict[str, tuple[bytes, bytes | None]] = {}  # server -> a relay, its sender
        self.relay_wait = RELAY_WAIT
        # our lines not back yet: (the server asked, the text, the servers asked for it)
        self._unrelayed: dict[int, tuple[str, str, frozenset[str]]] = {}
        self.silent: set[str] = set()  # servers that let a line of ours go unanswered

    @property
    def server(self) -> str | None:
        """The server this lobby's lines go to: the first by id of those that answered and
        have not let a line of ours go unanswered since (all silent: the first)."""
        servers = sorted(self.book.cards)
        speaking = [s for s in servers if s not in self.silent]
        chosen = speaking or servers
        return chosen[0] if chosen else None

    @property
    def on(self) -> bool:
        return True

    def say(self, text: str) -> str:
        """Send ``text`` to the lobby, cleaned; returns what was sent. Raises :class:`NetError`
        when it cannot go (nothing to say, no server in the club yet)."""
        text = chat_text(text)
        if not text:
            raise NetError(_("nothing to say"))
        server = self.server
        if server is None or not self.link.connected:
            raise NetError(_("no club server answers here: the lobby has no chat"))
        self.hush.check()
        self._send(server, text, frozenset({server}))
        return text

    def _send(self, server: str, text: str, asked: frozenset[str]) -> None:
        self._n += 1
        data = chat_data(lobby_room(server), "lobby", self._conn, self._n, text)
        line = LobbyLine(self._n, text, self._conn, self.keys.sign_detached(data), self.name())
        self.link.publish(topics.server_request(server, self.identity), encode(line))
        self._unrelayed[self._n] = (server, text, asked)
        asyncio.get_running_loop().call_later(self.relay_wait, self._relayed_or_not, self._n)

    def _relayed_or_not(self, n: int) -> None:
        """Line ``n``'s wait is over: if its server neither relayed nor refused it, that server
        is passed over and the line goes to the next one; with none left, it is told unsent."""
        unrelayed = self._unrelayed.pop(n, None)
        if unrelayed is None:
            return
        server, text, asked = unrelayed
        self.silent.add(server)
        log.info("lobby: server %s did not relay line %d: passed over", server, n)
        others = [s for s in sorted(self.book.cards) if s not in asked]
        others.sort(key=lambda s: s in self.silent)  # one passed over before: the last tried
        if others and self.link.connected:
            self._send(others[0], text, asked | {others[0]})
            return
        self._tell(Heard("lobby", "", NOT_RELAYED, self.keys.public.hex(), refused=True,
                         own=True))  # fmt: skip

    def hear_spectators(self, on: bool = True) -> None:
        """A lobby has no spectators' room."""

    def subscribe(self, listener: HeardListener) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def take(self, server: str, payload: bytes, sender: bytes | None) -> None:
        """A relay on ``lobby/chat/<server>``: shown if that server relayed it and, for a line,
        its sayer signed it."""
        if server not in self.book.cards:  # not answered yet: its last relay waits (a few
            if server in self.book.heard or len(self._waiting) < 8:  # unmet, as a card may
                self._waiting[server] = (payload, sender)  # come after)
            return
        self.catch_up()
        if sender is None or sender != self.book.keys.get(server):  # anyone may write on it
            self._drop(f"a lobby line of {server} not relayed by that server")
            return
        try:
            said = read_lobby_chat(payload)
        except CodecError as exc:
            self._drop(f"an unreadable lobby line: {exc}")
            return
        if isinstance(said, LobbyRecent):
            for line in said.lines:
                if line.order > self._newest.get(server, (-1, -1)):
                    self._take(server, line, earlier=True)
            return
        self._take(server, said)

    def catch_up(self) -> None:
        """Read what came from servers that have answered since (their retained last lines)."""
        for server in [s for s in self._waiting if s in self.book.cards]:
            payload, sender = self._waiting.pop(server)
            self.take(server, payload, sender)

    def _take(self, server: str, said: Said | TimedOut, earlier: bool = False) -> None:
        if said.room != "lobby":
            self._drop("a line of another room in the lobby")
            return
        if isinstance(said, Said):
            key = public_from_hex(said.key)
            data = chat_data(lobby_room(server), "lobby", said.conn, said.n, said.text)
            if key is None or not verify(key, data, said.sig):
                self._drop("a lobby line whose sayer's signature does not hold")
                return
        if said.order <= self._newest.get(server, (-1, -1)):
            self._drop("a lobby line heard already (a replay)")
            return
        self._newest[server] = said.order
        if not earlier:  # it relays again: asked again
            self.silent.discard(server)
        if isinstance(said, TimedOut):
            self._tell(Heard("lobby", said.name, said.reason, said.key, at=said.at,
                             timed_out=said.minutes))  # fmt: skip
            return
        own = said.key == self.keys.public.hex()
        if own and said.conn == self._conn:
            self._unrelayed.pop(said.n, None)
        self._tell(Heard("lobby", said.name, chat_text(said.text), said.key, None, said.at,
                         own=own, earlier=earlier))  # fmt: skip

    def refused_by(self, server: str, message: ChatRefused) -> None:
        """``server`` refused one of our lines (told only if we sent it there)."""
        sent = self._unrelayed.get(message.n)
        if (sent is not None and sent[0] == server) or server == self.server:
            self.silent.discard(server)
            self.refused(message)

    def refused(self, message: ChatRefused) -> None:
        self._unrelayed.pop(message.n, None)
        if message.wait:  # the lines sent after it, before it came, were too fast as well:
            self._unrelayed = {n: s for n, s in self._unrelayed.items() if n < message.n}
        self.hush.heard(message.wait)
        self._tell(Heard("lobby", "", message.reason, self.keys.public.hex(), refused=True,
                         wait=message.wait, own=True))  # fmt: skip

    def _tell(self, heard: Heard) -> None:
        self.lines.append(heard)
        for listener in list(self.listeners):
            listener(heard)

    def _drop(self, why: str) -> None:
        self.dropped += 1
        log.info("lobby: dropped %s", why)

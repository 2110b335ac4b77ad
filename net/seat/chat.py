"""A seat's (or a spectator's) side of a table's chat: lines sent, and the room's lines heard.

A line goes to the host sealed to its key, signed by this identity's key for the table, the
room, this connection and its number there (:func:`net.wire.messages.chat_data`), with the
host's ticket for the connection: the host judges it (:mod:`net.table.chatting`) and relays it
to the room. Whatever comes back counts only when the table's host signed (or sealed) the relay
*and* the sender's own signature holds for this table and room, so a line cannot be moved from
another table, altered, or put in someone else's mouth; and only when it is newer than every
relay taken of its room (``(epoch, i)``), so a relay replayed says nothing twice.

A player hears the players' room; the spectators' room only after asking
(:meth:`TableChat.hear_spectators`), as on Lichess. A spectator hears the spectators' room.
What is said here is the player's own words: the app quotes nothing of the game.
"""

from __future__ import annotations

import logging
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from core.errors import CodecError
from core.language import N_, Translator
from net.errors import NetError
from net.link.connection import Link
from net.trust.keys import Keys, fingerprint, public_from_hex, verify
from net.wire import topics
from net.wire.messages import (
    ChatRefused,
    Order,
    Said,
    SayLine,
    TableListing,
    TimedOut,
    chat_data,
    chat_text,
    encode,
    read_host_message,
)
from replays.chat_log import MOST_LINES, ChatLine

log = logging.getLogger("caldera.net")
_, ngettext = Translator("net").gettext, Translator("net").ngettext

HEARD = 100  # lines kept to show (the newest last)
QUICK = (N_("Hello!"), N_("Good luck!"), N_("Good game!"), N_("Thanks!"), N_("Thinking…"),
         N_("Back soon."))  # fmt: skip
"""The quick phrases (one key each): sent in English, read in each reader's own language."""


def read_as(text: str) -> str:
    """A line's text as this reader reads it: a quick phrase in its language."""
    return _(text) if text in QUICK else text


def too_fast(seconds: int) -> str:
    """Why a line did not go, in the player's words: too many too fast, and when the next may."""
    # TRANSLATORS: a chat line refused: its sender sent too many lines in a short time
    return ngettext(
        "you are sending lines too fast: you may send the next one in {n} second",
        "you are sending lines too fast: you may send the next one in {n} seconds",
        seconds,
    ).format(n=seconds)


class Hush:
    """When this terminal may send its next chat line, after one was refused as too fast (the
    refusal says how long): it sends none before, and says so."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.until = 0.0

    def heard(self, wait: int) -> None:
        if wait > 0:
            self.until = max(self.until, self.clock() + wait)

    def check(self) -> None:
        """Raise :class:`NetError` (the player's words) while the next line may not go."""
        left = math.ceil(self.until - self.clock())
        if left > 0:
            raise NetError(too_fast(left))


@dataclass(frozen=True)
class Heard:
    """One line of the chat as this terminal shows it: ``name`` (at ``seat``, or watching:
    ``None``) said ``text`` in ``room``; ``key`` is the sayer's public key (hex). A refusal of
    one of our own lines has ``refused`` set and ``text`` the reason (English, as the host sent
    it: shown in the reader's language). A moderator's time-out of ``name`` has ``timed_out``
    (its minutes; 0: lifted) and ``text`` its reason. ``earlier``: said before this terminal
    came, read from what the server kept (no notice for it)."""

    room: str
    name: str
    text: str
    key: str = ""
    seat: int | None = None
    at: int = 0
    own: bool = False
    refused: bool = False
    wait: int = 0  # a refusal as too fast: the seconds until the next line may go
    timed_out: int | None = None
    earlier: bool = False  # said before this terminal came (a lobby's retained last lines)

    @property
    def words(self) -> str:
        """``Ann says: gg`` (``Bob (watching) says: hi``; a refusal: ``Not sent: …``), in the
        reader's language."""
        if self.refused:
            reason = too_fast(self.wait) if self.wait else _(self.text)
            return _("Not sent: {reason}").format(reason=reason)
        if self.timed_out == 0:
            return _("A moderator lets {name} speak again.").format(name=self.name)
        if self.timed_out is not None:
            return _("A moderator timed {name} out for {minutes} minutes: {reason}").format(
                name=self.name, minutes=self.timed_out, reason=self.text or "-"
            )
        if self.room == "spectators":
            return _("{name} (watching) says: {text}").format(
                name=self.name, text=read_as(self.text)
            )
        return _("{name} says: {text}").format(name=self.name, text=read_as(self.text))

    def kept(self) -> ChatLine:
        """This line as the replay's chat file keeps it (seats from 1)."""
        seat = None if self.seat is None else self.seat + 1
        return ChatLine(self.room, self.name, self.text, seat, self.at, self.key, self.timed_out)

    @property
    def fingerprint(self) -> str:
        key = public_from_hex(self.key)
        return fingerprint(key) if key is not None else ""


HeardListener = Callable[[Heard], None]


class ChatRoom(Protocol):
    """What a terminal reads and says of a chat: a table's (:class:`TableChat`) or a club
    lobby's (:class:`net.club.lobby_chat.LobbyChat`)."""

    room: str  # "players", "spectators" or "lobby"
    keys: Keys
    lines: deque[Heard]
    hearing_spectators: bool

    @property
    def on(self) -> bool: ...

    def say(self, text: str) -> str: ...

    def hear_spectators(self, on: bool = True) -> None: ...

    def subscribe(self, listener: HeardListener) -> Callable[[], None]: ...


class TableChat:
    """The chat of one session at a table. The session routes the chat topics' messages and
    the host's refusals here; ``connection()`` gives this connection's nonce and ticket."""

    def __init__(
        self,
        table: str,
        identity: str,
        keys: Keys,
        link: Link,
        *,
        spectator: bool,
        connection: Callable[[], tuple[str, str]],
        host_key: Callable[[], bytes | None],
        card: Callable[[], TableListing | None],
    ) -> None:
        self.table = table
        self.identity = identity
        self.keys = keys
        self.link = link
        self.room = "spectators" if spectator else "players"
        self._connection = connection
        self._host_key = host_key
        self._card = card
        self.lines: deque[Heard] = deque(maxlen=HEARD)
        self.transcript: deque[Heard] = deque(maxlen=MOST_LINES)  # kept beside the replay
        self.listeners: list[HeardListener] = []
        self.dropped = 0  # relays dropped: not the host's, a signature that fails, a replay
        self.hearing_spectators = spectator
        self._newest: dict[str, Order] = {}
        self._n = 0  # lines said on the connection ``_n_conn``
        self._n_conn = ""
        self.hush = Hush()

    def subscriptions(self) -> list[str]:
        """The topics to read from the start: this seat's own players' room, or the
        spectators'."""
        if self.room == "spectators":
            return [topics.spectators_chat(self.table)]
        return [topics.players_chat(self.table, self.identity)]

    @property
    def on(self) -> bool:
        """Whether the table's host has chat on (its card says)."""
        card = self._card()
        return card is None or card.chat

    def say(self, text: str) -> str:
        """Send ``text`` to this seat's room, cleaned (control characters made spaces, cut at
        300 characters); returns what was sent. Raises :class:`NetError` with one line when it
        cannot go (chat off, nothing to say, not at the table yet). Whether the host took it
        shows when it comes back (or a refusal does)."""
        text = chat_text(text)
        if not text:
            raise NetError(_("nothing to say"))
        if not self.on:
            raise NetError(_("the host turned chat off at this table"))
        host = self._host_key()
        conn, ticket = self._connection()
        if host is None or not ticket or not self.link.connected:
            raise NetError(_("not at the table yet: say it again in a moment"))
        self.hush.check()
        if conn != self._n_conn:
            self._n, self._n_conn = 0, conn
        self._n += 1
        sig = self.keys.sign_detached(chat_data(self.table, self.room, conn, self._n, text))
        line = SayLine(self.room, self._n, text, conn, ticket, sig)
        self.link.publish(topics.say(self.table, self.identity), encode(line), seal_to=host)
        return text

    def hear_spectators(self, on: bool = True) -> None:
        """A player: read the spectators' room too (or no more)."""
        if self.room == "spectators":
            return
        self.hearing_spectators = on
        self.link.listen(topics.spectators_chat(self.table), on)

    def subscribe(self, listener: HeardListener) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def take(self, topic: str, payload: bytes, sender: bytes | None) -> None:
        """A relay on a chat topic: shown if the host relayed it and its sayer signed it."""
        host = self._host_key()
        if host is None or sender != host:
            self._drop(f"a chat line on {topic} not relayed by the host")
            return
        try:
            said = read_host_message(payload)
        except CodecError as exc:
            self._drop(f"an unreadable chat line: {exc}")
            return
        own_room = topic == topics.players_chat(self.table, self.identity)
        if not isinstance(said, Said | TimedOut) or said.room != (
            "players" if own_room else "spectators"
        ):
            self._drop(f"a chat line of another room on {topic}")
            return
        if said.room == "spectators" and not self.hearing_spectators:
            return  # asked to hear them no more (a relay still on its way)
        if isinstance(said, TimedOut):
            if said.order <= self._newest.get(said.room, (-1, -1)):
                self._drop("a time-out heard already (a replay)")
                return
            self._newest[said.room] = said.order
            self._tell(Heard(said.room, said.name, said.reason, said.key, at=said.at,
                             timed_out=said.minutes))  # fmt: skip
            return
        key = public_from_hex(said.key)
        data = chat_data(self.table, said.room, said.conn, said.n, said.text)
        if key is None or not verify(key, data, said.sig):
            self._drop("a chat line whose sayer's signature does not hold")
            return
        if said.order <= self._newest.get(said.room, (-1, -1)):
            self._drop("a chat line heard already (a replay)")
            return
        self._newest[said.room] = said.order
        self._tell(Heard(said.room, said.name, chat_text(said.text), said.key, said.seat,
                         said.at, own=key == self.keys.public))  # fmt: skip

    def refused(self, message: ChatRefused) -> None:
        """The host refused one of our lines."""
        self.hush.heard(message.wait)
        self._tell(Heard(self.room, "", message.reason, self.keys.public.hex(), refused=True,
                         wait=message.wait, own=True))  # fmt: skip

    def _tell(self, heard: Heard) -> None:
        self.lines.append(heard)
        if not heard.refused:
            self.transcript.append(heard)
        for listener in list(self.listeners):
            listener(heard)

    def _drop(self, why: str) -> None:
        self.dropped += 1
        log.info("table %s: dropped %s", self.table, why)

"""The chat's messages (issue 46): a table's rooms and a club lobby's, and a moderator's
time-outs. What each message means and who checks what: :mod:`net.table.chatting` (a table's
host), :mod:`net.seat.chat` (its readers), :mod:`net.club.lobby_room` and
:mod:`net.club.lobby_chat` (a lobby's). Read them through :mod:`net.wire.messages`, which
holds every message's reader."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec.structs import force_setattr

from net.wire.names import clean_name
from net.wire.registry import Count, Message, Signature, Token, one_of

Order = tuple[int, int]  # (epoch, number in the epoch), as in net.wire.messages

# -- table chat ----------------------------------------------------------------------------------

CHAT_ROOMS = ("players", "spectators", "lobby")
MOST_SAID = 300  # characters of one chat line, at most (what is longer is cut)
_MOST_WIRE_SAID = 1200  # … and on the wire, before cleaning: longer is malformed
_CHAT_DOMAIN = b"caldera-chat-v1\x00"
WireText = Annotated[str, msgspec.Meta(max_length=_MOST_WIRE_SAID)]
LineNumber = Annotated[int, msgspec.Meta(ge=1)]


def chat_text(text: str) -> str:
    """A chat line as others read it: control characters (a newline, a tab, an escape that
    would drive their terminal) made spaces, runs of spaces one, trimmed, at most
    ``MOST_SAID`` characters."""
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split())[:MOST_SAID]


def chat_data(table: str, room: str, conn: str, n: int, text: str) -> bytes:
    """What a chat line's sender signs: the line bound to its table, its room, the sender's
    connection and its number there, so it cannot be moved, renumbered or altered."""
    head = "\x00".join((table, room, conn, str(n))).encode("utf-8")
    return _CHAT_DOMAIN + head + b"\x00" + text.encode("utf-8")


class SayLine(Message, frozen=True, tag="say"):
    """A chat line sent to a table's host, sealed to its key (client → host, ``say/<client>``).

    ``n`` numbers the lines of the sender's connection ``conn`` (1, 2, …), ``ticket`` is the
    host's ticket for that connection (a line of a connection gone counts for nothing), and
    ``sig`` the sender's signature of :func:`chat_data`, which the host passes on to every
    reader, so each checks who said it."""

    room: str
    n: LineNumber
    text: WireText
    conn: Token = msgspec.field(name="c")
    ticket: Token = msgspec.field(name="t")
    sig: Signature

    def __post_init__(self) -> None:
        one_of(self.room, CHAT_ROOMS, "room")


class Said(Message, frozen=True, tag="said"):
    """A chat line the host took, as it relays it to the room's readers (host → readers):
    sealed to each player for the players' room, in the open for the spectators'. ``key`` (hex)
    said it under ``name`` (at ``seat``, or watching: ``None``), and ``sig`` is its own
    signature of :func:`chat_data`, which every reader checks. ``(epoch, i)`` numbers the
    host's relays (its connection, then its lines), so a relay replayed is older than one
    taken and dropped; ``at`` is the host's clock (ms)."""

    room: str
    n: LineNumber
    text: WireText
    conn: Token = msgspec.field(name="c")
    key: str
    sig: Signature
    name: str
    seat: Count | None
    epoch: Count
    i: Count
    at: Count = 0

    def __post_init__(self) -> None:
        one_of(self.room, CHAT_ROOMS, "room")
        force_setattr(self, "name", clean_name(self.name))

    @property
    def order(self) -> Order:
        return (self.epoch, self.i)


class ChatRefused(Message, frozen=True, tag="chat_no"):
    """A chat line refused, with the reason (host → its sender, on its reply topic): chat is
    off, the sender is not in that room, or it says too much too fast. ``n``: the line's;
    ``wait``: for a line too fast, the seconds until the sender's next line is taken (a
    terminal from before it reads none and says the reason alone)."""

    n: Count
    reason: str
    wait: Count = msgspec.field(default=0, name="w")

    def __post_init__(self) -> None:
        force_setattr(self, "reason", self.reason[:200])


class LobbyLine(Message, frozen=True, tag="lsay"):
    """A line for a club's lobby chat, sent to its server on the server's request topic
    (client → server, signed by the link). ``conn`` is the sender's session, the millisecond it
    began (a decimal number): the server takes a key's lines only in ``(conn, n)`` order and from
    a session of the last day, so a line replayed says nothing again. ``sig`` signs
    :func:`chat_data` for ``lobby_room(server)``, which the server passes on to every reader."""

    n: LineNumber
    text: WireText
    conn: Token = msgspec.field(name="c")
    sig: Signature
    name: str = ""

    def __post_init__(self) -> None:
        force_setattr(self, "name", clean_name(self.name))


KeyHex = Annotated[str, msgspec.Meta(min_length=64, max_length=64, pattern="^[0-9a-f]{64}$")]
MOST_TIMEOUT = 7 * 24 * 60  # minutes a moderator may time a key out for, at most
MOST_REASON = 120  # characters of a time-out's reason, at most


class TimeOut(Message, frozen=True, tag="timeout"):
    """A club moderator times the key ``key`` out of the chats of the server's tables and its
    lobby for ``minutes`` (0: the time-out is lifted early), with a ``reason`` the key and the
    rooms are shown (moderator → server, on the server's request topic, signed by the link; the
    server answers with a :class:`ServerReply` naming ``id``)."""

    id: Token
    key: KeyHex
    minutes: Annotated[int, msgspec.Meta(ge=0, le=MOST_TIMEOUT)]
    reason: Annotated[str, msgspec.Meta(max_length=_MOST_WIRE_SAID)] = ""

    def __post_init__(self) -> None:
        force_setattr(self, "reason", chat_text(self.reason)[:MOST_REASON])


class TimedOut(Message, frozen=True, tag="timed_out"):
    """A room told that a moderator timed ``key`` (``name`` here) out for ``minutes`` (0: let
    back in), and why (host or server → the room's readers, on its chat topics, numbered among
    its relays like a :class:`Said`)."""

    room: str
    key: str
    name: str
    minutes: Count
    reason: str
    epoch: Count
    i: Count
    at: Count = 0

    def __post_init__(self) -> None:
        one_of(self.room, CHAT_ROOMS, "room")
        force_setattr(self, "name", clean_name(self.name))
        force_setattr(self, "reason", chat_text(self.reason)[:MOST_REASON])

    @property
    def order(self) -> Order:
        return (self.epoch, self.i)


def lobby_room(server: str) -> str:
    """What a lobby line is bound to in :func:`chat_data`, in the table's place."""
    return f"lobby:{server}"


MOST_RECENT = 20  # lines of a lobby's chat its server keeps retained for who comes late


class LobbyRecent(Message, frozen=True, tag="lobby_recent"):
    """A lobby chat's last lines (at most ``MOST_RECENT``), retained by its server on
    ``lobby/chat/<server>`` so a lobby opened later reads what was said; each line is checked
    as a live one is (its sayer's signature, newer than what was read)."""

    lines: tuple[Said, ...]

    def __post_init__(self) -> None:
        force_setattr(self, "lines", self.lines[-MOST_RECENT:])

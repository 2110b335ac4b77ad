"""The messages Caldera sends over MQTT, each a msgpack map packed by :mod:`core.codec`.

Everything read from the network is untrusted: ``decode_*`` checks the size first, then the shape,
and raises a :class:`~core.errors.CodecError` with one readable line, never anything else. Event
envelopes travel as the codec's own bytes inside a batch, so the referee's hash chain is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.codec import command_from_wire, command_to_wire, pack, unpack
from core.errors import BadPayload, Malformed
from core.messages import Command

SEAT_KINDS = ("open", "player", "bot")
Order = tuple[int, int]  # (epoch, number in the epoch): which of two signed messages is newer
GONE = 1 << 62  # a Last Will's number: after every card of its epoch
TABLE_STATUSES = ("open", "running", "over", "closed")
MAX_NAME = 24


class _Reader:
    """Typed access to one decoded map, failing with the message's name in the error."""

    def __init__(self, obj: Any, what: str) -> None:
        if not isinstance(obj, dict):
            raise Malformed(f"{what}: expected a map, got {type(obj).__name__}")
        self.obj: dict[str, Any] = obj
        self.what = what

    def _get(self, key: str, kinds: type | tuple[type, ...], optional: bool) -> Any:
        if key not in self.obj or self.obj[key] is None:
            if optional:
                return None
            raise Malformed(f"{self.what}: missing {key!r}")
        value = self.obj[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and kinds is int):
            raise BadPayload(f"{self.what}: {key!r} has the wrong type ({type(value).__name__})")
        return value

    def text(self, key: str) -> str:
        value: str = self._get(key, str, False)
        return value

    def opt_text(self, key: str) -> str | None:
        value: str | None = self._get(key, str, True)
        return value

    def integer(self, key: str, minimum: int = 0) -> int:
        value: int = self._get(key, int, False)
        if value < minimum:
            raise BadPayload(f"{self.what}: {key!r} must be at least {minimum}")
        return value

    def opt_integer(self, key: str, minimum: int = 0) -> int | None:
        value: int | None = self._get(key, int, True)
        if value is not None and value < minimum:
            raise BadPayload(f"{self.what}: {key!r} must be at least {minimum}")
        return value

    def flag(self, key: str) -> bool:
        value: bool = self._get(key, bool, False)
        return value

    def items(self, key: str) -> list[Any]:
        value: list[Any] = self._get(key, list, False)
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value: dict[str, Any] = self._get(key, dict, False)
        return value

    def texts(self, key: str) -> list[str]:
        items = self.items(key)
        if not all(isinstance(item, str) for item in items):
            raise BadPayload(f"{self.what}: {key!r} must be a list of strings")
        return items

    def choice(self, key: str, choices: Sequence[str]) -> str:
        value = self.text(key)
        if value not in choices:
            raise BadPayload(f"{self.what}: {key!r} must be one of {', '.join(choices)}")
        return value


def clean_name(name: str) -> str:
    """A display name as shown to others: printable, trimmed, at most 24 characters."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:MAX_NAME] or "Player"


# -- the lobby --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatListing:
    """One seat as the lobby shows it.

    ``client`` is the identity that holds the seat (``None``: open, or a bot of the host's own)
    and ``key`` the public key (hex) it took the seat with: only that key's signature counts for
    the seat; ``standin`` names the host's bot playing for a client that dropped out.
    """

    name: str = ""
    client: str | None = None
    bot: str | None = None
    online: bool = False
    standin: str | None = None
    key: str | None = None

    @property
    def kind(self) -> str:
        if self.client is None and self.bot is None:
            return "open"
        return "bot" if self.bot is not None else "player"

    @property
    def is_open(self) -> bool:
        return self.kind == "open"

    def to_wire(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "client": self.client,
            "bot": self.bot,
            "online": self.online,
            "standin": self.standin,
            "key": self.key,
        }

    @classmethod
    def from_wire(cls, obj: Any) -> SeatListing:
        r = _Reader(obj, "seat")
        return cls(
            name=r.text("name"),
            client=r.opt_text("client"),
            bot=r.opt_text("bot"),
            online=r.flag("online"),
            standin=r.opt_text("standin"),
            key=r.opt_text("key"),
        )


def identity_of(seat: SeatListing) -> str | None:
    """Who sits in ``seat`` as a ladder knows them: ``k:<key>`` for a person, ``bot:<level>`` for
    the host's bot, ``bot:<level>:<key>`` for a bot client (``caldera bot``: a bot, known by its
    key, since anyone may run one), ``None`` for an open seat."""
    return ladder_identity(seat.key or "", seat.bot or "") or None


def ladder_identity(key: str, bot: str) -> str:
    """A seat's player on a ladder from its key and its bot's level (either may be empty)."""
    if bot:
        return f"bot:{bot}:{key}" if key else f"bot:{bot}"
    return f"k:{key}" if key else ""


@dataclass(frozen=True)
class TableListing:
    """The retained card of one table: what the lobby lists and every client watches.

    ``epoch`` grows each time the host (re)connects, a resumed table's beyond any before, so a
    client knows to resend what may have been lost; ``n`` counts the cards of one epoch. A
    signature lasts for ever, so ``(epoch, n)`` (:attr:`order`) says which of two signed cards
    is newer: readers keep the newest and drop the rest (a card replayed from an earlier close,
    or from the table's first minutes, changes nothing). ``seq`` is the number of events at the
    time the card was published. ``key`` is the host's public key (hex): the card, and
    everything the host says, is signed by it. ``watching``: how many spectators' terminals
    are connected to the table now. ``clock`` and ``rated`` are the table's terms (``""``: no
    clock); ``clocks``, while its game runs, what its clocks said at the last turn's change:
    ``{"spec", "at", "left", "running"}`` (:meth:`net.table.clocks.TableClocks.card`).
    """

    table: str
    game: str
    title: str
    name: str
    host: str
    status: str
    seats: tuple[SeatListing, ...]
    options: dict[str, Any] = field(default_factory=dict)
    epoch: int = 0
    seq: int = 0
    scores: tuple[int, ...] | None = None
    key: str = ""
    watching: int = 0
    n: int = 0
    clock: str = ""
    rated: bool = False
    clocks: dict[str, Any] | None = None
    hints: bool = False  # the host allows every seat the hint key (the hard bot's advice)
    broker_stops: bool = False  # closed, and the broker (the host app's own) stops with it
    chat: bool = True  # the table's chat is on (its host may turn it off)

    @property
    def order(self) -> Order:
        return (self.epoch, self.n)

    def open_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_open]

    def seat_of(self, client: str) -> int | None:
        """The first seat held under the id ``client`` (a label: two keys may share it)."""
        for i, seat in enumerate(self.seats):
            if seat.client == client:
                return i
        return None

    def seat_held_by(self, key: str) -> int | None:
        """The seat the key ``key`` (hex) holds: whose it is."""
        for i, seat in enumerate(self.seats):
            if seat.key == key and seat.client is not None:
                return i
        return None

    def to_wire(self) -> dict[str, Any]:
        return {
            "v": 1,
            "table": self.table,
            "game": self.game,
            "title": self.title,
            "name": self.name,
            "host": self.host,
            "status": self.status,
            "seats": [seat.to_wire() for seat in self.seats],
            "options": self.options,
            "epoch": self.epoch,
            "seq": self.seq,
            "scores": list(self.scores) if self.scores is not None else None,
            "key": self.key,
            "watching": self.watching,
            "n": self.n,
            "clock": self.clock,
            "rated": self.rated,
            "clocks": self.clocks,
            "hints": self.hints,
            **({"broker_stops": True} if self.broker_stops else {}),
            **({} if self.chat else {"chat": False}),
        }

    @classmethod
    def from_wire(cls, obj: Any) -> TableListing:
        r = _Reader(obj, "table card")
        if r.integer("v") != 1:
            raise BadPayload("table card: unknown version")
        scores = r.obj.get("scores")
        if scores is not None and not (
            isinstance(scores, list) and all(type(s) is int for s in scores)
        ):
            raise BadPayload("table card: 'scores' must be a list of integers")
        return cls(
            table=r.text("table"),
            game=r.text("game"),
            title=r.text("title"),
            name=r.text("name"),
            host=r.text("host"),
            status=r.choice("status", TABLE_STATUSES),
            seats=tuple(SeatListing.from_wire(s) for s in r.items("seats")),
            options=r.mapping("options"),
            epoch=r.integer("epoch"),
            seq=r.integer("seq"),
            scores=tuple(scores) if scores is not None else None,
            key=r.opt_text("key") or "",
            watching=r.opt_integer("watching") or 0,  # cards from before it say nothing
            n=r.opt_integer("n") or 0,  # … nor these (one card an epoch: replays not told apart)
            clock=r.opt_text("clock") or "",
            rated=r.obj.get("rated") is True,
            clocks=_clocks(r.obj.get("clocks")),
            hints=r.obj.get("hints") is True,  # … nor these (no hints then)
            broker_stops=r.obj.get("broker_stops") is True,
            chat=r.obj.get("chat") is not False,
        )


def _clocks(obj: Any) -> dict[str, Any] | None:
    """A card's clocks, checked (they come from the network): ``None`` if absent."""
    if obj is None:
        return None
    r = _Reader(obj, "table card's clocks")
    left, running = r.items("left"), r.items("running")
    if not all(type(ms) is int for ms in left) or not all(type(s) is int for s in running):
        raise BadPayload("table card's clocks: 'left' and 'running' hold whole numbers")
    if len(left) > 64 or not all(0 <= s < len(left) for s in running):
        raise BadPayload("table card's clocks: a running seat has no clock")
    return {"spec": r.text("spec"), "at": r.integer("at"), "left": left, "running": running}


@dataclass(frozen=True)
class Gone:
    """A host's Last Will, on its card's topic: its connection of ``epoch`` died. Signed like
    the cards (an empty payload, which anyone may send to clear a retained card, is only a
    hint to ask), and ordered after every card of its epoch: the card of a host that came back
    (a later epoch) is newer, and a "gone" replayed after it changes nothing."""

    epoch: int

    @property
    def order(self) -> Order:
        return (self.epoch, GONE)

    def to_wire(self) -> dict[str, Any]:
        return {"v": 1, "k": "gone", "epoch": self.epoch}


def listing_message_from_wire(obj: Any) -> TableListing | Gone:
    """What a host publishes on its card's topic: its card, or its Last Will."""
    if isinstance(obj, dict) and obj.get("k") == "gone":
        return Gone(_Reader(obj, "gone").integer("epoch"))
    return TableListing.from_wire(obj)


@dataclass(frozen=True)
class ServerListing:
    """The retained card of a ``caldera serve`` process: where to ask for a new table, and how
    busy it is: the ``commands`` its tables carried out since it started (batches of events:
    one per command, and one as each game starts), counted at ``at_ms`` on the server's own
    clock (milliseconds; only differences between two of its cards mean anything). A server
    republishes its card while the count moves, so a commands-per-second rate is read from two
    cards without receiving any table's events.

    Like a table's, the card names the server's lasting key (``key``: it signs the card and
    every answer) and its order, ``(epoch, n)``: the server's Last Will is a signed
    :class:`Gone` of its connection's epoch."""

    server: str
    name: str
    games: tuple[str, ...]
    tables: int
    commands: int = 0
    at_ms: int = 0
    key: str = ""
    epoch: int = 0
    n: int = 0

    @property
    def order(self) -> Order:
        return (self.epoch, self.n)

    def to_wire(self) -> dict[str, Any]:
        return {"v": 1, "server": self.server, "name": self.name, "games": list(self.games),
                "tables": self.tables, "commands": self.commands, "at_ms": self.at_ms,
                "key": self.key, "epoch": self.epoch, "n": self.n}  # fmt: skip

    @classmethod
    def from_wire(cls, obj: Any) -> ServerListing:
        r = _Reader(obj, "server card")
        return cls(r.text("server"), r.text("name"), tuple(r.texts("games")), r.integer("tables"),
                   r.opt_integer("commands") or 0, r.opt_integer("at_ms") or 0,
                   r.opt_text("key") or "", r.opt_integer("epoch") or 0,
                   r.opt_integer("n") or 0)  # fmt: skip


def server_message_from_wire(obj: Any) -> ServerListing | Gone:
    """What a server publishes on its card's topic: its card, or its Last Will."""
    if isinstance(obj, dict) and obj.get("k") == "gone":
        return Gone(_Reader(obj, "gone").integer("epoch"))
    return ServerListing.from_wire(obj)


@dataclass(frozen=True)
class ServerProbe:
    """Ask a server how it stands: it answers with its card (a :class:`ServerReply` whose
    ``id`` is this one's fresh nonce), signed by its key; a lobby uses a server only once it
    has answered."""

    id: str

    def to_wire(self) -> dict[str, Any]:
        return {"k": "look", "id": self.id}


@dataclass(frozen=True)
class Rank:
    """One player of a ladder: ``identity`` (``k:<key hex>`` or ``bot:<level>``), the name
    they last played under, their rating and how many rated games it is made of."""

    identity: str
    name: str
    rating: float
    games: int

    def to_wire(self) -> list[Any]:
        return [self.identity, self.name, round(self.rating, 3), self.games]


@dataclass(frozen=True)
class LadderListing:
    """A club server's retained ladder of one game (the best ``MAX_RANKS`` players)."""

    game: str
    ranks: tuple[Rank, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"v": 1, "game": self.game, "ranks": [rank.to_wire() for rank in self.ranks]}

    @classmethod
    def from_wire(cls, obj: Any) -> LadderListing:
        r = _Reader(obj, "ladder")
        ranks = []
        for item in r.items("ranks")[:MAX_RANKS]:
            if not (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str)
                    and isinstance(item[1], str) and isinstance(item[2], int | float)
                    and type(item[3]) is int):  # fmt: skip
                raise BadPayload("ladder: each rank is [identity, name, rating, games]")
            ranks.append(Rank(item[0][:80], clean_name(item[1]), float(item[2]), item[3]))
        return cls(r.text("game"), tuple(ranks))


MAX_RANKS = 500


@dataclass(frozen=True)
class TableRequest:
    """Ask a server for a table: the game, its seats, how many the server fills with bots, and
    its terms (a clock, what a timeout does, rated or casual)."""

    id: str
    game: str
    seats: int
    name: str = ""
    bots: int = 0
    bot: str = "random"
    bot_delay: float = 0.0
    options: dict[str, Any] = field(default_factory=dict)
    clock: str = ""
    on_timeout: str = "bot_turn"
    rated: bool = False
    work: str = ""  # a key the server does not know proves some work (net.club.work)

    def to_wire(self) -> dict[str, Any]:
        return {
            "work": self.work,
            "id": self.id,
            "game": self.game,
            "seats": self.seats,
            "name": self.name,
            "bots": self.bots,
            "bot": self.bot,
            "bot_delay_ms": round(self.bot_delay * 1000),
            "options": self.options,
            "clock": self.clock,
            "on_timeout": self.on_timeout,
            "rated": self.rated,
        }

    @classmethod
    def from_wire(cls, obj: Any) -> TableRequest:
        r = _Reader(obj, "table request")
        return cls(
            id=r.text("id"),
            game=r.text("game"),
            seats=r.integer("seats", 1),
            name=r.text("name"),
            bots=r.integer("bots"),
            bot=r.text("bot"),
            bot_delay=r.integer("bot_delay_ms") / 1000,
            options=r.mapping("options"),
            clock=r.opt_text("clock") or "",
            on_timeout=r.opt_text("on_timeout") or "bot_turn",
            rated=r.obj.get("rated") is True,
            work=r.opt_text("work") or "",
        )


@dataclass(frozen=True)
class ServerReply:
    """A server's answer, signed by its key: to a :class:`TableRequest` (the ``table`` opened,
    or the ``reason`` why not) or to a :class:`ServerProbe` (its ``card``); ``id``: the
    request's."""

    id: str
    table: str | None = None
    reason: str | None = None
    card: ServerListing | None = None

    def to_wire(self) -> dict[str, Any]:
        card = self.card.to_wire() if self.card is not None else None
        return {"id": self.id, "table": self.table, "reason": self.reason, "card": card}

    @classmethod
    def from_wire(cls, obj: Any) -> ServerReply:
        r = _Reader(obj, "server reply")
        card = r.obj.get("card")
        return cls(r.text("id"), r.opt_text("table"), r.opt_text("reason"),
                   ServerListing.from_wire(card) if card is not None else None)  # fmt: skip


def server_request_from_wire(obj: Any) -> TableRequest | ServerProbe:
    """What a client sends a server: a table request, or a look."""
    if isinstance(obj, dict) and obj.get("k") == "look":
        request_id = _Reader(obj, "look").text("id")
        if len(request_id) > 32:
            raise BadPayload("look: 'id' is longer than 32 characters")
        return ServerProbe(request_id)
    return TableRequest.from_wire(obj)


# -- at a table: client to host ----------------------------------------------------------------


@dataclass(frozen=True)
class Presence:
    """A client's Last Will: ``online=False``, naming its connection (``nonce``, new for each).
    The host takes it only for the connection it knows as the client's current one, so an
    "offline" of a connection long gone, replayed by someone else, changes nothing. (Clients
    said "online" this way too, retained; a signed "online" could be replayed, so a client now
    says it is here with a :class:`JoinRequest` that carries the host's ticket.)"""

    online: bool
    name: str = ""
    nonce: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {"online": self.online, "name": self.name, "n": self.nonce}

    @classmethod
    def from_wire(cls, obj: Any) -> Presence:
        r = _Reader(obj, "presence")
        return cls(r.flag("online"), r.text("name"), r.opt_text("n") or "")


JOIN_ROLES = ("player", "spectator", "leave", "here", "look")


@dataclass(frozen=True)
class JoinRequest:
    """What a client says to a table's host about itself. ``role``: ``player`` (claim ``seat``,
    or any open seat, or take back the seat held), ``spectator``, ``leave`` (free the seat held
    before the game), ``here`` (this connection is up: the seat's player, or a spectator, is
    back), or ``look`` (only the answer: the host's :class:`Ticket`, with its card).

    A signed request could be replayed by anyone, so one counts only with the host's
    ``ticket`` for the connection ``conn`` it names (the nonce its Last Will names too): a
    request without one is answered by a :class:`Ticket` and changes nothing; the client asks
    again with it. A ticket dies with its connection (a newer one, or its "offline"), so no
    old request moves anything. ``nonce`` is new for each request and comes back in its answer,
    so an old answer replayed is not taken for this one's."""

    role: str
    name: str = ""
    seat: int | None = None
    bot: str | None = None
    nonce: str = ""
    conn: str = ""
    ticket: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {"role": self.role, "name": self.name, "seat": self.seat, "bot": self.bot,
                "n": self.nonce, "c": self.conn, "t": self.ticket}  # fmt: skip

    @classmethod
    def from_wire(cls, obj: Any) -> JoinRequest:
        r = _Reader(obj, "join request")
        return cls(
            role=r.choice("role", JOIN_ROLES),
            name=r.text("name"),
            seat=r.opt_integer("seat"),
            bot=r.opt_text("bot"),
            nonce=_token(r, "n"),
            conn=_token(r, "c"),
            ticket=_token(r, "t"),
        )


def _token(r: _Reader, key: str) -> str:
    """A nonce or ticket: at most 32 characters (``""``: none; requests from before them)."""
    value = r.opt_text(key) or ""
    if len(value) > 32:
        raise BadPayload(f"{r.what}: {key!r} is longer than 32 characters")
    return value


@dataclass(frozen=True)
class CommandRequest:
    """A command sent for a seat. ``expected_seq`` is how many events the sender has folded;
    ``id`` lets the host answer a resent command once (exactly-once across reconnects); ``sig``
    is the seat holder's signature of it (:func:`replays.proofs.command_data`), which the host
    keeps as the proof of who played it."""

    id: str
    expected_seq: int
    seat: int | None
    command: Command
    sig: bytes | None = None

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "expected_seq": self.expected_seq,
            "command": command_to_wire(self.command, self.seat),
            "sig": self.sig,
        }

    def body(self) -> bytes:
        """The command's bytes as its signature covers them."""
        return pack(command_to_wire(self.command, self.seat))


def peek_id(obj: Any) -> str | None:
    """The request id of a command map, if it has a readable one (to answer even a bad one)."""
    if isinstance(obj, dict) and isinstance(obj.get("id"), str) and len(obj["id"]) <= 64:
        return str(obj["id"])
    return None


def command_request_from_wire(obj: Any) -> CommandRequest:
    r = _Reader(obj, "request")
    request_id = r.text("id")
    if len(request_id) > 64:
        raise BadPayload("request: 'id' is longer than 64 characters")
    seat, command = command_from_wire(r.mapping("command"))
    sig = r.obj.get("sig")
    if sig is not None and not (isinstance(sig, bytes) and len(sig) == 64):
        raise BadPayload("request: 'sig' must be 64 bytes")
    return CommandRequest(request_id, r.integer("expected_seq"), seat, command, sig)


SYNC_MOST_EVENTS = 512  # events one answer to a sync request carries, at most (then ask again)


@dataclass(frozen=True)
class SyncRequest:
    """Send me every event from ``start`` on (the seq of the first event I lack); with ``to``,
    the state hashes after events ``start`` … ``to`` instead (to find where a desync began);
    with ``whole``, the events as the referee logged them, not projected for my seat: what a
    seat's holder asks once the game is over, to keep its replay (the host answers only then,
    and only to a seat's holder)."""

    start: int
    to: int | None = None
    whole: bool = False

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"from": self.start}
        if self.to is not None:
            wire["to"] = self.to
        if self.whole:
            wire["whole"] = True
        return wire

    @classmethod
    def from_wire(cls, obj: Any) -> SyncRequest:
        r = _Reader(obj, "sync request")
        whole = r.flag("whole") if "whole" in r.obj else False
        return cls(r.integer("from"), r.opt_integer("to"), whole)


# -- table chat --------------------------------------------------------------------------------

CHAT_ROOMS = ("players", "spectators", "lobby")
MOST_SAID = 300  # characters of one chat line, at most (what is longer is cut)
_MOST_WIRE_SAID = 1200  # … and on the wire, before cleaning: longer is malformed
_CHAT_DOMAIN = b"caldera-chat-v1\x00"


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


@dataclass(frozen=True)
class SayLine:
    """A chat line sent to a table's host, sealed to its key (client → host, ``say/<client>``).

    ``n`` numbers the lines of the sender's connection ``conn`` (1, 2, …), ``ticket`` is the
    host's ticket for that connection (a line of a connection gone counts for nothing), and
    ``sig`` the sender's signature of :func:`chat_data`, which the host passes on to every
    reader, so each checks who said it."""

    room: str
    n: int
    text: str
    conn: str
    ticket: str
    sig: bytes

    def to_wire(self) -> dict[str, Any]:
        return {"room": self.room, "n": self.n, "text": self.text, "c": self.conn,
                "t": self.ticket, "sig": self.sig}  # fmt: skip

    @classmethod
    def from_wire(cls, obj: Any) -> SayLine:
        r = _Reader(obj, "chat line")
        text = r.text("text")
        if len(text) > _MOST_WIRE_SAID:
            raise BadPayload(f"chat line: longer than {_MOST_WIRE_SAID} characters")
        return cls(r.choice("room", CHAT_ROOMS), r.integer("n", 1), text, _token(r, "c"),
                   _token(r, "t"), _sig(r))  # fmt: skip


def _sig(r: _Reader) -> bytes:
    sig = r.obj.get("sig")
    if not (isinstance(sig, bytes) and len(sig) == 64):
        raise BadPayload(f"{r.what}: 'sig' must be 64 bytes")
    return sig


@dataclass(frozen=True)
class Said:
    """A chat line the host took, as it relays it to the room's readers (host → readers):
    sealed to each player for the players' room, in the open for the spectators'. ``key`` (hex)
    said it under ``name`` (at ``seat``, or watching: ``None``), and ``sig`` is its own
    signature of :func:`chat_data`, which every reader checks. ``(epoch, i)`` numbers the
    host's relays (its connection, then its lines), so a relay replayed is older than one
    taken and dropped; ``at`` is the host's clock (ms)."""

    room: str
    n: int
    text: str
    conn: str
    key: str
    sig: bytes
    name: str
    seat: int | None
    epoch: int
    i: int
    at: int = 0

    @property
    def order(self) -> Order:
        return (self.epoch, self.i)

    def to_wire(self) -> dict[str, Any]:
        return {"k": "said", "room": self.room, "n": self.n, "text": self.text, "c": self.conn,
                "key": self.key, "sig": self.sig, "name": self.name, "seat": self.seat,
                "epoch": self.epoch, "i": self.i, "at": self.at}  # fmt: skip


@dataclass(frozen=True)
class ChatRefused:
    """A chat line refused, with the reason (host → its sender, on its reply topic): chat is
    off, the sender is not in that room, or it says too much too fast. ``n``: the line's."""

    n: int
    reason: str

    def to_wire(self) -> dict[str, Any]:
        return {"k": "chat_no", "n": self.n, "reason": self.reason}


# -- at a table: host to client ----------------------------------------------------------------


@dataclass(frozen=True)
class Batch:
    """Consecutive envelopes (codec bytes) from ``start`` on. ``hashes`` are the state hashes
    after each of them, when already known (a sync); live batches get theirs in a Check.
    ``result`` answers the command these events came from, on its sender's own stream only.
    ``whole``: the answer to a whole-log request (:class:`SyncRequest`), the events as logged
    (none: the host does not give them), never folded as the seat's own."""

    start: int
    envs: tuple[bytes, ...]
    hashes: tuple[str, ...] = ()
    result: Result | None = None
    whole: bool = False

    def to_wire(self) -> dict[str, Any]:
        wire = {
            "k": "ev",
            "from": self.start,
            "envs": list(self.envs),
            "hashes": list(self.hashes),
            "result": self.result.to_wire() if self.result is not None else None,
        }
        if self.whole:
            wire["whole"] = True
        return wire


@dataclass(frozen=True)
class Check:
    """The state hashes after events ``start`` … ``start + len(hashes) - 1``."""

    start: int
    hashes: tuple[str, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"k": "check", "from": self.start, "hashes": list(self.hashes)}


@dataclass(frozen=True)
class Joined:
    """A join (or a "here") answered: the seat now held (``None`` for a spectator) and the
    table card; ``nonce``: the request's."""

    seat: int | None
    card: TableListing
    nonce: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {"k": "joined", "seat": self.seat, "card": self.card.to_wire(), "n": self.nonce}


@dataclass(frozen=True)
class Refused:
    """A join refused, with the reason; ``nonce``: the request's."""

    reason: str
    nonce: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {"k": "refused", "reason": self.reason, "n": self.nonce}


@dataclass(frozen=True)
class Ticket:
    """The host's answer to a request without a valid ticket: a fresh ``ticket`` for the
    connection ``conn``, to ask again with, and its card as it stands (so the answer to a
    ``look``: the host is there, and this is its table now). ``nonce``: the request's."""

    nonce: str
    conn: str
    ticket: str
    card: TableListing

    def to_wire(self) -> dict[str, Any]:
        return {"k": "ticket", "n": self.nonce, "c": self.conn, "t": self.ticket,
                "card": self.card.to_wire()}  # fmt: skip


@dataclass(frozen=True)
class Result:
    """A command's fate: accepted (the table then has ``seq`` events) or rejected with a reason.
    ``id`` is ``None`` when the command was too broken to read its id."""

    id: str | None
    ok: bool
    seq: int = 0
    reason: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {"k": "result", "id": self.id, "ok": self.ok, "seq": self.seq,
                "reason": self.reason}  # fmt: skip


HostMessage = Batch | Check | Joined | Refused | Result | Ticket | Said | ChatRefused


def _hashes(r: _Reader) -> tuple[str, ...]:
    hashes = r.texts("hashes")
    if not all(len(h) == 16 for h in hashes):
        raise BadPayload(f"{r.what}: every hash has 16 hex digits")
    return tuple(hashes)


def _result(r: _Reader) -> Result:
    return Result(r.opt_text("id"), r.flag("ok"), r.integer("seq"), r.text("reason"))


def host_message_from_wire(obj: Any) -> HostMessage:
    """Decode any message a host sends on an events or reply topic."""
    r = _Reader(obj, "host message")
    kind = r.text("k")
    if kind == "ev":
        envs = r.items("envs")
        if not all(isinstance(e, bytes) for e in envs):
            raise BadPayload("event batch: every envelope must be bytes")
        hashes = _hashes(r)
        if hashes and len(hashes) != len(envs):
            raise BadPayload("event batch: one hash per envelope")
        result = r.obj.get("result")
        answer = _result(_Reader(result, "result")) if result is not None else None
        whole = r.flag("whole") if "whole" in r.obj else False
        return Batch(r.integer("from"), tuple(envs), hashes, answer, whole)
    if kind == "check":
        return Check(r.integer("from"), _hashes(r))
    if kind == "joined":
        card = TableListing.from_wire(r.mapping("card"))
        return Joined(r.opt_integer("seat"), card, r.opt_text("n") or "")
    if kind == "refused":
        return Refused(r.text("reason"), r.opt_text("n") or "")
    if kind == "ticket":
        return Ticket(
            r.text("n"), r.text("c"), r.text("t"), TableListing.from_wire(r.mapping("card"))
        )
    if kind == "result":
        return _result(r)
    if kind == "said":
        text = r.text("text")
        if len(text) > _MOST_WIRE_SAID:
            raise BadPayload(f"chat line: longer than {_MOST_WIRE_SAID} characters")
        return Said(r.choice("room", CHAT_ROOMS), r.integer("n", 1), text, _token(r, "c"),
                    r.text("key"), _sig(r), clean_name(r.text("name")), r.opt_integer("seat"),
                    r.integer("epoch"), r.integer("i"), r.opt_integer("at") or 0)  # fmt: skip
    if kind == "chat_no":
        return ChatRefused(r.integer("n"), r.text("reason")[:200])
    raise BadPayload(f"host message: unknown kind {kind!r}")


def encode(message: Any) -> bytes:
    """Pack any message of this module."""
    return pack(message.to_wire())


def decode(data: bytes) -> Any:
    """Unpack untrusted bytes (size limit first); raises :class:`CodecError`."""
    return unpack(data)

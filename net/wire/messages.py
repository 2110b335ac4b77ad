"""The messages Caldera sends over MQTT: typed msgspec structs in one tagged registry, one codec.

Every message is a frozen :class:`~net.wire.registry.Message` whose tag (the map's ``k``) names
its kind, as every event's ``type`` names it in :mod:`core.messages`; :data:`MESSAGES` holds them
all, :func:`~net.wire.registry.encode` writes any of them and a reader (``read_*`` below, each a
:class:`~net.wire.registry.Reader`) reads the kinds a topic may carry, straight from the bytes
into typed values, and picks the kind by its tag: adding a message is its struct here and its
handler where it is read, never a second list of kinds to keep in step.

Everything read from the network is untrusted: a reader checks the size first, then the shape and
every field (types, bounds, lengths), and raises a :class:`~core.errors.CodecError` with one
readable line, never anything else. A message of another protocol (:data:`PROTOCOL`: one from a
Caldera before these tags, or a table card that names another) is :class:`OtherProtocol`, whose
line says who must update. Event envelopes travel as the codec's own bytes inside a batch, so the
referee's hash chain is kept.

A Caldera of protocol 1 still reads a table's and a server's cards (their fields and their ``v``
are those it knows), so it lists them; its requests, which carry no tag, are answered with a
refusal it shows: "this table speaks protocol 2; update Caldera".
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec.structs import force_setattr

from core.codec import command_from_wire, command_to_wire, pack
from core.messages import Command
from net.wire.chat import (
    CHAT_ROOMS as CHAT_ROOMS,
)
from net.wire.chat import (
    MOST_REASON as MOST_REASON,
)
from net.wire.chat import (
    MOST_SAID as MOST_SAID,
)
from net.wire.chat import (
    MOST_TIMEOUT as MOST_TIMEOUT,
)
from net.wire.chat import (
    ChatRefused as ChatRefused,
)
from net.wire.chat import (
    LobbyLine as LobbyLine,
)
from net.wire.chat import (
    LobbyRecent as LobbyRecent,
)
from net.wire.chat import (
    Said as Said,
)
from net.wire.chat import (
    SayLine as SayLine,
)
from net.wire.chat import (
    TimedOut as TimedOut,
)
from net.wire.chat import (
    TimeOut as TimeOut,
)
from net.wire.chat import (
    chat_data as chat_data,
)
from net.wire.chat import (
    chat_text as chat_text,
)
from net.wire.chat import (
    lobby_room as lobby_room,
)
from net.wire.names import (
    MAX_NAME as MAX_NAME,
)
from net.wire.names import (
    clean_name as clean_name,
)
from net.wire.registry import (
    PROTOCOL as PROTOCOL,
)
from net.wire.registry import (
    Count,
    Hash,
    RequestId,
    Signature,
    Token,
    one_of,
    registry,
)
from net.wire.registry import (
    Message as Message,
)
from net.wire.registry import (
    OtherProtocol as OtherProtocol,
)
from net.wire.registry import (
    Reader as Reader,
)
from net.wire.registry import (
    encode as encode,
)
from net.wire.registry import (
    from_plain as from_plain,
)
from net.wire.registry import (
    peek as peek,
)
from net.wire.registry import (
    peek_id as peek_id,
)
from net.wire.registry import (
    plain as plain,
)
from net.wire.registry import (
    protocol_line as protocol_line,
)
from net.wire.registry import (
    update_line as update_line,
)

SEAT_KINDS = ("open", "player", "bot")
Order = tuple[int, int]  # (epoch, number in the epoch): which of two signed messages is newer
GONE = 1 << 62  # a Last Will's number: after every card of its epoch
TABLE_STATUSES = ("open", "running", "over", "closed")
MAX_RANKS = 500


# -- the lobby -----------------------------------------------------------------------------------


class SeatListing(msgspec.Struct, frozen=True):
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


class TableListing(Message, frozen=True, tag="table"):
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
    ``protocol`` is the host's (:data:`PROTOCOL`); ``layout`` (``v``) stays 1, the card's
    fields as a Caldera of protocol 1 reads them.
    """

    table: str
    game: str
    title: str
    name: str
    host: str
    status: str
    seats: tuple[SeatListing, ...]
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    epoch: Count = 0
    seq: Count = 0
    scores: tuple[int, ...] | None = None
    key: str = ""
    watching: Count = 0
    n: Count = 0
    clock: str = ""
    rated: bool = False
    clocks: dict[str, Any] | None = None
    hints: bool = False  # the host allows every seat the hint key (the hard bot's advice)
    broker_stops: bool = False  # closed, and the broker (the host app's own) stops with it
    chat: bool = True  # the table's chat is on (its host may turn it off)
    # a served table on its server's connection (net.link.lines): the server, its key (hex) and
    # that connection's epoch, whose Last Will is the table's too ("": its own connection)
    server: str = ""
    server_key: str = ""
    server_epoch: Count = 0
    protocol: int = PROTOCOL
    layout: Literal[1] = msgspec.field(default=1, name="v")

    def __post_init__(self) -> None:
        one_of(self.status, TABLE_STATUSES, "status")
        if self.clocks is not None:
            _check_clocks(self.clocks)

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


def _check_clocks(clocks: dict[str, Any]) -> None:
    """A card's clocks, checked (they come from the network); a ``ValueError`` says what is
    wrong (msgspec makes it the card's validation error)."""
    if not (type(clocks.get("spec")) is str and type(clocks.get("at")) is int):
        raise ValueError("the clocks need a 'spec' and an 'at'")
    left, running = clocks.get("left"), clocks.get("running")
    if not (isinstance(left, list) and isinstance(running, list)):
        raise ValueError("the clocks need 'left' and 'running'")
    if not all(type(ms) is int for ms in left) or not all(type(s) is int for s in running):
        raise ValueError("the clocks' 'left' and 'running' hold whole numbers")
    if len(left) > 64 or not all(0 <= s < len(left) for s in running):
        raise ValueError("a running seat has no clock")


class Gone(Message, frozen=True, tag="gone"):
    """A host's Last Will, on its card's topic: its connection of ``epoch`` died. Signed like
    the cards (an empty payload, which anyone may send to clear a retained card, is only a
    hint to ask), and ordered after every card of its epoch: the card of a host that came back
    (a later epoch) is newer, and a "gone" replayed after it changes nothing."""

    epoch: Count

    @property
    def order(self) -> Order:
        return (self.epoch, GONE)


class ServerListing(Message, frozen=True, tag="server"):
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
    tables: Count
    commands: Count = 0
    at_ms: int = 0
    key: str = ""
    epoch: Count = 0
    n: Count = 0
    protocol: int = PROTOCOL
    layout: Literal[1] = msgspec.field(default=1, name="v")

    @property
    def order(self) -> Order:
        return (self.epoch, self.n)


class ServerProbe(Message, frozen=True, tag="look"):
    """Ask a server how it stands: it answers with its card (a :class:`ServerReply` whose
    ``id`` is this one's fresh nonce), signed by its key; a lobby uses a server only once it
    has answered."""

    id: Token


class Rank(msgspec.Struct, frozen=True, array_like=True):
    """One player of a ladder: ``identity`` (``k:<key hex>`` or ``bot:<level>``), the name
    they last played under, their rating (to three places) and how many rated games it is
    made of. On the wire a list of the four."""

    identity: str
    name: str
    rating: float
    games: int

    def __post_init__(self) -> None:
        force_setattr(self, "identity", self.identity[:80])
        force_setattr(self, "name", clean_name(self.name))
        force_setattr(self, "rating", round(self.rating, 3))


class LadderListing(Message, frozen=True, tag="ladder"):
    """A club server's retained ladder of one game (the best ``MAX_RANKS`` players)."""

    game: str
    ranks: tuple[Rank, ...]
    layout: Literal[1] = msgspec.field(default=1, name="v")

    def __post_init__(self) -> None:
        force_setattr(self, "ranks", self.ranks[:MAX_RANKS])


class TableRequest(Message, frozen=True, tag="open"):
    """Ask a server for a table: the game, its seats, how many the server fills with bots, and
    its terms (a clock, what a timeout does, rated or casual)."""

    id: str
    game: str
    seats: Annotated[int, msgspec.Meta(ge=1)]
    name: str = ""
    bots: Count = 0
    bot: str = "random"
    bot_delay_ms: Count = 0
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    clock: str = ""
    on_timeout: str = "bot_turn"
    rated: bool = False
    work: str = ""  # a key the server does not know proves some work (net.club.work)

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before each of its commands."""
        return self.bot_delay_ms / 1000


class ServerReply(Message, frozen=True, tag="answer"):
    """A server's answer, signed by its key: to a :class:`TableRequest` (the ``table`` opened,
    or the ``reason`` why not) or to a :class:`ServerProbe` (its ``card``); ``id``: the
    request's."""

    id: str
    table: str | None = None
    reason: str | None = None
    card: ServerListing | None = None


# -- at a table: client to host ------------------------------------------------------------------


class Presence(Message, frozen=True, tag="presence"):
    """A client's Last Will: ``online=False``, naming its connection (``nonce``, new for each).
    The host takes it only for the connection it knows as the client's current one, so an
    "offline" of a connection long gone, replayed by someone else, changes nothing. (Clients
    said "online" this way too, retained; a signed "online" could be replayed, so a client now
    says it is here with a :class:`JoinRequest` that carries the host's ticket.)"""

    online: bool
    name: str = ""
    nonce: Token = msgspec.field(default="", name="n")


JOIN_ROLES = ("player", "spectator", "leave", "here", "look")


class JoinRequest(Message, frozen=True, tag="join"):
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
    seat: Count | None = None
    bot: str | None = None
    nonce: Token = msgspec.field(default="", name="n")
    conn: Token = msgspec.field(default="", name="c")
    ticket: Token = msgspec.field(default="", name="t")

    def __post_init__(self) -> None:
        one_of(self.role, JOIN_ROLES, "role")


class SentCommand(msgspec.Struct, frozen=True):
    """A command as :func:`core.codec.command_to_wire` writes it: its tag, its version, the seat
    it is sent for and its payload (read into the command by :meth:`CommandRequest.read`)."""

    type: str
    v: int
    seat: Count | None
    payload: dict[str, Any]


class CommandRequest(Message, frozen=True, tag="cmd"):
    """A command sent for a seat. ``expected_seq`` is how many events the sender has folded;
    ``id`` lets the host answer a resent command once (exactly-once across reconnects); ``sig``
    is the seat holder's signature of it (:func:`replays.proofs.command_data`), which the host
    keeps as the proof of who played it."""

    id: RequestId
    expected_seq: Count
    sent: SentCommand = msgspec.field(name="command")
    sig: Signature | None = None

    @classmethod
    def of(cls, request_id: str, expected_seq: int, seat: int | None, command: Command,
           sig: bytes | None = None) -> CommandRequest:  # fmt: skip
        """The request that sends ``command`` for ``seat``."""
        sent = msgspec.convert(command_to_wire(command, seat), SentCommand)
        return cls(request_id, expected_seq, sent, sig)

    @property
    def seat(self) -> int | None:
        return self.sent.seat

    def read(self) -> Command:
        """The command sent, typed; a ``CodecError`` if it is not one this program knows."""
        return command_from_wire(msgspec.to_builtins(self.sent))[1]

    def body(self) -> bytes:
        """The command's bytes as its signature covers them."""
        return pack(command_to_wire(self.read(), self.seat))


SYNC_MOST_EVENTS = 512  # events one answer to a sync request carries, at most (then ask again)


class SyncRequest(Message, frozen=True, tag="sync"):
    """Send me every event from ``start`` on (the seq of the first event I lack); with ``to``,
    the state hashes after events ``start`` … ``to`` instead (to find where a desync began);
    with ``whole``, the events as the referee logged them, not projected for my seat: what a
    seat's holder asks once the game is over, to keep its replay (the host answers only then,
    and only to a seat's holder)."""

    start: Count = msgspec.field(name="from")
    to: Count | None = None
    whole: bool = False


# -- at a table: host to client ------------------------------------------------------------------


class Result(Message, frozen=True, tag="result"):
    """A command's fate: accepted (the table then has ``seq`` events) or rejected with a reason.
    ``id`` is ``None`` when the command was too broken to read its id."""

    id: str | None
    ok: bool
    seq: Count = 0
    reason: str = ""


class Batch(Message, frozen=True, tag="ev"):
    """Consecutive envelopes (codec bytes) from ``start`` on. ``hashes`` are the state hashes
    after each of them, when already known (a sync); live batches get theirs in a Check.
    ``result`` answers the command these events came from, on its sender's own stream only.
    ``whole``: the answer to a whole-log request (:class:`SyncRequest`), the events as logged
    (none: the host does not give them), never folded as the seat's own."""

    start: Count = msgspec.field(name="from")
    envs: tuple[bytes, ...] = ()
    hashes: tuple[Hash, ...] = ()
    result: Result | None = None
    whole: bool = False

    def __post_init__(self) -> None:
        if self.hashes and len(self.hashes) != len(self.envs):
            raise ValueError("one hash per envelope")


class Check(Message, frozen=True, tag="check"):
    """The state hashes after events ``start`` … ``start + len(hashes) - 1``."""

    start: Count = msgspec.field(name="from")
    hashes: tuple[Hash, ...] = ()


class Joined(Message, frozen=True, tag="joined"):
    """A join (or a "here") answered: the seat now held (``None`` for a spectator) and the
    table card; ``nonce``: the request's."""

    seat: Count | None
    card: TableListing
    nonce: str = msgspec.field(default="", name="n")


class Refused(Message, frozen=True, tag="refused"):
    """A join refused, with the reason; ``nonce``: the request's. (Its bytes are those a
    Caldera of protocol 1 reads as a refusal too: it shows the reason.)"""

    reason: str
    nonce: str = msgspec.field(default="", name="n")


class Ticket(Message, frozen=True, tag="ticket"):
    """The host's answer to a request without a valid ticket: a fresh ``ticket`` for the
    connection ``conn``, to ask again with, and its card as it stands (so the answer to a
    ``look``: the host is there, and this is its table now). ``nonce``: the request's."""

    nonce: str = msgspec.field(name="n")
    conn: str = msgspec.field(name="c")
    ticket: str = msgspec.field(name="t")
    card: TableListing


MESSAGES = registry()
"""Every message kind by its tag."""

HostMessage = Batch | Check | Joined | Refused | Result | Ticket | Said | TimedOut | ChatRefused
"""What a host sends on a seat's events topic or a client's reply topic."""

# -- the readers: what each topic carries ------------------------------------------------------

read_listing: Reader[TableListing | Gone] = Reader("table card", TableListing | Gone)
read_table_listing: Reader[TableListing] = Reader("table card", TableListing)
read_server_listing: Reader[ServerListing | Gone] = Reader(
    "server card", ServerListing | Gone, "this server"
)
read_ladder: Reader[LadderListing] = Reader("ladder", LadderListing, "this server")
read_server_request: Reader[TableRequest | ServerProbe | LobbyLine | TimeOut] = Reader(
    "table request", TableRequest | ServerProbe | LobbyLine | TimeOut, "this client"
)
read_server_reply: Reader[ServerReply] = Reader("server reply", ServerReply, "this server")
read_server_answer: Reader[ServerReply | ChatRefused] = Reader(
    "server reply", ServerReply | ChatRefused, "this server"
)
read_host_message: Reader[HostMessage] = Reader("host message", HostMessage)
read_join: Reader[JoinRequest] = Reader("join request", JoinRequest, "this client")
read_presence: Reader[Presence] = Reader("presence", Presence, "this client")
read_command: Reader[CommandRequest] = Reader("request", CommandRequest, "this client")
read_sync: Reader[SyncRequest] = Reader("sync request", SyncRequest, "this client")
read_say: Reader[SayLine] = Reader("chat line", SayLine, "this client")
read_said: Reader[Said] = Reader("chat line", Said)
read_lobby_chat: Reader[Said | TimedOut | LobbyRecent] = Reader(
    "lobby chat line", Said | TimedOut | LobbyRecent, "this server"
)

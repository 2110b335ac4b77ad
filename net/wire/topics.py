"""The MQTT topics of Caldera, all under ``caldera/v1``.

Every topic a client publishes to ends with its *identity* (``<client>``), so a broker ACL can
pin each user to their own topics (Mosquitto: ``pattern write …/cmd/+/%u``) and the referee knows
who sent what without trusting the payload::

    lobby/tables/<table>                  retained table card (host → everyone)
    lobby/servers/<server>                retained card of a ``caldera serve`` process
    lobby/requests/<server>/<client>      "open a table for me" (client → server)
    tables/<t>/join/<client>              claim a seat, watch, or leave (client → host)
    tables/<t>/cmd/<seat>/<client>        a command for a seat, QoS 1 (client → host)
    tables/<t>/sync/<client>              "send me the events from seq N" (client → host)
    tables/<t>/events/public              projected events for spectators, QoS 1 (host → all)
    tables/<t>/events/<seat>/<client>     projected events for the seat's holder, QoS 1
    tables/<t>/reply/<client>             answers: join, command results, sync batches
    tables/<t>/presence/<client>          retained "online", Last Will "offline"
    tables/<t>/say/<client>               a chat line, sealed to the host (client → host)
    tables/<t>/chat/players/<client>      the players' chat, sealed to each (host → player)
    tables/<t>/chat/spectators            the spectators' chat (host → whoever listens)
    turns/<t>/<client>                    retained: whose turn it is at <t>, for <client>'s
                                          programs (host → that player; see net.table.turns)
    lobby/ratings/<game>                  retained: the club's ladder of a game (a server)
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from net.errors import NetError

PREFIX = "caldera/v1"
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_SEAT = re.compile(r"^(0|[1-9][0-9]{0,2})$")  # ASCII digits only: "²" and "٣" are not seats


def valid_name(name: str) -> bool:
    """A table, client or server id: 1–64 letters, digits, ``_``, ``.`` or ``-``."""
    return bool(_NAME.match(name))


def seat_number(text: str) -> int | None:
    """The seat a topic level names (``"2"`` -> 2), or ``None`` unless it is written exactly as
    :func:`cmd` writes one: levels come from the network and are parsed strictly (``str.isdigit``
    accepts ``"²"``, which ``int`` then refuses)."""
    return int(text) if _SEAT.fullmatch(text) else None


def check_name(name: str, what: str) -> str:
    """``name`` if valid, else :class:`NetError` with one readable line."""
    if not valid_name(name):
        raise NetError(f"{what} {name!r} must be 1–64 letters, digits, '_', '.' or '-'")
    return name


ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to read aloud and type
TABLE_ID_LENGTH = 10  # ~49 bits: finding a key for a given id takes ~2^49 tries


def new_id(prefix: str = "") -> str:
    """A short random id (``k3f9x2``): easy to read aloud and type."""
    return prefix + "".join(secrets.choice(ALPHABET) for _ in range(6))


def table_id(key: bytes) -> str:
    """The id of the table whose host signs with public key ``key``: a hash of the key, so no
    one else can sign for the table (``k3f9x2m7qp``)."""
    number = int.from_bytes(hashlib.blake2b(key, digest_size=16, person=b"caldera-table").digest())
    digits = []
    for _ in range(TABLE_ID_LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        digits.append(ALPHABET[digit])
    return "".join(digits)


def made_from_a_key(table: str) -> bool:
    """Whether ``table`` has the form of an id made from a key (which must then be its key's:
    :func:`certifies`). Other ids (chosen with ``--table``) are taken on trust."""
    return len(table) == TABLE_ID_LENGTH and all(ch in ALPHABET for ch in table)


def certifies(table: str, key: bytes) -> bool:
    """Whether cards signed by ``key`` may be table ``table``'s: an id made from a key is that
    key's only; a chosen id is whoever's the reader met first (it pins that key)."""
    return table_id(key) == table if made_from_a_key(table) else True


def lobby_tables() -> str:
    return f"{PREFIX}/lobby/tables/+"


def card(table: str) -> str:
    return f"{PREFIX}/lobby/tables/{table}"


def lobby_servers() -> str:
    return f"{PREFIX}/lobby/servers/+"


def server_card(server: str) -> str:
    return f"{PREFIX}/lobby/servers/{server}"


def server_requests(server: str) -> str:
    return f"{PREFIX}/lobby/requests/{server}/+"


def server_request(server: str, client: str) -> str:
    return f"{PREFIX}/lobby/requests/{server}/{client}"


def server_reply(server: str, client: str) -> str:
    return f"{PREFIX}/lobby/replies/{server}/{client}"


def lobby_chat(server: str) -> str:
    """The club lobby's chat as the server ``server`` relays it (anyone may read a lobby)."""
    return f"{PREFIX}/lobby/chat/{server}"


def lobby_chats() -> str:
    return f"{PREFIX}/lobby/chat/+"


def ratings(game: str) -> str:
    return f"{PREFIX}/lobby/ratings/{game}"


def lobby_ratings() -> str:
    return f"{PREFIX}/lobby/ratings/+"


def table_root(table: str) -> str:
    return f"{PREFIX}/tables/{table}"


def join(table: str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/join/{client}"


def cmd(table: str, seat: int, client: str) -> str:
    return f"{PREFIX}/tables/{table}/cmd/{seat}/{client}"


def sync(table: str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/sync/{client}"


def public_events(table: str) -> str:
    return f"{PREFIX}/tables/{table}/events/public"


def seat_events(table: str, seat: int | str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/events/{seat}/{client}"


def reply(table: str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/reply/{client}"


def presence(table: str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/presence/{client}"


def say(table: str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/say/{client}"


def players_chat(table: str, client: str) -> str:
    return f"{PREFIX}/tables/{table}/chat/players/{client}"


def spectators_chat(table: str) -> str:
    return f"{PREFIX}/tables/{table}/chat/spectators"


def turns(table: str, client: str) -> str:
    return f"{PREFIX}/turns/{table}/{client}"


def my_turns(client: str) -> str:
    """What a program following ``client`` subscribes to: its turn at each of its tables."""
    return f"{PREFIX}/turns/+/{client}"


def host_filters(table: str) -> list[str]:
    """What a table's host subscribes to: its card too, to put it back when someone replaces
    it (with an older card of its own, its Last Will of an earlier connection, or nothing)."""
    root = table_root(table)
    return [f"{root}/join/+", f"{root}/cmd/+/+", f"{root}/sync/+", f"{root}/presence/+",
            f"{root}/say/+", card(table)]  # fmt: skip


@dataclass(frozen=True)
class Route:
    """A received topic taken apart: which table, what kind, and the levels after it."""

    table: str
    kind: str
    rest: tuple[str, ...]


def parse(topic: str) -> Route | None:
    """``tables/<t>/<kind>/…`` or ``lobby/<kind>/…`` split into a :class:`Route`, else ``None``.
    The levels are the network's: read a seat with :func:`seat_number`, check a name with
    :func:`valid_name`."""
    parts = topic.split("/")
    if parts[:2] != PREFIX.split("/") or len(parts) < 4:
        return None
    if parts[2] == "tables" and len(parts) >= 5:
        return Route(parts[3], parts[4], tuple(parts[5:]))
    if parts[2] == "lobby":
        return Route("", parts[3], tuple(parts[4:]))
    return None

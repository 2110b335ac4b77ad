"""A replay file's header: what a list of saved games shows without reading the events.

Everything in it is checked when it is read, field by field, so a hand-edited or hostile header
gives one line saying which field is wrong (never an ``OverflowError`` from ``int(inf)`` or a
time that cannot be shown), and it must agree with the log's own ``GameStarted``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from core.errors import ReplayError
from core.lifecycle import GameStarted

FORMAT = 1
MAX_PLAYERS = 16
MAX_RULES_VERSION = 1 << 31
_GAME = re.compile(r"^[a-z0-9_]{1,32}$")
_HASH = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class Table:
    """Where a game across terminals was played: the table's name, who hosted it, and the
    broker it met on (its address without credentials)."""

    name: str
    host: str
    broker: str

    def to_wire(self) -> dict[str, str]:
        return {"name": self.name, "host": self.host, "broker": self.broker}


@dataclass(frozen=True)
class Header:
    """The game, its rules version, players, configuration, seed hash and creation time,
    whether its host keeps proofs of who played (``<replay>.proofs``: :mod:`replays.proofs`),
    and for a game across terminals, its table (absent from local games and older tables)."""

    game: str
    rules_version: int
    players: tuple[str, ...]
    config: dict[str, Any]
    seed_hash: str
    created: str
    proofs: bool = False  # absent from the files of local games and of older hosted ones
    table: Table | None = None

    def to_wire(self) -> dict[str, Any]:
        wire = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "config": self.config,
            "seed_hash": self.seed_hash,
            "created": self.created,
        }
        if self.proofs:
            wire["proofs"] = True
        if self.table is not None:
            wire["table"] = self.table.to_wire()
        return wire

    @classmethod
    def from_wire(cls, obj: Any) -> Header:
        """The header from decoded msgpack; :class:`ReplayError` naming the first bad field."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise ReplayError(f"the replay header is not format {FORMAT}")
        missing = [key for key in _FIELDS if key not in obj]
        if missing:
            raise ReplayError(f"the replay header has no {', '.join(missing)}")
        return cls(
            game=_game(obj["game"]),
            rules_version=_rules_version(obj["rules_version"]),
            players=_players(obj["players"]),
            config=_config(obj["config"]),
            seed_hash=_seed_hash(obj["seed_hash"]),
            created=_created(obj["created"]),
            proofs=_proofs(obj.get("proofs", False)),
            table=_table(obj.get("table")),
        )

    @classmethod
    def for_game(
        cls,
        started: GameStarted,
        now: dt.datetime | None = None,
        *,
        proofs: bool = False,
        table: Table | None = None,
    ) -> Header:
        moment = now if now is not None else dt.datetime.now(dt.UTC)
        return cls(
            game=started.game,
            rules_version=started.rules_version,
            players=started.players,
            config=dict(started.config),
            seed_hash=started.seed_hash,
            created=moment.isoformat(timespec="seconds"),
            proofs=proofs,
            table=table,
        )

    def check_against(self, started: GameStarted) -> None:
        """The header must say what the log's first event says (``ReplayError`` otherwise)."""
        for field, ours, theirs in (
            ("game", self.game, started.game),
            ("rules version", self.rules_version, started.rules_version),
            ("players", self.players, tuple(started.players)),
            ("configuration", self.config, dict(started.config)),
            ("seed hash", self.seed_hash, started.seed_hash),
        ):
            if ours != theirs:
                raise ReplayError(f"the header's {field} differs from event 0's")

    @property
    def moment(self) -> dt.datetime:
        """When the game was created, as an aware time (checked on reading)."""
        return _moment(self.created)


_FIELDS = ("game", "rules_version", "players", "config", "seed_hash", "created")


def _bad(field: str, why: str, value: Any) -> ReplayError:
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "…"
    return ReplayError(f"the replay header's {field} {why} (it is {shown})")


def _game(value: Any) -> str:
    if not isinstance(value, str) or not _GAME.match(value):
        raise _bad("game", "is not a game's name", value)
    return value


def _rules_version(value: Any) -> int:
    if type(value) is not int or not 0 <= value < MAX_RULES_VERSION:
        raise _bad("rules_version", "is not a whole number from 0", value)
    return value


def _players(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS:
        raise _bad("players", f"is not a list of 1 to {MAX_PLAYERS} names", value)
    if not all(isinstance(name, str) and len(name) <= 100 for name in value):
        raise _bad("players", "holds something that is not a name", value)
    return tuple(value)


def _config(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise _bad("config", "is not a map of options", value)
    return dict(value)


def _seed_hash(value: Any) -> str:
    if not isinstance(value, str) or not _HASH.match(value):
        raise _bad("seed_hash", "is not 64 hex digits", value)
    return value


def _proofs(value: Any) -> bool:
    if type(value) is not bool:
        raise _bad("proofs", "is not true or false", value)
    return value


def _table(value: Any) -> Table | None:
    if value is None:
        return None
    fields = ("name", "host", "broker")
    if not isinstance(value, dict) or not all(
        isinstance(value.get(key), str) and len(value[key]) <= 200 for key in fields
    ):
        raise _bad("table", "is not a table's name, host and broker", value)
    return Table(*(value[key] for key in fields))


def _moment(text: str) -> dt.datetime:
    stamp = dt.datetime.fromisoformat(text)
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return stamp.astimezone(dt.UTC)  # OverflowError for a moment before year 1 or after 9999


def _created(value: Any) -> str:
    if not isinstance(value, str):
        raise _bad("created", "is not a time", value)
    try:
        _moment(value)
    except ValueError:
        raise _bad("created", "is not an ISO 8601 time", value) from None
    except OverflowError:
        raise _bad("created", "is out of range", value) from None
    return value

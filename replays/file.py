"""The replay file: a header and then one record per event envelope, append-only.

Layout: 8 magic bytes, then records. A record is a 4-byte big-endian length, that many bytes
of msgpack, and a 4-byte CRC-32 of them. The first record is the header (game, rules version,
players, config, seed hash, creation time); every later record is an envelope. Each record is
flushed as it is written, so a crash can only tear the last one: reading detects the torn tail
and cuts back to the last whole record, with a warning instead of a traceback.
"""

from __future__ import annotations

import datetime as dt
import os
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from core.codec import GENESIS, Envelope, decode_envelope, pack, short_hash, unpack
from core.errors import CodecError, ReplayError
from core.lifecycle import GameEnded, GameStarted

MAGIC = b"CALDERA\x01"
SUFFIX = ".caldera"
_LEN = struct.Struct(">I")
MAX_RECORD = 1 << 20


@dataclass(frozen=True)
class Header:
    """What a replay list shows without reading the events."""

    game: str
    rules_version: int
    players: tuple[str, ...]
    config: dict[str, Any]
    seed_hash: str
    created: str

    def to_wire(self) -> dict[str, Any]:
        return {
            "format": 1,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "config": self.config,
            "seed_hash": self.seed_hash,
            "created": self.created,
        }

    @classmethod
    def from_wire(cls, obj: Any) -> Header:
        if not isinstance(obj, dict) or obj.get("format") != 1:
            raise ReplayError("the replay header is not format 1")
        try:
            return cls(
                game=str(obj["game"]),
                rules_version=int(obj["rules_version"]),
                players=tuple(str(p) for p in obj["players"]),
                config=dict(obj["config"]),
                seed_hash=str(obj["seed_hash"]),
                created=str(obj["created"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"the replay header is incomplete ({exc})") from None

    @classmethod
    def for_game(cls, started: GameStarted) -> Header:
        return cls(
            game=started.game,
            rules_version=started.rules_version,
            players=started.players,
            config=dict(started.config),
            seed_hash=started.seed_hash,
            created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        )


@dataclass
class Replay:
    """A replay read from disk: header, envelopes, their raw bytes, and any warnings."""

    path: Path
    header: Header
    envelopes: list[Envelope] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    good_bytes: int = 0  # where the last whole record ends

    @property
    def started(self) -> GameStarted:
        first = self.envelopes[0].event if self.envelopes else None
        if not isinstance(first, GameStarted):
            raise ReplayError(f"{self.path.name}: no game_started event")
        return first

    @property
    def ended(self) -> GameEnded | None:
        last = self.envelopes[-1].event if self.envelopes else None
        return last if isinstance(last, GameEnded) else None


def _record(payload: bytes) -> bytes:
    return _LEN.pack(len(payload)) + payload + _LEN.pack(zlib.crc32(payload))


def _records(data: bytes, start: int) -> Iterator[tuple[int, bytes | None]]:
    """Yield (offset, payload) per whole record; a final (offset, None) marks a torn tail."""
    pos = start
    while pos < len(data):
        if pos + 4 > len(data):
            yield pos, None
            return
        (length,) = _LEN.unpack_from(data, pos)
        end = pos + 4 + length + 4
        if length > MAX_RECORD or end > len(data):
            yield pos, None
            return
        payload = data[pos + 4 : pos + 4 + length]
        (crc,) = _LEN.unpack_from(data, pos + 4 + length)
        if crc != zlib.crc32(payload):
            if end == len(data):
                yield pos, None
                return
            raise ReplayError(f"record at byte {pos} is corrupt (checksum mismatch)")
        yield pos, payload
        pos = end


def read(path: str | Path) -> Replay:
    """Read and check a replay (framing, codec, hash chain); raises :class:`ReplayError`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not data.startswith(MAGIC):
        raise ReplayError(f"{path.name} is not a Caldera replay file")
    header: Header | None = None
    replay: Replay | None = None
    for offset, payload in _records(data, len(MAGIC)):
        if payload is None:
            torn = len(data) - offset
            if replay is None:
                raise ReplayError(f"{path.name}: the header record is torn")
            replay.warnings.append(
                f"{path.name}: torn tail of {torn} byte(s) after event "
                f"{len(replay.envelopes) - 1} ignored (an interrupted write)"
            )
            break
        try:
            if header is None:
                header = Header.from_wire(unpack(payload, MAX_RECORD))
                replay = Replay(path, header)
                replay.good_bytes = offset + 8 + len(payload)
                continue
            env = decode_envelope(payload, MAX_RECORD)
        except CodecError as exc:
            raise ReplayError(f"{path.name}: record at byte {offset}: {exc}") from None
        assert replay is not None
        expected_prev = short_hash(replay.raw[-1]) if replay.raw else GENESIS
        if env.seq != len(replay.envelopes) or env.prev != expected_prev:
            raise ReplayError(
                f"{path.name}: event {len(replay.envelopes)} breaks the hash chain "
                f"(an edited or missing record)"
            )
        replay.envelopes.append(env)
        replay.raw.append(payload)
        replay.good_bytes = offset + 8 + len(payload)
    if replay is None:
        raise ReplayError(f"{path.name}: no header")
    return replay


@dataclass(frozen=True)
class Peek:
    """What a list of saved games needs, read without decoding every event."""

    header: Header
    events: int
    ended: GameEnded | None
    warnings: tuple[str, ...] = ()


def peek(path: str | Path) -> Peek:
    """The header, the number of whole events and the ending of a replay: the framing and the
    checksums are walked, only the first and last records decoded (no hash-chain check)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not data.startswith(MAGIC):
        raise ReplayError(f"{path.name} is not a Caldera replay file")
    first: bytes | None = None
    last: bytes | None = None
    records = 0
    warnings: list[str] = []
    for offset, payload in _records(data, len(MAGIC)):
        if payload is None:
            warnings.append(f"{path.name}: torn tail of {len(data) - offset} byte(s) ignored")
            break
        records += 1
        if first is None:
            first = payload
        else:
            last = payload
    if first is None:
        raise ReplayError(f"{path.name}: no header")
    try:
        header = Header.from_wire(unpack(first, MAX_RECORD))
        ended = None
        if last is not None:
            event = decode_envelope(last, MAX_RECORD).event
            ended = event if isinstance(event, GameEnded) else None
    except CodecError as exc:
        raise ReplayError(f"{path.name}: {exc}") from None
    return Peek(header, records - 1, ended, tuple(warnings))


class ReplayWriter:
    """Appends envelopes to a replay file, flushing each so a crash tears at most one record."""

    def __init__(self, path: Path, handle: IO[bytes], *, durable: bool = False) -> None:
        self.path = path
        self._handle = handle
        self.durable = durable

    @classmethod
    def create(cls, path: str | Path, header: Header, *, durable: bool = False) -> ReplayWriter:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("xb")
        writer = cls(path, handle, durable=durable)
        writer._write(MAGIC + _record(pack(header.to_wire())))
        return writer

    @classmethod
    def resume(cls, path: str | Path, *, durable: bool = False) -> tuple[ReplayWriter, Replay]:
        """Open an existing replay for appending, cutting a torn tail back first."""
        replay = read(path)
        handle = Path(path).open("r+b")  # noqa: SIM115 (the writer owns the handle)
        handle.truncate(replay.good_bytes)
        handle.seek(replay.good_bytes)
        return cls(Path(path), handle, durable=durable), replay

    def append(self, env: Envelope, data: bytes) -> None:
        """Append one envelope given its encoded bytes (as the referee produced them)."""
        self._write(_record(data))

    def _write(self, blob: bytes) -> None:
        self._handle.write(blob)
        self._handle.flush()
        if self.durable:
            os.fsync(self._handle.fileno())

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

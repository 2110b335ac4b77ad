"""The replay file: a header and then one record per event envelope, append-only.

Layout: 8 magic bytes, then records. A record is a 4-byte big-endian length, that many bytes
of msgpack, and a 4-byte CRC-32 of them. The first record is the header (game, rules version,
players, config, seed hash, creation time); every later record is an envelope. Each record is
flushed as it is written, so a crash can only tear the last one: reading detects the torn tail
and says so (resuming cuts it back to the last whole record). Damage anywhere else is told
apart from a torn tail: reading goes on after it, names the events lost, and keeps the whole
ones that follow.
"""

from __future__ import annotations

import mmap
import os
import re
import struct
import zlib
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, NamedTuple, TypeAlias

from core.codec import GENESIS, Envelope, decode_envelope, pack, short_hash, unpack
from core.errors import CodecError, ReplayError
from core.lifecycle import GameEnded, GameStarted
from replays.header import Header

__all__ = ["MAGIC", "SUFFIX", "Damage", "Header", "Peek", "Replay", "ReplayWriter", "peek", "read"]

MAGIC = b"CALDERA\x01"
SUFFIX = ".caldera"
_LEN = struct.Struct(">I")
Bytes: TypeAlias = bytes | mmap.mmap
MAX_RECORD = 1 << 20
MAX_FILE = 64 << 20
"""the largest replay read (64 MiB): a long game is a few hundred KiB"""
_CANDIDATE = re.compile(rb"(?=\x00[\x00-\x10])")  # where a length of at most MAX_RECORD can start
_NOT_ZERO = re.compile(rb"[^\x00]")


@dataclass(frozen=True)
class Damage:
    """Bytes of a replay file that are not a whole record.

    A *torn tail* runs to the end of the file (a write cut short by a crash): nothing whole
    follows it. *Mid-file damage* has whole records after it: the events it held are lost
    (``lost``, the seqs from ``first_lost``), and the events after it can still be read
    (``after``) but not replayed, since the game cannot be folded across the gap.
    """

    offset: int
    size: int
    first_lost: int  # the seq of the first event it held (or would have held)
    torn: bool
    resumes_at: int | None = None  # the seq of the first readable event after it
    after: int = 0  # how many readable events follow it

    def describe(self, name: str) -> str:
        """One line for a person: where, how big, and which events it cost."""
        where = f"{self.size} byte(s) at byte {self.offset}"
        kept = f"events 0–{self.first_lost - 1} are whole" if self.first_lost else "no event is"
        if self.torn:
            return (
                f"{name}: torn tail of {where} (an interrupted write): the event being written "
                f"there is lost; {kept}"
            )
        last = self.resumes_at - 1 if self.resumes_at is not None else self.first_lost
        lost = (
            f"event {self.first_lost} is lost"
            if last <= self.first_lost
            else f"events {self.first_lost}–{last} are lost"
        )
        following = ""
        if self.after and self.resumes_at is not None:
            span = f"{self.resumes_at}–{self.resumes_at + self.after - 1}"
            following = (
                f"; events {span} after it are whole (export keeps them) but cannot be replayed"
            )
        return f"{name}: damaged record of {where}, not a torn tail: {lost}{following}"


@dataclass
class Replay:
    """A replay read from disk: header, the events that can be replayed (``envelopes``, a whole
    hash-chained run from event 0) with their raw bytes, and what is wrong with the file.

    ``damage`` lists every stretch of bytes that is not a whole record; ``warnings`` says each
    in one line. Events readable after mid-file damage are kept in ``after_gap`` (for export),
    never silently dropped.
    """

    path: Path
    header: Header
    envelopes: list[Envelope] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    good_bytes: int = 0  # where the last record of ``envelopes`` ends
    damage: list[Damage] = field(default_factory=list)
    after_gap: list[Envelope] = field(default_factory=list)

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

    @property
    def damaged_mid_file(self) -> bool:
        """Whether whole events follow a damaged stretch (so cutting the file would lose them)."""
        return any(not d.torn for d in self.damage)


def _record(payload: bytes) -> bytes:
    return _LEN.pack(len(payload)) + payload + _LEN.pack(zlib.crc32(payload))


def _whole(data: Bytes, pos: int) -> bytes | None:
    """The payload of the record at ``pos`` if it is whole (length fits, checksum matches)."""
    if pos + 8 > len(data):
        return None
    (length,) = _LEN.unpack_from(data, pos)
    end = pos + 8 + length
    if not 0 < length <= MAX_RECORD or end > len(data):  # no record is empty
        return None
    payload = data[pos + 4 : pos + 4 + length]
    (crc,) = _LEN.unpack_from(data, end - 4)
    return payload if crc == zlib.crc32(payload) else None


class _Whole(NamedTuple):
    offset: int
    payload: bytes


class _Gap(NamedTuple):
    offset: int
    size: int
    torn: bool  # it runs to the end of the file


def _scan(data: Bytes, start: int) -> Iterator[_Whole | _Gap]:
    """Walk the records; a stretch of bytes that is not a whole record is a gap, and reading
    goes on at the next offset where a whole record starts (a chance match of a CRC-32 there
    is one in 2**32), so damage in the middle never hides what follows it."""
    pos = start
    while pos < len(data):
        payload = _whole(data, pos)
        if payload is not None:
            yield _Whole(pos, payload)
            pos += 8 + len(payload)
            continue
        resume = _resume(data, pos + 1)
        if resume is None:
            yield _Gap(pos, len(data) - pos, True)
            return
        yield _Gap(pos, resume - pos, False)
        pos = resume


def _resume(data: Bytes, pos: int) -> int | None:
    """The first offset from ``pos`` where a whole record starts: only where a length could
    start is tried, and a run of zero bytes (a sparse or preallocated file) is skipped at once."""
    while (found := _CANDIDATE.search(data, pos)) is not None:
        pos = found.start()
        if pos > len(data) - 8:
            return None
        if data[pos : pos + 4] == b"\0\0\0\0":
            nonzero = _NOT_ZERO.search(data, pos)
            if nonzero is None:
                return None
            pos = max(pos + 1, nonzero.start() - 3)
            continue
        if _whole(data, pos) is not None:
            return pos
        pos += 1
    return None


def _contents(path: Path) -> Bytes:
    """The bytes of a replay, mapped rather than read (only what is looked at is loaded);
    :class:`ReplayError` (one line) when it cannot be read or is far larger than any game."""
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_FILE:
                raise ReplayError(
                    f"cannot read {path}: {size >> 20} MiB, far larger than any game "
                    f"(at most {MAX_FILE >> 20} MiB)"
                )
            if size == 0:
                return b""
            return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None


def _decode(name: str, offset: int, payload: bytes) -> Envelope:
    try:
        return decode_envelope(payload, MAX_RECORD)
    except CodecError as exc:
        raise ReplayError(f"{name}: record at byte {offset}: {exc}") from None


def _chained(name: str, env: Envelope, seq: int, previous: bytes | None) -> None:
    expected_prev = short_hash(previous) if previous is not None else GENESIS
    if env.seq != seq or env.prev != expected_prev:
        raise ReplayError(
            f"{name}: event {seq} breaks the hash chain (an edited or missing record)"
        )


def read(path: str | Path) -> Replay:
    """Read and check a replay: framing, codec, hash chain, and a header that agrees with event
    0. A torn tail or mid-file damage is reported in ``damage``/``warnings``; an edited record
    (whole, but breaking the chain) raises :class:`ReplayError`, as does anything unreadable."""
    path = Path(path)
    name = path.name
    data = _contents(path)
    if data[: len(MAGIC)] != MAGIC:
        raise ReplayError(f"{name} is not a Caldera replay file")
    items = _scan(data, len(MAGIC))
    first = next(items, None)
    if first is None:
        raise ReplayError(f"{name}: no header")
    if isinstance(first, _Gap):
        raise ReplayError(f"{name}: the header record is {'torn' if first.torn else 'damaged'}")
    try:
        header = Header.from_wire(unpack(first.payload, MAX_RECORD))
    except (CodecError, ReplayError) as exc:
        raise ReplayError(f"{name}: {exc}") from None
    replay = Replay(path, header, good_bytes=first.offset + 8 + len(first.payload))
    gaps: list[tuple[_Gap, int, int | None]] = []  # (gap, first seq lost, first seq after)
    gap: _Gap | None = None
    previous: bytes | None = None
    for item in items:
        if isinstance(item, _Gap):
            gap = item
            continue
        env = _decode(name, item.offset, item.payload)
        if gap is not None:  # the first whole record after damage: the events between are lost
            expected = replay.after_gap[-1].seq + 1 if replay.after_gap else len(replay.envelopes)
            if env.seq < expected:
                raise ReplayError(f"{name}: record at byte {item.offset} repeats event {env.seq}")
            gaps.append((gap, expected, env.seq))
            gap, previous = None, None
        elif not gaps:
            _chained(name, env, len(replay.envelopes), previous)
            if env.seq == 0:
                _check_start(name, header, env)
            replay.envelopes.append(env)
            replay.raw.append(item.payload)
            replay.good_bytes = item.offset + 8 + len(item.payload)
            previous = item.payload
            continue
        if previous is not None:
            _chained(name, env, replay.after_gap[-1].seq + 1, previous)
        replay.after_gap.append(env)
        previous = item.payload
    if gap is not None:
        expected = replay.after_gap[-1].seq + 1 if replay.after_gap else len(replay.envelopes)
        gaps.append((gap, expected, None))
    for i, (stretch, lost, resumes) in enumerate(gaps):
        end = gaps[i + 1][1] if i + 1 < len(gaps) else None
        after = [e for e in replay.after_gap if resumes is not None and e.seq >= resumes]
        after = [e for e in after if end is None or e.seq < end]
        replay.damage.append(
            Damage(stretch.offset, stretch.size, lost, stretch.torn, resumes, len(after))
        )
    replay.warnings.extend(d.describe(name) for d in replay.damage)
    return replay


def _check_start(name: str, header: Header, env: Envelope) -> None:
    if not isinstance(env.event, GameStarted):
        raise ReplayError(f"{name}: event 0 is not core.game_started")
    try:
        header.check_against(env.event)
    except ReplayError as exc:
        raise ReplayError(f"{name}: {exc}") from None


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
    data = _contents(path)
    if data[: len(MAGIC)] != MAGIC:
        raise ReplayError(f"{path.name} is not a Caldera replay file")
    first: bytes | None = None
    last: bytes | None = None
    records = 0
    warnings: list[str] = []
    for item in _scan(data, len(MAGIC)):
        if isinstance(item, _Gap):
            if first is None:
                raise ReplayError(
                    f"{path.name}: the header record is {'torn' if item.torn else 'damaged'}"
                )
            kind = "torn tail" if item.torn else "damaged record"
            warnings.append(f"{path.name}: {kind} of {item.size} byte(s) at byte {item.offset}")
            break
        records += 1
        if first is None:
            first = item.payload
        else:
            last = item.payload
    if first is None:
        raise ReplayError(f"{path.name}: no header")
    try:
        header = Header.from_wire(unpack(first, MAX_RECORD))
        ended = None
        if last is not None:
            event = decode_envelope(last, MAX_RECORD).event
            ended = event if isinstance(event, GameEnded) else None
    except (CodecError, ReplayError) as exc:
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
        """Open an existing replay for appending, cutting a torn tail back first. A file with
        damage in the middle is refused: cutting it would lose the whole events after it."""
        replay = read(path)
        if replay.damaged_mid_file:
            raise ReplayError(f"cannot append to a damaged file: {replay.warnings[0]}")
        if replay.ended is not None:
            raise ReplayError(f"{Path(path).name}: the game is over; nothing can be appended")
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

    def close(self, sync: bool = True) -> None:
        """Close the file, on the disk first (``sync=False``: the caller syncs it, with
        others, by :func:`sync_together`; every record is flushed to the system already)."""
        if not self._handle.closed:
            self._handle.flush()
            if sync:
                os.fsync(self._handle.fileno())
            self._handle.close()

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


SYNCING_AT_ONCE = 16  # files synced at a time by sync_together


def sync_together(paths: Sequence[Path]) -> None:
    """Put the files ``paths`` (written and flushed, maybe closed) on the disk, many at a time:
    the file system commits the ones that come together in one journal write, where syncing
    one after the other waits for a commit each (250 tables' replays took 1.3 s on a busy
    machine's event loop). A file that is gone, or cannot be opened, is left."""

    def sync(path: Path) -> None:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    if not paths:
        return
    with ThreadPoolExecutor(min(SYNCING_AT_ONCE, len(paths)), "sync") as pool:
        list(pool.map(sync, paths))

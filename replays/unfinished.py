"""What only the referee of an unfinished game keeps, to resume it: its secret seed, and who sat
where.

A replay file is public (players may be sent it) and must not hold the seed before the game
ends: ``GameStarted`` publishes only its hash, ``GameEnded`` reveals it. So the referee keeps
the seed apart, in a record of its own in the data directory of the machine that referees the
game (``<data dir>/unfinished/``, a directory only its user may read; each record 0600)::

    {"format": 1, "replay": "/…/replays/20250101-….caldera", "seed_hash": "…", "seed": "…",
     "salt": "…", "kind": "local" | "table",
     "details": {…who sat where, the table's id and options…}}

The record is written when the game begins and deleted when it ends (then the file itself
reveals the seed). While a process referees the game it holds a lock on the record, so the
saved-games list can tell a game being played right now from one that can be resumed, and two
processes never referee one game.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Literal

from core.errors import ReplayError
from core.rng import seed_hash as hash_of_seed
from replays.data_dir import DATA_DIR_ENV as DATA_DIR_ENV  # where it was first
from replays.data_dir import data_dir as data_dir
from replays.disk import try_lock, write_atomically

FORMAT = 1
Kind = Literal["local", "table"]


def records_dir() -> Path:
    return data_dir() / "unfinished"


@dataclass(frozen=True)
class Unfinished:
    """An unfinished game's secret seed and salt, and how to seat it again (``details``, its
    owner's)."""

    replay: Path
    seed: str
    kind: Kind
    details: dict[str, Any] = field(default_factory=dict)
    salt: str = ""  # empty in records from before salts

    @property
    def seed_hash(self) -> str:
        return hash_of_seed(self.seed, self.salt)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "replay": str(self.replay), "seed_hash": self.seed_hash,
                "seed": self.seed, "salt": self.salt, "kind": self.kind,
                "details": self.details}  # fmt: skip

    @classmethod
    def from_json(cls, doc: Any) -> Unfinished:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ReplayError(f"not a format {FORMAT} record of an unfinished game")
        replay, seed, kind, details = (doc.get(k) for k in ("replay", "seed", "kind", "details"))
        if not isinstance(replay, str) or not isinstance(seed, str):
            raise ReplayError("the record names no replay file or seed")
        if kind not in ("local", "table") or not isinstance(details, dict):
            raise ReplayError("the record's kind or details are not readable")
        salt = doc.get("salt", "")
        if not isinstance(salt, str):
            raise ReplayError("the record's salt is not readable")
        return cls(Path(replay), seed, kind, details, salt)


def _record_path(replay: Path) -> Path:
    """One record per replay file: its name, and a hash of where it is (names may repeat)."""
    where = hashlib.blake2b(str(replay.resolve()).encode(), digest_size=4).hexdigest()
    return records_dir() / f"{replay.stem}-{where}.json"


class Kept:
    """A record this process holds: the game is refereed here until :meth:`release`."""

    def __init__(self, record: Unfinished, path: Path, lock: IO[bytes]) -> None:
        self.record = record
        self.path = path
        self._lock: IO[bytes] | None = lock

    def update(self, record: Unfinished) -> None:
        """Write ``record`` in place of the one held (the same game; its details changed);
        raises ``OSError`` when it cannot be written (the one before stays)."""
        if record.replay.resolve() != self.record.replay.resolve():
            raise ValueError("a record is updated only with one of the same game")
        write_atomically(self.path, _text(record))
        self.record = record

    def finished(self) -> None:
        """The game ended (its file reveals the seed now): forget the record."""
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            self.path.with_suffix(".lock").unlink()
        self.release()

    def release(self) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.close()


def keep(record: Unfinished) -> Kept:
    """Write ``record`` (atomically, readable by this user only) and hold it; raises
    ``OSError`` when the data directory cannot keep it, :class:`ReplayError` when another
    process referees that game already."""
    path = _record_path(record.replay)
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        path.parent.chmod(0o700)
    lock = try_lock(path.with_suffix(".lock"))
    if lock is None:
        raise ReplayError(f"{record.replay.name} is being played in another process")
    try:
        write_atomically(path, _text(record))
    except BaseException:
        lock.close()
        raise
    return Kept(record, path, lock)


def forget(replay: Path) -> None:
    """Forget the record of the unfinished game in ``replay`` (its file is being deleted)."""
    path = _record_path(replay)
    for gone in (path, path.with_suffix(".lock")):
        with contextlib.suppress(OSError):
            gone.unlink()


def _text(record: Unfinished) -> str:
    return json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n"


def find(replay: Path, seed_hash: str) -> Unfinished | None:
    """The record of the game in ``replay`` (whose header gives ``seed_hash``), if this machine
    keeps one: under its own name, or (the file was moved) any record of that seed hash and file
    name."""
    direct = _read(_record_path(replay))
    if direct is not None and direct.seed_hash == seed_hash:
        return direct
    for record in records():
        if record.seed_hash == seed_hash and record.replay.name == replay.name:
            return record
    return None


def held(replay: Path) -> bool:
    """Whether a process referees the game in ``replay`` right now."""
    path = _record_path(replay)
    if not path.exists():
        return False
    try:
        lock = try_lock(path.with_suffix(".lock"))
    except OSError:
        return False
    if lock is None:
        return True
    lock.close()
    return False


def claim(replay: Path, seed_hash: str) -> Kept:
    """Hold the record of ``replay`` to resume its game; :class:`ReplayError` with one line
    when this machine keeps none or another process referees it now."""
    record = find(replay, seed_hash)
    if record is None:
        raise ReplayError(
            f"{replay.name}: the seed of this unfinished game is not kept on this machine "
            f"(only the machine whose referee began it can resume it)"
        )
    if record.replay.resolve() != replay.resolve():  # the file was moved: follow it
        record = replace(record, replay=replay.resolve())
    return keep(record)


def records() -> list[Unfinished]:
    """Every record this machine keeps (unreadable ones are left alone)."""
    try:
        paths = sorted(records_dir().glob("*.json"))
    except OSError:
        return []
    return [record for path in paths if (record := _read(path)) is not None]


def _read(path: Path) -> Unfinished | None:
    try:
        return Unfinished.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ReplayError):
        return None

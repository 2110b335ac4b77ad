"""Who this terminal is at every table, from one run to the next.

The first run creates an identity (a client id, and later the display name the user chooses)
and keeps it in the config directory; every later run (the app, ``caldera bot``) uses it, so a
player whose process died comes back as the same client and takes their seat back.

One file per identity, ``identity.json`` in the config directory (``bot-identity.json`` for
``caldera bot``), written atomically (a temporary file, fsync, rename) and readable by every
command::

    {"format": 1, "client": "c3k9x2", "name": "Ann", "keys": {}}

``keys`` holds the identity's Ed25519 signing key pair (:mod:`net.trust.keys`; made on first use, so
the file is readable by its user only, as every file written here is); a rewrite keeps every
field it does not know. While a process uses an identity it holds an exclusive lock on its
``.lock`` file. A second app on the same machine finds ``identity.json`` held and takes
``identity-2.json`` (created on first need), a third ``identity-3.json``, and so on: two apps at
once are two players. The lock dies with its process, even on ``kill -9``, so a restarted app
takes the first identity that is free again: its own, when the others still run.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from core.language import Translator
from net.config import config_dir
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from replays.disk import read_json, try_lock, write_atomically

_ = Translator("net").gettext

FORMAT = 1
MOST = 64  # identities a machine may use at once, per kind
MAX_NAME = 24


@dataclass(frozen=True)
class Identity:
    """A client id that lasts, the name shown at tables, and room for more (``extra``)."""

    client: str
    name: str = ""
    keys: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # fields of a newer Caldera, kept

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "format": FORMAT, "client": self.client, "name": self.name,
                "keys": self.keys}  # fmt: skip

    @classmethod
    def from_json(cls, doc: Any) -> Identity:
        """An identity from its file's JSON; :class:`NetError` with one line if it is not one."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise NetError(_("not a format {n} identity").format(n=FORMAT))
        client, name, keys = doc.get("client"), doc.get("name", ""), doc.get("keys", {})
        if not isinstance(client, str) or not topics.valid_name(client):
            raise NetError(_("its client id is not 1–64 letters, digits, '_', '.' or '-'"))
        if not isinstance(name, str) or not isinstance(keys, dict):
            raise NetError(_("its name or keys have the wrong type"))
        extra = {k: v for k, v in doc.items() if k not in ("format", "client", "name", "keys")}
        return cls(client, name[:MAX_NAME], keys, extra)


class Lease:
    """An identity this process holds (its lock file stays locked until :meth:`release`)."""

    def __init__(self, path: Path, identity: Identity, lock: IO[bytes], note: str = "") -> None:
        self.path = path
        self.identity = identity
        self.note = note  # one line for the user when something had to be mended
        self._lock: IO[bytes] | None = lock
        self.keys = self._signing_keys()

    def _signing_keys(self) -> Keys:
        """The identity's key pair; made (and kept) the first time it is needed."""
        kept = dict(self.identity.keys)  # whatever else a newer Caldera keeps there
        if "ed25519" in kept:
            try:
                return Keys.from_json(kept)
            except NetError as exc:  # never lose a key: keep the unreadable one aside
                made = _("{file}: {why}; a new key pair was made")
                self.note = self.note or made.format(file=self.path, why=exc)
                kept = {"unreadable": kept}
        keys = Keys.generate()
        self.identity = Identity(
            self.client, self.name, {**kept, **keys.to_json()}, self.identity.extra
        )
        with contextlib.suppress(OSError):  # a read-only config dir: the key lasts this run
            _write(self.path, self.identity)
        return keys

    @property
    def client(self) -> str:
        return self.identity.client

    @property
    def name(self) -> str:
        return self.identity.name

    def rename(self, name: str) -> None:
        """Keep ``name`` as the name shown at tables from now on (saved at once)."""
        name = name.strip()[:MAX_NAME]
        if name and name != self.identity.name:
            self.identity = Identity(self.client, name, self.identity.keys, self.identity.extra)
            with contextlib.suppress(OSError):  # a read-only config dir: the name lasts this run
                _write(self.path, self.identity)

    def release(self) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.close()  # closing the file drops the lock

    def __enter__(self) -> Lease:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def read_only(kind: str = "identity", directory: Path | None = None) -> tuple[str, Keys] | None:
    """The first identity of ``kind`` and its keys, read without its lock (a read-only command,
    beside an app that holds it); ``None`` when there is none yet or it cannot be read."""
    folder = directory if directory is not None else config_dir()
    try:
        identity = Identity.from_json(read_json(folder / f"{kind}.json"))
        return identity.client, Keys.from_json(identity.keys)
    except (OSError, NetError):
        return None


def claim(kind: str = "identity", directory: Path | None = None) -> Lease:
    """The first identity of ``kind`` (``identity`` for the app, ``bot-identity`` for bots) no
    other running process holds, created if needed. Raises :class:`NetError` if the config
    directory cannot be written and no identity can be kept."""
    folder = directory if directory is not None else config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        said = _("cannot keep an identity in {folder}: {why}")
        raise NetError(said.format(folder=folder, why=exc.strerror or exc)) from None
    for slot in range(1, MOST + 1):
        path = folder / (f"{kind}.json" if slot == 1 else f"{kind}-{slot}.json")
        lock = _lock(path)
        if lock is None:
            continue  # another process is this identity now
        try:
            identity, note = _load_or_create(path, "bot" if kind.startswith("bot") else "c")
        except BaseException:
            lock.close()
            raise
        return Lease(path, identity, lock, note)
    said = _("{n} processes already use an identity from {folder}")
    raise NetError(said.format(n=MOST, folder=folder))


def _lock(path: Path) -> IO[bytes] | None:
    """The locked lock file of ``path``, or ``None`` when another process holds it."""
    try:
        return try_lock(path.with_suffix(".lock"))
    except OSError as exc:
        raise NetError(
            _("cannot lock {file}: {why}").format(file=path, why=exc.strerror or exc)
        ) from None


def _load_or_create(path: Path, prefix: str) -> tuple[Identity, str]:
    try:
        return Identity.from_json(read_json(path)), ""
    except FileNotFoundError:
        pass
    except (OSError, ValueError, NetError) as exc:  # never lose it: keep the bad file aside
        aside = path.with_name(path.name + ".unreadable")
        with contextlib.suppress(OSError):
            path.replace(aside)
        note = _("{file} could not be read ({why}); it was kept as {aside} and a new one made")
        note = note.format(file=path, why=exc, aside=aside.name)
        identity = Identity(topics.new_id(prefix))
        with contextlib.suppress(OSError):
            _write(path, identity)
        return identity, note
    identity = Identity(topics.new_id(prefix))
    try:
        _write(path, identity)
    except OSError as exc:
        said = _("cannot keep an identity in {folder}: {why}")
        raise NetError(said.format(folder=path, why=exc.strerror or exc)) from None
    return identity, ""


def _write(path: Path, identity: Identity) -> None:
    write_atomically(path, json.dumps(identity.to_json(), ensure_ascii=False, indent=1) + "\n")

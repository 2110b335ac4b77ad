"""What every small file Caldera keeps (config, identity, keymap, servers, notes beside the
replays) needs: a careful read (one clear line for a file too large, not UTF-8 text, or nested
too deep, never a traceback), an atomic write (a reader sees the old file or the new one, never
half of it, and a crash or a full disk leaves one of them) and a lock that says a process is
using it (held until released or until the process dies, even on ``kill -9``)."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import IO, Any

from core.language import Translator

_ = Translator("cli").gettext
MAX_SMALL = 1 << 20
"""the largest config, identity or note read (1 MiB): a real one is a few KiB"""


class BadFile(OSError):
    """A small file that cannot be read, with one line naming it and why."""


def cannot_read(path: Path, why: str) -> str:
    """The one line said of a file that cannot be read (``why``: the reason, the system's or
    the parser's own words as they said them)."""
    # TRANSLATORS: a settings file, a kept review or a record that cannot be read; {why} is
    # the reason (the system's or the TOML/JSON reader's own words stay as they said them)
    return _("cannot read {path}: {why}").format(path=path, why=why)


def read_small(path: Path) -> str:
    """The text of a small file; :class:`FileNotFoundError` when there is none, :class:`BadFile`
    (one line) when it is far too large, not UTF-8 text or unreadable."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_SMALL + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise BadFile(cannot_read(path, str(exc.strerror or exc))) from None
    if len(data) > MAX_SMALL:
        # TRANSLATORS: after "cannot read {path}: " (a settings or record file far too large)
        why = _("over {n} MiB, far larger than any real one").format(n=MAX_SMALL >> 20)
        raise BadFile(cannot_read(path, why))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        why = _("not UTF-8 text (byte {n})").format(n=exc.start)
        raise BadFile(cannot_read(path, why)) from None


def read_toml(path: Path) -> dict[str, Any]:
    """A small TOML file as a dict; ``{}`` when there is none, :class:`BadFile` (one line) when
    it cannot be read (see :func:`read_small`) or is not TOML."""
    try:
        text = read_small(path)
    except FileNotFoundError:
        return {}
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadFile(cannot_read(path, str(exc))) from None
    except RecursionError:
        raise BadFile(cannot_read(path, _("nested too deep"))) from None


def read_json(path: Path) -> Any:
    """A small JSON file's value; :class:`FileNotFoundError` when there is none, :class:`BadFile`
    (one line) when it cannot be read (see :func:`read_small`) or is not JSON."""
    text = read_small(path)
    try:
        return json.loads(text)
    except ValueError as exc:
        raise BadFile(cannot_read(path, str(exc))) from None
    except RecursionError:
        raise BadFile(cannot_read(path, _("nested too deep"))) from None


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text``: a temporary file (0600), fsync, rename."""
    fd, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def try_lock(path: Path) -> IO[bytes] | None:
    """An exclusive lock on ``path`` (created if needed), held until the returned file is
    closed; ``None`` when another process (or another open of it here) holds it. ``OSError``
    when it cannot be created."""
    handle = path.open("ab")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle

"""Two things every small file Caldera keeps beside its replays needs: an atomic write (a reader
sees the old file or the new one, never half of it, and a crash leaves one of them) and a lock
that says a process is using it (held until released or until the process dies, even on
``kill -9``)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from pathlib import Path
from typing import IO


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

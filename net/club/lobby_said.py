"""The newest lobby line a club server took from each key, kept across a restart.

A lobby line is numbered ``(conn, n)`` by its sayer (:mod:`net.club.lobby_room`); the server
takes only a number newer than the key's last. Forgotten at a restart, a line captured on the
broker and sent again would be taken once more (for a day, while its session counts). So each
number taken is appended to ``servers/SERVER.lobby-said.jsonl`` in the data folder (one
``[key, conn, n]`` a line: a write of about 100 bytes, flushed, not synced: a crashed server
loses none, a crashed machine perhaps its last lines), read back when the server starts with the
sessions of over a day dropped (the room refuses those anyway), and written anew, whole and
atomically, at the start and whenever it holds four times the keys it remembers. Lines that
cannot be read are skipped, told in one line of the log.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from pathlib import Path

from replays.disk import write_atomically
from replays.unfinished import data_dir

log = logging.getLogger("caldera.net")

Numbers = OrderedDict[str, tuple[int, int]]
"""key (hex) -> the newest ``(conn, n)`` taken from it, the newest taken last"""

MOST_BYTES = 64 << 20  # read at most this much of the file


def default_path(server: str) -> Path:
    return data_dir() / "servers" / f"{server}.lobby-said.jsonl"


class SaidBook:
    """The numbers kept in ``path`` (``None``: none kept, as for a test's room)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lines = 0  # lines in the file

    def read(self, oldest_ms: int) -> Numbers:
        """The numbers kept, of sessions begun at ``oldest_ms`` or later; the file is then
        written anew with only those."""
        numbers: Numbers = OrderedDict()
        if self.path is None:
            return numbers
        try:
            with self.path.open("rb") as file:
                data = file.read(MOST_BYTES)
        except FileNotFoundError:
            return numbers
        except OSError as exc:
            self._cannot(exc)
            return numbers
        skipped = 0
        for raw in data.splitlines():
            match _parse(raw):
                case (str(key), int(conn), int(n)):
                    if conn >= oldest_ms and (conn, n) > numbers.get(key, (-1, -1)):
                        numbers[key] = (conn, n)  # every key of the day: none forgotten
                        numbers.move_to_end(key)
                case _:
                    skipped += 1
        if skipped:
            log.warning("%s: %d unreadable line(s) skipped", self.path, skipped)
        self.rewrite(numbers)
        return numbers

    def note(self, key: str, order: tuple[int, int], numbers: Numbers) -> None:
        """``key`` took ``order`` (``numbers``: all of them now, for a rewrite when due)."""
        if self.path is None:
            return
        if self.lines >= 4 * max(len(numbers), 256):
            self.rewrite(numbers)
            return
        try:
            if not self.lines:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as file:
                file.write(json.dumps([key, *order]) + "\n")
        except OSError as exc:
            self._cannot(exc)
            return
        self.lines += 1

    def rewrite(self, numbers: Numbers) -> None:
        """The file anew: one line a key."""
        if self.path is None:
            return
        text = "".join(json.dumps([key, *order]) + "\n" for key, order in numbers.items())
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, text)
        except OSError as exc:
            self._cannot(exc)
            return
        self.lines = len(numbers)

    def _cannot(self, exc: OSError) -> None:
        log.warning("cannot keep the lobby lines' numbers in %s (%s): a line sent again after a "
                    "restart may be taken again", self.path, exc.strerror or exc)  # fmt: skip
        self.path = None


def _parse(raw: bytes) -> object:
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if isinstance(value, list) and len(value) == 3 and all(type(v) is int for v in value[1:]):
        return tuple(value)
    return None

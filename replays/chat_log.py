"""A game's table chat, kept beside its replay (``<replay>.chat.jsonl``), never inside it.

Chat is not the game: the replay's event log, which ``caldera verify`` checks, holds none of it,
and no check reads this file. It holds what this terminal heard at the table, one JSON object
a line (``room``, ``name``, ``seat`` from 1 or none, ``text``, ``at`` in ms since the epoch, the
sayer's ``key``), and a moderator's time-outs (``timed_out``: minutes). ``caldera export --chat``
puts it beside the game's events. A line that cannot be read is skipped; so is a file that
cannot be.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SUFFIX = ".chat.jsonl"
MOST_LINES = 5000  # lines kept of one game, at most (the last ones)
MOST_BYTES = 4 << 20  # a chat file read, at most


@dataclass(frozen=True)
class ChatLine:
    """One line heard at the table: ``name`` (at ``seat``, from 1; watching: ``None``) said
    ``text`` in ``room``; a moderator's time-out of ``name`` has ``timed_out`` minutes."""

    room: str
    name: str
    text: str
    seat: int | None = None
    at: int = 0
    key: str = ""
    timed_out: int | None = None

    @classmethod
    def read(cls, obj: Any) -> ChatLine | None:
        """The line an object of the file holds (``None``: not one)."""
        if not isinstance(obj, dict):
            return None
        room, name, text = obj.get("room"), obj.get("name"), obj.get("text")
        seat, at, key, timed = obj.get("seat"), obj.get("at", 0), obj.get("key", ""), None
        if not all(isinstance(v, str) for v in (room, name, text, key)):
            return None
        if not (seat is None or type(seat) is int) or type(at) is not int:
            return None
        if type(obj.get("timed_out")) is int:
            timed = obj["timed_out"]
        return cls(room, name, text, seat, at, key, timed)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


def chat_path(replay: Path) -> Path:
    """Where the chat of the game in ``replay`` is kept."""
    return replay.with_name(replay.name + SUFFIX)


def write_chat(replay: Path, lines: Iterable[ChatLine]) -> Path | None:
    """Keep ``lines`` beside ``replay`` (the last ``MOST_LINES``), whole or not at all, never
    over a chat kept before (the first terminal to keep a game's chat keeps it); where, or
    ``None`` when there was nothing to keep or a chat is there already. ``OSError`` when it
    cannot be written."""
    kept = list(lines)[-MOST_LINES:]
    path = chat_path(replay)
    if not kept or path.exists():
        return None
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        text = "".join(json.dumps(line.to_json(), ensure_ascii=False) + "\n" for line in kept)
        part.write_text(text, encoding="utf-8")
        try:
            os.link(part, path)
        except FileExistsError:
            return None
    finally:
        with contextlib.suppress(OSError):
            part.unlink()
    return path


def read_chat(replay: Path) -> list[ChatLine]:
    """The chat kept beside ``replay`` (none: an empty list)."""
    try:
        with chat_path(replay).open("rb") as file:
            data = file.read(MOST_BYTES)
    except OSError:
        return []
    lines = []
    for raw in data.decode("utf-8", errors="replace").splitlines():
        with contextlib.suppress(ValueError):
            line = ChatLine.read(json.loads(raw))
            if line is not None:
                lines.append(line)
    return lines[-MOST_LINES:]

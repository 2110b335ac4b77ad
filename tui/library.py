"""Where Caldera keeps its games: the data directory and the saved replays in it.

The directory is ``platformdirs.user_data_dir("caldera")``, or ``$CALDERA_DATA_DIR`` when set
(tests point it at a temporary directory). Every local game is written to ``replays/`` as it is
played, so unfinished games are there too.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from core.errors import CalderaError
from core.lifecycle import GameStarted
from replays import unfinished
from replays.file import SUFFIX, Peek, peek
from replays.unfinished import DATA_DIR_ENV, data_dir

__all__ = ["DATA_DIR_ENV", "ReplayEntry", "data_dir", "read_entry", "replays_dir", "saved_replays"]


def replays_dir() -> Path:
    return data_dir() / "replays"


def new_replay_path(started: GameStarted, now: dt.datetime | None = None) -> Path:
    """A fresh file name for a game's replay: its start time, game and seed hash."""
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    return replays_dir() / f"{stamp}-{started.game}-{started.seed_hash[:8]}{SUFFIX}"


@dataclass(frozen=True)
class ReplayEntry:
    """One saved game as the menu lists it (or the one-line reason it cannot be read)."""

    path: Path
    game: str = ""
    players: tuple[str, ...] = ()
    created: str = ""
    events: int = 0
    result: str = ""
    error: str = ""
    resumable: str = ""  # "local" (a game) or "table" (hosted here): its seed is kept here
    playing_now: bool = False  # a process referees it right now

    @property
    def finished(self) -> bool:
        return bool(self.result) and not self.result.startswith("unfinished")

    @property
    def when(self) -> str:
        """The start time in local time, minutes precision (the text itself if it cannot be
        shown as a local time)."""
        try:
            stamp = dt.datetime.fromisoformat(self.created)
            return stamp.astimezone().strftime("%d %b %y %H:%M")
        except (ValueError, OverflowError, OSError):
            return self.created[:16]


def read_entry(path: Path) -> ReplayEntry:
    """Summarise one replay file; never raises: a file that cannot be read, for whatever
    reason, is an entry with the one-line reason (one bad file must never stop the app)."""
    try:
        summary = peek(path)
    except CalderaError as exc:
        return ReplayEntry(path, error=str(exc))
    except Exception as exc:  # a hostile file: still one line, never a crash at the menu
        return ReplayEntry(path, error=f"{path.name}: cannot be read ({type(exc).__name__})")
    try:
        return _entry(path, summary)
    except Exception as exc:
        return ReplayEntry(path, error=f"{path.name}: cannot be listed ({type(exc).__name__})")


def _entry(path: Path, summary: Peek) -> ReplayEntry:
    header, ended = summary.header, summary.ended
    if ended is not None:
        names = header.players
        winners = " and ".join(names[w] for w in ended.winners if 0 <= w < len(names))
        verb = "win" if len(ended.winners) > 1 else "wins"
        scores = "–".join(str(s) for s in ended.scores)
        result = f"{winners} {verb} ({scores})"
    else:
        result = f"unfinished ({summary.events} events)"
    if summary.warnings:
        result += ", damaged"
    record = unfinished.find(path, header.seed_hash) if ended is None else None
    return ReplayEntry(
        path=path,
        game=header.game,
        players=header.players,
        created=header.created,
        events=summary.events,
        result=result,
        resumable=record.kind if record is not None else "",
        playing_now=record is not None and unfinished.held(path),
    )


def saved_replays(directory: Path | None = None) -> list[Path]:
    """The replay files in ``directory`` (default: the data directory), newest first."""
    folder = directory if directory is not None else replays_dir()
    found: list[tuple[float, str, Path]] = []
    try:
        for path in folder.iterdir():
            if path.suffix != SUFFIX:
                continue
            try:
                if path.is_file():
                    found.append((path.stat().st_mtime, path.name, path))
            except OSError:  # gone since the listing, or unreadable: skip it
                continue
    except OSError:
        return []
    return [path for *_, path in sorted(found, reverse=True)]

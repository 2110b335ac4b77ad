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
from core.lifecycle import GameEnded, GameStarted
from replays import unfinished
from replays.file import SUFFIX, Peek, Replay, peek, read
from replays.header import Table
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
    played: float = 0.0  # when it was last played: the file's last write (a POSIX time)
    table: Table | None = None  # a game across terminals: its table
    networked: bool = False  # played across terminals (also older tables, which name none)
    damage: str = ""  # what is damaged and what can still be had from the file
    finished: bool = False
    state: str = ""  # the result in a word or two: "Ann won", "unfinished", "damaged"

    @property
    def when(self) -> str:
        """When it was last played, in local time: ``today 19:05``, ``27 Nov 19:05`` this
        year, ``27 Nov 2024`` before."""
        return played_words(self.played)

    @property
    def where(self) -> str:
        """Where it was played, in a few words: ``here`` or ``table`` (across terminals)."""
        return "table" if self.networked else "here"

    @property
    def where_words(self) -> str:
        """Where it was played, in a sentence's words."""
        if self.table is not None:
            return (
                f"at the table “{self.table.name}”, hosted by {self.table.host} "
                f"(broker {self.table.broker})"
            )
        if self.networked:
            return "at a table across terminals"
        return "on this terminal"


def played_words(stamp: float, now: dt.datetime | None = None) -> str:
    """A moment as the saved-games list shows it (local time, at most 12 characters)."""
    try:
        moment = dt.datetime.fromtimestamp(stamp).astimezone()
    except (ValueError, OverflowError, OSError):
        return "?"
    today = (now or dt.datetime.now().astimezone()).date()
    if moment.date() == today:
        return moment.strftime("today %H:%M")
    if moment.year == today.year:
        return moment.strftime("%d %b %H:%M")
    return moment.strftime("%d %b %Y")


def read_entry(path: Path) -> ReplayEntry:
    """Summarise one replay file; never raises: a file that cannot be read, for whatever
    reason, is an entry with the one-line reason (one bad file must never stop the app)."""
    try:
        played = path.stat().st_mtime
    except OSError:
        played = 0.0
    try:
        summary = peek(path)
    except CalderaError as exc:
        return ReplayEntry(path, error=str(exc), played=played)
    except Exception as exc:  # a hostile file: still one line, never a crash at the menu
        reason = f"{path.name}: cannot be read ({type(exc).__name__})"
        return ReplayEntry(path, error=reason, played=played)
    try:
        return _entry(path, summary, played)
    except Exception as exc:
        reason = f"{path.name}: cannot be listed ({type(exc).__name__})"
        return ReplayEntry(path, error=reason, played=played)


def _entry(path: Path, summary: Peek, played: float) -> ReplayEntry:
    header, ended = summary.header, summary.ended
    whole: Replay | None = None
    unread = ""
    if summary.warnings:  # damaged: read it all, to say what can still be had from it
        try:
            whole = read(path)
        except CalderaError as exc:
            unread = str(exc)
        else:
            last = whole.after_gap[-1].event if whole.after_gap else None
            ended = last if isinstance(last, GameEnded) else ended
    if ended is not None:
        names = header.players
        winners = " and ".join(names[w] for w in ended.winners if 0 <= w < len(names))
        verb = "win" if len(ended.winners) > 1 else "wins"
        scores = "–".join(str(s) for s in sorted(ended.scores, reverse=True))  # the winner's first
        result = f"{winners} {verb} ({scores})"
        state = f"{winners} won"
    else:
        state = "unfinished"
        result = f"unfinished ({summary.events} event{'' if summary.events == 1 else 's'})"
    damage = unread
    if unread:
        result, state = "damaged", "damaged"
    elif whole is not None and whole.damaged_mid_file:
        result = f"damaged: {len(whole.envelopes)} of {_recorded(whole)} events replay"
        state = "damaged"
        damage = _damage_words(whole)
    elif whole is not None:
        result += ", cut short"
        damage = _damage_words(whole)
    record = unfinished.find(path, header.seed_hash) if ended is None else None
    playing_now = record is not None and unfinished.held(path)
    if damage and record is not None and not (whole is not None and whole.damaged_mid_file):
        damage += " Resuming the game cuts the torn bytes off."
    return ReplayEntry(
        path=path,
        game=header.game,
        players=header.players,
        created=header.created,
        events=summary.events,
        result=result,
        resumable=record.kind if record is not None else "",
        playing_now=playing_now,
        played=played,
        table=header.table,
        networked=header.table is not None or header.proofs,
        damage=damage,
        finished=ended is not None,
        state="being played" if playing_now else state,
    )


def _recorded(replay: Replay) -> int:
    """How many events the file held before it was damaged (the lost ones counted)."""
    last = replay.after_gap[-1].seq if replay.after_gap else len(replay.envelopes) - 1
    return last + 1


def _damage_words(replay: Replay) -> str:
    """What is damaged, and what can still be had: the events that replay, and (damage in the
    middle) the whole events after it, which an export keeps."""
    first = replay.damage[0]
    if first.torn:
        return (
            f"The last write was cut short (a crash?): events 0–{first.first_lost - 1} are "
            "whole and replay."
        )
    lost = (first.resumes_at or first.first_lost + 1) - first.first_lost
    kept = len(replay.after_gap)
    return (
        f"Damaged in the middle: {lost} event(s) from event {first.first_lost} are lost. "
        f"Events 0–{first.first_lost - 1} replay; the {kept} whole event(s) after the damage "
        f"cannot be replayed but `caldera export {replay.path.name}` keeps them."
    )


def saved_replays(directory: Path | None = None) -> list[Path]:
    """The replay files in ``directory`` (default: the data directory), the one played last
    first (by the file's last write: every event is written as it is played)."""
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


SIBLINGS = (".proofs", ".review.json")
"""What a saved game keeps beside its replay: its host's proofs and its kept review."""


def delete_saved(entry: ReplayEntry) -> str:
    """Delete a saved game, what it keeps beside it and its record of an unfinished game; the
    one line that says so. ``ValueError`` (one line) for a game being played right now."""
    if entry.playing_now:
        raise ValueError(f"{entry.path.name} is being played right now: it stays")
    for path in (entry.path, *(entry.path.with_name(entry.path.name + s) for s in SIBLINGS)):
        path.unlink(missing_ok=True)
    unfinished.forget(entry.path)
    return f"Deleted {entry.path.name}"


def rename_saved(entry: ReplayEntry, name: str) -> Path:
    """Give a saved game a new file name (what it keeps beside it follows); the new path.
    ``ValueError`` (one line) for a name that cannot be one, one already taken, or a game that
    may still be resumed (its record knows it by its name)."""
    stem = name.strip().removesuffix(SUFFIX).strip()
    if not stem or "/" in stem or "\\" in stem or stem.startswith(".") or len(stem) > 120:
        raise ValueError("a name has letters, no '/' and does not start with '.'")
    if entry.resumable or entry.playing_now:
        raise ValueError("an unfinished game keeps its name until it is over")
    target = entry.path.with_name(stem + SUFFIX)
    if target.exists():
        raise ValueError(f"{target.name} exists already")
    entry.path.rename(target)
    for suffix in SIBLINGS:
        beside = entry.path.with_name(entry.path.name + suffix)
        if beside.exists():
            beside.rename(target.with_name(target.name + suffix))
    return target

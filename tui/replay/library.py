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
from core.language import Translator, listed, moment
from core.lifecycle import GameEnded, GameStarted
from replays import unfinished
from replays.file import SUFFIX, Peek, Replay, peek, read
from replays.header import Table
from replays.unfinished import DATA_DIR_ENV, data_dir

T = Translator("app")
_, ngettext = T.gettext, T.ngettext

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
        # TRANSLATORS: the saved games' column "Where", at most 5 characters each
        return _("table") if self.networked else _("here")

    @property
    def where_words(self) -> str:
        """Where it was played, in a sentence's words."""
        if self.table is not None:
            return _("at the table “{name}”, hosted by {host} (broker {broker})").format(
                name=self.table.name, host=self.table.host, broker=self.table.broker
            )
        if self.networked:
            return _("at a table across terminals")
        return _("on this terminal")


WHEN_WIDTH = 12  # the saved games' column "Last played"


def at(when: dt.datetime, skeleton: str, english: str) -> str:
    """``when`` in the language's form (:func:`core.language.moment`)."""
    return moment(when, skeleton, english)


def played_words(stamp: float, now: dt.datetime | None = None) -> str:
    """A moment as the saved-games list shows it (local time, at most 12 characters)."""
    try:
        moment = dt.datetime.fromtimestamp(stamp).astimezone()
    except (ValueError, OverflowError, OSError):
        return "?"
    today = (now or dt.datetime.now().astimezone()).date()
    time = at(moment, "Hm", "%H:%M")
    if moment.date() == today:
        # TRANSLATORS: at most 12 characters with the time ("heute 19:05")
        return _("today {time}").format(time=time)
    if moment.year == today.year:
        day = at(moment, "MMMd", "%d %b")
        if len(day) + 1 + len(time) > WHEN_WIDTH:
            day = at(moment, "Md", "%d %b")  # "14.12.": a short month's name did not fit
        return f"{day} {time}"
    day = at(moment, "yMMMd", "%d %b %Y")
    return day if len(day) <= WHEN_WIDTH else at(moment, "yMd", "%d %b %Y")


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
        reason = _("{file}: cannot be read ({error})").format(
            file=path.name, error=type(exc).__name__
        )
        return ReplayEntry(path, error=reason, played=played)
    try:
        return _entry(path, summary, played)
    except Exception as exc:
        reason = _("{file}: cannot be listed ({error})").format(
            file=path.name, error=type(exc).__name__
        )
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
        won = [names[w] for w in ended.winners if 0 <= w < len(names)]
        winners = listed(won)
        scores = "–".join(str(s) for s in sorted(ended.scores, reverse=True))  # the winner's first
        many = len(ended.winners)
        result = ngettext("{winners} wins ({scores})", "{winners} win ({scores})", many).format(
            winners=winners, scores=scores
        )
        state = ngettext("{winners} won", "{winners} won", many).format(winners=winners)
    else:
        state = _("unfinished")
        result = ngettext(
            "unfinished ({n} event)", "unfinished ({n} events)", summary.events
        ).format(n=summary.events)
    damage = unread
    if unread:
        result, state = _("damaged"), _("damaged")
    elif whole is not None and whole.damaged_mid_file:
        result = _("damaged: {n} of {recorded} events replay").format(
            n=len(whole.envelopes), recorded=_recorded(whole)
        )
        state = _("damaged")
        damage = _damage_words(whole)
    elif whole is not None:
        result = _("{result}, cut short").format(result=result)
        damage = _damage_words(whole)
    record = unfinished.find(path, header.seed_hash) if ended is None else None
    playing_now = record is not None and unfinished.held(path)
    if damage and record is not None and not (whole is not None and whole.damaged_mid_file):
        damage += " " + _("Resuming the game cuts the torn bytes off.")
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
        state=_("being played") if playing_now else state,
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
        return _(
            "The last write was cut short (a crash?): events 0–{last} are whole and replay."
        ).format(last=first.first_lost - 1)
    lost = (first.resumes_at or first.first_lost + 1) - first.first_lost
    kept = len(replay.after_gap)
    return _(
        "Damaged in the middle: {lost} event(s) from event {first} are lost. Events 0–{last} "
        "replay; the {kept} whole event(s) after the damage cannot be replayed but `caldera "
        "export {file}` keeps them."
    ).format(
        lost=lost,
        first=first.first_lost,
        last=first.first_lost - 1,
        kept=kept,
        file=replay.path.name,
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
        raise ValueError(
            _("{file} is being played right now: it stays").format(file=entry.path.name)
        )
    for path in (entry.path, *(entry.path.with_name(entry.path.name + s) for s in SIBLINGS)):
        path.unlink(missing_ok=True)
    unfinished.forget(entry.path)
    return _("Deleted {file}").format(file=entry.path.name)


def rename_saved(entry: ReplayEntry, name: str) -> Path:
    """Give a saved game a new file name (what it keeps beside it follows); the new path.
    ``ValueError`` (one line) for a name that cannot be one, one already taken, or a game that
    may still be resumed (its record knows it by its name)."""
    stem = name.strip().removesuffix(SUFFIX).strip()
    if not stem or "/" in stem or "\\" in stem or stem.startswith(".") or len(stem) > 120:
        raise ValueError(_("a name has letters, no '/' and does not start with '.'"))
    if entry.resumable or entry.playing_now:
        raise ValueError(_("an unfinished game keeps its name until it is over"))
    target = entry.path.with_name(stem + SUFFIX)
    if target.exists():
        raise ValueError(_("{file} exists already").format(file=target.name))
    entry.path.rename(target)
    for suffix in SIBLINGS:
        beside = entry.path.with_name(entry.path.name + suffix)
        if beside.exists():
            beside.rename(target.with_name(target.name + suffix))
    return target

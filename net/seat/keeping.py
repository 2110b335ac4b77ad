"""A finished table's replay, kept by a seat's holder on its own machine too.

Only the host (or the table server) writes a table's replay as the game is played: a seat is
sent each event projected for it, so nothing it may not see reaches its terminal. Once the game
is over (its end reveals the seed, and with it every draw), the seat's holder asks the host for
the log as the referee wrote it (:meth:`net.seat.session.NetSession.whole_log`, signed by the host's
key and sealed to the holder's), checks it, and writes it to its own replays directory in the
replay file format, so it shows in its saved games and replays and exports like any other.

What came is checked before anything is written: a hash chain from event 0, every event what
this seat was sent once projected for it (the seat's own log pins the host's), ending the game,
and an audit that re-decides every command and re-draws every chance with the revealed seed.
A file is written beside it and linked into place, never over an existing file; a game whose
replay the directory holds already (the host's, on the same machine) is not written twice.

The table's chat this terminal heard is kept beside the replay, never in it
(:mod:`replays.chat_log`: ``caldera export --chat`` puts it with the game).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.audit import audit
from core.codec import GENESIS, Envelope, decode_envelope, encode_envelope, short_hash
from core.errors import CalderaError, CodecError, ReplayError
from core.language import Translator
from core.lifecycle import GameEnded, GameStarted
from core.protocol import Rules, Seat
from net.seat.session import NetSession
from replays.chat_log import write_chat
from replays.file import SUFFIX, Header, ReplayWriter, peek
from replays.header import Table

_ = Translator("net").gettext

__all__ = ["Kept", "check_whole", "keep_replay", "not_kept", "write_replay"]


@dataclass(frozen=True)
class Kept:
    """Where the replay is; ``already``: the directory held it before (nothing written)."""

    path: Path
    already: bool = False


def check_whole(
    rules: Rules[Any], seat: Seat, own: Sequence[Envelope], raws: Sequence[bytes]
) -> list[Envelope]:
    """The envelopes of ``raws``, the whole log the host gave, once checked against the log
    this seat was sent (``own``); :class:`ReplayError` with one line naming what is wrong."""
    if len(raws) != len(own):
        said = _("the host's log has {n} events, this seat saw {seen}")
        raise ReplayError(said.format(n=len(raws), seen=len(own)))
    envs: list[Envelope] = []
    previous: bytes | None = None
    for seq, (data, mine) in enumerate(zip(raws, own, strict=True)):
        try:
            env = decode_envelope(data)
        except CodecError as exc:
            said = _("event {n} of the host's log is unreadable: {why}")
            raise ReplayError(said.format(n=seq, why=exc)) from None
        link = short_hash(previous) if previous is not None else GENESIS
        if env.seq != seq or env.prev != link:
            raise ReplayError(_("event {n} of the host's log breaks the hash chain").format(n=seq))
        seen = encode_envelope(Envelope(seq, rules.project(env.event, seat), env.prev))
        if seen != encode_envelope(mine):
            said = _("event {n} of the host's log is not the one this seat was sent")
            raise ReplayError(said.format(n=seq))
        envs.append(env)
        previous = data
    if not envs or not isinstance(envs[-1].event, GameEnded):
        raise ReplayError(_("the host's log does not end the game"))
    report = audit(envs)
    if not report.ok:
        said = _("the host's log does not audit: {problem}")
        raise ReplayError(said.format(problem=report.problems[0]))
    return envs


def write_replay(
    directory: Path, name: str, envs: Sequence[Envelope], raws: Sequence[bytes], where: Table
) -> Kept:
    """Write the checked log as ``<name>-<now>.caldera`` in ``directory``, unless a replay of
    that table's game is there already; never over a file. ``OSError`` or
    :class:`ReplayError` when it cannot be written."""
    started = envs[0].event
    assert isinstance(started, GameStarted)
    directory.mkdir(parents=True, exist_ok=True)
    for path in sorted(directory.glob(f"{name}-*{SUFFIX}")):
        with contextlib.suppress(CalderaError, OSError):
            if peek(path).header.seed_hash == started.seed_hash:
                return Kept(path, already=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = directory / f"{name}-{stamp}{SUFFIX}"
    part = directory / f".{path.name}.{os.getpid()}.part"  # not a replay's name: never listed
    try:
        with ReplayWriter.create(part, Header.for_game(started, table=where)) as writer:
            for env, data in zip(envs, raws, strict=True):
                writer.append(env, data)
        try:
            os.link(part, path)  # whole, or not there; never over another file
        except FileExistsError:
            said = _("{file} exists already: the replay was not kept")
            raise ReplayError(said.format(file=path.name)) from None
    finally:
        with contextlib.suppress(OSError):
            part.unlink()
    return Kept(path)


async def keep_replay(session: NetSession, directory: Path, timeout: float = 30.0) -> Kept:
    """Ask the host for the finished game's whole log, check it and keep it in ``directory``
    (checking and writing off the event loop). :class:`CalderaError` or ``OSError`` with one
    line when it cannot be had or kept."""
    raws = await session.whole_log(timeout)
    seat = session.seat
    assert seat is not None  # whole_log asks as a seat's holder only
    own = list(session.envelopes)
    card = session.card
    address = session.address
    where = Table(
        card.name if card is not None else session.table,
        card.host if card is not None else "",
        f"{address.host}:{address.port}",
    )

    chat = [heard.kept() for heard in session.chat.transcript]

    def keep() -> Kept:
        envs = check_whole(session.rules, seat, own, raws)
        kept = write_replay(directory, session.table, envs, raws, where)
        write_chat(kept.path, chat)  # beside it, never in it
        return kept

    return await asyncio.to_thread(keep)


def not_kept(exc: CalderaError | OSError) -> str:
    """The one line saying why :func:`keep_replay` kept nothing (an OS error by its words)."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return _("The game's replay was not kept here: {why}").format(why=reason)

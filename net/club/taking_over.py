"""A server's served games resumed: its own unfinished ones when it starts, and those of a server
that left.

A server that was killed resumes, when it starts again, every unfinished game it was hosting in
its replay directory (:meth:`TableHost.resume <net.table.host.TableHost.resume>`): the same
tables, the same seats, the same seeds; their players rejoin by themselves.

Servers that also share a replay directory and a data directory (the unfinished games' seeds)
stand in for each other: when a server's card is cleared by its Last Will, and every ``sweep``
seconds in case a will was lost (a broker node dying with it), each of the others resumes the
served games nobody referees; the lock on each game's record lets exactly one of them have it.
A will can come before the killed server's locks are gone (the broker may see its socket close
first), and a busy broker can fail a resumed table's connection: for ``LEFT_GRACE`` seconds
after a will, the games still held elsewhere or not opened are tried again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from core.errors import CalderaError, CodecError
from net.config import BrokerAddress
from net.link.connection import Backoff
from net.link.lines import Lines
from net.table.host import TableHost, default_replay_dir
from net.table.timepiece import Timepiece
from net.wire.messages import Gone, read_server_listing
from replays import unfinished

log = logging.getLogger("caldera.net")

LEFT_GRACE = 30.0  # seconds the games of a server that left are tried again


def left(payload: bytes) -> bool:
    """Whether a server card's payload says its server left: its Last Will, or a clear."""
    if not payload:
        return True
    try:
        return isinstance(read_server_listing(payload), Gone)
    except CodecError:
        return False


def served_records(replay_dir: Path | None) -> list[unfinished.Unfinished]:
    """The unfinished served games of ``replay_dir`` (``None``: the default one)."""
    folder = (replay_dir or default_replay_dir()).resolve()
    out = []
    for record in unfinished.records():
        notes = record.details.get("notes")
        served = isinstance(notes, dict) and notes.get("served") is True
        if record.kind == "table" and served and record.replay.parent == folder:
            out.append(record)
    return out


def _any_not_here(replay_dir: Path | None, paths: list[Path | None]) -> bool:
    """Whether a served record of ``replay_dir`` is none of ``paths`` (the tables here)."""
    here = {path.resolve() for path in paths if path is not None}
    return any(record.replay.resolve() not in here for record in served_records(replay_dir))


class TakingOver:
    """Resumes the served games of ``replay_dir`` nobody referees (see the module) as tables
    of ``server``: ``tables`` are those it hosts, at most ``max_tables``; ``keep(host)`` makes
    a resumed one its own, ``publish_card()`` tells the lobbies, ``announce(line)`` the
    operator; the tasks it starts go in ``reapers`` (cancelled when the server closes). A
    resumed table is given the server's shared connection, ``lines`` (``None``: its own)."""

    def __init__(
        self,
        server: str,
        address: BrokerAddress,
        replay_dir: Path | None,
        tables: Mapping[str, TableHost],
        max_tables: int,
        keep: Callable[[TableHost], None],
        publish_card: Callable[[], None],
        reapers: set[asyncio.Task[None]],
        *,
        backoff: Backoff,
        timepiece: Timepiece | None,
        announce: Callable[[str], None] | None,
        lines: Lines | None,
    ) -> None:
        self.server = server
        self.address = address
        self.replay_dir = replay_dir
        self.tables = tables
        self.max_tables = max_tables
        self._keep = keep
        self._publish_card = publish_card
        self._reapers = reapers
        self.backoff = backoff
        self.timepiece = timepiece
        self.announce = announce
        self.lines = lines
        self._resuming = asyncio.Lock()
        self._taking_over: asyncio.Task[None] | None = None
        self._left_at = 0.0  # when a server was last seen leaving

    def server_left(self) -> None:
        """A server left (or someone says so): take over its tables, unless a take-over runs
        already (then it goes on longer: a flood of "gone"s starts no more)."""
        if self._taking_over is None or self._taking_over.done():
            self._taking_over = asyncio.create_task(
                self.take_over("its server left", LEFT_GRACE), name="take over"
            )
            self._reapers.add(self._taking_over)
            self._taking_over.add_done_callback(self._reapers.discard)
        else:
            self._left_at = time.monotonic()

    async def sweep(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            await self.take_over("found without a server")

    async def take_over(self, how: str, grace: float = 0.0) -> None:
        """Resume the served games of this replay directory that nobody referees; for
        ``grace`` seconds, try again while some are refereed by no table here."""
        if grace:
            self._left_at = time.monotonic()
        pause = 0.05
        while True:
            for host in await self.resume():
                assert host.referee is not None
                message = f"table {host.table} resumed at event {host.referee.seq} ({how})"
                log.info("server %s: %s", self.server, message)
                if self.announce is not None:
                    self.announce(message)
            if time.monotonic() >= self._left_at + grace or not await self._served_elsewhere():
                return
            await asyncio.sleep(pause)
            pause = min(pause * 2, 1.0)

    async def _served_elsewhere(self) -> bool:
        """Whether a served game of this replay directory is refereed by no table here (the
        records are read off the event loop: thousands of tables' files)."""
        paths = [host.replay_path for host in self.tables.values()]
        return await asyncio.to_thread(_any_not_here, self.replay_dir, paths)

    async def resume(self) -> list[TableHost]:
        """Resume the served games nobody holds; returns those."""
        async with self._resuming:  # one pass at a time: each sees the tables the last took
            return await self._resume_unheld()

    async def _resume_unheld(self) -> list[TableHost]:
        resumed: list[TableHost] = []
        for record in await asyncio.to_thread(served_records, self.replay_dir):  # every file
            if len(self.tables) >= self.max_tables:
                break
            if unfinished.held(record.replay):
                continue  # a server hosts it right now
            try:
                host = TableHost.resume(self.address, record.replay, backoff=self.backoff,
                                        timepiece=self.timepiece, lines=self.lines)  # fmt: skip
            except CalderaError as exc:
                log.warning("server %s: cannot resume %s: %s", self.server, record.replay, exc)
                continue
            try:
                await host.open()
            except CalderaError as exc:
                await host.close()  # its claim on the game goes: another try may have it
                log.warning("server %s: cannot resume %s: %s", self.server, record.replay, exc)
                continue
            self._keep(host)
            resumed.append(host)
        if resumed:
            self._publish_card()
        return resumed

"""A finished game's whole log, asked of its host by a seat's holder (to keep its replay).

The host gives the events as its referee logged them (not projected for the seat) only once
the game is over and only to a seat's holder, in parts of at most ``SYNC_MOST_EVENTS``: each
part is asked for again after ``retry`` seconds without an answer (lost, or a busy host
dropped it). What came is checked by the caller (:mod:`net.seat.keeping`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from core.language import Translator
from net.errors import NetError
from net.wire.messages import SYNC_MOST_EVENTS, Batch, SyncRequest

_ = Translator("net").gettext


async def fetch_whole_log(
    table: str,
    wanted: int,
    parts: asyncio.Queue[Batch],
    ask: Callable[[SyncRequest], None],
    retry: float,
    closed: Callable[[], bool],
    timeout: float,
) -> list[bytes]:
    """The ``wanted`` events' bytes, from the host's answers put on ``parts`` to the requests
    ``ask`` sends; :class:`NetError` with one line when the host gives nothing, the table
    ``closed()`` first, or not all came within ``timeout`` seconds."""
    raws: list[bytes] = []
    try:
        async with asyncio.timeout(timeout):
            ask_now, asked = True, 0
            while len(raws) < wanted:
                if ask_now:
                    asked = len(raws)
                    ask(SyncRequest(asked, whole=True))
                try:
                    async with asyncio.timeout(retry):
                        part = await parts.get()
                except TimeoutError:
                    if closed():
                        raise NetError(
                            _("table {table} closed before its host gave its log").format(
                                table=table
                            )
                        ) from None
                    ask_now = True  # lost, or a busy host dropped it: ask again
                    continue
                ask_now = False
                if part.start != len(raws):
                    continue  # an answer to an earlier request, come late
                if not part.envs:
                    raise NetError(
                        _("the host of table {table} does not give its log").format(table=table)
                    )
                raws.extend(part.envs[: wanted - len(raws)])
                ask_now = len(raws) - asked >= SYNC_MOST_EVENTS  # a whole answer: the next
    except TimeoutError:
        raise NetError(
            _("the host of table {table} did not give its log within {seconds} s").format(
                table=table, seconds=f"{timeout:g}"
            )
        ) from None
    return raws


class WholeLog:
    """A seat's ask for the finished game's whole log: the parts that come while it asks."""

    def __init__(self) -> None:
        self._parts: asyncio.Queue[Batch] | None = None  # while asking

    def take(self, part: Batch) -> None:
        """A part of the whole log came (on the reply topic): kept, if one is being asked for."""
        if self._parts is not None:
            self._parts.put_nowait(part)

    async def fetch(
        self,
        table: str,
        wanted: int,
        ask: Callable[[SyncRequest], None],
        retry: float,
        closed: Callable[[], bool],
        timeout: float,
    ) -> list[bytes]:
        """The ``wanted`` events' bytes (see :func:`fetch_whole_log`)."""
        self._parts = parts = asyncio.Queue[Batch]()
        try:
            return await fetch_whole_log(table, wanted, parts, ask, retry, closed, timeout)
        finally:
            self._parts = None

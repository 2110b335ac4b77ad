"""Waiting on a seat's session until something holds: re-checked after every change."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class Waiters:
    """Who waits for what (:meth:`until`); :meth:`changed` wakes those whose wait is over."""

    def __init__(self) -> None:
        self._waiting: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []

    async def until(self, predicate: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until ``predicate()`` holds; it is re-checked after every change."""
        if predicate():
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (predicate, future)
        self._waiting.append(entry)
        try:
            async with asyncio.timeout(timeout):
                await future
        finally:
            if entry in self._waiting:
                self._waiting.remove(entry)

    def changed(self) -> None:
        for predicate, future in list(self._waiting):
            if not future.done() and predicate():
                future.set_result(None)

    def fail(self, error: Exception) -> None:
        for _, future in self._waiting:
            if not future.done():
                future.set_exception(error)

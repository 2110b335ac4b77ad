"""A table's timepiece for tests: its time moves only when the test says (``advance``), and
whatever sleeps on it wakes at once when its moment comes."""

from __future__ import annotations

import asyncio


class SetTimepiece:
    """A :class:`net.table.timepiece.Timepiece` a test moves by hand."""

    def __init__(self, now: int = 1_767_225_600_000) -> None:
        self.now = now
        self._moved = asyncio.Event()

    def now_ms(self) -> int:
        return self.now

    async def sleep_until(self, ms: int) -> None:
        while self.now < ms:
            moved = self._moved
            await moved.wait()

    def advance(self, ms: int) -> None:
        self.now += ms
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

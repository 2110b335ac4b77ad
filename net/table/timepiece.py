"""Where a table's time comes from (its timepiece): wall time in milliseconds, and a way to wait
for a moment.

A table's clocks (:mod:`core.clock`) are recorded on its timepiece's time; tests give a table
their own (one that moves when told), so a clock test waits for the condition it expects and
never sleeps through real minutes.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Timepiece(Protocol):
    """What a table needs of where its time comes from."""

    def now_ms(self) -> int:
        """Milliseconds since 1970 (UTC)."""
        ...

    async def sleep_until(self, ms: int) -> None:
        """Return at ``now_ms() >= ms`` (or soon after)."""
        ...


class WallTime:
    """The machine's time (its wall clock)."""

    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000

    async def sleep_until(self, ms: int) -> None:
        while (wait := ms - self.now_ms()) > 0:
            await asyncio.sleep(min(wait / 1000, 3600.0))  # a changed system clock is seen


WALL_TIME = WallTime()

"""A hosted table's clocks: the timer that sees a clock run out, and what the table does then.

The clocks themselves are a fold of what the referee recorded (:mod:`core.clock`), so a table
resumed after a crash, or taken over by another server, has them exactly as they stood. This
module only watches them: it sleeps until the earliest moment a running clock runs out (on the
table's :class:`~net.table.timepiece.Timepiece`, which a test moves by hand), and then has the
referee record the timeout and a bot step in, as the table's terms say: for the rest of that
turn (``bot_turn``), or for the rest of the game, the player dropped (``drop``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from core.clock import Clocks
from core.protocol import Seat
from net.table.refereeing import Refereeing
from net.table.standins import HostBots
from net.table.timepiece import Timepiece

log = logging.getLogger("caldera.net")


class TableClocks:
    """Watches one table's clocks once its game runs."""

    def __init__(
        self,
        table: str,
        refereeing: Refereeing,
        bots: HostBots,
        time: Timepiece,
        *,
        on_timeout: str = "bot_turn",
        bot: str = "random",
    ) -> None:
        self.table = table
        self.refereeing = refereeing
        self.bots = bots
        self.time = time
        self.on_timeout = on_timeout
        self.bot = bot  # the bot that plays when a clock runs out
        self.timeouts = 0
        self.going = False  # the game runs here (a resumed one: once its clocks went on)
        self._wake = asyncio.Event()

    @property
    def clocks(self) -> Clocks | None:
        referee = self.refereeing.referee
        return referee.book.clocks if referee is not None else None

    def wake(self) -> None:
        """The clocks may have changed (new events): look again (not in a game without
        clocks: its wake-ups after every command were ~1.5% of a busy referee's samples)."""
        referee = self.refereeing.referee
        if referee is not None and referee.book.clocks is None:
            return
        self._wake.set()

    def go(self) -> None:
        """The game runs here now: a new one began, or a resumed one's clocks went on (until
        then a clock that ran out while nobody refereed the table is nobody's fault)."""
        self.going = True
        self._wake.set()

    def _due(self) -> tuple[int, Seat] | None:
        referee = self.refereeing.referee
        clocks = self.clocks
        if referee is None or referee.ended or clocks is None or not self.going:
            return None
        return clocks.next_deadline()

    async def watch(self) -> None:
        """Until cancelled: wait for the next clock to run out, and act on it."""
        while True:
            self._wake.clear()
            due = self._due()
            if due is None:
                await self._wake.wait()
                continue
            sleeper = asyncio.create_task(self.time.sleep_until(due[0]))
            waker = asyncio.create_task(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (sleeper, waker):
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
            if self._due() == due and self.time.now_ms() >= due[0]:
                await self.refereeing.link.wait_connected()
                if self._due() == due:
                    self.ran_out(due[1])

    def ran_out(self, seat: Seat) -> None:
        """``seat``'s time ran out: the referee records it, and a bot steps in as the terms
        say (the player keeps the seat, to come back next turn, unless dropped)."""
        referee = self.refereeing.referee
        assert referee is not None
        self.timeouts += 1
        then = self.on_timeout
        log.info("table %s: seat %d's time ran out (%s)", self.table, seat + 1, then)
        self.refereeing.publish(referee.time_ran_out(seat, then))
        if self.bots.seating.seats[seat].client is not None:  # a host's bot plays on anyway
            self.bots.hand_to_bot(seat, self.bot, "dropped" if then == "drop" else "time ran out")

    def card(self) -> dict[str, Any] | None:
        """The clocks as a table card and a turn message show them: each seat's time left
        (``left``, milliseconds) at ``at`` (milliseconds since 1970), whose clocks run from
        then (``running``, seats from 0), the clock's terms (``spec``)."""
        clocks = self.clocks
        if clocks is None or clocks.spec is None or clocks.at < 0:
            return None
        return {
            "spec": str(clocks.spec),
            "at": clocks.at,
            "left": list(clocks.left),
            "running": [s for s in clocks.running if clocks.charged(s)],
        }

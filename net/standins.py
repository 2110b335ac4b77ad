"""The host's own bots: seated bots, and stand-ins playing for players who dropped out.

A stand-in plays a client's seat until the host hands it back; with ``standin`` set, one steps
in by itself ``standin_after`` seconds after the seat's client went offline, and steps out when
that client is back. One task plays every bot's turn, at the table's ``bot_delay`` pace.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from core.bots import Bot, make_bot
from core.errors import IllegalCommand
from core.protocol import Rules, Seat
from net.errors import NetError
from net.link import Link
from net.refereeing import Refereeing
from net.seating import Seating

log = logging.getLogger("caldera.net")


class HostBots:
    """Every seat the host's bots play, and the task that plays them."""

    def __init__(
        self,
        table: str,
        rules: Rules[Any],
        seating: Seating,
        refereeing: Refereeing,
        link: Link,
        on_change: Callable[[], None],
        *,
        bot_delay: float = 0.0,
        standin: str | None = None,
        standin_after: float = 10.0,
    ) -> None:
        self.table = table
        self.rules = rules
        self.seating = seating
        self.refereeing = refereeing
        self.link = link
        self.on_change = on_change  # a seat's card changed
        self.bot_delay = bot_delay
        self.standin = standin
        self.standin_after = standin_after
        self._bots: dict[Seat, Bot] = {}
        self._auto_standins: set[Seat] = set()
        self._standin_timers: dict[Seat, asyncio.TimerHandle] = {}
        self._wake = asyncio.Event()

    def seat(self, seat: Seat | None, kind: str) -> Seat:
        """Seat a ``kind`` bot (in the first open seat by default); returns the seat."""
        seat = self.seating.open_seat(seat)
        self._bots[seat] = make_bot(self.rules.game, kind, f"{self.table}/bot/{seat}")
        self.seating.seat_bot(seat, kind)
        return seat

    def restore(self, seat: Seat, kind: str) -> None:
        """The host's ``kind`` bot sits in ``seat`` again (a resumed table)."""
        self._bots[seat] = make_bot(self.rules.game, kind, f"{self.table}/bot/{seat}")

    def hand_to_bot(self, seat: Seat, kind: str) -> None:
        """Let a ``kind`` bot play ``seat`` for its client until :meth:`hand_back`."""
        if self.seating.seats[seat].client is None:
            raise NetError(f"seat {seat + 1} is not held by a client")
        self._bots[seat] = make_bot(self.rules.game, kind, f"{self.table}/standin/{seat}")
        self.seating.set_standin(seat, kind)
        self.on_change()
        self._wake.set()

    def hand_back(self, seat: Seat) -> None:
        """Give ``seat`` back to its client."""
        if self.seating.seats[seat].standin is None:
            return
        self._bots.pop(seat, None)
        self._auto_standins.discard(seat)
        self.seating.set_standin(seat, None)
        self.on_change()

    def presence_changed(self, seat: Seat, client: str, online: bool, running: bool) -> None:
        """``client``, holding ``seat``, went ``online`` or off: a stand-in steps out, or (in a
        running game, after ``standin_after`` seconds still away) in."""
        if online:
            timer = self._standin_timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            if seat in self._auto_standins:
                self.hand_back(seat)
        elif self.standin is not None and running:
            loop = asyncio.get_running_loop()
            self._standin_timers[seat] = loop.call_later(
                self.standin_after, self._auto_standin, seat, client
            )

    def _auto_standin(self, seat: Seat, client: str) -> None:
        self._standin_timers.pop(seat, None)
        holder = self.seating.seats[seat]
        if self.standin is None or holder.client != client or holder.online or holder.standin:
            return
        self._auto_standins.add(seat)
        self.hand_to_bot(seat, self.standin)

    def cancel_timers(self) -> None:
        for timer in self._standin_timers.values():
            timer.cancel()

    def wake(self) -> None:
        """New events: maybe a bot is to move."""
        self._wake.set()

    def _to_move(self) -> Seat | None:
        referee = self.refereeing.referee
        if referee is None or referee.ended:
            return None
        for seat in self.rules.to_move(referee.state):
            if seat in self._bots:
                return seat
        return None

    async def drive(self) -> None:
        """Play the seats of the host's bots (and stand-ins) whenever it is their turn."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while (seat := self._to_move()) is not None:
                await self.link.wait_connected()
                await asyncio.sleep(self.bot_delay)
                seat = self._to_move()
                referee = self.refereeing.referee
                if seat is None or referee is None:
                    break
                bot = self._bots[seat]
                command = bot.choose(self.rules, self.rules.view(referee.state, seat), seat)
                try:
                    self.refereeing.publish(referee.submit(seat, command))
                except IllegalCommand as exc:  # a bot bug must not stall the table
                    log.warning("table %s: bot for seat %d: %s", self.table, seat + 1, exc)
                    break

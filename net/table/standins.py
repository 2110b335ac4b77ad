"""The host's own bots: seated bots, and stand-ins playing for players who dropped out.

A stand-in plays a client's seat until the host hands it back; with ``standin`` set, one steps
in by itself ``standin_after`` seconds after the seat's client went offline, and steps out when
that client is back; not at a turn-based table (``waits``), where an absent player's seat waits
for them. A clock that runs out brings a bot in too (:mod:`net.table.clocks`): for the rest of that
turn, or, when the player is dropped, to the end. At a table with terms each hand-over and
hand-back is an event of the log (:mod:`core.clock`), with its reason. One task plays every
bot's turn, at the table's ``bot_delay`` pace.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from core.bots import Bot, make_bot
from core.errors import IllegalCommand
from core.protocol import Rules, Seat
from core.search import workers
from net.errors import NetError
from net.link.connection import Channel
from net.table.refereeing import Refereeing
from net.table.seating import Seating

log = logging.getLogger("caldera.net")


class HostBots:
    """Every seat the host's bots play, and the task that plays them."""

    def __init__(
        self,
        table: str,
        rules: Rules[Any],
        seating: Seating,
        refereeing: Refereeing,
        link: Channel,
        on_change: Callable[[], None],
        *,
        bot_delay: float = 0.0,
        standin: str | None = None,
        standin_after: float = 10.0,
        waits: bool = False,
    ) -> None:
        self.table = table
        self.waits = waits  # a turn-based table: no stand-in for an absent player
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
        self.turn_only: set[Seat] = set()  # played for the rest of this turn (time ran out)
        self.dropped: set[Seat] = set()  # played to the end (the player was dropped)
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

    def hand_to_bot(self, seat: Seat, kind: str, why: str = "host") -> None:
        """Let a ``kind`` bot play ``seat`` for its client until :meth:`hand_back`; ``why``:
        ``host`` (the host chose), ``away``, ``time ran out`` (this turn), ``dropped``."""
        if self.seating.seats[seat].client is None:
            raise NetError(f"seat {seat + 1} is not held by a client")
        if seat in self.dropped:
            return
        if self.seating.seats[seat].standin is not None:
            self._release(seat)  # another stand-in, for another reason
        self._bots[seat] = make_bot(self.rules.game, kind, f"{self.table}/standin/{seat}")
        self.seating.set_standin(seat, kind)
        if why == "time ran out":
            self.turn_only.add(seat)
        elif why == "dropped":
            self.dropped.add(seat)
        referee = self.refereeing.referee
        if referee is not None:
            self.refereeing.publish(referee.hand_to_bot(seat, kind, why))
        self.on_change()
        self._wake.set()

    def hand_back(self, seat: Seat) -> None:
        """Give ``seat`` back to its client (not a dropped player's, nor, before that turn is
        over, the seat of one whose time ran out)."""
        if self.seating.seats[seat].standin is None or seat in self.dropped | self.turn_only:
            return
        self._release(seat)
        self.on_change()

    def _release(self, seat: Seat) -> None:
        self._bots.pop(seat, None)
        self._auto_standins.discard(seat)
        self.turn_only.discard(seat)
        self.seating.set_standin(seat, None)
        referee = self.refereeing.referee
        if referee is not None:
            self.refereeing.publish(referee.hand_back(seat))

    def restore_standins(self) -> None:
        """A resumed table: the bots its log says were playing for someone play on."""
        referee = self.refereeing.referee
        if referee is None:
            return
        for seat, handed in referee.book.handed.items():
            if self.seating.seats[seat].client is None:
                continue
            self._bots[seat] = make_bot(self.rules.game, handed.bot, f"{self.table}/standin/{seat}")
            self.seating.set_standin(seat, handed.bot)
            if handed.why == "time ran out":
                self.turn_only.add(seat)
            elif handed.why == "dropped":
                self.dropped.add(seat)
            elif handed.why == "away":
                self._auto_standins.add(seat)

    def turn_over(self) -> None:
        """After new events: a bot that played the rest of a turn whose time ran out gives
        the seat back once that turn is over."""
        referee = self.refereeing.referee
        if referee is None or not self.turn_only:
            return
        moving = set(self.rules.to_move(referee.state))
        for seat in sorted(self.turn_only - moving):
            self.turn_only.discard(seat)
            if not referee.ended:
                self._release(seat)
                self.on_change()

    def presence_changed(self, seat: Seat, who: str, online: bool, running: bool) -> None:
        """The key ``who``, holding ``seat``, went ``online`` or off: a stand-in steps out, or
        (in a running game, after ``standin_after`` seconds still away) in."""
        if online:
            timer = self._standin_timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            if seat in self._auto_standins:
                self.hand_back(seat)
        elif self.standin is not None and running and not self.waits:
            loop = asyncio.get_running_loop()
            self._standin_timers[seat] = loop.call_later(
                self.standin_after, self._auto_standin, seat, who
            )

    def _auto_standin(self, seat: Seat, who: str) -> None:
        self._standin_timers.pop(seat, None)
        holder = self.seating.seats[seat]
        if self.standin is None or holder.key != who or holder.online or holder.standin:
            return
        self.hand_to_bot(seat, self.standin, "away")
        self._auto_standins.add(seat)

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
                seq = referee.seq
                if getattr(bot, "searches", False):  # its view waits for a worker: a copy
                    view = self.rules.view(referee.state, seat)
                else:  # it answers at once and only reads: no copy of what it may see
                    view = self.rules.look(referee.state, seat)
                command = await workers.shared().choose(bot, self.rules, view, seat)
                if referee is not self.refereeing.referee or referee.seq != seq:
                    continue  # the game moved on (or ended) while the bot thought
                if self._bots.get(seat) is not bot:
                    continue  # the seat was handed back meanwhile
                try:
                    envs = referee.submit(seat, command)
                    self.refereeing.proofs.played_for(seat, envs)
                    self.refereeing.publish(envs)
                except IllegalCommand as exc:  # a bot bug must not stall the table
                    log.warning("table %s: bot for seat %d: %s", self.table, seat + 1, exc)
                    break

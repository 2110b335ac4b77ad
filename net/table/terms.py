"""A table's terms: its clock, what a timeout does, and whether its result is rated.

A clock is ``20m+10s`` (real time) or ``2d`` (turn-based, :class:`~core.clock.ClockSpec`); its
timer is :mod:`net.table.clocks`. A table with terms has its log record them and who sits where
(:class:`~core.lifecycle.Seated`): each seat's key (a person's, or a bot client's), or the level
of the host's bot that plays it, so a rated result names who played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.clock import ON_TIMEOUT, ClockSpec
from core.lifecycle import Seated
from net.wire.messages import SeatListing


@dataclass(frozen=True)
class TableTerms:
    """A table's terms (see the module): ``clock`` as its spec's text, ``""`` for none."""

    clock: str = ""
    on_timeout: str = "bot_turn"
    rated: bool = False

    @classmethod
    def parse(cls, clock: str, on_timeout: str, rated: bool) -> TableTerms:
        """The terms asked for; a :class:`ValueError` with one line when one is not."""
        spec = ClockSpec.parse(clock)
        if on_timeout not in ON_TIMEOUT:
            raise ValueError(f"on timeout: {on_timeout!r} is not one of {', '.join(ON_TIMEOUT)}")
        return cls(str(spec) if spec is not None else "", on_timeout, rated)

    @property
    def spec(self) -> ClockSpec | None:
        return ClockSpec.parse(self.clock)

    @property
    def recorded(self) -> bool:
        """Whether the log records the table's terms and time (a clock, or rated)."""
        return bool(self.clock) or self.rated

    def seated(self, seats: Sequence[SeatListing]) -> Seated | None:
        """The terms and who sits where, as the log records them (``None``: no terms)."""
        if not self.recorded:
            return None
        return Seated(
            keys=tuple(seat.key or "" for seat in seats),
            bots=tuple(seat.bot or "" for seat in seats),
            rated=self.rated,
            clock=self.clock,
            on_timeout=self.on_timeout,
        )

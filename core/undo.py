"""Fair undo: which of a seat's commands it may still take back, and why not when it may not.

A seat may take back its own last command, again and again, while it is still its turn and
nothing was revealed to it since: no chance event (a draw from the bag or a deck, a card, a
hidden tile), no forced event (a consequence the rules brought about, which may show what was
hidden), and no command of another seat. The rule reads only the kinds of events, so every game
gets it; the referee applies it to an ``Undo`` command and the audit applies it again to every
``Undone`` in a log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import IllegalCommand
from core.messages import Event
from core.protocol import Rules, Seat


@dataclass
class Takebacks:
    """The commands since the last thing revealed, all of one seat: ``(seat, first seq)``."""

    commands: list[tuple[Seat, int]] = field(default_factory=list)
    since: Event | None = None  # what was revealed last (the reason an undo is refused)

    def command(self, seat: Seat, first: int, event: Event) -> None:
        """``seat``'s command was accepted; its first event ``event`` has seq ``first``."""
        if self.commands and self.commands[-1][0] != seat:
            self.revealed(event)  # another seat's move: nobody takes back what came before
        self.commands.append((seat, first))

    def revealed(self, event: Event) -> None:
        """A chance or forced event (or another seat's command): nothing before it comes back."""
        self.commands.clear()
        self.since = event

    def point(self, rules: Rules[Any], seat: Seat, names: Sequence[str]) -> int:
        """The seq ``seat``'s undo goes back to; raises :class:`IllegalCommand` with one line
        saying why there is nothing it may take back."""
        if self.commands and self.commands[-1][0] == seat:
            return self.commands[-1][1]
        if self.since is None:
            raise IllegalCommand("there is nothing to take back yet")
        seen = rules.project(self.since, seat)  # the reason shows only what the seat saw
        raise IllegalCommand(
            f"nothing to take back since this happened: {rules.describe(seen, names)}"
        )

    def undone(self, back_to: int) -> None:
        """The last command (from ``back_to`` on) was taken back."""
        if self.commands and self.commands[-1][1] == back_to:
            self.commands.pop()

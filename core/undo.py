"""Fair undo: which of a seat's commands it may still take back, and why not when it may not.

A seat may take back its own last command, again and again, while it is still its turn and
nothing was revealed to it since: no chance event (a draw from the bag or a deck, a card, a
hidden tile), no forced event (a consequence the rules brought about, which may show what was
hidden), and no command of another seat. The rule reads only the kinds of events, so every game
gets it; the referee applies it to an ``Undo`` command and the audit applies it again to every
``Undone`` in a log. A terminal follows its own view of the log with :meth:`Takebacks.follow`
to know, with the same rule, whether its seat's undo would be allowed (and so offer the key).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import IllegalCommand
from core.language import Translator
from core.lifecycle import NOT_FOLDED, GameStarted, Undone
from core.messages import Event
from core.protocol import Rules, Seat

_ = Translator("app").gettext


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

    def allows(self, seat: Seat) -> bool:
        """Whether ``seat`` may take back a command now (its own is the last one)."""
        return bool(self.commands) and self.commands[-1][0] == seat

    def point(self, rules: Rules[Any], seat: Seat, names: Sequence[str]) -> int:
        """The seq ``seat``'s undo goes back to; raises :class:`IllegalCommand` with one line
        saying why there is nothing it may take back."""
        if self.allows(seat):
            return self.commands[-1][1]
        if self.since is None:
            raise IllegalCommand(_("there is nothing to take back yet"))
        seen = rules.project(self.since, seat)  # the reason shows only what the seat saw
        # TRANSLATORS: an undo refused; {event} is the log's sentence for what was revealed
        said = _("nothing to take back since this happened: {event}")
        raise IllegalCommand(said.format(event=rules.describe(seen, names)))

    def undone(self, back_to: int) -> None:
        """The last command (from ``back_to`` on) was taken back."""
        while self.commands and self.commands[-1][1] >= back_to:
            self.commands.pop()

    def follow(self, rules: Rules[Any], state: Any, seq: int, event: Event) -> None:
        """Event ``seq`` of a log, folded onto ``state`` next: what it does to the takebacks,
        told from the state before it as the referee told it. A chance or forced step of the
        rules reveals; a command's first event (:meth:`Rules.command_for`) is a command; the
        rest of a command's events change nothing. ``state`` may be one seat's view: the rules
        say from the public position alone whether a draw or a consequence is due."""
        if isinstance(event, Undone):
            self.undone(event.back_to)
        elif type(event) in NOT_FOLDED or isinstance(event, GameStarted):
            return  # the seed revealed, or a fact of the table (a clock): nothing revealed
        elif rules.forced(state) or rules.chance(state) is not None:
            self.revealed(event)
        elif rules.command_for(event) is not None:
            seat = getattr(event, "seat", None)
            if isinstance(seat, int):
                self.command(seat, seq, event)

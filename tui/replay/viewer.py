"""Whose eyes a screen shows a game through: one seat, a spectator, or everything.

A screen keeps the full fold of a game's events but paints only what its viewer may see:
``RULES.view`` of the state and ``RULES.project`` of each event (another player's cards become
"?"). "Everything", and any one seat's view, are for a finished game's replay, where every card is
turned over anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from core.codec import Envelope
from core.language import Translator
from core.messages import Event
from core.protocol import Rules
from replays.export import hides_something
from tui.lines.sentences import sentence

T = Translator("app")
_ = T.gettext


@dataclass(frozen=True)
class Viewer:
    """A seat (``seat``), a spectator (``seat`` is ``None``), or everything (``everything``)."""

    seat: int | None = None
    everything: bool = False

    def state(self, rules: Rules[Any], state: Any) -> Any:
        """What this viewer may know of ``state`` (a copy)."""
        return rules.copy(state) if self.everything else rules.view(state, self.seat)

    def event(self, rules: Rules[Any], event: Event) -> Event:
        return event if self.everything else rules.project(event, self.seat)

    def sentence(
        self, rules: Rules[Any], env: Envelope, names: Sequence[str], before: Any = None
    ) -> str:
        """The log's sentence for ``env`` as this viewer may read it (``before``: the position
        it happens in, if known)."""
        seen = self.event(rules, env.event)
        if seen is not env.event:
            env = msgspec.structs.replace(env, event=seen)
        return sentence(rules, env, names, before)

    def label(self, names: Sequence[str]) -> str:
        if self.everything:
            return _("everything")
        if self.seat is None:
            return _("a spectator")
        if self.seat < len(names):
            return names[self.seat]
        return _("seat {n}").format(n=self.seat + 1)

    def seen(self, names: Sequence[str]) -> str:
        """Whose eyes a replay is watched through, for its header: ``every hand shown``, ``as a
        spectator sees it``, ``as Ann sees it``."""
        if self.everything:
            return _("every hand shown")
        if self.seat is None:
            return _("as a spectator sees it")
        return _("as {player} sees it").format(player=self.label(names))

    def choice(self, names: Sequence[str]) -> str:
        """How a menu of viewers names this one."""
        if self.everything:
            return _("Everything (every hand)")
        if self.seat is None:
            return _("A spectator (no hand)")
        return _("{player}'s view").format(player=self.label(names))


__all__ = ["EVERYTHING", "SPECTATOR", "Viewer", "hides_something", "viewers"]

EVERYTHING = Viewer(everything=True)
SPECTATOR = Viewer()


def viewers(players: int, finished: bool) -> list[Viewer]:
    """Whose eyes a replay may be watched through. Once the game is over: everything, a
    spectator or any seat; while it is unfinished, only a spectator (a seat's view of an
    unfinished game is for that seat's own terminal, which plays it)."""
    if not finished:
        return [SPECTATOR]
    return [EVERYTHING, SPECTATOR, *(Viewer(s) for s in range(players))]

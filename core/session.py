"""A game as one terminal sees it. The TUI talks only to this, so the same screens serve a local
hotseat game (referee in-process) and a networked one (referee across an MQTT broker)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from core.codec import Envelope
from core.messages import Command
from core.protocol import Rules, Seat

Listener = Callable[[Sequence[Envelope]], None]


class Session(Protocol):
    """One terminal's seat(s) at a table.

    ``state`` is this terminal's fold of the envelopes it has received (already projected for
    its seats), so it never holds what those seats may not see. ``controlled`` are the seats
    whose commands this terminal may send (several in a hotseat game, none for a spectator).
    """

    controlled: frozenset[Seat]

    @property
    def rules(self) -> Rules[Any]:
        """The game's rules."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The seats' names, in order."""
        ...

    @property
    def state(self) -> Any:
        """The current state as this terminal may see it."""
        ...

    @property
    def envelopes(self) -> Sequence[Envelope]:
        """Every envelope received so far, in order."""
        ...

    @property
    def status(self) -> str:
        """``"connected"``, ``"reconnecting…"`` or ``"local"``: shown in the UI."""
        ...

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with each batch of new envelopes, on the event loop."""
        ...

    async def submit(self, seat: Seat, command: Command) -> None:
        """Send ``seat``'s command; raises :class:`~core.errors.IllegalCommand` with the reason
        when the referee rejects it."""
        ...

    async def close(self) -> None:
        """Leave the table (a local game is saved; a network client disconnects)."""
        ...

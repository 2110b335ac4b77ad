"""A local game: the referee in this process, bots playing at a visible pace, every event saved.

:class:`LocalSession` implements :class:`core.session.Session`, the only thing the screens talk
to, so a hotseat game and a networked one look the same to them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.bots import Bot
from core.codec import Envelope
from core.errors import IllegalCommand
from core.messages import Command
from core.protocol import Rules, Seat
from core.referee import Referee
from core.session import Listener, Session
from replays.file import Header, ReplayWriter

DEFAULT_BOT_PACE = 0.5  # seconds between two bot commands


class LocalSession:
    """Seats at one keyboard; the seats in ``bots`` are played by bots."""

    status = "local"

    def __init__(
        self,
        rules: Rules[Any],
        config: Mapping[str, Any],
        players: Sequence[str],
        *,
        bots: Mapping[Seat, Bot] | None = None,
        seed: str | None = None,
        position: Mapping[str, Any] | None = None,
        bot_pace: float = DEFAULT_BOT_PACE,
    ) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.bots: dict[Seat, Bot] = dict(bots or {})
        self.controlled = frozenset(s for s in range(len(self.players)) if s not in self.bots)
        self.bot_pace = max(0.0, bot_pace)
        self.referee: Referee[Any] = Referee(
            rules, config, self.players, seed=seed, position=position
        )
        self.replay_path: Path | None = None
        self._writer: ReplayWriter | None = None
        self._listeners: list[Listener] = []
        self._bot_task: asyncio.Task[None] | None = None
        self._closed = False

    # -- the Session protocol -------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The referee's state (the base games hide nothing from a hotseat table); read only."""
        return self.referee.state

    @property
    def envelopes(self) -> Sequence[Envelope]:
        return self.referee.log

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def submit(self, seat: Seat, command: Command) -> None:
        if self._closed:
            raise IllegalCommand("this game is closed")
        if seat not in self.controlled:
            raise IllegalCommand(f"seat {seat + 1} is not played at this keyboard")
        self._publish(self.referee.submit(seat, command))
        self._wake_bots()

    async def close(self) -> None:
        """Stop the bots and close the replay file (the game stays saved, finished or not)."""
        self._closed = True
        task, self._bot_task = self._bot_task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._writer is not None:
            self._writer.close()

    # -- running the table ----------------------------------------------------------------

    def save_to(self, path: Path) -> None:
        """Write every event to a new replay file at ``path`` as it happens (before start).

        Raises ``OSError`` (``FileExistsError`` included) when the file cannot be created.
        """
        if self.referee.log or self._writer is not None:
            raise RuntimeError("save_to() must be called once, before the game starts")
        self._writer = ReplayWriter.create(path, Header.for_game(self.referee.started))
        self.referee.sinks.append(self._writer.append)
        self.replay_path = path

    async def start(self) -> None:
        """Begin the game (setup is drawn at once), then let the bots play if they are first."""
        if not self.referee.log:
            self._publish(self.referee.begin())
        self._wake_bots()

    @property
    def ended(self) -> bool:
        return self.referee.ended

    def bot_to_move(self) -> Seat | None:
        """The bot seat that must act now, if any."""
        if self._closed or self.referee.ended:
            return None
        seats = [s for s in self.rules.to_move(self.referee.state) if s in self.bots]
        return seats[0] if seats else None

    def _publish(self, batch: Sequence[Envelope]) -> None:
        if batch:
            for listener in list(self._listeners):
                listener(batch)

    def _wake_bots(self) -> None:
        if self.bot_to_move() is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(
                self._play_bots(), name="caldera-bots"
            )

    async def _play_bots(self) -> None:
        while (seat := self.bot_to_move()) is not None:
            await asyncio.sleep(self.bot_pace)
            if self.bot_to_move() != seat:
                continue
            view = self.rules.view(self.referee.state, seat)
            command = self.bots[seat].choose(self.rules, view, seat)
            self._publish(self.referee.submit(seat, command))


if TYPE_CHECKING:  # mypy checks that a LocalSession is a Session

    def _is_a_session(local: LocalSession) -> Session:
        return local

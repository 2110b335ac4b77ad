"""A local game: the referee in this process, bots playing at a visible pace, every event saved.

:class:`LocalSession` implements :class:`core.session.Session`, the only thing the screens talk
to, so a hotseat game and a networked one look the same to them.

Its secret seed and which seats are bots are kept apart from the replay while the game is
unfinished (:mod:`replays.unfinished`), so a game that was left, or whose process died, is
resumed from its own file with the same seed: :meth:`LocalSession.resume`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.bots import Bot, make_bot
from core.codec import Envelope
from core.errors import IllegalCommand, ReplayError
from core.language import Translator
from core.messages import Command
from core.protocol import Rules, Seat
from core.referee import Referee
from core.search import workers
from core.session import Listener, Session
from replays import unfinished
from replays.file import Header, ReplayWriter, read
from tui.settings.play import DEFAULT_BOT_PACE

_ = Translator("app").gettext


class LocalSession:
    """Seats at one keyboard; the seats in ``bots`` are played by bots."""

    status = "local"
    hints = True  # the hint key (the hard bot's advice) is offered at a local table

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
        self._kept: unfinished.Kept | None = None  # the seed, kept apart until the game ends
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
            raise IllegalCommand(_("this game is closed"))
        if seat not in self.controlled:
            raise IllegalCommand(
                _("seat {seat} is not played at this keyboard").format(seat=seat + 1)
            )
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
        if self._kept is not None:
            self._kept.release()

    # -- running the table ----------------------------------------------------------------

    def save_to(self, path: Path) -> None:
        """Write every event to a new replay file at ``path`` as it happens (before start), and
        keep the seed apart so the game can be resumed until it ends.

        Raises ``OSError`` (``FileExistsError`` included) when the file cannot be created.
        """
        if self.referee.log or self._writer is not None:
            raise RuntimeError("save_to() must be called once, before the game starts")  # internal
        self._writer = ReplayWriter.create(path, Header.for_game(self.referee.started))
        self.referee.sinks.append(self._writer.append)
        self.replay_path = path
        bots = {str(seat): bot.name for seat, bot in self.bots.items()}
        details = {"bots": bots, **self.details()}
        record = unfinished.Unfinished(
            path.resolve(), self.referee.seed, "local", details, self.referee.salt
        )
        try:
            self._kept = unfinished.keep(record)
        except ReplayError as exc:  # cannot be: the file was just created
            raise OSError(str(exc)) from None

    @classmethod
    def resume(cls, path: Path, *, bot_pace: float = DEFAULT_BOT_PACE) -> LocalSession:
        """The unfinished local game saved in ``path``, exactly where it stopped: its log, its
        seed (kept apart on this machine), its bots; a torn tail is cut back first. Raises
        :class:`ReplayError` with one line when it cannot be resumed here."""
        replay = read(path)
        kept = unfinished.claim(path, replay.header.seed_hash)
        try:
            if kept.record.kind != "local":
                said = _("{file} is a table hosted here: reopen it as a table")
                raise ReplayError(said.format(file=path.name))
            referee = Referee.resume(
                replay.envelopes, replay.raw, kept.record.seed, kept.record.salt
            )
            bots = {
                int(seat): make_bot(referee.rules.game, kind, f"{referee.seed}/bot/{seat}")
                for seat, kind in dict(kept.record.details.get("bots", {})).items()
            }
            writer, _kept = ReplayWriter.resume(path)
        except ReplayError as exc:
            kept.release()
            raise ReplayError(f"{path.name}: {exc}") from None
        except (ValueError, KeyError, TypeError) as exc:  # a record that is not what it says
            kept.release()
            said = _("{file}: its record cannot be read ({why})")
            raise ReplayError(said.format(file=path.name, why=exc)) from None
        session = cls(
            referee.rules, referee.started.config, referee.players, bots=bots, bot_pace=bot_pace
        )
        session.referee = referee
        referee.sinks.append(writer.append)
        session._writer, session._kept, session.replay_path = writer, kept, path
        return session

    @property
    def kept_details(self) -> dict[str, Any]:
        """What the record kept to resume this game says of it (a tutorial names itself)."""
        return dict(self._kept.record.details) if self._kept is not None else {}

    async def start(self) -> None:
        """Begin the game (setup is drawn at once), or, resumed, finish the step a crash cut
        short; then let the bots play if they are first."""
        if not self.referee.log:
            self._publish(self.referee.begin())
        else:
            self._publish(self.referee.proceed())
        self._wake_bots()

    @property
    def ended(self) -> bool:
        return self.referee.ended

    def hand_over(self, seat: Seat, bot: str | None) -> None:
        """Seat ``seat`` is played by a ``bot`` of that kind from now on, or (``None``) at this
        keyboard again; the record kept to resume the game says so too (``OSError`` when it
        cannot: the game goes on as chosen)."""
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = make_bot(self.rules.game, bot, f"{self.referee.seed}/bot/{seat}")
        self.controlled = frozenset(s for s in range(len(self.players)) if s not in self.bots)
        self._wake_bots()
        if self._kept is not None:
            bots = {str(s): b.name for s, b in self.bots.items()}
            record = self._kept.record
            self._kept.update(replace(record, details={**record.details, "bots": bots}))

    def bot_to_move(self) -> Seat | None:
        """The bot seat that must act now, if any."""
        if self._closed or self.referee.ended:
            return None
        seats = [s for s in self.rules.to_move(self.referee.state) if s in self.bots]
        return seats[0] if seats else None

    def _publish(self, batch: Sequence[Envelope]) -> None:
        if self.referee.ended and self._kept is not None:
            self._kept.finished()  # the seed is in the file now: nothing to keep apart
            self._kept = None
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
            seq = self.referee.seq
            command = await self.bot_command(seat)
            if self.referee.seq == seq and self.bot_to_move() == seat:
                self._publish(self.referee.submit(seat, command))
            self.bot_moved()

    async def bot_command(self, seat: Seat) -> Command:
        """The command the bot of ``seat`` plays now (it sees only its seat's view)."""
        view = self.rules.view(self.referee.state, seat)
        return await workers.shared().choose(self.bots[seat], self.rules, view, seat)

    def bot_moved(self) -> None:
        """A bot's command was played (or its seat's turn passed meanwhile)."""

    def details(self) -> dict[str, Any]:
        """What the record kept to resume this game holds beside the bots."""
        return {}


if TYPE_CHECKING:  # mypy checks that a LocalSession is a Session

    def _is_a_session(local: LocalSession) -> Session:
        return local

"""A tutorial at this keyboard: a local game whose every step the narrator says (issue 45).

:class:`TutorialSession` is a :class:`~tui.play.local_table.LocalSession` (the same referee,
replay file and bots), with the tutorial's gate in front of the learner's commands: while a step
waits, only its move passes; any other is refused with the step's words (the rules' own reason
first, for a move they refuse anyway), and asked again. A step of a bot's seat scripts the bot;
otherwise the bot is made afresh for each move, seeded by the log's position, as the file's
check played it. The game is saved as it goes, the tutorial named in the record kept to resume
it, so a tutorial left goes on where it stopped (:func:`narrated`).

:func:`narration` reads where the tutorial stands from a log (the screens pass the events they
have shown, so the words follow the board, not the referee).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.codec import Envelope
from core.errors import CalderaError, IllegalCommand, ReplayError
from core.language import N_, Translator
from core.lifecycle import GameEnded, Undo
from core.messages import Command
from core.protocol import Seat
from core.search import workers
from core.tutorial import FINISH_PACE, Step, Tutorial, builtin, load, progress, step_move
from tui.lines.player import command_words
from tui.play.local_table import LocalSession
from tui.replay.library import new_replay_path
from tui.settings.play import DEFAULT_BOT_PACE

OFF_PATH = N_(
    "This game has left the tutorial's path (a move the step allowed led elsewhere): from here "
    "it is yours to play."
)
NO_TAKING_BACK = N_("The tutorial goes forward: nothing is taken back during its steps.")

T = Translator("app")
_, ngettext = T.gettext, T.ngettext


@dataclass(frozen=True)
class Narration:
    """What the narrator says now: the step waiting (``None`` once the steps are done), its
    number among them, and the words."""

    step: Step | None
    number: int  # the step's, from 1 (len(steps) + 1 once done)
    total: int
    say: str
    rule: str = ""
    look_at: tuple[str, ...] = ()
    expected: Command | None = None  # the move the step would play in the shown state
    mine: bool = False  # the step is the learner's (else a bot's scripted move)
    title: str = ""  # the tutorial's (its panel's heading stands for the table's header)

    @property
    def heading(self) -> str:
        if self.step is None:
            return _("Tutorial: the steps are done")
        return _("Step {n} of {total}").format(n=self.number, total=self.total)


def tutorial_of(name: str) -> Tutorial:
    """The tutorial a record names: a game's own (by the game's name) or a file's path."""
    path = Path(name) if name.endswith(".toml") else builtin(name)
    return load(path)


def reference(tutorial: Tutorial, path: Path | None) -> str:
    """How the record kept to resume a game names its tutorial."""
    return str(path.resolve()) if path is not None else tutorial.name


class TutorialSession(LocalSession):
    """A guided game: the learner at seat 1 of ``tutorial``, its bot at every other seat."""

    hints = False  # the narrator says what to play

    def __init__(
        self,
        tutorial: Tutorial,
        *,
        source: Path | None = None,
        bot_pace: float = DEFAULT_BOT_PACE,
    ) -> None:
        from core.bots import make_bot

        rules = tutorial.rules
        seats = range(len(tutorial.players))
        bots = {s: make_bot(tutorial.game, tutorial.bot, tutorial.bot_seed(s, 0))
                for s in seats if s != tutorial.learner}  # fmt: skip
        super().__init__(
            rules,
            tutorial.config(),
            tutorial.players,
            bots=bots,
            seed=tutorial.seed,
            bot_pace=bot_pace,
        )
        self.tutorial = tutorial
        self.source = source  # a club's file (None: the game's own tutorial)
        self.off_path = False  # a step's move can no longer be played: the game goes on freely
        self.players = tutorial.names(self.players)  # in the reader's language; events: as written

    @classmethod
    def adopt(cls, session: LocalSession, tutorial: Tutorial, source: Path | None) -> Any:
        """``session`` (a resumed local game) narrated by ``tutorial`` from where it stands."""
        narrated = cls.__new__(cls)
        narrated.__dict__.update(session.__dict__)
        narrated.tutorial, narrated.source, narrated.off_path = tutorial, source, False
        narrated.players = tutorial.names(session.players)
        narrated._check_path()
        if tutorial.finish == "bot" and tutorial.learner in narrated.bots:
            narrated.bot_pace = min(narrated.bot_pace, FINISH_PACE)  # it was playing the rest
        return narrated

    def details(self) -> dict[str, Any]:
        return {"tutorial": reference(self.tutorial, self.source)}

    # -- where the tutorial stands ---------------------------------------------------------

    @property
    def done(self) -> int:
        """The steps the log has done."""
        return progress(self.tutorial, self.rules, self.referee.log)

    @property
    def step(self) -> Step | None:
        """The step waiting now (``None`` once done, off the path, or the game over)."""
        if self.off_path or self.referee.ended:
            return None
        done = self.done
        return self.tutorial.steps[done] if done < len(self.tutorial.steps) else None

    def _check_path(self) -> None:
        """The step waiting must still be playable when its seat acts, else the game is free."""
        step = self.step
        if step is None or self.referee.ended:
            return
        state = self.referee.state
        if step.seat in self.rules.to_move(state) and step_move(self.rules, state, step) is None:
            self.off_path = True

    @property
    def intro(self) -> str:
        """The tutorial's first words, before its first step."""
        return self.tutorial.words(self.tutorial.intro)

    @property
    def length(self) -> str:
        """How long it takes a newcomer at this table's pace: ``16 steps, about 7 minutes``."""
        from core.tutorial_pace import pace

        minutes = pace(self.tutorial, bot_pace=self.bot_pace).minutes
        return length_words(len(self.tutorial.steps), minutes)

    def narration(self, shown: Sequence[Envelope] | None = None, state: Any = None) -> Narration:
        """What the narrator says after the events ``shown`` (all, by default) in ``state``."""
        return narration(self, self.referee.log if shown is None else shown,
                         self.referee.state if state is None else state)  # fmt: skip

    # -- the gate ----------------------------------------------------------------------------

    async def submit(self, seat: Seat, command: Command) -> None:
        step = self.step
        if step is not None and seat == step.seat:
            if isinstance(command, Undo):
                raise IllegalCommand(_(NO_TAKING_BACK))
            if not step.accepts(command):
                self.rules.decide(self.referee.state, seat, command)  # its own reason, if any
                raise IllegalCommand(self.wrong_words(step))
        await super().submit(seat, command)
        self._check_path()
        self._finish()

    def wrong_words(self, step: Step) -> str:
        """What a wrong move hears: the step's words, then the move it asks for."""
        tutorial = self.tutorial
        state = self.referee.state
        expected = step_move(self.rules, state, step)
        asked = ""
        if expected is not None:
            asked = command_words(self.rules, state, step.seat, expected, self.players)
        wrong = tutorial.words(step.wrong) or _("Not this move yet.")
        if not asked:
            return wrong
        return _("{wrong} This step asks for: {move}.").format(wrong=wrong, move=asked)

    def bot_to_move(self) -> Seat | None:
        """A bot acts only when its seat is the first of those to act (the learner keeps their
        cards before the bot does, say), as the file's check played it: the same game."""
        seat = super().bot_to_move()
        if seat is None or self.referee.ended:
            return seat
        return seat if self.rules.to_move(self.referee.state)[0] == seat else None

    async def bot_command(self, seat: Seat) -> Command:
        step = self.step
        state = self.referee.state
        if step is not None and step.seat == seat:
            scripted = step_move(self.rules, state, step)
            if scripted is not None:
                return scripted
        from core.bots import make_bot

        bot = make_bot(self.tutorial.game, self.tutorial.bot,
                       self.tutorial.bot_seed(seat, self.referee.seq))  # fmt: skip
        view = self.rules.view(state, seat)
        return await workers.shared().choose(bot, self.rules, view, seat)

    def bot_moved(self) -> None:
        self._check_path()
        self._finish()

    def _finish(self) -> None:
        """The steps done, a tutorial that says so (``finish = "bot"``) has its bot play the
        learner's seat to the end, quickly: the final scoring comes at once."""
        learner = self.tutorial.learner
        if self.tutorial.finish != "bot" or self.referee.ended or learner in self.bots:
            return
        if self.done < len(self.tutorial.steps) and not self.off_path:
            return
        self.bot_pace = min(self.bot_pace, FINISH_PACE)
        with contextlib.suppress(OSError):  # the record could not say so: it plays on anyway
            self.hand_over(learner, self.tutorial.bot)


def length_words(steps: int, minutes: float) -> str:
    """``16 steps, about 5 minutes`` (rounded up, at a newcomer's pace)."""
    whole = max(1, -int(-minutes // 1))
    return _("{steps}, about {minutes}").format(
        steps=ngettext("{n} step", "{n} steps", steps).format(n=steps),
        minutes=ngettext("{n} minute", "{n} minutes", whole).format(n=whole),
    )


def narration(session: TutorialSession, shown: Sequence[Envelope], state: Any) -> Narration:
    """Where ``session``'s tutorial stands after the ``shown`` events, in words."""
    tutorial = session.tutorial
    steps = tutorial.steps
    total = len(steps)
    done = progress(tutorial, session.rules, shown)
    ended = any(isinstance(env.event, GameEnded) for env in shown[-2:])
    if session.off_path or ended or done >= total or state is None:
        said = _(OFF_PATH) if session.off_path and done < total else tutorial.words(tutorial.outro)
        said = said or _("Play on: the game is yours now.")
        return Narration(None, total + 1, total, said, title=tutorial.words(tutorial.title))
    step = steps[done]
    say = tutorial.words(step.say)
    expected = step_move(session.rules, state, step)
    return Narration(
        step,
        done + 1,
        total,
        say,
        rule=tutorial.words(step.rule),
        look_at=tuple(tutorial.words(h) for h in step.highlight),
        expected=expected,
        mine=step.seat in session.controlled,
        title=tutorial.words(tutorial.title),
    )


def resume(path: Path, *, bot_pace: float = DEFAULT_BOT_PACE) -> LocalSession:
    """The unfinished local game in ``path``, where it stopped; a tutorial's, narrated again
    (:class:`ReplayError` with one line when it cannot be resumed here)."""
    session = LocalSession.resume(path, bot_pace=bot_pace)
    name = session.kept_details.get("tutorial")
    if not isinstance(name, str):
        return session
    try:
        tutorial = tutorial_of(name)
    except CalderaError as exc:
        _close_now(session)
        raise ReplayError(f"{path.name}: {exc}") from None
    source = Path(name) if name.endswith(".toml") else None
    narrated: TutorialSession = TutorialSession.adopt(session, tutorial, source)
    return narrated


def _close_now(session: LocalSession) -> None:
    """Let go of a resumed game's file and record (no bot has started yet)."""
    if session._writer is not None:
        session._writer.close()
    if session._kept is not None:
        session._kept.release()


def open_tutorial(
    tutorial: Tutorial,
    *,
    source: Path | None = None,
    bot_pace: float = DEFAULT_BOT_PACE,
    save: bool = True,
) -> TutorialSession:
    """A new tutorial game (not started yet), saved as a replay as it is played."""
    session = TutorialSession(tutorial, source=source, bot_pace=bot_pace)
    if save:
        session.save_to(new_replay_path(session.referee.started))
    return session


def unfinished_tutorial(name: str) -> Path | None:
    """The replay file of the last tutorial ``name`` left unfinished on this machine."""
    from replays import unfinished

    found = [
        record.replay
        for record in unfinished.records()
        if record.kind == "local" and record.details.get("tutorial") == name
    ]
    found = [path for path in found if path.is_file()]
    return max(found, key=lambda p: p.stat().st_mtime, default=None)

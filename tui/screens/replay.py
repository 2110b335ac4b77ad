"""Watching a game again: step, jump, autoplay, and continue a new game from any event.

The board shown at event N is exactly the fold of events 0…N (``replays.timeline``), seen
through a viewer's eyes when the game hides something (``v``): one seat's view, a spectator's,
or, once the game is over, everything.

Once the game is reviewed (``r``, or a review kept beside the replay), the timeline draws a
seat's winning chance along the game, its mistakes marked (:mod:`tui.replay.review_marks`);
``w`` chooses the seat, ``n`` / ``N`` go to its next / previous mistake or blunder, and the log
marks each judged decision as a chess score does (``?!``, ``?``, ``??``).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Label

from core.clock import show_left
from core.codec import Envelope
from core.errors import ReplayError
from core.fold import rules_of
from core.follower import Follower
from core.language import N_, Translator
from core.lifecycle import ClockRead, GameEnded, GameStarted
from core.messages import Event
from core.review import Review
from replays.chat_log import read_chat
from replays.check import checked_timeline, sound, whole
from replays.timeline import Timeline
from tui.replay.export import ask_export
from tui.replay.review_marks import ReviewMarks
from tui.replay.viewer import EVERYTHING, SPECTATOR, Viewer, hides_something, viewers
from tui.screens.choice import ChoiceScreen
from tui.settings.chat import heeded
from tui.widgets.event_log import EventLog
from tui.widgets.size_warning import FollowsSize, SizeWarning
from tui.widgets.timeline import TimelineBar

T = Translator("app")
_, ngettext = T.gettext, T.ngettext

SPEEDS = (1, 2, 4, 8, 16, 32, 64)  # events per second while playing
STEP = Binding.Group(N_("Step"), compact=True)
TURN = Binding.Group(N_("Turn"), compact=True)
JUMP = Binding.Group(N_("Start/end"), compact=True)
SPEED = Binding.Group(N_("Speed"), compact=True)


class GotoScreen(ModalScreen[int | None]):
    """Asks for an event number."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, last: int) -> None:
        super().__init__()
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                _("Go to event (0 … {last})").format(last=self.last), classes="dialog-title"
            )
            yield Input(type="integer", id="event")
            yield Label("", id="error", classes="dialog-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            seq = int(event.value)
        except ValueError:
            return
        if not 0 <= seq <= self.last:
            said = _("There is no event {n} (0 … {last})").format(n=seq, last=self.last)
            self.query_one("#error", Label).update(said)
            return
        self.dismiss(seq)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(FollowsSize, Screen[None]):
    """A replay of a game, from a file or from the game just played: the timeline, its keys and
    the event log. Each game's replay screen (``tui.games.<game>.replay``) subclasses it with its
    board: ``compose`` (a ``TimelineBar`` and a numbered ``EventLog`` among its widgets),
    ``fit_board``, ``show_board`` and the events that start a turn (``TURN_STARTED``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", N_("Back"), group=STEP, tooltip=N_("One event back")),
        Binding("right,l", "step(1)", N_("Next"), group=STEP, tooltip=N_("One event forward")),
        Binding(
            "[,shift+left",
            "turn(-1)",
            N_("Turn back"),
            key_display="[",
            group=TURN,
            tooltip=N_("To the start of this turn, or the one before"),
        ),
        Binding(
            "],shift+right",
            "turn(1)",
            N_("Next turn"),
            key_display="]",
            group=TURN,
            tooltip=N_("To the start of the next turn"),
        ),
        Binding("home", "jump('start')", N_("Start"), group=JUMP, tooltip=N_("To the first event")),
        Binding("end", "jump('end')", N_("End"), group=JUMP, tooltip=N_("To the last event")),
        Binding("g", "goto", N_("Go to"), tooltip=N_("Go to event N")),
        Binding("space", "play", N_("Play"), tooltip=N_("Play the events one after another")),
        Binding("space", "pause", N_("Pause"), tooltip=N_("Stop playing")),
        Binding("minus", "speed(-1)", N_("Slower"), group=SPEED, tooltip=N_("Play slower")),
        Binding(
            "plus,equals_sign",
            "speed(1)",
            N_("Faster"),
            key_display="+",
            group=SPEED,
            tooltip=N_("Play faster"),
        ),
        Binding(
            "v",
            "view_as",
            N_("View as"),
            tooltip=N_("Watch as one player, a spectator or everything"),
        ),
        Binding(
            "c",
            "continue_here",
            N_("Continue"),
            tooltip=N_("Continue from here: a new game from this position"),
        ),
        Binding(
            "x", "export", N_("Export"), tooltip=N_("Export the game: JSON Lines, JSON or text")
        ),
        Binding("r", "review", N_("Review"), show=False, tooltip=N_("How each seat played")),
        Binding(
            "n",
            "mistake(1)",
            N_("Next mistake"),
            tooltip=N_(
                "To the next mistake or blunder of the seat whose chance the timeline draws"
            ),
        ),
        Binding(
            "N", "mistake(-1)", N_("Last mistake"), show=False, tooltip=N_("To the one before")
        ),
        Binding(
            "w",
            "chance_of",
            N_("Chance of"),
            show=False,
            tooltip=N_("Draw another seat's winning chance"),
        ),
        Binding(
            "f",
            "lesson",
            N_("Learn"),
            tooltip=N_("Learn from the mistakes of the seat drawn: find a better move at each"),
        ),
        Binding("q,escape", "leave", N_("Leave"), tooltip=N_("Leave the replay")),
    ]

    FOOTER_LEAVES_OUT: ClassVar[tuple[str, ...]] = (  # on a narrow terminal, in this order
        "export", "goto", "speed", "view_as", "lesson", "jump", "continue_here", "turn",
        "mistake",
    )  # fmt: skip
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = ()  # the game's own, for [ and ]
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)  # the smallest terminal it works in

    position: reactive[int] = reactive(0)
    playing: reactive[bool] = reactive(False)
    speed: reactive[int] = reactive(2)  # index into SPEEDS

    class ContinueFrom(Message):
        """Start a new game from the position after event ``seq``."""

        def __init__(self, position: dict[str, Any], players: Sequence[str], origin: str) -> None:
            super().__init__()
            self.position = position
            self.players = tuple(players)
            self.origin = origin

    def __init__(
        self, envelopes: Sequence[Envelope], *, title: str, start: int = 0, audited: bool = False
    ) -> None:
        """The replay of ``envelopes`` shown from event ``start``. ``audited`` (a file's log):
        checked against the rules in the one fold that makes its timeline and its sentences,
        a :class:`ReplayError` with the first problem before anything is shown."""
        super().__init__()
        if audited:
            whole(envelopes, title)
        started = envelopes[0].event if envelopes else None
        if not isinstance(started, GameStarted):
            raise ReplayError("a game log must begin with core.game_started")  # internal
        self.rules = rules_of(started)  # raises ReplayError on a foreign log
        self.names = started.players
        self.replay_title = title
        self.replay_path: Path | None = None  # the file it came from, when it came from one
        self.finished = isinstance(envelopes[-1].event, GameEnded)
        try:
            self.secrets = hides_something(self.rules, envelopes)
        except Exception:
            if audited:  # a hostile log: the audit's line for it, as when checked on its own
                sound(envelopes, title)
            raise
        self.viewer = EVERYTHING if self.finished or not self.secrets else SPECTATOR
        self._sentences: list[tuple[int, str]] = []
        self.marks: ReviewMarks | None = None  # the game's review, once known
        self.chance_seat = 0  # whose winning chance the timeline draws
        if audited:  # one fold: checked, states and words
            self.timeline = checked_timeline(envelopes, title, on_event=self._word)
        else:
            self.timeline = Timeline(envelopes, on_event=self._word)  # one fold: states, words
        self.turn_starts = [
            env.seq for env in self.timeline.envelopes if isinstance(env.event, self.TURN_STARTED)
        ]
        self._start = start
        self._timer: Timer | None = None
        self.state: Any = None
        self._size_warning = SizeWarning(self, self.MIN_SIZE, _("This replay"))

    def _word(self, state: Any, env: Envelope) -> None:
        """Each event's sentence as the viewer may read it, worded in the position it happens
        in (an answer says what was chosen, in the game's words)."""
        said = self.viewer.sentence(self.rules, env, self.names, state)
        marked = said if self.marks is None else self.marks.marked(env.seq, said)
        self._sentences.append((env.seq, marked))

    def _sentences_for(self, viewer: Viewer) -> list[tuple[int, str]]:
        """The log worded again, for another viewer."""
        self.viewer, self._sentences = viewer, []
        Follower(self.rules, on_event=self._word).follow_all(self.timeline.envelopes)
        return self._sentences

    @property
    def last(self) -> int:
        return len(self.timeline) - 1

    def compose(self) -> ComposeResult:
        """The game's board, a ``TimelineBar`` and a numbered ``EventLog`` (a game's own)."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.title = _("Replay — {title}").format(title=self.replay_title)
        self._sub_title()
        log = self.query_one(EventLog)
        log.set_names(self.names)
        log.reset(self._sentences, upto=0)
        self.position = self._start
        self._show()
        if self.finished and self.replay_path is not None:
            from tui.screens.review import kept_review

            kept = kept_review(self.rules, self.timeline.envelopes, self.replay_path)
            if kept is not None:
                self.reviewed(kept)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_board(event.size.width, event.size.height)
        self._size_warning.check(event.size.width, event.size.height)

    def fit_board(self, width: int, height: int) -> None:
        """Scale the board to the terminal (each game's replay screen says how)."""
        raise NotImplementedError

    # -- what is shown --------------------------------------------------------------------

    def validate_position(self, seq: int) -> int:
        return min(max(seq, 0), self.last)

    def watch_position(self) -> None:
        if self.is_mounted:
            self._show()

    def _turn_of(self, seq: int) -> int:
        """How many turns have started by event ``seq``."""
        return bisect.bisect_right(self.turn_starts, seq)

    def _sub_title(self) -> None:
        seen = f" · {self.viewer.seen(self.names)}" if self.secrets else ""
        self.sub_title = ", ".join(self.names) + seen

    def _show(self) -> None:
        seq = self.position
        self.state = self.viewer.state(self.rules, self.timeline.state_at(seq))
        self.show_board(self.state, self.timeline.envelopes[seq].event)
        self.query_one(EventLog).upto = seq
        self._caption()
        self.refresh_bindings()

    def show_board(self, state: Any, event: Event) -> None:
        """Show the game at ``state`` (as the chosen viewer sees it), just after ``event`` (each
        game's replay screen shows its own board)."""
        raise NotImplementedError

    def _caption(self) -> None:
        bar = self.query_one(TimelineBar)
        bar.length = len(self.timeline)
        bar.position = self.position
        turn = self._turn_of(self.position)
        state = _("▶ playing") if self.playing else _("paused")
        ended = isinstance(self.timeline.envelopes[-1].event, GameEnded)
        # TRANSLATORS: after "playing" or "paused" in the timeline's caption
        speed = _(" at {n} events/s").format(n=SPEEDS[self.speed])
        if self.marks is not None and bar.compact and not self.playing:
            speed = ""  # a one-line bar keeps its columns for the chance it draws
        unfinished = "" if ended else _(" · unfinished game")
        bar.caption = (
            _("event {n} / {last} · turn {turn} · {state}{speed}{unfinished}").format(
                n=self.position,
                last=self.last,
                turn=turn,
                state=state,
                speed=speed,
                unfinished=unfinished,
            )
            + self._clocks_at(self.position)
            + self._chance_at(self.position)
        )

    def _chance_at(self, seq: int) -> str:
        """`` · Ann 58%``: the winning chance the timeline draws, at event ``seq`` (with the
        mark of the decision there, if it is one of that seat's)."""
        if self.marks is None:
            return ""
        seat = self.chance_seat
        chance = self.marks.chance_at(seat, seq)
        said = f" · {self.names[seat]} " + ("–" if chance is None else f"{100 * chance:.0f}%")
        judged = self.marks.by_seq.get(seq)
        if judged is not None and judged.seat == seat and judged.mark:
            said += f" {judged.mark}"
        return said

    # -- the review -----------------------------------------------------------------------

    def reviewed(self, review: Review) -> None:
        """Lay ``review`` along the timeline and mark it in the log (the replay is unchanged)."""
        if review.players != len(self.names):
            return
        self.marks = ReviewMarks(review)
        marks = self.marks
        bar = self.query_one(TimelineBar)
        bar.painter = lambda width: [
            (cell.glyph, cell.mark)
            for cell in marks.cells(self.chance_seat, len(self.timeline), width)
        ]
        self._sentences = self._sentences_for(self.viewer)
        self.query_one(EventLog).reset(self._sentences, upto=self.position)
        self._show()

    def action_mistake(self, delta: int) -> None:
        """To the next (``delta`` > 0) or previous mistake or blunder of the seat drawn, and
        what the search made of it in a note."""
        if self.marks is None:
            return
        seq = self.marks.next_mistake(self.chance_seat, self.position, forward=delta > 0)
        if seq is None:
            return
        self.playing = False
        self.position = seq
        self.notify(self._judgement(seq), title=_("Event {n}").format(n=seq), timeout=8)

    def _judgement(self, seq: int) -> str:
        """The decision at ``seq`` in the review's words (what it cost, what was better)."""
        from tui.replay.review_words import decision_words

        assert self.marks is not None
        judged = self.marks.by_seq[seq]
        return decision_words(self.rules, self.timeline.envelopes, self.names, judged)

    def action_lesson(self) -> None:
        """Learn from the mistakes of the seat drawn: a better move asked at each."""
        from tui.screens.lesson import LessonScreen

        if self.marks is None or not (mistakes := self.marks.mistakes(self.chance_seat)):
            return

        def goto(seq: int) -> None:
            self.playing = False
            self.position = seq

        lesson = LessonScreen(self.rules, self.timeline.envelopes, self.names, mistakes, goto)
        self.app.push_screen(lesson)

    def action_chance_of(self) -> None:
        """The timeline draws the next seat's winning chance."""
        self.chance_seat = (self.chance_seat + 1) % len(self.names)
        self.query_one(TimelineBar).refresh()
        self._caption()
        self.refresh_bindings()

    def _clocks_at(self, seq: int) -> str:
        """The clocks as the last reading at or before event ``seq`` recorded them (a table
        with a clock): `` · clocks Ann 4:07 ▸Bob 5:00`` (▸: whose clock ran then)."""
        reads = getattr(self, "_reads", None)
        if reads is None:
            found = [(env.seq, env.event) for env in self.timeline.envelopes
                     if isinstance(env.event, ClockRead) and env.event.left]  # fmt: skip
            reads = self._reads = found
        at = bisect.bisect_right([r[0] for r in reads], seq) - 1
        if at < 0:
            return ""
        read = reads[at][1]
        shown = (
            f"{'▸' if s in read.running else ''}{name} {show_left(ms)}"
            for s, (name, ms) in enumerate(zip(self.names, read.left, strict=False))
        )
        return _(" · clocks {clocks}").format(clocks=" ".join(shown))

    @on(TimelineBar.Seek)
    def _seek(self, message: TimelineBar.Seek) -> None:
        self.position = message.seq

    # -- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        forward = bool(parameters) and isinstance(parameters[0], int) and parameters[0] > 0
        at_start, at_end = self.position <= 0, self.position >= self.last
        if action in ("step", "turn"):
            return not at_end if forward else not at_start
        if action == "jump":
            return not at_end if parameters == ("end",) else not at_start
        if action == "play":
            return not self.playing and not at_end
        if action == "pause":
            return self.playing
        if action == "speed":
            return 0 <= self.speed + (1 if forward else -1) < len(SPEEDS)
        if action == "continue_here":
            return self.rules.outcome(self.state) is None if self.state is not None else False
        if action == "view_as":
            return self.can_view_as
        if action == "mistake":
            return (
                self.marks is not None
                and self.marks.next_mistake(self.chance_seat, self.position, forward=forward)
                is not None
            )
        if action == "lesson":
            return self.marks is not None and bool(self.marks.mistakes(self.chance_seat))
        if action == "chance_of":
            return self.marks is not None and len(self.names) > 1
        return True

    @property
    def can_view_as(self) -> bool:
        """Whether there is more than one way to watch (an unfinished game: a spectator's only)."""
        return self.secrets and len(viewers(len(self.names), self.finished)) > 1

    def action_step(self, delta: int) -> None:
        self.playing = False
        self.position += delta

    def action_turn(self, delta: int) -> None:
        self.playing = False
        if delta > 0:
            later = [s for s in self.turn_starts if s > self.position]
            self.position = later[0] if later else self.last
        else:
            earlier = [s for s in self.turn_starts if s < self.position]
            self.position = earlier[-1] if earlier else 0

    def action_jump(self, where: str) -> None:
        self.playing = False
        self.position = 0 if where == "start" else self.last

    def action_goto(self) -> None:
        def chosen(seq: int | None) -> None:
            if seq is not None:
                self.playing = False
                self.position = seq

        self.app.push_screen(GotoScreen(self.last), chosen)

    def action_play(self) -> None:
        self.playing = True

    def action_pause(self) -> None:
        self.playing = False

    def action_speed(self, delta: int) -> None:
        self.speed = min(max(self.speed + delta, 0), len(SPEEDS) - 1)

    def watch_playing(self, playing: bool) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if playing:
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        if self.is_mounted:
            self._caption()
            self.refresh_bindings()

    def watch_speed(self) -> None:
        if self.playing:
            self.watch_playing(True)
        elif self.is_mounted:
            self._caption()
            self.refresh_bindings()

    def _tick(self) -> None:
        if self.position >= self.last:
            self.playing = False
            return
        self.position += 1

    def action_view_as(self) -> None:
        """Choose whose eyes to watch through: a seat, a spectator, everything (once over)."""
        choices = viewers(len(self.names), self.finished)

        def chosen(index: int | None) -> None:
            if index is not None:
                self.view_as(choices[index])

        labels = [viewer.choice(self.names) for viewer in choices]
        self.app.push_screen(ChoiceScreen(_("Watch this game as"), labels), chosen)

    def view_as(self, viewer: Viewer) -> None:
        self.viewer = viewer
        if viewer.seat is not None and self.marks is not None:
            self.chance_seat = viewer.seat  # their own chance, as they saw the game
        self._sentences = self._sentences_for(viewer)
        self.query_one(EventLog).reset(self._sentences, upto=self.position)
        self._sub_title()
        self._show()

    def action_continue_here(self) -> None:
        if self.state is None:
            return
        state = self.timeline.state_at(self.position)  # the whole position, not one view of it
        position = self.rules.dump_position(state)
        origin = _("{title} from event {n}").format(title=self.replay_title, n=self.position)
        self.post_message(self.ContinueFrom(position, self.names, origin))

    def action_export(self) -> None:
        stem = Path(self.replay_title).stem.replace(", ", "-").replace(" ", "-") or "game"
        chat = heeded(read_chat(self.replay_path)) if self.replay_path is not None else []
        ask_export(self.app.push_screen, self.notify, self.timeline.envelopes, stem, chat)

    def action_review(self) -> None:
        from tui.screens.review import ReviewScreen

        def done(review: Review | None) -> None:
            if review is not None and self.marks is None:
                self.reviewed(review)

        screen = ReviewScreen(self.rules, self.timeline.envelopes, self.names, self.replay_path)
        self.app.push_screen(screen, done)

    def action_leave(self) -> None:
        self.playing = False
        self.dismiss(None)

"""What every game table does, whatever the game: follow a session and act for its seats.

A table screen folds the envelopes its :class:`core.session.Session` delivers, revealing the
game's dramatic events one at a time (at ``reveal_pace``), and sends the acting seat's commands;
a refused command shows the referee's one-line reason in ``note``. When the game ends it shows
the end screen. A game's screen adds its board and its keys (``refresh_table``).

The log reads each event as ``log_viewer`` may see it: the one player at this keyboard, or a
spectator when several (or none) share it, so a secret card never shows in its words.

Whose eyes the board is shown through (``follow_hotseat``): with several players at one
keyboard and secret hands (``secret_now``), nobody's until the player who must act confirms on a
cover screen that only they are looking (:class:`tui.screens.hotseat.Hotseat`); at a shared
keyboard a notice says whose turn it is (``turn_passed``).

At a networked table the header's sub-title follows the connection and who is connected
(:mod:`tui.netplay.presence`); a table its host closes ends the screen with one line; the host's own
screen gets ``host_menu`` (``H``: hand a seat to a bot and back, close the table); ``T`` opens the
table's chat (:mod:`tui.netplay.chat`), and a notification says who spoke. At a local
game, ``H`` hands a seat to a bot from now on, or gives a bot's seat to this keyboard.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer

from core.bots import bot_kinds
from core.codec import Envelope
from core.errors import CalderaError
from core.fold import state_before
from core.follower import Follower
from core.language import N_, Translator
from core.lifecycle import GameEnded, GameStarted, Undo, Undone
from core.messages import Command, Event
from core.search.workers import ThinkingError
from core.session import Session
from core.undo import Takebacks
from tui.netplay.chat import ChatNotices, ChatScreen
from tui.netplay.presence import (
    TableWatch,
    closed_words,
    connection_line,
    connection_words,
    handed_to,
)
from tui.play import hint
from tui.play.local_table import LocalSession
from tui.play.tutorial_table import TutorialSession, narration
from tui.replay.viewer import Viewer
from tui.screens.choice import ChoiceScreen, ConfirmScreen
from tui.screens.cover import CoverScreen
from tui.screens.end import EndScreen, RealGame
from tui.screens.hotseat import Hotseat
from tui.screens.needs import (
    Hinted,
    app_needs,
    card_of,
    chat_of,
    moderation_of,
    table_of,
    your_turns,
)
from tui.settings.play import Settings
from tui.widgets.event_log import EventLog
from tui.widgets.size_warning import FollowsSize, SizeWarning
from tui.widgets.table_header import HeaderWords, TableHeader
from tui.widgets.text_line import TextLine

if TYPE_CHECKING:
    from tui.widgets.narrator import Narrator

T = Translator("app")
_ = T.gettext

HINT_PREFIXES = ("Hint:",)
# a session's status when its host closed the table
CLOSED = "table closed"  # internal
CONFIRM_HINT = N_(
    "[b]y[/b] yes    [b]n[/b] no\n"
    "[dim]Never ask: confirm = false under \\[play] in config.toml[/dim]"
)  # translated where it is shown (ConfirmScreen)


BOT_WORDS = {
    "random": N_("any legal move"),
    "easy": N_("a short search, often wrong"),
    "greedy": N_("the best move right now"),
    "medium": N_("searches a fifth of a second"),
    "hard": N_("searches about a second"),
}


class TableScreen(FollowsSize, Screen[None]):
    """A game in play at this keyboard (hotseat, bots, or seats across the network)."""

    DRAMATIC: ClassVar[tuple[type[Event], ...]] = ()  # revealed one at a time
    MIN_SIZE: ClassVar[tuple[int, int]] = (100, 40)  # the smallest terminal it fits
    SCORE_PARTS: ClassVar[Mapping[str, str]] = {}  # score part -> end screen heading
    SHORT_TITLE: ClassVar[str] = ""  # the game's name where the header is short of room
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "u,ctrl+z",
            "undo",
            N_("Undo"),
            key_display="u",
            tooltip=N_("Take back your last command of this turn (until something is revealed)"),
        ),
        # the same keys when there is nothing to take back: the line says why (and no footer)
        Binding("u,ctrl+z", "undo_refused", "", show=False),
        Binding(
            "w",
            "hint",
            N_("Hint"),
            tooltip=N_("What the hard bot would play for you here, and what it expects to gain"),
        ),
        Binding(
            "H",
            "host_menu",
            N_("Host"),
            tooltip=N_("The host's menu: hand a seat to a bot and back, close the table"),
        ),
        Binding(
            "H",
            "seats_menu",
            N_("Seats"),
            tooltip=N_("Let a bot play a seat from now on, or play a bot's seat at this keyboard"),
            show=False,  # the help and the palette offer it: the footer keeps the game's keys
        ),
        Binding(
            "E",
            "explain_question",
            N_("Explain"),
            tooltip=N_("What the question asks now: each kind of answer, in the game's words"),
            show=False,  # the help and the palette offer it: the footer keeps the game's keys
        ),
        Binding(
            "T",
            "chat",
            N_("Chat"),
            tooltip=N_("The table's chat: say a line, a quick phrase, read the last lines"),
            show=False,  # a networked table's: a notification names the key when someone speaks
        ),
    ]

    NARRATOR_BEFORE: ClassVar[str] = "#prompt"  # a tutorial's narrator goes above this
    note: var[str] = var("")  # the last refusal or hint, one line (its line repaints itself)
    HINT_STYLE = "bold #7fd1ff"  # a hint's line (a refusal's is red)
    NOTE_LINES = 1  # the lines a hint may take (it is cut to them, never its figures)

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.names = session.players
        self._chat_notices: ChatNotices | None = None
        self.reveal_pace = reveal_pace
        self._follower = Follower(self.rules)  # the log as far as shown
        self.shown = 0  # envelopes folded into ``state``
        self.ended = False
        alone = next(iter(session.controlled)) if len(session.controlled) == 1 else None
        self.log_viewer = Viewer(alone)  # the log reads as the one player here, or a spectator
        self.hotseat = Hotseat(session.controlled)
        self._cover_screen: CoverScreen | None = None
        self._last_actor: int | None = None
        self.takebacks = Takebacks()  # what may be taken back, read from the log shown
        self._pending: deque[Envelope] = deque()
        self._reveal_timer: Timer | None = None
        self._size_warning = SizeWarning(self, self.MIN_SIZE, _("This table"))
        self._live_from = 0
        self.host_menu: Callable[[], None] | None = None  # set on the host's own table screen
        self._leaving = False
        self.tutorial = session if isinstance(session, TutorialSession) else None
        self._wrong = ""  # a tutorial's last wrong move, explained until the next move
        self.introducing = False  # a tutorial's intro card is up, over the table
        title = self.rules.title
        self._title = HeaderWords(title, self.SHORT_TITLE or title, tuple(self.names),
                                  not session.controlled)  # fmt: skip
        self._connection = ("", "")  # your move at another table, said long and short
        self.leave_question = (  # asked before leaving a game that is not over
            _("Leave this game? It is saved: open its replay to continue from any event.")
            if session.status == "local"
            else _("Leave this table? Your seat stays yours: join it again from the lobby.")
            if session.controlled
            else _("Stop watching this table?")
        )

    # -- hooks for the game's screen ----------------------------------------------------------

    def refresh_table(self) -> None:
        """The state changed (or nothing is pending any more): show everything again."""

    def applied(self, event: Event) -> None:
        """``event`` was just folded into ``state`` (for the game's own bookkeeping)."""

    def sent(self, command: Command) -> None:
        """This keyboard's ``command`` was accepted (the marks of the others' moves go)."""

    def end_note(self) -> str:
        """A line for the end screen under the winner (why the game ended, say)."""
        return ""

    def ending_words(self) -> str:
        """The end screen's line: the game's own, after a tutorial's last words."""
        said = self.end_note()
        if self.tutorial is not None:
            outro = self.tutorial.tutorial.words(self.tutorial.tutorial.outro)
            said = f"{said} {outro}".strip()
        return said

    def end_details(self) -> RenderableType | None:
        """What the end screen adds below the scores (the task cards, say)."""
        return None

    def key_display(self, binding: Binding) -> str | None:
        """How the footer shows ``binding``'s key now, when that follows the game (``1…2`` for
        a hand of two tiles); ``None``: as the binding says."""
        return None

    def keys_for(self, command: Command) -> str:
        """The keys that make ``command`` from here (a tutorial's panel shows them); ``""``
        when the screen cannot say."""
        return ""

    def secret_now(self) -> bool:
        """Whether the shown state hides something from the other players (hands of cards)."""
        return False

    def hands_needed(self) -> bool:
        """Whether the step at hand uses a secret hand (else nobody looks, no cover is asked)."""
        return True

    def cover_reason(self) -> str:
        """What the cover screen says it is the next player's: their ``turn``, say."""
        return "turn"

    # -- receiving envelopes --------------------------------------------------------------------

    def follow_session(self) -> None:
        """Start listening to the session and show what it already holds (call on mount)."""
        self.query_one(EventLog).set_names(self.names)
        if self.tutorial is not None:
            self.mount_narrator()
            self.add_class("-tutorial")
            self.call_after_refresh(self.narrate)  # once mounted: what it holds already
            if self.tutorial.intro and self.tutorial.done == 0:
                self.introduce(self.tutorial)
        if isinstance(self.session, TableWatch):
            # its news come in the MQTT client's callbacks, outside the app's context: they
            # are handed to this screen's message loop, in order
            self.session.subscribe(handed_to(self, self._receive))
            self.session.subscribe_status(handed_to(self, self._connection_changed))
            self.session.subscribe_card(handed_to(self, self._connection_changed))
        else:
            self.session.subscribe(self._receive)
        self._show_connection()
        chat = chat_of(self.session)
        if chat is not None and self._chat_notices is None:
            self._chat_notices = ChatNotices(self, chat)  # someone spoke: a notification
        if isinstance(self.session, TableWatch):
            self.set_interval(1.0, self._show_connection)  # clocks run; your turns elsewhere
        self._live_from = len(self.session.envelopes)  # older events are caught up with quietly
        self._receive(list(self.session.envelopes))

    def introduce(self, session: TutorialSession) -> None:
        """A tutorial's intro on a card of its own, read at the learner's pace, before its
        first step (the table's dialogs wait for it: :attr:`introducing`)."""
        from tui.screens.tutorial_intro import TutorialIntro

        taught = session.tutorial
        card = TutorialIntro(taught.words(taught.title), session.intro, session.length)
        self.introducing = True
        self.app.push_screen(card, self._introduced)

    def _introduced(self, _: None) -> None:
        self.introducing = False
        self.refresh_table()  # what waited for the intro (a game's draft) comes now

    def _receive(self, batch: Sequence[Envelope]) -> None:
        """The session's listener: queue new envelopes and reveal them."""
        if not self.is_attached:
            return  # this screen was left; the session lives on (the host's table room)
        known = self.shown + len(self._pending)
        self._pending.extend(env for env in batch if env.seq >= known)
        if self._reveal_timer is None:
            self.reveal()

    def reveal(self) -> None:
        """Fold the pending envelopes, pausing after each dramatic one (the timer resumes)."""
        if self._reveal_timer is not None:
            self._reveal_timer.stop()
        self._reveal_timer = None
        changed = False
        while self._pending:
            env = self._pending.popleft()
            self._apply(env)
            changed = True
            if self.reveal_pace > 0 and isinstance(env.event, self.DRAMATIC) and self._pending:
                self._reveal_timer = self.set_timer(self.reveal_pace, self.reveal)
                break
        if changed:
            self.refresh_table()
            self.narrate()
        if self.ended and not self._pending:
            self.show_scores()

    @property
    def revealing(self) -> bool:
        """Some received envelopes are not shown yet."""
        return bool(self._pending)

    @property
    def state(self) -> Any:
        """The position after the events shown (``None`` before the game started)."""
        return self._follower.state

    def _apply(self, env: Envelope) -> None:
        said = self.log_viewer.sentence(self.rules, env, self.names, self.state)  # before it
        event = env.event
        folded = self.state is not None and not isinstance(event, GameStarted | GameEnded)
        if isinstance(event, GameStarted):
            self.takebacks = Takebacks()
        elif isinstance(event, GameEnded):
            self.ended = True
        elif folded:
            self.takebacks.follow(self.rules, self.state, env.seq, event)
        self._follower.follow(env)
        if folded:
            self.applied(event)
            if isinstance(event, Undone) and env.seq >= self._live_from:
                self._taken_back(event)
        self.shown = env.seq + 1
        self.query_one(EventLog).add(env.seq, said)

    def narrate(self) -> None:
        """A tutorial's narrator says where it stands in the events shown."""
        if self.tutorial is None or not self.is_mounted:
            return
        said = self.guide
        if said is None:
            return
        from tui.widgets.narrator import Narrator

        keys = self.keys_for(said.expected) if said.expected is not None and said.mine else ""
        for panel in [*self.query(Narrator), *self.dialog_narrators()]:
            panel.tell(said, keys, self._wrong)

    def dialog_narrators(self) -> list[Narrator]:
        """The narrators of the table's own dialogs over it (a game's draft), which say the
        step too: the table's is hidden under them."""
        return []

    def mount_narrator(self) -> None:
        """Put a tutorial's narrator on the table (above ``NARRATOR_BEFORE``; a game's table
        may split it, see :class:`~tui.widgets.narrator.Narrator`)."""
        from tui.widgets.narrator import Narrator

        self.mount(Narrator(id="narrator"), before=self.query_one(self.NARRATOR_BEFORE))

    @property
    def guide(self) -> Any:
        """What a tutorial's narrator says now (``None`` at a real game)."""
        if self.tutorial is None or self.state is None:
            return None
        shown = self.session.envelopes[: self.shown]
        return narration(self.tutorial, shown, self.state)

    def show_scores(self) -> None:
        """The end screen over the final board (once the game is over)."""
        outcome = self.rules.outcome(self.state) if self.state is not None else None
        if outcome is None or isinstance(self.app.screen, EndScreen):
            return
        parts = dict(self.SCORE_PARTS) or None
        end = EndScreen(
            self.rules,
            self.names,
            outcome,
            self.session,
            details=self.end_details(),
            headings=parts,
            note=self.ending_words(),
            offer=self.real_game(),
            you=self.tutorial.tutorial.learner if self.tutorial is not None else None,
        )
        self.app.push_screen(end)

    # -- who acts --------------------------------------------------------------------------------

    def acting_seat(self) -> int | None:
        """The seat at this keyboard that must act on the shown state, if any."""
        if self.state is None or self._pending or self.ended:
            return None
        for seat in self.rules.to_move(self.state):
            if seat in self.session.controlled:
                return int(seat)
        return None

    # -- whose eyes: several players at one keyboard -------------------------------------------

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the table is shown through (``None``: nobody's, a spectator's)."""
        return self.hotseat.viewer

    @property
    def covered(self) -> bool:
        """A cover screen hides the table until the next player alone looks."""
        return self._cover_screen is not None

    def follow_hotseat(self, seat: int | None) -> tuple[Any, Any, int | None]:
        """Catch up with the shown state, ``seat`` acting at this keyboard: the state as the
        viewer sees it, as ``seat`` sees it, and the seat to cover the table for now (if any:
        pass it to ``cover_for`` once the table is shown)."""
        state = self.state
        cover = self.hotseat.follow(
            self.rules.to_move(state), seat, self.secret_now(), hands_needed=self.hands_needed()
        )
        seen = self.rules.view(state, self.hotseat.viewer)
        acting = seen if seat == self.hotseat.viewer else self.rules.view(state, seat)
        return seen, acting, cover

    def turn_passed(self, seat: int | None) -> bool:
        """Whether the acting seat changed since the last call; at a shared keyboard a notice
        says whose turn it is now."""
        self._show_turn(seat)
        if seat == self._last_actor:
            return False
        if seat is not None and self._last_actor is not None and self.hotseat.shared:
            self.notify(f"{self.names[seat]}'s turn", timeout=2)
        others = len(self.session.controlled) < len(self.names)  # bots or other terminals
        if seat is not None and self._last_actor is None and others and self.settings.bell:
            self.app.bell()  # it was someone else's turn: now it is this keyboard's
        self._last_actor = seat
        return True

    def _show_turn(self, seat: int | None) -> None:
        """The header says when it is this keyboard's turn, or that this screen only watches
        (the prompt says whose turn it is otherwise: the header has room for little)."""
        now = ""
        if seat is not None and not self.ended:
            alone = len(self.session.controlled) == 1
            now = _("your turn") if alone else _("{player}'s turn").format(player=self.names[seat])
        title = self.rules.title
        self._title = HeaderWords(title, self.SHORT_TITLE or title, tuple(self.names),
                                  not self.session.controlled, now)  # fmt: skip
        self.title = self._title.parts()[0]
        self._say_header()

    def cover_for(self, seat: int) -> None:
        """Hide the table until ``seat``'s player alone looks at it."""
        if self._cover_screen is not None or self.state is None:
            return
        self._cover_screen = CoverScreen(self.names[seat], self.cover_reason())
        self.app.push_screen(self._cover_screen, partial(self._uncovered, seat))

    def _uncovered(self, seat: int, ready: bool | None) -> None:
        self._cover_screen = None
        if not ready:
            self.run_worker(self.close_table())
            return
        if self.state is not None:
            self.hotseat.uncover(seat, self.rules.to_move(self.state))
        self.refresh_table()

    def real_game(self) -> RealGame | None:
        """What a tutorial's end offers to play next: the game it taught, for real."""
        if self.tutorial is None:
            return None
        taught = self.tutorial.tutorial
        return RealGame(taught.game, taught.real_options)

    @property
    def settings(self) -> Settings:
        """The player's settings (the app's, read from the config file when it started)."""
        needs = app_needs(self.app)
        return needs.settings if needs is not None else Settings()

    def waste(self, command: Command) -> str | None:
        """What ``command`` would waste, as a question ("End the turn with 3 MP left?"), or
        ``None``: the game's screen says; :meth:`send` asks first (unless the setting is off)."""
        return None

    def guided(self, command: Command) -> bool:
        """Whether a tutorial's step waiting now asks for ``command`` (nothing to confirm)."""
        said = self.guide
        return said is not None and said.step is not None and said.step.accepts(command)

    async def send(self, seat: int | None, command: Command, *, ask: bool = True) -> bool:
        """Send ``seat``'s command; show the referee's reason if it is refused. A command that
        wastes something is asked about first: then this returns ``False`` and the command is
        sent once one key confirms it."""
        if seat is None:
            self.note = _("It is not your turn.") if not self.ended else _("The game is over.")
            return False
        if self.guided(command):
            ask = False  # the tutorial's step asks for this very move: nothing to confirm
        question = self.waste(command) if ask and self.settings.confirm else None
        if question is not None:
            self.note = ""
            self.app.push_screen(
                ConfirmScreen(question, hint=CONFIRM_HINT),
                partial(self._waste_confirmed, seat, command),
            )
            return False
        try:
            await self.session.submit(seat, command)
        except CalderaError as exc:  # refused by the rules, or the table's host did not answer
            self.note = f"✗ {exc}"
            return False
        self.note = ""
        self.sent(command)
        return True

    async def _waste_confirmed(self, seat: int, command: Command, yes: bool | None) -> None:
        if yes and self.is_attached and seat == self.acting_seat():
            await self.send(seat, command, ask=False)

    def watch_note(self, note: str) -> None:
        if self.tutorial is not None:  # the narrator explains it too (or alone, when short)
            self._wrong = note.removeprefix("✗ ")
            self.narrate()
        hinted = note.startswith((*HINT_PREFIXES, _("Hint: ").strip()))
        style = self.HINT_STYLE if hinted else "bold #ff6b6b"
        self.query_one("#note", TextLine).text = Text(note, style=style) if note else ""

    # -- the hint key ----------------------------------------------------------------------------

    @property
    def hints(self) -> bool:
        """Whether this table offers hints (a local game does unless its form said no; a
        networked table only when its host allowed them for every seat)."""
        return isinstance(self.session, Hinted) and self.session.hints

    def action_explain_question(self) -> None:
        """``E``: the question asked now, each kind of answer with its keys and what it does."""
        from tui.screens.explain import ExplainScreen, answers, game_words

        seat = self.acting_seat()
        if seat is None or self.state is None:
            self.note = (
                _("Nothing is asked of you now.") if not self.ended else _("The game is over.")
            )
            return
        commands = self.asked_commands(seat)
        found = answers(commands, game_words(self.rules.game), self.answer_keys())
        self.app.push_screen(ExplainScreen(self.asked_question(seat), found))

    def asked_commands(self, seat: int) -> list[Command]:
        """The answers the question at hand takes (``seat``'s legal commands; a table that
        builds a command a question at a time gives those of the one being built)."""
        commands = getattr(getattr(self, "turn", None), "commands", None)
        if commands is None:
            commands = self.rules.legal_commands(self.rules.view(self.state, seat), seat)
        return list(commands)

    def asked_question(self, seat: int) -> str:
        """The question at hand, in a line."""
        return _("{player}: what you may do now").format(player=self.names[seat])

    def answer_keys(self) -> dict[str, str]:
        """The keys that make each kind of command (by its tag) at this table."""
        return {}

    def action_hint(self) -> None:
        """Ask the hard bot what the acting seat should play; its answer shows in the note line
        (it thinks in a worker process: the table stays live meanwhile)."""
        seat = self.acting_seat()
        if seat is None or not self.hints:
            return
        self.note = _("Hint: thinking…")
        self.run_worker(self._hint(seat, self.shown), exclusive=True, group="hint")

    async def _hint(self, seat: int, shown: int) -> None:
        view = self.rules.view(self.state, seat)
        try:
            decision = await hint.think(self.rules, view, seat, f"hint/{shown}")
        except ThinkingError as exc:
            self.note = _("Hint: none ({reason})").format(reason=exc)
            return
        if self.is_attached and self.shown == shown and self.acting_seat() == seat:
            width = self.query_one("#note", TextLine).size.width * self.NOTE_LINES or None
            self.note = hint.hint_line(self.rules, view, seat, self.names, decision, width)

    # -- the terminal ----------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._size_warning.check(*event.size)

    # -- the network ---------------------------------------------------------------------------

    def _show_connection(self) -> None:
        """The header: the connection, the seats and their clocks, your move elsewhere."""
        watch = your_turns(self.app)
        table = table_of(self.session)
        elsewhere = watch.elsewhere(table) if watch is not None else ""
        short = watch.elsewhere(table, short=True) if watch is not None else ""
        self._connection = (elsewhere, short)
        self.sub_title = connection_line(self.session, elsewhere)
        self._say_header()

    def _say_header(self) -> None:
        """The header's words in parts, which it shortens to fit the terminal (never a clock)."""
        elsewhere, short = self._connection
        words = connection_words(self.session, elsewhere, short, title=self._title)
        for header in self.query(TableHeader):
            header.say(words)

    def _connection_changed(self, _news: object = None) -> None:
        """The session's connection or table card changed: the header follows; a table closed
        by its host ends this screen."""
        if not self.is_attached:
            return
        self._show_connection()
        if self.session.status == CLOSED and not self.ended and not self._leaving:
            self._leaving = True
            self.notify(closed_words(self.session), severity="warning")
            self.run_worker(self.close_table(), group="leave")

    @property
    def help_hides(self) -> frozenset[str]:
        """Keys the help leaves out (:mod:`tui.screens.help`): the host's menu at a table this
        terminal does not host, the final scores before the game is over."""
        hidden = {"host_menu"} if self.host_menu is None else set()
        if not isinstance(self.session, LocalSession):
            hidden.add("seats_menu")
        if not self.hints:
            hidden.add("hint")
        return frozenset(hidden if self.ended else hidden | {"scores"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.hints and self.acting_seat() is not None
        if action == "host_menu":
            return self.host_menu is not None
        if action == "seats_menu":
            return isinstance(self.session, LocalSession) and not self.ended
        if action == "chat":
            return chat_of(self.session) is not None
        if action in ("undo", "undo_refused"):
            seat = self.acting_seat()
            allowed = seat is not None and self.takebacks.allows(seat)
            return allowed if action == "undo" else seat is not None and not allowed
        return True

    async def action_undo(self) -> None:
        """Take back the acting seat's last command (offered only while the rules of
        :mod:`core.undo` allow it, as this screen reads the log); a notice says what."""
        await self.send(self.acting_seat(), Undo(), ask=False)

    async def action_undo_refused(self) -> None:
        """``u`` with nothing to take back: the referee's one line says why."""
        await self.send(self.acting_seat(), Undo(), ask=False)

    def _taken_back(self, undone: Undone) -> None:
        """A notice of what an undo just took back (everyone at the table sees it)."""
        log = self.session.envelopes
        if not 0 < undone.back_to < len(log):
            return
        try:  # the position it was made in: an answer in the game's words
            before = state_before(self.rules, log, undone.back_to)
        except CalderaError:
            before = None
        what = self.log_viewer.sentence(self.rules, log[undone.back_to], self.names, before)
        if undone.seat in self.session.controlled:
            said = _("You took back: {what}").format(what=what)
        else:
            said = _("{player} took back: {what}").format(player=self.names[undone.seat], what=what)
        self.notify(said, timeout=4)

    def action_chat(self) -> None:
        chat = chat_of(self.session)
        if chat is not None:
            moderate = moderation_of(self.session)  # a club moderator's /timeout
            self.app.push_screen(ChatScreen(chat, lambda: card_of(self.session), moderate=moderate))

    def on_unmount(self) -> None:
        if self._chat_notices is not None:
            self._chat_notices.close()

    def action_host_menu(self) -> None:
        if self.host_menu is not None:
            self.host_menu()

    def action_seats_menu(self) -> None:
        """A local game's seats: hand one to a bot from now on, or play a bot's seat here."""
        session = self.session
        if not isinstance(session, LocalSession) or self.ended:
            return
        labels = []
        for seat, name in enumerate(self.names):
            bot = session.bots.get(seat)
            labels.append(
                _("Play seat {n} ({player}) at this keyboard (a {bot} bot now)").format(
                    n=seat + 1, player=name, bot=bot.name
                )
                if bot is not None
                else _("Let a bot play seat {n} ({player}) from now on").format(
                    n=seat + 1, player=name
                )
            )

        def chosen(seat: int | None) -> None:
            if seat is None:
                return
            if seat in session.bots:
                self.hand_over(seat, None)
            else:
                self.ask_bot(seat)

        self.app.push_screen(ChoiceScreen(_("Who plays which seat"), labels), chosen)

    def ask_bot(self, seat: int) -> None:
        """Which bot plays ``seat`` from now on: every kind the game has, weakest first."""
        kinds = bot_kinds(self.rules.game)
        labels = [f"{kind}: {_(BOT_WORDS.get(kind, N_('a bot')))}" for kind in kinds]

        def chosen(index: int | None) -> None:
            if index is not None:
                self.hand_over(seat, kinds[index])

        title = _("Which bot plays seat {n} ({player})").format(n=seat + 1, player=self.names[seat])
        self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def hand_over(self, seat: int, bot: str | None) -> None:
        """Seat ``seat`` changes hands: a ``bot`` of that kind takes it over, or (``None``)
        this keyboard takes it back."""
        session = self.session
        assert isinstance(session, LocalSession)
        try:
            session.hand_over(seat, bot)
        except OSError as exc:
            said = _("Resuming this game later will not know: {reason}").format(reason=exc)
            self.notify(said, severity="warning")
        name = self.names[seat]
        said = (
            _("A {bot} bot plays for {player} now.").format(bot=bot, player=name)
            if bot
            else _("{player} plays here.").format(player=name)
        )
        self.notify(said, timeout=3)
        self.seats_changed()

    def seats_changed(self) -> None:
        """Which seats this keyboard plays changed: whose eyes, the header and keys follow."""
        controlled = self.session.controlled
        self.hotseat = Hotseat(controlled)
        self.log_viewer = Viewer(next(iter(controlled)) if len(controlled) == 1 else None)
        self._last_actor = None
        if self.state is not None and not self._pending:
            self.refresh_table()
        self.refresh_bindings()

    # -- leaving ---------------------------------------------------------------------------------

    def action_scores(self) -> None:
        self.show_scores()

    def action_leave(self) -> None:
        if self.ended:
            self.run_worker(self._leave(True))
            return
        self.app.push_screen(ConfirmScreen(self.leave_question), self._leave)

    async def _leave(self, yes: bool | None) -> None:
        if yes:
            await self.close_table()

    async def close_table(self) -> None:
        """Leave the game (a local game stays saved), and the dialogs open over it."""
        await self.session.close()
        if not self.is_attached:
            return
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.dismiss(None)

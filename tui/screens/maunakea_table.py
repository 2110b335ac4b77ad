"""The Mauna Kea table as one keyboard sees it: the island, the players, the log, the prompt.

:class:`MaunaKeaTable` folds the envelopes a :class:`core.session.Session` delivers (revealing
draws and lava one at a time, at ``reveal_pace``) and shows them; it sends nothing.
:class:`tui.screens.maunakea.MaunaKeaScreen` adds the keys of a turn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from core.codec import Envelope
from core.fold import start_state
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS, Slot, Space
from core.games.maunakea.state import MaunaKeaState
from core.lifecycle import GameEnded, GameStarted
from core.session import Session
from tui.screens.end import EndScreen
from tui.screens.maunakea_turn import Turn
from tui.seats import seat_letters
from tui.sentences import sentence
from tui.widgets.event_log import EventLog
from tui.widgets.maunakea.board import IslandBoard
from tui.widgets.maunakea.glyphs import legend
from tui.widgets.maunakea.info import space_info
from tui.widgets.maunakea.paint import SCALES, Marks, Scale
from tui.widgets.maunakea.players import PlayersPanel, TileChoice
from tui.widgets.text_line import TextLine

C = COMPONENTS
DRAMATIC = (ev.TileDrawn, ev.LavaPlaced, ev.LavaRemoved)  # revealed one at a time
SIDE_MIN = 34  # columns the players and log need beside the board
MIN_SIZE = (99, 34)  # the smallest terminal the whole table fits
BELOW_MIN = 8  # rows the prompt, note and info need below the board, header and footer too


def _parse_action(action: str) -> tuple[str, tuple[object, ...]]:
    """``"choose_tile(0)"`` -> ``("choose_tile", (0,))`` (as Textual reads an action)."""
    from textual.actions import parse

    _namespace, name, parameters = parse(action)
    return name, parameters


def choose_scale(width: int, height: int) -> Scale:
    """The largest board scale that leaves room for the side panels and the prompt."""
    best = SCALES[0]
    for scale in SCALES:
        if scale.columns + SIDE_MIN <= width and scale.rows + BELOW_MIN <= height:
            best = scale
    return best


class MaunaKeaTable(Screen[None]):
    """A game of Mauna Kea as one keyboard sees it (the keys are added by a subclass)."""

    CSS_PATH = "maunakea.tcss"
    AUTO_FOCUS = "IslandBoard"

    choice: reactive[TileChoice | None] = reactive(None)
    explorer: reactive[int | None] = reactive(None)  # the selected explorer of the acting seat
    note: reactive[str] = reactive("")  # the last refusal or hint, one line

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.names = session.players
        self.reveal_pace = reveal_pace
        self.state: MaunaKeaState | None = None
        self.shown = 0  # envelopes folded into ``state``
        self.ended = False
        self.turn = Turn(self.rules, self._blank_state(), None)
        self._pending: deque[Envelope] = deque()
        self._reveal_timer: Timer | None = None
        self._lava_now: set[Slot] = set()  # lava placed since the last turn began
        self._lava_before: set[Slot] = set()  # lava placed in the turn before
        self._last_actor: int | None = None
        self._shown_bindings = [b for b in self._bindings_list() if b.show]
        self._enabled_keys: tuple[bool, ...] = ()
        self._warned_small = False

    @classmethod
    def _bindings_list(cls) -> list[Binding]:
        return [b for b in cls.BINDINGS if isinstance(b, Binding)]

    def _blank_state(self) -> MaunaKeaState:
        state: MaunaKeaState = self.rules.initial(self.rules.config(len(self.names)))
        return state

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield IslandBoard(seat_letters(self.names), id="board")
                yield TextLine(id="prompt")
                yield TextLine(id="note")
                yield TextLine(id="info")
                yield Static(legend(), id="legend")
            with Vertical(id="right"):
                yield PlayersPanel(id="players")
                yield EventLog(id="log")
        yield Footer(compact=True)

    @property
    def board(self) -> IslandBoard:
        return self.query_one(IslandBoard)

    def on_mount(self) -> None:
        self.board.marks_at = self._marks_at
        self.watch(self.board, "cursor", self._cursor_moved, init=False)
        self.title = f"{self.rules.title} — {', '.join(self.names)}"
        self.sub_title = self.session.status
        self.query_one(EventLog).set_names(self.names)
        self.session.subscribe(self._receive)
        self._receive(list(self.session.envelopes))

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        self.board.scale = choose_scale(width, height)
        if (width < MIN_SIZE[0] or height < MIN_SIZE[1]) and not self._warned_small:
            self._warned_small = True
            self.notify(
                f"This table needs a terminal of at least {MIN_SIZE[0]}×{MIN_SIZE[1]} "
                f"(this one is {width}×{height}).",
                severity="warning",
            )

    # -- receiving envelopes ----------------------------------------------------------------

    def _receive(self, batch: Sequence[Envelope]) -> None:
        """The session's listener: queue new envelopes and reveal them."""
        known = self.shown + len(self._pending)
        self._pending.extend(env for env in batch if env.seq >= known)
        if self._reveal_timer is None:
            self._reveal()

    def _reveal(self) -> None:
        if self._reveal_timer is not None:
            self._reveal_timer.stop()
        self._reveal_timer = None
        changed = False
        while self._pending:
            env = self._pending.popleft()
            self._apply(env)
            changed = True
            if self.reveal_pace > 0 and isinstance(env.event, DRAMATIC) and self._pending:
                self._reveal_timer = self.set_timer(self.reveal_pace, self._reveal)
                break
        if changed:
            self._refresh_all()
        if self.ended and not self._pending:
            self._game_over()

    def _apply(self, env: Envelope) -> None:
        event = env.event
        if isinstance(event, GameStarted):
            self.state = start_state(self.rules, event)
        elif isinstance(event, GameEnded):
            self.ended = True
        elif self.state is not None:
            self.state = self.rules.evolve(self.state, event)
            if isinstance(event, ev.LavaPlaced):
                self._lava_now.add(event.slot)
            elif isinstance(event, ev.TurnStarted):
                self._lava_before, self._lava_now = self._lava_now, set()
        self.shown = env.seq + 1
        self.query_one(EventLog).add(env.seq, sentence(self.rules, env, self.names))

    def _game_over(self) -> None:
        outcome = self.rules.outcome(self.state) if self.state is not None else None
        if outcome is None:
            return
        if not isinstance(self.app.screen, EndScreen):
            self.app.push_screen(EndScreen(self.rules, self.names, outcome, self.session))

    # -- showing ----------------------------------------------------------------------------

    def _acting_seat(self) -> int | None:
        if self.state is None or self._pending or self.ended:
            return None
        for seat in self.rules.to_move(self.state):
            if seat in self.session.controlled:
                return int(seat)
        return None

    def _refresh_all(self) -> None:
        """The state changed: recompute what the acting seat may do and show everything."""
        if self.state is None:
            return
        seat = self._acting_seat()
        self.turn = Turn(self.rules, self.state, seat)
        if seat != self._last_actor:
            self.choice = None
            self.explorer = None
            if (
                seat is not None
                and self._last_actor is not None
                and len(self.session.controlled) > 1
            ):
                self.notify(f"{self.names[seat]}'s turn", timeout=2)
            self._last_actor = seat
        if self.turn.tile(self.choice) is None:
            self.choice = None
        if self.turn.explorer(self.explorer) is None:
            self.explorer = None
        self.query_one(PlayersPanel).show(
            self.state, self.names, self.session.controlled, self.choice
        )
        self._refresh_board()

    def _marks_at(self, cursor: Space) -> Marks:
        """What the board lays over the island with the cursor here (asked when it paints)."""
        fresh = frozenset(self._lava_now | self._lava_before)
        return self.turn.marks(cursor, self.choice, self.explorer, fresh)

    def _refresh_board(self) -> None:
        if self.state is None:
            return
        board = self.board
        board.stride = 2 if self.turn.tile(self.choice) is not None else 1
        board.show(self.state)
        self._refresh_lines()

    def _refresh_lines(self) -> None:
        """The prompt and the cursor's space in words, and the footer's keys."""
        if self.state is None:
            return
        cursor = self.board.cursor
        self.query_one("#info", TextLine).text = space_info(self.state, cursor, self.names)
        self.query_one("#prompt", TextLine).text = self._prompt()
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Refresh the footer, only when what the keys can do has changed (it is rebuilt)."""
        enabled = tuple(
            bool(self.check_action(*_parse_action(b.action))) for b in self._shown_bindings
        )
        if enabled != self._enabled_keys:
            self._enabled_keys = enabled
            self.refresh_bindings()

    def _prompt(self) -> Text:
        state = self.state
        seat = self.turn.seat
        if state is None:
            return Text("")
        if seat is not None:
            name = self.names[seat]
            return Text.from_markup(
                self.turn.prompt(name, self.board.cursor, self.choice, self.explorer)
            )
        if self.ended:
            return Text.from_markup("[b]Game over[/b]: [b]o[/b] shows the scores, [b]q[/b] leaves")
        if self._pending:
            who = self.names[state.active] if state.active is not None else "The table"
            return Text.from_markup(f"[b]{who}[/b] draws…")
        waiting = [s for s in self.rules.to_move(state)]
        who = " and ".join(self.names[s] for s in waiting) or "Nobody"
        where = "a bot" if self.session.status == "local" else "at another terminal"
        return Text.from_markup(f"[b]{who}[/b] to play [dim]({where})[/dim]")

    def watch_choice(self) -> None:
        if self.is_mounted and self.state is not None:
            self.query_one(PlayersPanel).show(
                self.state, self.names, self.session.controlled, self.choice
            )
            self._refresh_board()

    def watch_explorer(self) -> None:
        if self.is_mounted:
            self._refresh_board()

    def watch_note(self, note: str) -> None:
        self.query_one("#note", TextLine).text = Text(note, style="bold #ff6b6b") if note else ""

    def _cursor_moved(self) -> None:
        """The board paints itself (asking ``_marks_at``); the words around it follow."""
        self._refresh_lines()

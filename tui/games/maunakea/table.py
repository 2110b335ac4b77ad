"""The Mauna Kea table as one keyboard sees it: the island, the players, the log, the prompt.

From 99×34 the players, the log and the legend sit beside and under the island. Smaller (down to
80×24) the table is compact: the island, the prompt, and beside the island a narrow column of
the scores, the tiles of the seat at this keyboard (or the one to play) and the space under the
cursor. ``m`` lays the players (their cards, the legend) over the island, then the log, then
shows the island again; the footer names the key.

:class:`MaunaKeaTable` shows what its :class:`~tui.screens.table.TableScreen` folds from the
session (draws and lava are revealed one at a time, at ``reveal_pace``);
:class:`tui.games.maunakea.screen.MaunaKeaScreen` adds the keys of a turn.

In the advanced game the hands are secret. The screen keeps the whole fold but paints only what
its viewer may see (``RULES.view``; the log reads ``RULES.project``-ed events): the one human at
the keyboard, or, when several share it, whoever must act once a cover screen has made sure
only they are looking (the table base's hotseat, :mod:`tui.screens.table`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.board import slot_name, slot_of, spaces_of
from core.games.maunakea.components import COMPONENTS, Slot, Space
from core.games.maunakea.state import MaunaKeaState, Phase, Quake
from core.language import N_, Translator, anywhere, listed
from core.lifecycle import Undone
from core.messages import Command, Event
from core.session import Session
from tui.games.maunakea.card_choice import CardChoice, CardOptions
from tui.games.maunakea.look_at import named_spaces
from tui.games.maunakea.turn import QUAKE_TILE, Turn
from tui.games.maunakea.widgets.board import IslandBoard
from tui.games.maunakea.widgets.cards import CardsPanel, hands_seen
from tui.games.maunakea.widgets.glyphs import legend
from tui.games.maunakea.widgets.info import space_info
from tui.games.maunakea.widgets.paint import COMPACT, SCALES, Marks, Scale
from tui.games.maunakea.widgets.players import PlayersPanel, TileChoice
from tui.games.maunakea.widgets.tasks import task_report
from tui.play.seats import seat_letters
from tui.screens.table import TableScreen
from tui.widgets.event_log import EventLog
from tui.widgets.key_footer import KeyFooter
from tui.widgets.table_header import TableHeader
from tui.widgets.text_line import TextLine

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
DRAMATIC = (ev.TileDrawn, ev.LavaPlaced, ev.LavaRemoved)  # revealed one at a time
SIDE_MIN = 34  # columns the players and log need beside the board
ROOMY = (99, 34)  # the smallest terminal the whole table fits (smaller: the compact table)
MIN_SIZE = (80, 24)  # the smallest terminal the compact table fits
BELOW_MIN = 8  # rows the prompt, note and info need below the board, header and footer too
PANES = ("players", "log", "")  # what ``m`` shows over the compact island, in turn
PANE_BINDINGS: list[BindingType] = [
    Binding(
        "m",
        "pane('players')",
        N_("Players"),
        tooltip=N_("On a small terminal: every player, then the log, then the island again"),
    ),
    Binding("m", "pane('log')", N_("Log"), tooltip=N_("The whole log")),
    Binding("m", "pane('')", N_("Island"), tooltip=N_("Back to the island")),
]
PANE_HELP_HIDES = frozenset({"pane('log')", "pane('')"})  # the help says m once
SCORE_PARTS = {  # the end screen's headings for the parts of a score
    # TRANSLATORS: the end screen's headings (a column each: short)
    "explorers": N_("Explorers"),
    "white": N_("White"),
    "grey": N_("Grey"),
    "black": N_("Black"),
    "empty places": N_("Empty places"),
    "helicopter": N_("Helicopter"),
    "tasks": N_("Tasks"),
    "total": N_("Total"),
}
# the cover's keys (tui/screens/cover.py's WHOSE), not words
COVER_REASON = {Phase.DRAFT: "turn to choose cards"}  # internal


def touched_by(event: Event) -> tuple[Space, ...]:
    """The spaces an event marks on the board as someone's move."""
    if isinstance(event, ev.TilePlaced | ev.EarthquakeStruck):
        return spaces_of(event.slot)
    if isinstance(event, ev.ExplorerMoved | ev.CardMoved):
        return event.path
    if isinstance(event, ev.ExplorerPlaced):
        return (event.space,)
    return ()


def _parse_action(action: str) -> tuple[str, tuple[object, ...]]:
    """``"choose_tile(0)"`` -> ``("choose_tile", (0,))`` (as Textual reads an action)."""
    from textual.actions import parse

    _namespace, name, parameters = parse(action)
    return name, parameters


def compact(width: int, height: int) -> bool:
    """Whether a terminal of ``width`` × ``height`` shows the compact table."""
    return width < ROOMY[0] or height < ROOMY[1]


def choose_scale(width: int, height: int) -> Scale:
    """The largest board scale that leaves room for the side panels and the prompt (the
    compact one, with one row of coordinates, below 99×34)."""
    if compact(width, height):
        return COMPACT
    best = SCALES[0]
    for scale in SCALES:
        if scale.columns + SIDE_MIN <= width and scale.rows + BELOW_MIN <= height:
            best = scale
    return best


def fit_panes(screen: Screen[Any], small: bool) -> None:
    """Lay the compact table's column and panes for its size (a larger terminal: no pane)."""
    if small:
        screen.query_one("#side").styles.offset = (COMPACT.columns, 0)
    else:
        show_pane(screen, "")


def show_pane(screen: Screen[Any], pane: str) -> None:
    """Show ``pane`` (``players``, ``log``) over the compact island, or none (``""``)."""
    screen.set_class(pane == "players", "-pane-players")
    screen.set_class(pane == "log", "-pane-log")
    screen.refresh_bindings()


def pane_offered(screen: Screen[Any], parameters: tuple[object, ...]) -> bool:
    """Whether ``m`` shows the pane ``parameters[0]`` now: the next one after the one shown
    (only on the compact table)."""
    if not screen.has_class("-compact") or not parameters:
        return False
    shown = (
        "players"
        if screen.has_class("-pane-players")
        else "log"
        if screen.has_class("-pane-log")
        else ""
    )
    following = PANES[(PANES.index(shown) + 1) % len(PANES)]
    return parameters[0] == following


class MaunaKeaTable(TableScreen):
    """A game of Mauna Kea as one keyboard sees it (the keys are added by a subclass)."""

    CSS_PATH = "maunakea.tcss"
    AUTO_FOCUS = "IslandBoard"
    DRAMATIC = DRAMATIC
    MIN_SIZE = MIN_SIZE
    SCORE_PARTS = SCORE_PARTS
    BINDINGS: ClassVar[list[BindingType]] = PANE_BINDINGS

    # what the player has picked (vars: the board and panels they change repaint themselves,
    # the screen as a whole does not)
    choice: var[TileChoice | None] = var(None)
    explorer: var[int | None] = var(None)  # the selected explorer of the acting seat
    card: var[CardChoice | None] = var(None)  # the picked action card (advanced game)

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__(session, reveal_pace=reveal_pace)
        self.turn = Turn(self.rules, self._blank_state(), None)
        self.cards = CardOptions(self.turn)
        self.seen = self.turn.state  # the state as the viewer may see it
        self._lava_now: set[Slot] = set()  # lava placed since the last turn began
        self._lava_before: set[Slot] = set()  # lava placed in the turn before
        self._last: dict[int, set[Space]] = {}  # what each seat's last turn touched
        self._shown_bindings = [b for b in self._bindings_list() if b.show]
        self._enabled_keys: tuple[tuple[bool, str | None], ...] = ()
        self._lines_due = False  # the lines under the board are to be said again
        self._under = 0  # the rows under the island of the compact table

    @property
    def state(self) -> MaunaKeaState | None:
        """The position after the events shown, as the base table folds it."""
        state: MaunaKeaState | None = self._follower.state
        return state

    @classmethod
    def _bindings_list(cls) -> list[Binding]:
        return [b for b in cls.BINDINGS if isinstance(b, Binding)]

    def _blank_state(self) -> MaunaKeaState:
        state: MaunaKeaState = self.rules.initial(self.rules.config(len(self.names)))
        return state

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TableHeader()
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield IslandBoard(seat_letters(self.names), id="board")
                yield TextLine(id="prompt")
                yield TextLine(id="note")
                yield TextLine(id="info")
                yield Static(legend(), id="legend")
            with Vertical(id="side"):
                yield PlayersPanel(id="side-players", compact=True)
                yield TextLine(id="side-info")
            with Vertical(id="right"):
                yield PlayersPanel(id="players")
                yield CardsPanel(id="cards")
                yield EventLog(id="log")
                yield Static(legend(), id="pane-legend")
        yield KeyFooter(compact=True)

    @property
    def board(self) -> IslandBoard:
        return self.query_one(IslandBoard)

    def on_mount(self) -> None:
        self.board.marks_at = self._marks_at
        self.watch(self.board, "cursor", self._cursor_moved, init=False)
        self.title = f"{self.rules.title} — {', '.join(self.names)}"
        self.follow_session()

    def on_resize(self, event: events.Resize) -> None:
        """(Textual calls ``TableScreen.on_resize`` too: it warns when the terminal is small.)"""
        width, height = event.size
        self.board.scale = choose_scale(width, height)
        small = compact(width, height)
        self.set_class(small, "-compact")
        header = not small or self.session.status != "local"  # a networked table: connection
        self.query_one(TableHeader).display = header
        self._under = height - 1 - int(header) - COMPACT.rows  # rows under a compact island
        fit_panes(self, small)
        self._fit_lines()
        self.refresh_bindings()
        self._refresh_lines()

    def mount_narrator(self) -> None:
        """A tutorial's narrator above the prompt; on the compact table the step, its keys and
        its words take the rows under the island, and its rule the column beside it."""
        from tui.widgets.narrator import Narrator

        self.query_one("#left").mount(Narrator(id="narrator"), before="#prompt")
        self.query_one("#side").mount(Narrator(id="narrator-side", part="aside"))
        self._fit_lines()

    def _fit_lines(self) -> None:
        """The compact table's rows under the island: the prompt's, and the note's while there
        is one (a single row: the note is said on the prompt's); a tutorial's narrator's."""
        note = self.query_one("#note", TextLine)
        prompt = self.query_one("#prompt", TextLine)
        narrated = self.tutorial is not None and self.compact
        prompt.display = not narrated
        for panel in self.query("#narrator, #narrator-side"):
            if panel.id == "narrator":
                panel.part = "words" if narrated else "all"  # type: ignore[attr-defined]
                panel.styles.height = max(1, self._under) if narrated else None
            else:
                panel.display = narrated
        self.query_one("#side-info").display = not narrated
        if not self.compact:
            note.display = True
            prompt.styles.height = 3
            return
        if narrated:
            note.display = False  # the narrator says a refused move's reason
            return
        note.display = bool(self.note) and self._under >= 2
        prompt.styles.height = max(1, min(3, self._under - int(note.display)))

    @property
    def compact(self) -> bool:
        """Whether the table is compact now (the island, the prompt, a narrow column)."""
        return self.has_class("-compact")

    def action_pane(self, pane: str) -> None:
        show_pane(self, pane)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pane":
            return pane_offered(self, parameters)
        return super().check_action(action, parameters)

    def watch_note(self, note: str) -> None:
        super().watch_note(note)
        if self.is_mounted and self.compact:
            self._fit_lines()
            self._refresh_lines()  # said on the prompt's line when the note has none

    # -- what the table adds to the fold ------------------------------------------------------

    def applied(self, event: Event) -> None:
        if isinstance(event, ev.LavaPlaced):
            self._lava_now.add(event.slot)
            self._lava_took(event)
        elif isinstance(event, ev.TurnStarted):
            self._lava_before, self._lava_now = self._lava_now, set()
            self._last[event.seat] = set()
        elif isinstance(event, Undone):
            self._last.pop(event.seat, None)  # its turn so far is marked again as it goes on
        touched = touched_by(event)
        if touched:
            self._last.setdefault(getattr(event, "seat", -1), set()).update(touched)

    def sent(self, command: Command) -> None:
        self._last.clear()

    def _lava_took(self, event: ev.LavaPlaced) -> None:
        """A notice of its own when lava takes an explorer of a player at this keyboard."""
        here = self.session.controlled
        mine = [(seat, index) for seat, index in event.lost_explorers if seat in here]
        if not mine or self.shown < self._live_from:
            return
        alone = len(here) == 1
        whose = ", ".join(
            _("your explorer {n}").format(n=index + 1)
            if alone
            else _("{player}'s explorer {n}").format(player=self.names[seat], n=index + 1)
            for seat, index in mine
        )
        artifacts = len(event.lost_artifacts)
        # TRANSLATORS: put in {lost} of "Lava covered {slot}: it took {explorers}{lost}."
        lost = (
            ngettext(" and {n} artifact(s)", " and {n} artifact(s)", artifacts).format(n=artifacts)
            if artifacts
            else ""
        )
        self.notify(
            # TRANSLATORS: a note when the lava takes your explorers; Mauna Kea rulebook (de):
            # Lava, Forscher, Artefakte
            _("Lava covered {slot}: it took {explorers}{lost}.").format(
                slot=slot_name(event.slot), explorers=whose, lost=lost
            ),
            title=_("Lava"),
            severity="warning",
            timeout=10,
        )

    def end_details(self) -> RenderableType | None:
        """The task cards, with every hand turned over (the advanced game's scoring)."""
        state = self.state
        outcome = self.rules.outcome(state) if state is not None else None
        if state is None or outcome is None or not state.advanced:
            return None
        order = outcome.ranking or tuple(range(state.players))
        return task_report(self.rules.view(state, None), self.names, order)

    # -- showing ----------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """The state changed: recompute what the acting seat may do and show everything."""
        state = self.state
        if state is None:
            return
        seat = self.acting_seat()
        self.seen, acting, cover = self.follow_hotseat(seat)
        self.turn = Turn(self.rules, acting, seat)
        self.cards = CardOptions(self.turn)
        if self.turn_passed(seat):
            self.choice = None
            self.explorer = None
            self.card = None
        if seat is not None and self.turn.quake is Quake.PLACE and self.choice is None:
            self._pick_drawn_tile(seat)
        if self.turn.tile(self.choice) is None:
            self.choice = None
        if self.turn.explorer(self.explorer) is None:
            self.explorer = None
        self.card = self.cards.choice(self.card)
        self._show_hands()
        self._refresh_board()
        if cover is not None:
            self.cover_for(cover)

    def _pick_drawn_tile(self, seat: int) -> None:
        """An earthquake drew a terrain tile: it is picked at once, near the cursor."""
        if not self.turn.state.empty_slot(slot_of(self.board.cursor)):
            near = self.turn.nearest_empty_slot(self.board.cursor)
            if near is not None:
                self.board.cursor = near
        self.choice = TileChoice(seat, QUAKE_TILE)

    def _show_hands(self) -> None:
        """The players (tiles, explorers, how many cards) and the hands the viewer may see."""
        seen, viewer = self.seen, self.viewer
        here = self.session.controlled
        self.query_one("#players", PlayersPanel).show(seen, self.names, here, self.choice)
        focus = self.turn.seat if self.turn.seat in here else viewer
        if focus is None:
            focus = self.turn.seat if self.turn.seat is not None else seen.active
        side = self.query_one("#side-players", PlayersPanel)
        side.show(seen, self.names, here, self.choice, focus=focus)
        looking = viewer is not None and viewer == self.turn.seat
        hint = ""
        if looking and seen.phase is Phase.DRAFT:
            hint = _("c chooses")
        elif looking and self.cards.playable:
            hint = _("c picks one")
        hidden = (
            _("Hands are secret: each player sees their own when it is their turn.")
            if self.hotseat.shared
            else _("Hands are hidden from spectators.")
        )
        self.query_one(CardsPanel).show(
            seen,
            self.names,
            hands_seen(seen, viewer),
            picked=self.card.card if self.card is not None else None,
            playable=self.cards.playable if looking else (),
            hidden=hidden,
            hint=hint,
        )

    # -- passing the keyboard -----------------------------------------------------------------

    def secret_now(self) -> bool:
        """The advanced game's hands are secret until they are turned over at scoring."""
        state = self.state
        return state is not None and state.advanced and not state.revealed

    def hands_needed(self) -> bool:
        """Placing explorers needs no card: nobody's hand is shown, no cover is asked for."""
        return self.state is not None and self.state.phase is not Phase.PLACEMENT

    def cover_reason(self) -> str:
        state = self.state
        return COVER_REASON.get(state.phase, "turn") if state is not None else "turn"

    def _marks_at(self, cursor: Space) -> Marks:
        """What the board lays over the island with the cursor here (asked when it paints)."""
        fresh = frozenset(self._lava_now | self._lava_before)
        if self.card is not None:
            marks = self.cards.marks(self.card, self.explorer, cursor, fresh)
        else:
            marks = self.turn.marks(cursor, self.choice, self.explorer, fresh)
        return replace(marks, last=self.last_moves() | self.guided_spaces())

    def guided_spaces(self) -> frozenset[Space]:
        """Where a tutorial's step asks the learner to go and the places its words name
        (marked as the last moves are)."""
        said = self.guide
        if said is None or not said.mine or said.step is None:
            return frozenset()
        named = named_spaces(said.step.highlight)  # the places the step's words name
        command = said.expected
        if isinstance(command, cmd.PlaceExplorer):
            return named | {command.space}
        if isinstance(command, cmd.Move):
            return named | {command.to}
        if isinstance(command, cmd.PlaceTile):
            return named | frozenset(spaces_of(command.slot))
        return named

    def last_moves(self) -> frozenset[Space]:
        """What the other players' last turns touched (not the acting seat's own)."""
        acting = self.turn.seat
        return frozenset(s for seat, spaces in self._last.items() if seat != acting for s in spaces)

    def _refresh_board(self) -> None:
        if self.state is None:
            return
        board = self.board
        quake = self.card is not None and self.cards.action(self.card.card) == "earthquake"
        board.stride = 2 if quake or self.turn.tile(self.choice) is not None else 1
        board.show(self.seen)
        self._refresh_lines()

    def _refresh_lines(self) -> None:
        """The prompt and the cursor's space in words, and the footer's keys: said once before
        the next frame, however often this is called meanwhile (a tab moves the cursor and
        picks an explorer: both ask)."""
        if not self._lines_due:
            self._lines_due = True
            self.call_next(self._say_lines)

    def _say_lines(self) -> None:
        self._lines_due = False
        if self.state is None or not self.is_mounted:
            return
        cursor = self.board.cursor
        info = space_info(self.seen, cursor, self.names)
        self.query_one("#info", TextLine).text = info
        self.query_one("#side-info", TextLine).text = info
        prompt = self._prompt()
        note = self.query_one("#note", TextLine)
        if self.note and not note.display:  # no line of its own: said over the prompt's
            prompt = note.text if isinstance(note.text, Text) else Text(self.note)
        self.query_one("#prompt", TextLine).text = prompt
        self._refresh_keys()
        self.narrate()  # a tutorial's keys start from the cursor and what is picked

    def _refresh_keys(self) -> None:
        """Refresh the footer, only when what the keys can do (or what they show) has changed."""
        enabled = tuple(
            (bool(self.check_action(*_parse_action(b.action))), self.key_display(b))
            for b in self._shown_bindings
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
            return Text.from_markup(self._prompt_for(self.names[seat]))
        if self.ended:
            return Text.from_markup(
                anywhere("[b]Game over[/b]: [b]o[/b] shows the scores, [b]q[/b] leaves")
            )
        if self.revealing:
            who = self.names[state.active] if state.active is not None else _("The table")
            # TRANSLATORS: the prompt line while a drawn tile is shown
            return Text.from_markup(_("[b]{player}[/b] draws…").format(player=who))
        waiting = [s for s in self.rules.to_move(state)]
        who = listed([self.names[s] for s in waiting]) or _("Nobody")
        where = _("a bot") if self.session.status == "local" else _("at another terminal")
        # TRANSLATORS: the prompt line while others act; {where}: "a bot", "at another terminal"
        if state.phase is Phase.DRAFT:
            said = _("[b]{player}[/b] to choose cards [dim]({where})[/dim]")
        else:
            said = _("[b]{player}[/b] to play [dim]({where})[/dim]")
        return Text.from_markup(said.format(player=who, where=where))

    def _prompt_for(self, name: str) -> str:
        """The acting player's prompt (Rich markup)."""
        cursor = self.board.cursor
        if self.turn.state.phase is Phase.DRAFT:
            # TRANSLATORS: the advanced game's draft (keep the key c); Mauna Kea rulebook (de):
            # Karten
            return _(
                "[b]{player}[/b]: keep {kept} of the {dealt} cards dealt to you "
                "([b]c[/b] shows them; only you should be looking)"
            ).format(player=name, kept=C.cards_kept, dealt=C.cards_dealt)
        if self.turn.quake is Quake.DECIDE:
            return self.cards.after_quake(name)
        if self.card is not None:
            return self.cards.prompt(self.card, self.explorer, cursor)
        playable = bool(self.cards.playable)
        return self.turn.prompt(name, cursor, self.choice, self.explorer, cards=playable)

    def watch_choice(self) -> None:
        if self.is_mounted and self.state is not None:
            self._show_hands()
            self._refresh_board()

    def watch_card(self) -> None:
        if self.is_mounted and self.state is not None:
            self._show_hands()
            self._refresh_board()

    def watch_explorer(self) -> None:
        if self.is_mounted:
            self._refresh_board()

    def _cursor_moved(self) -> None:
        """The board paints itself (asking ``_marks_at``); the words around it follow."""
        self._refresh_lines()

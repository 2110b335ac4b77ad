"""Playing Kilauea: the volcano board, what can be done now, the log, and the keys of a turn.

A turn is a few commands, each built by choices from a list (``ChoiceList``): a verb key (``m``
move the canoe, ``c`` cut, ``v`` build on the volcano, ``i`` build on your island, ``t`` use a
tile, ``e`` end the turn), then its questions answered with the arrows and ``enter`` or a digit.
Only what the rules allow now is offered (``kilauea_turn``); a key that cannot act now says why
in one line. The board points at what the highlighted choice would touch.

Under 100 columns the board is drawn compact; with fewer rows than every island needs, it shows
the island of the seat playing (or watched) and the others' scores. What the table leaves off
then is one key away (``p`` the players, ``l`` the log, in :class:`KilaueaDetails`), and the
footer shows those keys. 80×24 plays.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal

from core.errors import CalderaError
from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea.state import KilaueaState
from core.games.kilauea.transcript import REASONS
from core.language import N_, Translator
from core.lifecycle import Undone
from core.messages import Command, Event
from core.session import Session
from tui.games.kilauea.details import KilaueaDetails
from tui.games.kilauea.turn import Turn
from tui.games.kilauea.verbs import DRAFT, MOVE, TILE, VERB, VERBS
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.kilauea.widgets.paint import Marks, Spots, choose_scale
from tui.games.kilauea.widgets.recent import event_spots, union
from tui.screens.choice_table import CHOICE_BINDINGS, ChoiceTableScreen, verb_bindings
from tui.screens.choice_tree import Choice
from tui.widgets.choices import ChoiceList
from tui.widgets.event_log import EventLog
from tui.widgets.key_footer import KeyFooter
from tui.widgets.narrator import ROWS as NARRATOR_HEIGHT
from tui.widgets.table_header import TableHeader
from tui.widgets.text_line import TextLine

T = Translator("kilauea")
_, ngettext = T.gettext, T.ngettext

NARRATOR_ROWS = NARRATOR_HEIGHT  # a tutorial's panel
PROMPT_ROWS = 2
NOTE_ROWS = 1  # on a short terminal a tutorial says a refusal in its panel, its heading
# stands for the header, and the list of choices keeps only its top border (two more rows)
BELOW_BOARD = 16  # rows the prompt, note, choices and footer need at least
AROUND_BOARD = 10  # the fewest rows besides the board: header, prompt, note, 3 choices, footer
WIDE = 100  # columns of the full board and the log beside the choices
TALL = 34  # rows with a log under the choices, on a narrow terminal
DIGITS = 9
SCORE_PARTS = {  # the end screen's headings for the parts of a score
    "tiles": N_("Action\ntiles"),
    "intermediate": N_("1st\nscoring"),
    "final": N_("Final\nscoring"),
    "all sectors": N_("5 sectors\nbonus"),  # internal
    "stones": N_("Stones\nbonus"),
    "canoe": N_("Canoe\nbonus"),
    "total": N_("Total"),
}
DRAMATIC = (
    ev.ForestsLaid,
    ev.ForestsFilled,
    ev.ActionTilesDealt,
    ev.StartPlayerChosen,
    ev.VolcanoTileUnlocked,
    ev.ForestEmptied,
    ev.ScoringRound,
    ev.FinalBonuses,
)


class KilaueaScreen(ChoiceTableScreen[Turn]):
    """A game of Kilauea as one keyboard plays it."""

    CSS_PATH = "kilauea.tcss"
    VERB = VERB
    DRAMATIC = DRAMATIC
    SCORE_PARTS = SCORE_PARTS
    MIN_SIZE = (80, 24)  # the compact board, the prompt and 3 choices
    FOOTER_LEAVES_OUT = ("hint", "back", "undo", "leave")  # on a narrow terminal, in this order
    BINDINGS: ClassVar[list[BindingType]] = [
        *verb_bindings(VERBS),
        *CHOICE_BINDINGS,
        # a digit on the list of verbs: never a verb (1 once ended a turn), the line says which
        *[Binding(str(i + 1), "digit_on_verbs", show=False) for i in range(DIGITS)],
        Binding("o", "scores", N_("Scores"), tooltip=N_("Show the final scores again")),
        Binding(
            "p", "details('players')", N_("Players"), tooltip=N_("Every player's island and canoe")
        ),
        Binding("l", "details('log')", N_("Log"), tooltip=N_("The whole log of the game")),
        Binding("q", "leave", N_("Leave"), tooltip=N_("Leave the game (it stays saved)")),
    ]

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__(session, reveal_pace=reveal_pace)
        self.turn = Turn(self.rules, self._blank_state(), None)
        self._recent: dict[int, Spots] = {}  # what each seat's last turn touched

    @property
    def state(self) -> KilaueaState | None:
        """The position after the events shown, as the base table folds it."""
        state: KilaueaState | None = self._follower.state
        return state

    def _blank_state(self) -> KilaueaState:
        state: KilaueaState = self.rules.initial(self.rules.config(len(self.names)))
        return state

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TableHeader()
        yield VolcanoBoard(self.names, self.session.controlled, id="board")
        yield TextLine(id="prompt")
        yield TextLine(id="note")
        with Horizontal(id="below"):
            yield ChoiceList(id="choices")
            yield EventLog(id="log")
        yield KeyFooter(compact=True)

    @property
    def board(self) -> VolcanoBoard:
        return self.query_one(VolcanoBoard)

    def on_mount(self) -> None:
        self.title = f"{self.rules.title} — {', '.join(self.names)}"
        self.follow_session()

    def on_resize(self, event: events.Resize) -> None:
        """(Textual calls ``TableScreen.on_resize`` too: it warns when the terminal is small.)"""
        width, height = event.size
        self.board.scale = choose_scale(width, height, len(self.names), BELOW_BOARD)
        self.set_class(height < TALL, "-short")
        self.board.room = height - AROUND_BOARD - self.narrator_rows(height)
        self.set_class(width < WIDE, "-narrow")
        self.set_class(width < WIDE and height < TALL, "-no-log")
        self.call_after_refresh(self.refresh_bindings)  # the pane's keys follow the board

    def narrator_rows(self, height: int) -> int:
        """The rows a tutorial's narrator takes from the board (on a short terminal it takes
        the prompt's place: the panel says what to do)."""
        if self.tutorial is None:
            return 0
        return NARRATOR_ROWS - (PROMPT_ROWS + NOTE_ROWS + 2 if height < TALL else 0)

    @property
    def log_hidden(self) -> bool:
        return self.has_class("-no-log")

    # -- showing ------------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """The state changed: recompute what the acting seat may do and show everything."""
        if self.state is None:
            return
        seat = self.acting_seat()
        self.turn = Turn(self.rules, self.state, seat)
        self.board.seat = self._own_seat(seat)
        verb = self.kept_verb(seat)
        if verb is None:
            only = self.turn.verbs()
            if len(only) == 1 and only[0] in (DRAFT, MOVE):
                verb = only[0]  # the one thing to do: ask it straight away
        self.ask(verb)

    def _own_seat(self, acting: int | None) -> int:
        """The island a short board shows: the seat playing here now, else the one player at
        this keyboard, else the seat whose turn it is."""
        if acting is not None:
            return acting
        controlled = sorted(self.session.controlled)
        if len(controlled) == 1:
            return controlled[0]
        state = self.state
        return state.active if state is not None and state.active is not None else 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        on_verbs = self.choice is None and self.turn.seat is not None
        if action == "choose" and on_verbs:
            return False  # a verb is chosen by its letter (the digit's line says so)
        if action == "digit_on_verbs":
            return on_verbs
        if action == "details":
            if not self.is_mounted or self.state is None:
                return False
            return not self.board.shows_all if parameters[0] == "players" else self.log_hidden
        return super().check_action(action, parameters)

    def action_digit_on_verbs(self) -> None:
        """A digit while the verbs are listed: say which letter does what instead."""
        keys = ", ".join(f"{verb.key} {_(verb.title).lower()}" for verb, _text, why in
                         self.turn.verb_rows() if not why)  # fmt: skip
        self.note = _("✗ Digits answer questions. Choose with a letter: {keys}.").format(keys=keys)

    def question(self, choice: Choice) -> str:
        """The tile question says what a tile gives up: the second cut."""
        words = _(choice.stage.question)
        if choice.verb is TILE and not self.picks and self.turn.tile_ends_cutting():
            words = _("Use which action tile? (then no second cut)")
        return words

    def action_details(self, tab: str) -> None:
        """The players, the log, the tiles and the board's key in a pane over the table."""
        if self.state is None:
            return
        log = self.query_one(EventLog)
        sentences = sorted(log.said().items())
        pane = KilaueaDetails(self.state, self.board.scale, self.board.seats, sentences,
                              self.names, tab)  # fmt: skip
        self.app.push_screen(pane)

    def end_note(self) -> str:
        reason = self.state.end if self.state is not None else None
        if not reason:
            return ""
        said = _(REASONS[reason]) if reason in REASONS else reason
        return _("The game ended: {reason}.").format(reason=said)

    def applied(self, event: Event) -> None:
        if isinstance(event, ev.TurnStarted):
            self._recent[event.seat] = Spots()
        elif isinstance(event, Undone):
            self._recent.pop(event.seat, None)
        spots = event_spots(event)
        if spots:
            seat = getattr(event, "seat", -1)
            self._recent[seat] = union(self._recent.get(seat, Spots()), spots)

    def sent(self, command: Command) -> None:
        self._recent.clear()

    def last_moves(self) -> Spots:
        """What the other players' last turns touched (underlined while nobody chooses)."""
        acting = self.turn.seat
        out = Spots()
        for seat, spots in self._recent.items():
            if seat != acting:
                out = union(out, spots)
        return out

    def show_board(self) -> None:
        if self.state is None:
            return
        verb = self.building
        if verb is not None:  # what is being chosen, and where a tutorial's step points
            marks = self.turn.marks(verb, self.picks, self.highlighted())
            marks = Marks(marks.focus, union(marks.chosen, self.guided_spots()))
        else:
            marks = Marks(chosen=union(self.last_moves(), self.guided_spots()))
        self.board.show(self.state, marks)

    def guided_spots(self) -> Spots:
        """What a tutorial's step points at: the places its move would touch."""
        said = self.guide
        if said is None or said.expected is None or self.state is None:
            return Spots()
        try:
            events = self.rules.decide(self.state, said.step.seat, said.expected)
        except CalderaError:
            return Spots()
        out = Spots()
        for event in events:
            out = union(out, event_spots(event))
        return out

    def turn_prompt(self, seat: int) -> Text:
        lines = [self.turn.prompt(self.names[seat])]
        verb = self.building
        if verb is not None and self.picks:
            lines.append(f"[dim]{_(verb.title)}:[/dim] {self.turn.picked(verb, self.picks)}")
        return Text.from_markup("\n".join(lines))

    # -- actions --------------------------------------------------------------------------------

    def waste(self, command: Command) -> str | None:
        """Ending the turn forfeits the tiles it earned and did not use: asked first."""
        if isinstance(command, cmd.EndTurn):
            left = [code for code, ok in self.turn.usable_tiles() if ok]
            if left:
                tiles = ", ".join(left)
                return ngettext(  # English says "tile(s)" whatever the count, as it always did
                    "End the turn? The action tile(s) {tiles} earned this turn go unused.",
                    "End the turn? The action tile(s) {tiles} earned this turn go unused.",
                    len(left),
                ).format(tiles=tiles)
        return None

    async def explain(self, seat: int, action: str) -> None:
        """A verb key that cannot act now: say why, in one line."""
        probe = self.turn.probe(VERB[action])
        if isinstance(probe, str):
            self.note = probe
        else:
            await self.send(seat, probe, ask=False)  # refused: the referee says why

"""Playing Kilauea: the volcano board, what can be done now, the log, and the keys of a turn.

A turn is a few commands, each built by choices from a list (``ChoiceList``): a verb key (``m``
move the canoe, ``c`` cut, ``v`` build on the volcano, ``i`` build on your island, ``t`` use a
tile, ``e`` end the turn), then its questions answered with the arrows and ``enter`` or a digit.
Only what the rules allow now is offered (``kilauea_turn``); a key that cannot act now says why
in one line. The board points at what the highlighted choice would touch.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal

from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea.state import KilaueaState
from core.games.kilauea.transcript import REASONS
from core.lifecycle import Undone
from core.messages import Command, Event
from core.session import Session
from tui.games.kilauea.turn import Turn
from tui.games.kilauea.verbs import DRAFT, MOVE, VERB, VERBS
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.kilauea.widgets.paint import Marks, Spots, choose_scale
from tui.games.kilauea.widgets.recent import event_spots, union
from tui.screens.choice_table import CHOICE_BINDINGS, ChoiceTableScreen, verb_bindings
from tui.widgets.choices import ChoiceList
from tui.widgets.event_log import EventLog
from tui.widgets.key_footer import KeyFooter
from tui.widgets.table_header import TableHeader
from tui.widgets.text_line import TextLine

BELOW_BOARD = 16  # rows the prompt, note, choices and footer need at least
DIGITS = 9
SCORE_PARTS = {  # the end screen's headings for the parts of a score
    "tiles": "Action\ntiles",
    "intermediate": "1st\nscoring",
    "final": "Final\nscoring",
    "all sectors": "5 sectors\nbonus",
    "stones": "Stones\nbonus",
    "canoe": "Canoe\nbonus",
    "total": "Total",
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
    MIN_SIZE = (100, 34)  # 4 players' board, the prompt and a few choices
    BINDINGS: ClassVar[list[BindingType]] = [
        *verb_bindings(VERBS),
        *CHOICE_BINDINGS,
        Binding("o", "scores", "Scores", tooltip="Show the final scores again"),
        Binding("q", "leave", "Leave", tooltip="Leave the game (it stays saved)"),
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

    # -- showing ------------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """The state changed: recompute what the acting seat may do and show everything."""
        if self.state is None:
            return
        seat = self.acting_seat()
        self.turn = Turn(self.rules, self.state, seat)
        verb = self.kept_verb(seat)
        if verb is None:
            only = self.turn.verbs()
            if len(only) == 1 and only[0] in (DRAFT, MOVE):
                verb = only[0]  # the one thing to do: ask it straight away
        self.ask(verb)

    def end_note(self) -> str:
        reason = self.state.end if self.state is not None else None
        return f"The game ended: {REASONS.get(reason, reason)}." if reason else ""

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
        if verb is not None:
            marks = self.turn.marks(verb, self.picks, self.highlighted())
        else:
            marks = Marks(chosen=self.last_moves())
        self.board.show(self.state, marks)

    def turn_prompt(self, seat: int) -> Text:
        lines = [self.turn.prompt(self.names[seat])]
        verb = self.building
        if verb is not None and self.picks:
            lines.append(f"[dim]{verb.title}:[/dim] {self.turn.picked(verb, self.picks)}")
        return Text.from_markup("\n".join(lines))

    # -- actions --------------------------------------------------------------------------------

    def waste(self, command: Command) -> str | None:
        """Ending the turn forfeits the tiles it earned and did not use: asked first."""
        if isinstance(command, cmd.EndTurn):
            left = [code for code, ok in self.turn.usable_tiles() if ok]
            if left:
                tiles = ", ".join(left)
                return f"End the turn? The action tile(s) {tiles} earned this turn go unused."
        return None

    async def explain(self, seat: int, action: str) -> None:
        """A verb key that cannot act now: say why, in one line."""
        probe = self.turn.probe(VERB[action])
        if isinstance(probe, str):
            self.note = probe
        else:
            await self.send(seat, probe, ask=False)  # refused: the referee says why

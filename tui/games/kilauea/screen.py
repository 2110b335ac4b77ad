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
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import var
from textual.widgets import Header, OptionList

from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea.state import KilaueaState
from core.games.kilauea.transcript import REASONS
from core.lifecycle import Undone
from core.messages import Command, Event
from core.session import Session
from tui.games.kilauea.turn import Turn
from tui.games.kilauea.verbs import DRAFT, END, MOVE, VERB, VERBS
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.kilauea.widgets.paint import Marks, Spots, choose_scale
from tui.games.kilauea.widgets.recent import event_spots, union
from tui.screens.choice_tree import Choice, Value, Verb
from tui.screens.table import TableScreen
from tui.widgets.choices import ChoiceList, Row
from tui.widgets.event_log import EventLog
from tui.widgets.key_footer import KeyFooter
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


def _verb_bindings() -> list[Binding]:
    """A key per verb, then a silent fallback that says why it cannot act now."""
    keys = [Binding(v.key, v.action, v.title, tooltip=v.tooltip) for v in VERBS]
    keys += [Binding(v.key, f"explain('{v.action}')", show=False) for v in VERBS]
    return keys


class KilaueaScreen(TableScreen):
    """A game of Kilauea as one keyboard plays it."""

    CSS_PATH = "kilauea.tcss"
    AUTO_FOCUS = "#choices"
    DRAMATIC = DRAMATIC
    SCORE_PARTS = SCORE_PARTS
    MIN_SIZE = (100, 34)  # 4 players' board, the prompt and a few choices
    BINDINGS: ClassVar[list[BindingType]] = [
        *_verb_bindings(),
        Binding(
            "1", "choose(0)", "Choose", key_display="1…9", tooltip="Choose option 1…9 of the list"
        ),
        *[Binding(str(i + 1), f"choose({i})", "Choose", show=False) for i in range(1, DIGITS)],
        Binding("escape", "back", "Back", tooltip="Undo the last choice (back to the verbs)"),
        Binding("o", "scores", "Scores", tooltip="Show the final scores again"),
        Binding("q", "leave", "Leave", tooltip="Leave the game (it stays saved)"),
    ]

    verb: var[str | None] = var(None)  # the command being built, by verb action
    picks: var[tuple[Value, ...]] = var(())  # its values chosen so far

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__(session, reveal_pace=reveal_pace)
        self.state: KilaueaState | None = None
        self.turn = Turn(self.rules, self._blank_state(), None)
        self.choice: Choice | None = None  # the question the list shows (None: the verbs)
        self._rows: list[Verb | int] = []  # what each row of the list stands for
        self._enabled_keys: tuple[bool, ...] = ()
        self._recent: dict[int, Spots] = {}  # what each seat's last turn touched

    def _blank_state(self) -> KilaueaState:
        state: KilaueaState = self.rules.initial(self.rules.config(len(self.names)))
        return state

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
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

    @property
    def choices(self) -> ChoiceList:
        return self.query_one(ChoiceList)

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
        verb = VERB.get(self.verb) if self.verb else None
        if self.turn_passed(seat):
            verb = None
        if verb is not None and not self.turn.can(verb):
            verb = None
        if verb is None:
            only = self.turn.verbs()
            if len(only) == 1 and only[0] in (DRAFT, MOVE):
                verb = only[0]  # the one thing to do: ask it straight away
        picks = self.picks if verb is not None and self.turn.remaining(verb, self.picks) else ()
        self.set_reactive(KilaueaScreen.verb, verb.action if verb else None)
        self.set_reactive(KilaueaScreen.picks, picks)
        self._show_choices()

    def _show_choices(self) -> None:
        """The list (verbs, or the next question), the prompt, the board's marks, the keys."""
        turn = self.turn
        verb = VERB.get(self.verb) if self.verb else None
        self.choice = turn.choice(verb, self.picks) if verb is not None else None
        if turn.seat is None:
            self._rows = []
            self.choices.clear(self._waiting())
        elif self.choice is None:
            listed = turn.verb_rows()
            self._rows = [verb for verb, _, _ in listed]
            rows = [Row(verb.key, text, not why, why) for verb, text, why in listed]
            self.choices.offer("What now?", rows)
        else:
            options = self.choice.options
            self._rows = list(range(len(options)))
            rows = [
                Row(str(i + 1) if i < DIGITS else "", o.label, o.enabled, o.reason)
                for i, o in enumerate(options)
            ]
            self.choices.offer(self.choice.stage.question, rows)
        self._show_board()
        self.query_one("#prompt", TextLine).text = self._prompt()
        self._refresh_keys()

    def _highlighted(self) -> Value | None:
        index = self.choices.highlighted
        if self.choice is None or index is None or not 0 <= index < len(self.choice.options):
            return None
        return self.choice.options[index].value

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

    def _show_board(self) -> None:
        if self.state is None:
            return
        verb = VERB.get(self.verb) if self.verb else None
        if verb is not None:
            marks = self.turn.marks(verb, self.picks, self._highlighted())
        else:
            marks = Marks(chosen=self.last_moves())
        self.board.show(self.state, marks)

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlight_moved(self) -> None:
        self._show_board()

    def _waiting(self) -> str:
        if self.ended:
            return "Game over"
        if self.revealing:
            return "…"
        return ""

    def _prompt(self) -> Text:
        state, seat = self.state, self.turn.seat
        if state is None:
            return Text("")
        if seat is not None:
            lines = [self.turn.prompt(self.names[seat])]
            verb = VERB.get(self.verb) if self.verb else None
            if verb is not None and self.picks:
                lines.append(f"[dim]{verb.title}:[/dim] {self.turn.picked(verb, self.picks)}")
            return Text.from_markup("\n".join(lines))
        if self.ended:
            return Text.from_markup("[b]Game over[/b]: [b]o[/b] shows the scores, [b]q[/b] leaves")
        waiting = list(self.rules.to_move(state))
        who = " and ".join(self.names[s] for s in waiting) or "The table"
        if self.revealing:
            return Text.from_markup(f"[b]{who}[/b]…")
        where = "a bot" if self.session.status == "local" else "at another terminal"
        return Text.from_markup(f"[b]{who}[/b] to play [dim]({where})[/dim]")

    def _refresh_keys(self) -> None:
        """Refresh the footer, only when what the keys can do has changed (it is rebuilt)."""
        shown = [b for b in self.BINDINGS if isinstance(b, Binding) and b.show]
        enabled = tuple(bool(self.check_action(*_parse(b.action))) for b in shown)
        if enabled != self._enabled_keys:
            self._enabled_keys = enabled
            self.refresh_bindings()

    # -- which keys act now ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in VERB:
            return self.turn.can(VERB[action])
        if action == "choose":
            index = parameters[0] if parameters else 0
            return isinstance(index, int) and self._enabled_row(index)
        if action == "back":
            return self.verb is not None
        if action == "scores":
            return self.ended and not self.revealing
        return super().check_action(action, parameters)

    def _enabled_row(self, index: int) -> bool:
        if not 0 <= index < len(self._rows):
            return False
        row = self._rows[index]
        if isinstance(row, Verb):
            return self.turn.can(row)
        return self.choice is not None and self.choice.options[row].enabled

    # -- actions --------------------------------------------------------------------------------

    async def _open(self, verb: Verb) -> None:
        """A verb key: ask its first question (or send it at once when it has none)."""
        self.note = ""
        if not verb.stages:
            commands = self.turn.by_verb[verb.action]
            if commands:
                await self._send(commands[0])
            return
        self.verb = verb.action
        self.picks = ()
        self._show_choices()

    async def action_draft(self) -> None:
        await self._open(DRAFT)

    async def action_move(self) -> None:
        await self._open(MOVE)

    async def action_cut(self) -> None:
        await self._open(VERB["cut"])

    async def action_volcano(self) -> None:
        await self._open(VERB["volcano"])

    async def action_island(self) -> None:
        await self._open(VERB["island"])

    async def action_tile(self) -> None:
        await self._open(VERB["tile"])

    async def action_end_turn(self) -> None:
        await self._open(END)

    async def action_choose(self, index: int) -> None:
        """Row ``index`` of the list: open that verb, or answer the question with it."""
        if not 0 <= index < len(self._rows):
            return
        row = self._rows[index]
        if isinstance(row, Verb):
            if self.turn.can(row):
                await self._open(row)
            else:
                await self.action_explain(row.action)
            return
        verb = VERB.get(self.verb) if self.verb else None
        if verb is None or self.choice is None:
            return
        option = self.choice.options[row]
        if not option.enabled:
            self.note = f"✗ {option.label.split(' ')[0]} {option.reason}"
            return
        picks, command = self.turn.settle(verb, (*self.picks, option.value))
        if command is not None:
            await self._send(command)
            return
        self.picks = picks
        self._show_choices()

    @on(OptionList.OptionSelected, "#choices")
    async def _selected(self, message: OptionList.OptionSelected) -> None:
        await self.action_choose(message.option_index)

    def action_back(self) -> None:
        """Ask the previous question again (skipping those with one answer), or leave the verb."""
        self.note = ""
        verb = VERB.get(self.verb) if self.verb else None
        picks = self.turn.back(verb, self.picks) if verb is not None else None
        if picks is None:
            self.verb, self.picks = None, ()
        else:
            self.picks = picks
        self._show_choices()

    async def _send(self, command: Command) -> None:
        """Send the command built; the choices start afresh (the session may publish the
        outcome before ``submit`` returns), or stay as they were if it is refused."""
        verb, picks = self.verb, self.picks
        self.verb, self.picks = None, ()
        if not await self.send(self.turn.seat, command):
            self.verb, self.picks = verb, picks
            self._show_choices()

    def waste(self, command: Command) -> str | None:
        """Ending the turn forfeits the tiles it earned and did not use: asked first."""
        if isinstance(command, cmd.EndTurn):
            left = [code for code, ok in self.turn.usable_tiles() if ok]
            if left:
                tiles = ", ".join(left)
                return f"End the turn? The action tile(s) {tiles} earned this turn go unused."
        return None

    async def action_explain(self, action: str) -> None:
        """A verb key that cannot act now: say why, in one line."""
        seat = self.turn.seat
        if seat is None:
            self.note = "Wait: it is not your turn." if not self.ended else "The game is over."
            return
        probe = self.turn.probe(VERB[action])
        if isinstance(probe, str):
            self.note = probe
        else:
            await self.send(seat, probe, ask=False)  # refused: the referee says why


def _parse(action: str) -> tuple[str, tuple[object, ...]]:
    """``"choose(0)"`` -> ``("choose", (0,))`` (as Textual reads an action)."""
    from textual.actions import parse

    _namespace, name, parameters = parse(action)
    return name, parameters

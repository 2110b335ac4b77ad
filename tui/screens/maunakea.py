"""Playing Mauna Kea: the island, the players' hands, the log, and the keys of a turn.

The screen talks to the game only through a :class:`core.session.Session`: it folds the
envelopes the session delivers (revealing draws and lava one at a time, at ``reveal_pace``) and
sends the acting seat's commands. When the referee refuses one, its one-line reason is shown.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from core.codec import Envelope
from core.errors import IllegalCommand
from core.fold import start_state
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.board import LANDING_OF_SPACE, neighbours, slot_of
from core.games.maunakea.components import COMPONENTS, Direction, Slot, Space
from core.games.maunakea.state import MaunaKeaState
from core.lifecycle import GameEnded, GameStarted
from core.messages import Command
from core.session import Session
from tui.screens.choice import ChoiceScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.maunakea_turn import Turn, cargo_label
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
STEPS = {"N": Direction.N, "E": Direction.E, "S": Direction.S, "W": Direction.W}
SIDE_MIN = 34  # columns the players and log need beside the board
MIN_SIZE = (99, 34)  # the smallest terminal the whole table fits
BELOW_MIN = 8  # rows the prompt, note and info need below the board, header and footer too
EXPLAIN = ("e", "s", "u", "d", "b", "r", "enter")  # keys that say why they do nothing


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


class MaunaKeaScreen(Screen[None]):
    """A game of Mauna Kea as one keyboard plays it."""

    CSS_PATH = "maunakea.tcss"
    AUTO_FOCUS = "IslandBoard"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "1", "choose_tile(0)", "Tile", key_display="1…5", tooltip="Pick a tile from your hand"
        ),
        *[Binding(str(i + 1), f"choose_tile({i})", "Tile", show=False) for i in range(1, 9)],
        Binding(
            "enter",
            "place_explorer",
            "Place explorer",
            tooltip="Place an explorer on the start space under the cursor",
        ),
        Binding(
            "enter", "place_tile", "Lay", tooltip="Lay the picked tile on the slot under the cursor"
        ),
        Binding(
            "enter",
            "move_here",
            "Move here",
            tooltip="Move the picked explorer to the cursor (cheapest way)",
        ),
        Binding("enter", "select_here", "Select", tooltip="Pick the explorer under the cursor"),
        Binding("r", "rotate", "Turn", tooltip="Turn the picked tile a quarter clockwise"),
        Binding("s", "spend", "Spend", tooltip="Spend the picked tile for its movement points"),
        Binding("tab", "next_explorer", "Explorer", tooltip="Pick your next explorer"),
        Binding("shift+tab", "next_explorer(-1)", "Explorer", show=False),
        Binding(
            "shift+up",
            "step('N')",
            "Step",
            key_display="⇧↑↓←→",
            tooltip="Step the picked explorer one space",
        ),
        Binding("shift+down", "step('S')", "Step", show=False),
        Binding("shift+left", "step('W')", "Step", show=False),
        Binding("shift+right", "step('E')", "Step", show=False),
        Binding("u", "pick_up", "Pick up", tooltip="Pick up an artifact where the explorer stands"),
        Binding("d", "drop", "Drop", tooltip="Drop an artifact the explorer carries"),
        Binding("b", "board", "Board", tooltip="Board the boat at this landing"),
        Binding("e", "end_turn", "End turn", tooltip="End the turn (every tile played)"),
        Binding("escape", "cancel", "Cancel", tooltip="Put the picked tile or explorer down"),
        Binding("o", "scores", "Scores", tooltip="Show the final scores again"),
        Binding("q", "leave", "Leave", tooltip="Leave the game (it stays saved)"),
        # tried when the key's action above is not possible now: say why, in one line
        *[Binding(key, f"explain('{key}')", show=False) for key in EXPLAIN],
    ]

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

    @on(IslandBoard.SpaceClicked)
    async def _space_clicked(self, message: IslandBoard.SpaceClicked) -> None:
        if self.check_action("select_here", ()):
            self.action_select_here()
            return
        if message.again:
            for action in ("place_explorer", "place_tile", "move_here"):
                if self.check_action(action, ()):
                    await self.run_action(action)
                    return

    @on(PlayersPanel.TileChosen)
    def _tile_clicked(self, message: PlayersPanel.TileChosen) -> None:
        if self.check_action("choose_tile", (message.index,)):
            self.action_choose_tile(message.index)

    # -- which keys act now -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        turn = self.turn
        tile = turn.tile(self.choice)
        chosen = turn.explorer(self.explorer)
        if action == "choose_tile":
            index = parameters[0] if parameters else 0
            return turn.playing and isinstance(index, int) and index < len(turn.hand)
        if action in ("place_tile", "rotate", "spend"):
            return tile is not None
        if action == "place_explorer":
            return turn.placing_explorers
        if action == "next_explorer":
            return turn.playing and bool(turn.explorers())
        if action in ("move_here", "step"):
            return chosen is not None and tile is None
        if action == "select_here":
            here = turn.explorer_at(self.board.cursor)
            return tile is None and here is not None and here is not chosen
        if action == "pick_up":
            return bool(turn.of_explorer(cmd.PickUp, self.explorer))
        if action == "drop":
            return bool(turn.of_explorer(cmd.Drop, self.explorer))
        if action == "board":
            return bool(turn.of_explorer(cmd.Board, self.explorer))
        if action == "end_turn":
            return cmd.EndTurn() in turn.legal
        if action == "cancel":
            return tile is not None or chosen is not None
        if action == "scores":
            return self.ended and not self._pending
        return True

    async def action_explain(self, key: str) -> None:
        """A key whose action is not possible now: say why, in one line."""
        turn = self.turn
        if turn.seat is None:
            self.note = "Wait: it is not your turn." if not self.ended else "The game is over."
            return
        chosen = turn.explorer(self.explorer)
        if key == "e":
            await self._send(cmd.EndTurn())  # the referee says why
        elif key in ("s", "r"):
            self.note = "Pick a tile first (1…5)."
        elif key == "enter":
            self.note = "Pick a tile (1…5) or an explorer (tab) first."
        elif chosen is None:
            self.note = "Pick an explorer first (tab)."
        elif key == "b":
            await self._send(cmd.Board(chosen.index, tuple(chosen.carried)))
        elif key == "u":
            state, space = self.state, chosen.space
            lying = state.artifacts.get(space, []) if state and space else []
            if lying:
                await self._send(cmd.PickUp(chosen.index, lying[0]))  # the referee says why
            else:
                self.note = f"Nothing lies where explorer {chosen.index + 1} stands."
        else:
            self.note = f"Explorer {chosen.index + 1} carries nothing to drop."

    # -- actions ------------------------------------------------------------------------------

    async def _send(self, command: Command) -> bool:
        """Send the acting seat's command; show the referee's reason if it is refused."""
        seat = self.turn.seat
        if seat is None:
            self.note = "It is not your turn."
            return False
        try:
            await self.session.submit(seat, command)
        except IllegalCommand as exc:
            self.note = f"✗ {exc}"
            return False
        self.note = ""
        return True

    def action_choose_tile(self, index: int) -> None:
        seat = self.turn.seat
        if seat is None:
            return
        if self.choice is not None and self.choice.index == index:
            self.choice = None
            return
        self.explorer = None
        board = self.board
        if not self.state or not self.state.empty_slot(slot_of(board.cursor)):
            near = self.turn.nearest_empty_slot(board.cursor)
            if near is not None:
                board.cursor = near
        self.choice = TileChoice(seat, index, 0)

    def action_rotate(self) -> None:
        if self.choice is not None:
            c = self.choice
            self.choice = TileChoice(c.seat, c.index, (c.rotation + 1) % 4)

    async def action_place_tile(self) -> None:
        tile = self.turn.tile(self.choice)
        if tile is None or self.choice is None:
            return
        command = cmd.PlaceTile(tile, slot_of(self.board.cursor), self.choice.rotation)
        if await self._send(command):
            self.choice = None

    async def action_spend(self) -> None:
        tile = self.turn.tile(self.choice)
        if tile is not None and await self._send(cmd.SpendTile(tile)):
            self.choice = None

    async def action_place_explorer(self) -> None:
        await self._send(cmd.PlaceExplorer(self.board.cursor))

    def action_next_explorer(self, direction: int = 1) -> None:
        explorers = self.turn.explorers()
        if not explorers:
            return
        self.choice = None
        indexes = [e.index for e in explorers]
        if self.explorer in indexes:
            at = (indexes.index(self.explorer) + direction) % len(indexes)
        else:
            at = 0 if direction > 0 else len(indexes) - 1
        self._select(explorers[at].index)

    def action_select_here(self) -> None:
        here = self.turn.explorer_at(self.board.cursor)
        if here is not None:
            self.choice = None
            self._select(here.index)

    def _select(self, index: int) -> None:
        explorer = self.turn.explorer(index)
        self.explorer = index
        if explorer is not None and explorer.space is not None:
            self.board.cursor = explorer.space

    async def action_move_here(self) -> None:
        chosen = self.turn.explorer(self.explorer)
        if chosen is None:
            return
        if self.board.cursor == chosen.space:
            self.note = "Choose a space to move to with the arrows (costs are shown)."
            return
        await self._send(cmd.Move(chosen.index, self.board.cursor))

    async def action_step(self, direction: str) -> None:
        chosen = self.turn.explorer(self.explorer)
        if chosen is None or chosen.space is None:
            return
        dx, dy = STEPS[direction].step
        target: Space = (chosen.space[0] + dx, chosen.space[1] + dy)
        if target not in neighbours(chosen.space):
            self.note = "✗ that would leave the island"
            return
        if await self._send(cmd.Move(chosen.index, target)):
            self.board.cursor = target

    async def action_pick_up(self) -> None:
        await self._pick(cmd.PickUp, "Pick up which artifact?")

    async def action_drop(self) -> None:
        await self._pick(cmd.Drop, "Drop which artifact?")

    async def _pick(self, kind: type[cmd.PickUp] | type[cmd.Drop], question: str) -> None:
        options = self.turn.of_explorer(kind, self.explorer)
        if len(options) == 1:
            await self._send(options[0])
        elif options:
            labels = [f"{o.colour} artifact" for o in options]
            self.app.push_screen(ChoiceScreen(question, labels), self._chosen(options))

    async def action_board(self) -> None:
        options = self.turn.of_explorer(cmd.Board, self.explorer)
        if len(options) == 1:
            await self._send(options[0])
        elif options and self.state is not None:
            chosen = self.turn.explorer(self.explorer)
            assert chosen is not None and chosen.space is not None
            boat = C.boats[self._boat_at(chosen.space)]
            labels = [cargo_label(o.cargo, boat.places) for o in options]
            question = f"The {boat.colour} boat takes {boat.places} artifact(s): which?"
            self.app.push_screen(ChoiceScreen(question, labels), self._chosen(options))

    def _boat_at(self, space: Space) -> int:
        assert self.state is not None
        return self.state.docked[LANDING_OF_SPACE[space]]

    def _chosen(self, options: list[Any]) -> Any:
        async def send(index: int | None) -> None:
            if index is not None:
                await self._send(options[index])

        return send

    async def action_end_turn(self) -> None:
        await self._send(cmd.EndTurn())

    def action_cancel(self) -> None:
        self.choice = None
        self.explorer = None
        self.note = ""

    def action_scores(self) -> None:
        self._game_over()

    def action_leave(self) -> None:
        if self.ended:
            self.run_worker(self._leave(True))
            return
        question = "Leave this game? It is saved: open its replay to continue from any event."
        self.app.push_screen(ConfirmScreen(question), self._leave)

    async def _leave(self, yes: bool | None) -> None:
        if yes:
            await self.session.close()
            self.dismiss(None)

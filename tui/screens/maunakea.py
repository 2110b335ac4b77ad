"""Playing Mauna Kea: the keys of a turn on the table the seat at this keyboard sees.

The screen sends the acting seat's commands through the session; when the referee refuses one,
its one-line reason is shown. Keys are offered (footer, help, command palette) only when they act.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType

from core.errors import IllegalCommand
from core.games.maunakea import commands as cmd
from core.games.maunakea.board import LANDING_OF_SPACE, neighbours, slot_of
from core.games.maunakea.components import COMPONENTS, Direction, Space
from core.messages import Command
from tui.screens.choice import ChoiceScreen, ConfirmScreen
from tui.screens.maunakea_table import MIN_SIZE, MaunaKeaTable, choose_scale
from tui.screens.maunakea_turn import cargo_label
from tui.widgets.maunakea.board import IslandBoard
from tui.widgets.maunakea.players import PlayersPanel, TileChoice

C = COMPONENTS
STEPS = {"N": Direction.N, "E": Direction.E, "S": Direction.S, "W": Direction.W}
EXPLAIN = ("e", "s", "u", "d", "b", "r", "enter")  # keys that say why they do nothing


class MaunaKeaScreen(MaunaKeaTable):
    """A game of Mauna Kea as one keyboard plays it."""

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


__all__ = ["MIN_SIZE", "MaunaKeaScreen", "choose_scale"]

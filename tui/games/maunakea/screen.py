"""Playing Mauna Kea: the keys of a turn on the table the seat at this keyboard sees.

The screen sends the acting seat's commands through the session; when the referee refuses one,
its one-line reason is shown. Keys are offered (footer, help, command palette) only when they act.
The advanced game adds the draft dialog (:mod:`tui.games.maunakea.draft`) and the action cards:
``c`` picks one, then an explorer, a destination or a tile, and ``enter`` plays it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType

from core.games.maunakea import commands as cmd
from core.games.maunakea.board import LANDING_OF_SPACE, neighbours, slot_of, space_name
from core.games.maunakea.components import COMPONENTS, Direction, Space
from core.games.maunakea.state import Phase
from core.games.maunakea.transcript import artifact_colour, boat_colour
from core.language import N_, Translator
from core.messages import Command
from core.session import Session
from tui.games.maunakea.card_choice import MOVES, CardChoice
from tui.games.maunakea.draft import DraftScreen
from tui.games.maunakea.keys import key_path
from tui.games.maunakea.table import MIN_SIZE, PANE_HELP_HIDES, MaunaKeaTable, choose_scale
from tui.games.maunakea.turn import QUAKE_TILE, cargo_label
from tui.games.maunakea.widgets.board import IslandBoard
from tui.games.maunakea.widgets.cards import CardsPanel, advanced_help
from tui.games.maunakea.widgets.players import PlayersPanel, TileChoice
from tui.screens.choice import ChoiceScreen
from tui.widgets.narrator import Narrator

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
STEPS = {"N": Direction.N, "E": Direction.E, "S": Direction.S, "W": Direction.W}
CARD_ACTIONS = frozenset({"play_card", "pick_card", "quake_draw(True)", "quake_draw(False)"})
EXPLAIN = ("e", "s", "p", "d", "b", "r", "c", "y", "enter")  # keys that say why they do nothing


class MaunaKeaScreen(MaunaKeaTable):
    """A game of Mauna Kea as one keyboard plays it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "1",
            "choose_tile(0)",
            N_("Tile"),
            key_display="1…5",
            tooltip=N_("Pick a tile from your hand"),
        ),
        *[Binding(str(i + 1), f"choose_tile({i})", N_("Tile"), show=False) for i in range(1, 9)],
        Binding(
            "enter",
            "place_explorer",
            N_("Place explorer"),
            tooltip=N_("Place an explorer on the start space under the cursor"),
        ),
        Binding(
            "enter",
            "place_tile",
            N_("Lay"),
            tooltip=N_("Lay the picked tile on the slot under the cursor"),
        ),
        Binding(
            "enter",
            "play_card",
            N_("Play card"),
            tooltip=N_(
                "Play the picked card: move to the cursor, turn this tile, fly this explorer"
            ),
        ),
        Binding(
            "enter",
            "move_here",
            N_("Move here"),
            tooltip=N_("Move the picked explorer to the cursor (cheapest way)"),
        ),
        Binding(
            "enter", "select_here", N_("Select"), tooltip=N_("Pick the explorer under the cursor")
        ),
        Binding(
            "r",
            "rotate",
            N_("Turn"),
            tooltip=N_("Turn the picked tile (or the quaking one) clockwise"),
        ),
        Binding(
            "s", "spend", N_("Spend"), tooltip=N_("Spend the picked tile for its movement points")
        ),
        Binding("tab", "next_explorer", N_("Explorer"), tooltip=N_("Pick your next explorer")),
        Binding("shift+tab", "next_explorer(-1)", N_("Explorer"), show=False),
        Binding(
            "shift+up",
            "step('N')",
            N_("Step"),
            key_display="⇧↑↓←→",
            tooltip=N_("Step the picked explorer one space"),
        ),
        Binding("shift+down", "step('S')", N_("Step"), show=False),
        Binding("shift+left", "step('W')", N_("Step"), show=False),
        Binding("shift+right", "step('E')", N_("Step"), show=False),
        Binding(
            "p",
            "pick_up",
            N_("Pick up"),
            tooltip=N_("Pick up an artifact where the explorer stands"),
        ),
        Binding("d", "drop", N_("Drop"), tooltip=N_("Drop an artifact the explorer carries")),
        Binding("b", "board", N_("Board"), tooltip=N_("Board the boat at this landing")),
        Binding(
            "c",
            "pick_card",
            N_("Card"),
            tooltip=N_("Pick your next action card (in the draft: show the cards dealt to you)"),
        ),
        Binding(
            "y", "quake_draw(True)", N_("Draw"), tooltip=N_("After an earthquake: draw a tile")
        ),
        Binding(
            "n", "quake_draw(False)", N_("No tile"), tooltip=N_("After an earthquake: draw none")
        ),
        Binding("e", "end_turn", N_("End turn"), tooltip=N_("End the turn (every tile played)")),
        Binding(
            "escape",
            "cancel",
            N_("Cancel"),
            tooltip=N_("Put the picked tile, card or explorer down"),
        ),
        Binding("o", "scores", N_("Scores"), tooltip=N_("Show the final scores again")),
        Binding("q", "leave", N_("Leave"), tooltip=N_("Leave the game (it stays saved)")),
        # tried when the key's action above is not possible now: say why, in one line
        *[Binding(key, f"explain('{key}')", show=False) for key in EXPLAIN],
    ]

    # on a narrow terminal the footer leaves out, in this order, what the row has no room for
    # (they still act; the help and the palette list them)
    FOOTER_LEAVES_OUT = ("hint", "step", "leave", "cancel", "undo")

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__(session, reveal_pace=reveal_pace)
        self._draft_screen: DraftScreen | None = None
        self._draft_offered: set[int] = set()  # seats whose draft dialog opened by itself

    @property
    def help_extra(self) -> str:
        """What the help adds for this table: the advanced game and its cards."""
        return advanced_help() if self.seen.advanced else ""

    @property
    def help_hides(self) -> frozenset[str]:
        """Keys the help leaves out: the table's (see ``TableScreen``), and the cards' keys in
        the base game."""
        cards = frozenset() if self.seen.advanced else CARD_ACTIONS
        return super().help_hides | cards | PANE_HELP_HIDES

    @on(IslandBoard.SpaceClicked)
    async def _space_clicked(self, message: IslandBoard.SpaceClicked) -> None:
        if self.check_action("select_here", ()):
            self.action_select_here()
            return
        if message.again:
            for action in ("place_explorer", "place_tile", "play_card", "move_here"):
                if self.check_action(action, ()):
                    await self.run_action(action)
                    return

    @on(PlayersPanel.TileChosen)
    def _tile_clicked(self, message: PlayersPanel.TileChosen) -> None:
        if self.check_action("choose_tile", (message.index,)):
            self.action_choose_tile(message.index)

    @on(CardsPanel.CardChosen)
    def _card_clicked(self, message: CardsPanel.CardChosen) -> None:
        if self.check_action("pick_card", ()) and message.card in self.cards.playable:
            self._pick_card(message.card)

    # -- which keys act now -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        turn = self.turn
        tile = turn.tile(self.choice)
        chosen = turn.explorer(self.explorer)
        card = self.card
        if action == "choose_tile":
            index = parameters[0] if parameters else 0
            return turn.free and isinstance(index, int) and index < len(turn.hand)
        if action == "rotate" and card is not None:
            return self.cards.action(card.card) == "earthquake"
        if action == "spend":
            return tile is not None and cmd.SpendTile(tile) in turn.legal
        if action in ("place_tile", "rotate"):
            return tile is not None
        if action == "place_explorer":
            return turn.placing_explorers
        if action == "next_explorer":
            if card is not None:
                return bool(self.cards.explorers(card.card))
            return turn.free and bool(turn.explorers())
        if action in ("move_here", "step"):
            return chosen is not None and tile is None and card is None
        if action == "select_here":
            here = turn.explorer_at(self.board.cursor)
            if here is not None and card is not None:  # only an explorer the card can take
                return here is not chosen and here.index in self.cards.explorers(card.card)
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
            drawn = self.choice is not None and self.choice.index == QUAKE_TILE
            return (tile is not None and not drawn) or chosen is not None or card is not None
        if action == "scores":
            return self.ended and not self.revealing
        return self._check_card_action(action, parameters)

    def _check_card_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        turn = self.turn
        looking = turn.seat is not None and turn.seat == self.viewer
        if action == "pick_card":
            if turn.state.phase is Phase.DRAFT:
                return looking and bool(turn.commands) and self._draft_screen is None
            return looking and bool(self.cards.playable)
        if action == "play_card":
            card = self.card
            if card is None:
                return False
            if self.cards.action(card.card) == "earthquake":
                return True
            chosen = turn.explorer(self.explorer)
            here = turn.explorer_at(self.board.cursor)
            return chosen is not None and (here is None or here is chosen)
        if action == "quake_draw":
            return cmd.QuakeDraw(bool(parameters and parameters[0])) in turn.legal
        return super().check_action(action, parameters)

    async def action_explain(self, key: str) -> None:
        """A key whose action is not possible now: say why, in one line."""
        turn = self.turn
        if turn.seat is None:
            self.note = (
                _("Wait: it is not your turn.") if not self.ended else _("The game is over.")
            )
            return
        chosen = turn.explorer(self.explorer)
        if key == "c":
            await self._explain_cards()
        elif key == "y":
            await self._send(cmd.QuakeDraw(True), ask=False)  # the referee says why
        elif key == "e":
            await self._send(cmd.EndTurn(), ask=False)  # the referee says why
        elif key in ("s", "r"):
            # TRANSLATORS: a key pressed when its action is not possible now (keep tab)
            self.note = _("Pick a tile first ({keys}).").format(keys=self._tile_keys())
        elif key == "enter":
            self.note = _("Pick a tile ({keys}) or an explorer (tab) first.").format(
                keys=self._tile_keys()
            )
        elif chosen is None:
            self.note = _("Pick an explorer first (tab).")
        elif key == "b":
            await self._send(cmd.Board(chosen.index, tuple(chosen.carried)))
        elif key == "p":
            state, space = self.state, chosen.space
            lying = state.artifacts.get(space, []) if state and space else []
            if lying:
                await self._send(cmd.PickUp(chosen.index, lying[0]))  # the referee says why
            else:
                self.note = _("Nothing lies where explorer {n} stands.").format(n=chosen.index + 1)
        else:
            self.note = _("Explorer {n} carries nothing to drop.").format(n=chosen.index + 1)

    # -- commands that waste something: asked about first ----------------------------------

    def waste(self, command: Command) -> str | None:
        turn = self.turn
        pool = turn.state.pool
        if isinstance(command, cmd.EndTurn):
            usable = any(isinstance(c, cmd.Move | cmd.Board) for c in turn.commands)
            if pool > 0 and usable:
                # TRANSLATORS: asked before a move that wastes something (a yes/no question)
                return _("End the turn with {mp} MP left unused?").format(mp=pool)
        elif isinstance(command, cmd.PlayHelicopter):
            flown = turn.explorer(command.explorer)
            if flown is not None and not flown.carried:
                return _(
                    "Fly explorer {n} out carrying nothing? "
                    "It scores only the artifacts it carries."
                ).format(n=command.explorer + 1)
        elif isinstance(command, cmd.PlayMoveCard):
            path = turn.reach(command.explorer).get(command.to)
            if path is not None:
                return _(
                    "Your pool's {mp} MP already take explorer {n} to "
                    "{space} ({cost} MP): play the card anyway?"
                ).format(
                    mp=pool, n=command.explorer + 1, space=space_name(command.to), cost=path[0]
                )
        return None

    def answer_keys(self) -> dict[str, str]:
        from tui.games.maunakea.explain import KEYS, keys_said

        return {tag: keys_said(tag) for tag in KEYS}

    def keys_for(self, command: Command) -> str:
        """The keys that make ``command`` from the cursor, the picked tile and explorer now
        (``1 →×2 r enter``; a tutorial's panel shows them)."""
        path = key_path(self.turn, command, self.board.cursor, self.choice, self.explorer,
                        self.cards, self.card)  # fmt: skip
        return " ".join(path) if path is not None else ""

    def key_display(self, binding: Binding) -> str | None:
        return self._tile_keys() if binding.action == "choose_tile(0)" else None

    def _tile_keys(self) -> str:
        """The keys that pick a tile of the hand: ``1…2`` for two tiles, ``1`` for one."""
        count = len(self.turn.hand)
        return f"1…{count}" if count > 1 else "1"

    # -- actions ------------------------------------------------------------------------------

    async def _send(self, command: Command, *, ask: bool = True) -> bool:
        """Send the acting seat's command; show the referee's reason if it is refused (a
        command sent only to hear why it is refused is never asked about: ``ask``)."""
        return await self.send(self.turn.seat, command, ask=ask)

    def action_choose_tile(self, index: int) -> None:
        seat = self.turn.seat
        if seat is None:
            return
        if self.choice is not None and self.choice.index == index:
            self.choice = None
            return
        self.explorer = None
        self.card = None
        board = self.board
        if not self.state or not self.state.empty_slot(slot_of(board.cursor)):
            near = self.turn.nearest_empty_slot(board.cursor)
            if near is not None:
                board.cursor = near
        self.choice = TileChoice(seat, index, 0)

    def action_rotate(self) -> None:
        if self.card is not None:
            self.card = self.card.turned()
        elif self.choice is not None:
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
        if self.card is not None:  # only the explorers the picked card can take
            indexes = self.cards.explorers(self.card.card)
        else:
            indexes = [e.index for e in self.turn.explorers()]
        if not indexes:
            return
        self.choice = None
        if self.explorer in indexes:
            at = (indexes.index(self.explorer) + direction) % len(indexes)
        else:
            at = 0 if direction > 0 else len(indexes) - 1
        self._select(indexes[at])

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
            self.note = _("Choose a space to move to with the arrows (costs are shown).")
            return
        await self._send(cmd.Move(chosen.index, self.board.cursor))

    async def action_step(self, direction: str) -> None:
        chosen = self.turn.explorer(self.explorer)
        if chosen is None or chosen.space is None:
            return
        dx, dy = STEPS[direction].step
        target: Space = (chosen.space[0] + dx, chosen.space[1] + dy)
        if target not in neighbours(chosen.space):
            self.note = _("✗ that would leave the island")
            return
        if await self._send(cmd.Move(chosen.index, target)):
            self.board.cursor = target

    async def action_pick_up(self) -> None:
        await self._pick(cmd.PickUp, _("Pick up which artifact?"))

    async def action_drop(self) -> None:
        await self._pick(cmd.Drop, _("Drop which artifact?"))

    async def _pick(self, kind: type[cmd.PickUp] | type[cmd.Drop], question: str) -> None:
        options = self.turn.of_explorer(kind, self.explorer)
        if len(options) == 1:
            await self._send(options[0])
        elif options:
            # TRANSLATORS: a choice of which artifact to pick up or drop; {colour} as in
            # "picked up a white artifact"
            labels = [
                _("{colour} artifact").format(colour=artifact_colour(o.colour)) for o in options
            ]
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
            # TRANSLATORS: the cargo dialog, when an explorer boards a boat carrying more than it
            # takes; {colour} is the colour alone ("braun"); the English keeps its "(s)"
            question = ngettext(
                "The {colour} boat takes {n} artifact(s): which?",
                "The {colour} boat takes {n} artifact(s): which?",
                boat.places,
            ).format(colour=boat_colour(boat.colour, "alone"), n=boat.places)
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
        if self.choice is None or self.choice.index != QUAKE_TILE:
            self.choice = None
        self.card = None
        self.explorer = None
        self.note = ""

    # -- the advanced game: the draft and the action cards ------------------------------------

    def refresh_table(self) -> None:
        super().refresh_table()
        self._offer_draft()

    def _offer_draft(self) -> None:
        """Open the draft for the seat now looking (once by itself; ``c`` opens it again)."""
        if self._draft_screen is not None:
            self._draft_screen.show_others(self._draft_progress())
            return
        seat = self.turn.seat
        if seat is None or seat in self._draft_offered or self.covered or self.introducing:
            return
        if self.turn.state.phase is Phase.DRAFT and self.viewer == seat:
            self._draft_offered.add(seat)
            self._open_draft()

    def _draft_progress(self) -> list[tuple[int, str, bool]]:
        """The other seats in the draft: (seat, name, has chosen)."""
        seen, me = self.seen, self.viewer
        return [(s, self.names[s], not seen.dealt[s]) for s in range(seen.players) if s != me]

    def _open_draft(self) -> None:
        seat, state = self.turn.seat, self.turn.state
        if seat is None or state.phase is not Phase.DRAFT or self._draft_screen is not None:
            return
        keeps = [c.cards for c in self.turn.commands if isinstance(c, cmd.KeepCards)]
        dealt = state.dealt[seat]
        self._draft_screen = DraftScreen(
            seat,
            self.names[seat],
            dealt,
            keeps,
            self._draft_progress(),
            narrated=self.tutorial is not None,
        )
        self.app.push_screen(self._draft_screen, self._kept)
        self.call_after_refresh(self.narrate)  # its narrator, once mounted

    def dialog_narrators(self) -> list[Narrator]:
        draft = self._draft_screen
        return list(draft.query(Narrator)) if draft is not None and draft.is_mounted else []

    async def _kept(self, cards: tuple[str, ...] | None) -> None:
        self._draft_screen = None
        if cards is not None:
            sent = await self._send(cmd.KeepCards(cards))
            if not sent and self.tutorial is not None:  # asked again, the why in its narrator
                self._open_draft()
        self._refresh_keys()

    def action_pick_card(self) -> None:
        """The next playable action card (in the draft: the dialog of the cards dealt)."""
        if self.turn.state.phase is Phase.DRAFT:
            self._open_draft()
            return
        playable = self.cards.playable
        if not playable:
            return
        current = self.card.card if self.card is not None else None
        at = (playable.index(current) + 1) % len(playable) if current in playable else 0
        self._pick_card(playable[at])

    def _pick_card(self, card: str) -> None:
        seat = self.turn.seat
        if seat is None:
            return
        self.choice = None
        self.note = ""
        board = self.board
        if self.cards.action(card) == "earthquake":
            if slot_of(board.cursor) not in self.cards.quake_slots(card):
                near = self.cards.nearest_quake_slot(card, board.cursor)
                if near is not None:
                    board.cursor = near
            self.explorer = None
        else:
            candidates = self.cards.explorers(card)
            keep = self.explorer if self.explorer in candidates else candidates[0]
            self._select(keep)
        self.card = CardChoice(seat, card)

    async def action_play_card(self) -> None:
        card = self.card
        if card is None:
            return
        action = self.cards.action(card.card)
        cursor = self.board.cursor
        command: Command
        if action == "earthquake":
            slot = slot_of(cursor)
            placed = self.turn.state.board.get(slot)
            rotation = (placed.turn if placed else 0) + card.turns
            command = cmd.PlayEarthquake(card.card, slot, rotation % 4)
        else:
            chosen = self.turn.explorer(self.explorer)
            if chosen is None:
                return
            if action == "helicopter":
                command = cmd.PlayHelicopter(card.card, chosen.index)
            elif cursor == chosen.space:
                self.note = _("Choose a marked space ›‹ with the arrows first.")
                return
            else:
                command = cmd.PlayMoveCard(card.card, chosen.index, cursor)
        if await self._send(command):
            self.card = None
            if action not in MOVES:
                self.explorer = None

    async def action_quake_draw(self, draw: bool) -> None:
        await self._send(cmd.QuakeDraw(draw))

    async def _explain_cards(self) -> None:
        """``c`` when no card can be picked: why not, in one line (the rules' reason if any)."""
        state = self.turn.state
        if not state.advanced:
            # TRANSLATORS: c pressed when no card can be played; "Advanced" is the new-game
            # form's option (its own translation)
            self.note = _("Cards belong to the advanced game (new game: Advanced).")
            return
        if state.phase is Phase.DRAFT:
            self.note = _("Your cards are chosen: the others are still choosing.")
            return
        if self.turn.quake is not None:
            self.note = _("Finish the earthquake first.")
            return
        held = self.cards.action_cards()
        if not held:
            self.note = _("You hold no action card (task cards score at the end).")
            return
        explorers = self.turn.explorers()
        flying = [c for c in held if self.cards.action(c) == "helicopter"]
        if flying and len(explorers) == 1:
            # the rules say why
            await self._send(cmd.PlayHelicopter(flying[0], explorers[0].index), ask=False)
            return
        self.note = ngettext(
            "No action card can be played now ({n} in hand).",
            "No action card can be played now ({n} in hand).",
            len(held),
        ).format(n=len(held))


__all__ = ["MIN_SIZE", "MaunaKeaScreen", "choose_scale"]

"""The keys that make a Mauna Kea command from where the table stands: the cursor, the picked
tile and the selected explorer (a tutorial's narrator shows them; ``tab×2 →×3 ↓ enter``)."""

from __future__ import annotations

from core.games.maunakea import commands as cmd
from core.games.maunakea.board import slot_of
from core.games.maunakea.components import Space
from core.messages import Command
from tui.games.maunakea.card_choice import CardChoice, CardOptions
from tui.games.maunakea.turn import Turn
from tui.games.maunakea.widgets.players import TileChoice

CardCommand = cmd.PlayMoveCard | cmd.PlayEarthquake | cmd.PlayHelicopter


def arrows(dx: int, dy: int) -> list[str]:
    """The arrow keys that move the cursor ``dx`` columns and ``dy`` rows (of its stride)."""
    out = []
    for step, ahead, back in ((dx, "→", "←"), (dy, "↓", "↑")):
        if step:
            key = ahead if step > 0 else back
            out.append(key if abs(step) == 1 else f"{key}×{abs(step)}")
    return out


def key_path(
    turn: Turn,
    command: Command,
    cursor: Space,
    choice: TileChoice | None,
    explorer: int | None,
    cards: CardOptions | None = None,
    card: CardChoice | None = None,
) -> list[str] | None:
    """The keys that make ``command`` now, in order (``None``: the table cannot say)."""
    if isinstance(command, cmd.EndTurn):
        return ["e"]
    if isinstance(command, cmd.KeepCards):
        dealt = turn.state.dealt[turn.seat] if turn.seat is not None else []
        return [*(str(dealt.index(c) + 1) for c in command.cards if c in dealt), "enter"]
    if isinstance(command, cmd.QuakeDraw):
        return ["y" if command.draw else "n"]
    if isinstance(command, CardCommand) and cards is not None:
        return _card_keys(command, cursor, explorer, cards, card)
    if isinstance(command, cmd.PlaceExplorer):
        return [*arrows(command.space[0] - cursor[0], command.space[1] - cursor[1]), "enter"]
    if isinstance(command, cmd.PlaceTile | cmd.SpendTile):
        return _tile_keys(turn, command, cursor, choice)
    if isinstance(command, cmd.Move | cmd.PickUp | cmd.Drop | cmd.Board):
        return _explorer_keys(turn, command, cursor, choice, explorer)
    return None


def _tile_keys(
    turn: Turn, command: cmd.PlaceTile | cmd.SpendTile, cursor: Space, choice: TileChoice | None
) -> list[str] | None:
    if command.tile not in turn.hand:
        return None
    index = turn.hand.index(command.tile)
    picked = choice is not None and turn.tile(choice) == command.tile
    keys = [] if picked else [str(index + 1)]
    if isinstance(command, cmd.SpendTile):
        return [*keys, "s"]
    rotation = choice.rotation if picked and choice is not None else 0
    if not picked and not turn.state.empty_slot(slot_of(cursor)):  # the pick moves the cursor
        cursor = turn.nearest_empty_slot(cursor) or cursor
    here = slot_of(cursor)
    keys += arrows(command.slot[0] - here[0], command.slot[1] - here[1])
    keys += ["r"] * ((command.rotation - rotation) % 4)
    return [*keys, "enter"]


def _explorer_keys(
    turn: Turn,
    command: cmd.Move | cmd.PickUp | cmd.Drop | cmd.Board,
    cursor: Space,
    choice: TileChoice | None,
    explorer: int | None,
) -> list[str] | None:
    indexes = [e.index for e in turn.explorers()]
    chosen = turn.explorer(command.explorer)
    if command.explorer not in indexes or chosen is None or chosen.space is None:
        return None
    keys: list[str] = []
    if explorer != command.explorer or choice is not None:
        at = command.explorer
        tabs = (
            (indexes.index(at) - indexes.index(explorer)) % len(indexes)
            if explorer in indexes and explorer != at
            else indexes.index(at) + 1
            if explorer not in indexes
            else len(indexes)  # picked, but a tile too: tab goes round to it again
        )
        keys.append("tab" if tabs == 1 else f"tab×{tabs}")
        cursor = chosen.space  # a pick puts the cursor on the explorer
    if isinstance(command, cmd.Move):
        return [*keys, *arrows(command.to[0] - cursor[0], command.to[1] - cursor[1]), "enter"]
    letter = {cmd.PickUp: "p", cmd.Drop: "d", cmd.Board: "b"}[type(command)]
    options = turn.of_explorer(type(command), command.explorer)
    if command not in options:
        return None
    keys.append(letter)
    if len(options) > 1:  # a question of the options: its digit
        keys.append(str(options.index(command) + 1))
    return keys


def _card_keys(
    command: cmd.PlayMoveCard | cmd.PlayEarthquake | cmd.PlayHelicopter,
    cursor: Space,
    explorer: int | None,
    cards: CardOptions,
    card: CardChoice | None,
) -> list[str] | None:
    """``c`` until the card is picked, then its explorer, place or turn, and ``enter``."""
    playable = cards.playable
    if command.card not in playable:
        return None
    keys: list[str] = []
    turns = 1
    if card is None or card.card != command.card:
        at = playable.index(card.card) if card is not None and card.card in playable else -1
        presses = (playable.index(command.card) - at) % len(playable) or len(playable)
        keys.append("c" if presses == 1 else f"c×{presses}")
        if isinstance(command, cmd.PlayEarthquake):  # the pick moves the cursor to a tile
            if slot_of(cursor) not in cards.quake_slots(command.card):
                cursor = cards.nearest_quake_slot(command.card, cursor) or cursor
        else:
            candidates = cards.explorers(command.card)
            explorer = explorer if explorer in candidates else candidates[0]
            chosen = cards.turn.explorer(explorer)
            cursor = chosen.space if chosen is not None and chosen.space else cursor
    else:
        turns = card.turns
    if isinstance(command, cmd.PlayEarthquake):
        here = slot_of(cursor)
        keys += arrows(command.slot[0] - here[0], command.slot[1] - here[1])
        placed = cards.state.board.get(command.slot)
        want = (command.rotation - placed.turn) % 4 if placed is not None else 1
        keys += ["r"] * ((want - turns) % 3)  # a turn of 1, 2 or 3 quarters; r goes round
        return [*keys, "enter"]
    candidates = cards.explorers(command.card)
    if command.explorer not in candidates or explorer not in candidates:
        return None
    tabs = (candidates.index(command.explorer) - candidates.index(explorer)) % len(candidates)
    if tabs:
        keys.append("tab" if tabs == 1 else f"tab×{tabs}")
        chosen = cards.turn.explorer(command.explorer)
        cursor = chosen.space if chosen is not None and chosen.space else cursor
    if isinstance(command, cmd.PlayMoveCard):
        keys += arrows(command.to[0] - cursor[0], command.to[1] - cursor[1])
    return [*keys, "enter"]

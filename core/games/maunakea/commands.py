"""Mauna Kea's commands: what a seat asks to do, tagged ``maunakea.*``."""

from __future__ import annotations

from core.games.maunakea.components import Slot, Space
from core.messages import COMMANDS, Command

register = COMMANDS.register


@register("maunakea.place_explorer")
class PlaceExplorer(Command, frozen=True):
    space: Space


@register("maunakea.place_tile")
class PlaceTile(Command, frozen=True):
    tile: int
    slot: Slot
    rotation: int


@register("maunakea.spend_tile")
class SpendTile(Command, frozen=True):
    tile: int


@register("maunakea.move")
class Move(Command, frozen=True):
    """Move an explorer to ``to`` along the cheapest open path (one step or many)."""

    explorer: int
    to: Space


@register("maunakea.pick_up")
class PickUp(Command, frozen=True):
    explorer: int
    colour: str


@register("maunakea.drop")
class Drop(Command, frozen=True):
    explorer: int
    colour: str


@register("maunakea.board")
class Board(Command, frozen=True):
    """Board the boat at the explorer's landing, taking ``cargo`` (the rest stays behind)."""

    explorer: int
    cargo: tuple[str, ...]


@register("maunakea.end_turn")
class EndTurn(Command, frozen=True):
    """Done playing tiles (the hand must be empty): draw back to 5 MP."""


# -- advanced game --------------------------------------------------------------------------


@register("maunakea.keep_cards")
class KeepCards(Command, frozen=True):
    """Keep these 4 of the 6 cards dealt (the other 2 leave the game unseen)."""

    cards: tuple[str, ...]


@register("maunakea.play_move_card")
class PlayMoveCard(Command, frozen=True):
    """Play a jungle, water or mountain movement card to move ``explorer`` to ``to``."""

    card: str
    explorer: int
    to: Space


@register("maunakea.play_earthquake")
class PlayEarthquake(Command, frozen=True):
    """Turn the terrain tile at ``slot`` to ``rotation`` (no explorer may stand on it)."""

    card: str
    slot: Slot
    rotation: int


@register("maunakea.quake_draw")
class QuakeDraw(Command, frozen=True):
    """After an earthquake: draw a tile and place it (``draw``), or not."""

    draw: bool


@register("maunakea.play_helicopter")
class PlayHelicopter(Command, frozen=True):
    """Fly ``explorer`` and its artifacts off the island (never your last explorer)."""

    card: str
    explorer: int


ADVANCED = tuple(
    kind.TAG for kind in (KeepCards, PlayMoveCard, PlayEarthquake, QuakeDraw, PlayHelicopter)
)
"""The commands only the advanced game has (a base game's tutorial need not ask for them)."""

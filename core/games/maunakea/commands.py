"""Mauna Kea's commands: what a seat asks to do, tagged ``maunakea.*``."""

from __future__ import annotations

from dataclasses import dataclass

from core.games.maunakea.components import Slot, Space
from core.messages import COMMANDS, Command

register = COMMANDS.register


@register("maunakea.place_explorer")
@dataclass(frozen=True, slots=True)
class PlaceExplorer(Command):
    space: Space


@register("maunakea.place_tile")
@dataclass(frozen=True, slots=True)
class PlaceTile(Command):
    tile: int
    slot: Slot
    rotation: int


@register("maunakea.spend_tile")
@dataclass(frozen=True, slots=True)
class SpendTile(Command):
    tile: int


@register("maunakea.move")
@dataclass(frozen=True, slots=True)
class Move(Command):
    """Move an explorer to ``to`` along the cheapest open path (one step or many)."""

    explorer: int
    to: Space


@register("maunakea.pick_up")
@dataclass(frozen=True, slots=True)
class PickUp(Command):
    explorer: int
    colour: str


@register("maunakea.drop")
@dataclass(frozen=True, slots=True)
class Drop(Command):
    explorer: int
    colour: str


@register("maunakea.board")
@dataclass(frozen=True, slots=True)
class Board(Command):
    """Board the boat at the explorer's landing, taking ``cargo`` (the rest stays behind)."""

    explorer: int
    cargo: tuple[str, ...]


@register("maunakea.end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """Done playing tiles (the hand must be empty): draw back to 5 MP."""

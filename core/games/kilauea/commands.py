"""Kilauea's commands: what a seat asks to do, tagged ``kilauea.*``.

A turn is several commands: ``MoveCanoe``; one main action (``CutTiki`` once or twice,
``BuildOnVolcano`` or ``BuildOnIsland``); any ``UseTile`` the turn earned; ``EndTurn`` (which also
passes when no main action is possible).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.messages import COMMANDS, Command

register = COMMANDS.register


@register("kilauea.draft_tiki")
@dataclass(frozen=True, slots=True)
class DraftTiki(Command):
    """Before the first turn: take a Tiki from a volcano column into your canoe."""

    sector: int
    colour: str


@register("kilauea.move_canoe")
@dataclass(frozen=True, slots=True)
class MoveCanoe(Command):
    """Move the shared canoe ``steps`` spaces clockwise: 1 is free, and so is one more per
    empty place in your canoe; each further step costs a Sacred Stone."""

    steps: int


@register("kilauea.cut_tiki")
@dataclass(frozen=True, slots=True)
class CutTiki(Command):
    """Cut a fully accessible Tiki from the canoe's forest into your canoe (once or twice)."""

    forest: int
    space: str


@register("kilauea.build_on_volcano")
@dataclass(frozen=True, slots=True)
class BuildOnVolcano(Command):
    """Put a canoe Tiki on its colour's column in the canoe's sector; take up to 3 stones."""

    sector: int
    colour: str


@register("kilauea.build_on_island")
@dataclass(frozen=True, slots=True)
class BuildOnIsland(Command):
    """Pay 2 stones; put a canoe Tiki on your island in the canoe's sector."""

    sector: int
    colour: str


@register("kilauea.use_tile")
@dataclass(frozen=True, slots=True)
class UseTile(Command):
    """Use action tile ``tile`` (1-10; the side up decides the effect).

    3A/3B name the tile whose effect they use in ``copy``. A Tiki moved by the effect comes from
    ``sector`` (a forest, with its ``space``; a volcano sector or your island's sector, with its
    ``colour``) or from your canoe (``colour`` only), and goes to sector ``to`` (a volcano or
    island sector; ``-1`` for your canoe). 10A/10B send a Tiki of colour ``back`` the other way.
    Fields an effect does not use keep their defaults.
    """

    tile: int
    copy: int = 0
    sector: int = -1
    space: str = ""
    colour: str = ""
    to: int = -1
    back: str = ""


@register("kilauea.end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """End the turn (unused tiles are forfeited); passes when no main action is possible."""

"""Kilauea's commands: what a seat asks to do, tagged ``kilauea.*``.

A turn is several commands: ``MoveCanoe``; one main action (``CutTiki`` once or twice,
``BuildOnVolcano`` or ``BuildOnIsland``); any ``UseTile`` the turn earned; ``EndTurn`` (which also
passes when no main action is possible).
"""

from __future__ import annotations

from core.messages import COMMANDS, Command

register = COMMANDS.register


@register("kilauea.draft_tiki")
class DraftTiki(Command, frozen=True):
    """Before the first turn: take a Tiki from a volcano column into your canoe."""

    sector: int
    colour: str


@register("kilauea.move_canoe")
class MoveCanoe(Command, frozen=True):
    """Move the shared canoe ``steps`` spaces clockwise: 1 is free, and so is one more per
    empty place in your canoe; each further step costs a Sacred Stone."""

    steps: int


@register("kilauea.cut_tiki")
class CutTiki(Command, frozen=True):
    """Cut a fully accessible Tiki from the canoe's forest into your canoe (once or twice)."""

    forest: int
    space: str


@register("kilauea.build_on_volcano")
class BuildOnVolcano(Command, frozen=True):
    """Put a canoe Tiki on its colour's column in the canoe's sector; take up to 3 stones."""

    sector: int
    colour: str


@register("kilauea.build_on_island")
class BuildOnIsland(Command, frozen=True):
    """Pay 2 stones; put a canoe Tiki on your island in the canoe's sector."""

    sector: int
    colour: str


@register("kilauea.use_tile")
class UseTile(Command, frozen=True):
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
class EndTurn(Command, frozen=True):
    """End the turn (unused tiles are forfeited); passes when no main action is possible."""

"""The canoe track around the volcano: 2 spaces per sector, (k, a) then (k, b), clockwise.

A position is ``2 * k + half`` (0..9), or ``DOCK`` before the first move. With 2 players the Sea
tiles cover every (k, a) space, so the canoe only stops on (k, b) spaces. Reef tile k lies between
sector k and k + 1 and touches (k, b) and (k + 1, a).
"""

from __future__ import annotations

from core.games.kilauea.components import COMPONENTS

C = COMPONENTS
DOCK = -1
SECTORS = len(C.sectors)
HALVES = len(C.halves)
ALL_SPACES: tuple[int, ...] = tuple(range(SECTORS * HALVES))
_COVERED = C.halves.index(C.sea_covers)


_UNCOVERED: tuple[int, ...] = tuple(p for p in ALL_SPACES if p % HALVES != _COVERED)


def spaces(players: int) -> tuple[int, ...]:
    """The spaces the canoe may stop on (Sea tiles cover some with 2 players)."""
    return ALL_SPACES if players > 2 else _UNCOVERED


def sector_of(position: int) -> int:
    """The volcano sector a canoe space belongs to (the dock belongs to none: ``-1``)."""
    return -1 if position == DOCK else position // HALVES


def reef_next_to(position: int) -> int:
    """The reef tile the canoe touches on ``position`` (``-1`` at the dock)."""
    if position == DOCK:
        return -1
    sector, half = divmod(position, HALVES)
    return sector if half == HALVES - 1 else (sector - 1) % SECTORS


def max_steps(players: int, position: int) -> int:
    """At most one lap: the canoe never ends where it started (from the dock, any space)."""
    n = len(spaces(players))
    return n if position == DOCK else n - 1


def advance(players: int, position: int, steps: int) -> int:
    """Where the canoe stops after ``steps`` spaces clockwise."""
    ring = spaces(players)
    if position == DOCK:
        return ring[(steps - 1) % len(ring)]
    return ring[(ring.index(position) + steps) % len(ring)]


def name(position: int) -> str:
    """``"orchid a"``, or ``"dock"``."""
    if position == DOCK:
        return "dock"
    sector, half = divmod(position, HALVES)
    return f"{C.sectors[sector]} {C.halves[half]}"


def parse(text: str) -> int:
    """The position named ``text`` (``ValueError`` if none)."""
    if text == "dock":
        return DOCK
    for position in ALL_SPACES:
        if name(position) == text:
            return position
    raise ValueError(f"not a canoe space: {text!r} (dock, or a sector and a/b: 'orchid a')")

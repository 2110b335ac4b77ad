"""Can anybody still leave the island? The base game's second end condition.

The rulebook ends the game "in the rare case when all players still have explorers on the board,
but nobody can leave the island". Caldera reads it (docs/rules-maunakea.md) as: no explorer on the
island can reach a space of a landing where a boat is docked, even if every empty slot were
filled with jungle. Lava, mountains and the volcano block; jungle, water and empty slots are
open. An explorer standing on such a space has reached it; a landing whose spaces are all lava
(or mountain) cannot be reached at all.

Explorers block each other too, but that never changes the answer: on an open way from some
explorer to a landing, the explorer nearest the landing has the rest of the way to itself. So the
check is one flood fill over open spaces from the docked landings, which stops at the first
explorer it meets (``someone_can_leave``). The board is a bitboard (space ``(x, y)`` is bit
``18 * y + x``), so a fill step is a few shifts of one integer, however many spaces it reaches.

``nobody_can_leave``, which the end check asks after every event, remembers its answer on the
state until a tile is laid or lava covers one, or a boat leaves: in the base game nothing else
changes it. An explorer moves only over open spaces, so it stays in the part of the island it
was in; it leaves the island only aboard a boat (which leaves too) or under lava (which is laid).
"""

from __future__ import annotations

from core.games.maunakea.board import VOLCANO, rotated, spaces_of
from core.games.maunakea.components import COMPONENTS, SIZE, SPACES, Slot, Space, Terrain
from core.games.maunakea.state import Kind, MaunaKeaState, Status

C = COMPONENTS
EVERY_SPACE = (1 << SPACES * SPACES) - 1
_WEST_EDGE = sum(1 << SPACES * y for y in range(SPACES))
_EAST_EDGE = _WEST_EDGE << (SPACES - 1)


def space_bit(space: Space) -> int:
    return 1 << (SPACES * space[1] + space[0])


def _slot_bits(slot: Slot) -> tuple[int, ...]:
    """For each set of quadrants (a 4-bit mask over TL, TR, BR, BL), their spaces as bits."""
    spaces = spaces_of(slot)
    return tuple(sum(space_bit(spaces[q]) for q in range(4) if mask >> q & 1) for mask in range(16))


SLOT_BITS: dict[Slot, tuple[int, ...]] = {
    (c, r): _slot_bits((c, r)) for r in range(SIZE) for c in range(SIZE)
}
LANDING_BITS: tuple[int, ...] = tuple(
    sum(space_bit(s) for s in landing.spaces) for landing in C.landings
)


def _mountains(squares: tuple[Terrain, Terrain, Terrain, Terrain]) -> tuple[int, ...]:
    """Per quarter turn, the quadrants of a tile that are mountain, as a 4-bit mask."""
    return tuple(
        sum(1 << q for q, t in enumerate(rotated(squares, turn)) if t is Terrain.MOUNTAIN)
        for turn in range(4)
    )


_START_MOUNTAINS = tuple(_mountains(t.squares) for t in C.start_tiles)
_TERRAIN_MOUNTAINS = tuple(_mountains(t.squares) for t in C.terrain)
_ALL_QUADRANTS = 0b1111
_LAVA, _START = Kind.LAVA, Kind.START


def open_spaces(state: MaunaKeaState) -> int:
    """Every space an explorer could ever stand on, were every empty slot filled with jungle."""
    blocked = 0 if VOLCANO in state.board else SLOT_BITS[VOLCANO][_ALL_QUADRANTS]
    for slot, placed in state.board.items():
        kind = placed.kind
        if kind is _LAVA:
            quadrants = _ALL_QUADRANTS
        elif kind is _START:
            quadrants = _START_MOUNTAINS[placed.tile][placed.turn]
        else:
            quadrants = _TERRAIN_MOUNTAINS[placed.tile][placed.turn]
        blocked |= SLOT_BITS[slot][quadrants]
    return EVERY_SPACE & ~blocked


def someone_can_leave(state: MaunaKeaState) -> bool:
    """Whether some explorer on the island can still reach a space of a docked boat's landing
    (see the module docstring)."""
    explorers = 0
    for row in state.explorers:
        for e in row:
            if e.status is Status.ISLAND and e.space is not None:
                explorers |= space_bit(e.space)
    targets = 0
    for landing in state.docked:
        targets |= LANDING_BITS[landing]
    if not explorers or not targets:
        return False
    walkable = open_spaces(state)
    reached = targets & walkable
    while reached:
        if reached & explorers:
            return True
        grown = (
            reached
            | (reached << 1 & ~_WEST_EDGE)
            | (reached >> 1 & ~_EAST_EDGE)
            | reached << SPACES
            | reached >> SPACES
        ) & walkable
        if grown == reached:
            return False
        reached = grown
    return False


def nobody_can_leave(state: MaunaKeaState) -> bool:
    """``not someone_can_leave(state)``, remembered until it may change (see the module
    docstring). Base game only: an earthquake turns a tile without laying one, and a
    helicopter flies an explorer out without a boat."""
    key = (len(state.board), len(state.covered), len(state.docked))
    memo = state.exits_memo
    if memo is not None and memo[0] == key:
        return memo[1]
    answer = not someone_can_leave(state)
    state.exits_memo = (key, answer)
    return answer


def every_landing_flooded(state: MaunaKeaState) -> bool:
    """Rules version 1's reading, kept to play its logs as they were played: nobody can leave
    when no boat is docked, or all 4 spaces of every landing with a boat are lava."""
    return all(LANDING_BITS[landing] & ~_lava_spaces(state) == 0 for landing in state.docked)


def _lava_spaces(state: MaunaKeaState) -> int:
    lava = 0
    for slot, placed in state.board.items():
        if placed.kind is _LAVA:
            lava |= SLOT_BITS[slot][_ALL_QUADRANTS]
    return lava

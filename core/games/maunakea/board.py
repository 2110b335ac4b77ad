"""Board geometry: slots, spaces, their names, and what stands where."""

from __future__ import annotations

from collections.abc import Callable

from core.games.maunakea.components import (
    COMPONENTS,
    QUADRANTS,
    SIZE,
    SPACES,
    Direction,
    Slot,
    Space,
    Terrain,
)

C = COMPONENTS
VOLCANO = C.volcano
START_FIELDS = frozenset(C.start_fields)
START_TILE_SLOTS = frozenset(C.start_tile_slots)
FIXED_SLOTS = frozenset({VOLCANO, *START_FIELDS})
START_SPACES: tuple[Space, ...] = tuple(
    sorted((2 * c + dx, 2 * r + dy) for (c, r) in C.start_fields for dy in (0, 1) for dx in (0, 1))
)
LANDING_OF_SPACE: dict[Space, int] = {
    space: landing.index for landing in C.landings for space in landing.spaces
}
SLOT_COLUMNS = "ABCDEFGHI"
SPACE_COLUMNS = "abcdefghijklmnopqr"


def slot_of(space: Space) -> Slot:
    return space[0] // 2, space[1] // 2


_QUADRANT = (0, 1, 3, 2)


def quadrant_of(space: Space) -> int:
    """Index into (TL, TR, BR, BL) of the square ``space`` occupies in its slot."""
    return _QUADRANT[(space[1] & 1) * 2 + (space[0] & 1)]


def spaces_of(slot: Slot) -> tuple[Space, Space, Space, Space]:
    """The four spaces of a slot in (TL, TR, BR, BL) order."""
    x, y = 2 * slot[0], 2 * slot[1]
    return (x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)


def on_board(slot: Slot) -> bool:
    return 0 <= slot[0] < SIZE and 0 <= slot[1] < SIZE


def space_on_board(space: Space) -> bool:
    return 0 <= space[0] < SPACES and 0 <= space[1] < SPACES


def _neighbours(space: Space) -> tuple[Space, ...]:
    x, y = space
    around = ((x + d.step[0], y + d.step[1]) for d in Direction)
    return tuple(n for n in around if space_on_board(n))


NEIGHBOURS: dict[Space, tuple[Space, ...]] = {
    (x, y): _neighbours((x, y)) for y in range(SPACES) for x in range(SPACES)
}


def neighbours(space: Space) -> tuple[Space, ...]:
    """Orthogonal neighbours on the board, in N, E, S, W order."""
    return NEIGHBOURS[space]


# -- spaces by index: the hot paths (movement, the greedy bot's plans) walk flat lists --------


def index_of(space: Space) -> int:
    """The space's place in a flat list of all 324 spaces: ``SPACES * x + y``, so indices
    sort as spaces do (a search ordered by index breaks ties as one ordered by space)."""
    return SPACES * space[0] + space[1]


SPACE_AT: tuple[Space, ...] = tuple((i // SPACES, i % SPACES) for i in range(SPACES * SPACES))
"""The space at each index (the inverse of :func:`index_of`)."""
NEIGHBOUR_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(index_of(n) for n in NEIGHBOURS[space]) for space in SPACE_AT
)
"""Each index's orthogonal neighbours, in N, E, S, W order (as :func:`neighbours`)."""
NEIGHBOURS_BY_INDEX: tuple[tuple[int, ...], ...] = tuple(map(tuple, map(sorted, NEIGHBOUR_INDICES)))
"""Each index's orthogonal neighbours, lowest index first (W, N, S, E)."""
SLOT_INDICES: dict[Slot, tuple[int, int, int, int]] = {
    (c, r): (
        index_of((2 * c, 2 * r)),
        index_of((2 * c + 1, 2 * r)),
        index_of((2 * c + 1, 2 * r + 1)),
        index_of((2 * c, 2 * r + 1)),
    )
    for r in range(SIZE)
    for c in range(SIZE)
}
"""The indices of a slot's four spaces in (TL, TR, BR, BL) order (as :func:`spaces_of`)."""


def trace_path(
    origin: int, target: int, cost: Callable[[int], int | None], enter: Callable[[int], int]
) -> tuple[Space, ...]:
    """The spaces entered on a cheapest way from ``origin`` to ``target``, rebuilt from the
    costs a Dijkstra ordered by (cost, index) found (``cost(i)``: ``None`` or more for a space
    it never reached) and the cost of entering each space (``enter``).

    Such a search enters each space from its first-settled neighbour one step's cost cheaper,
    which is the lowest such index: the path a map of predecessors would give, for the one
    space asked (a neighbour cheaper than the target was settled before it).
    """
    path = []
    here = target
    while here != origin:
        path.append(SPACE_AT[here])
        before = cost(here)
        assert before is not None
        before -= enter(here)
        for n in NEIGHBOURS_BY_INDEX[here]:  # the lowest such index
            if cost(n) == before:
                here = n
                break
    path.reverse()
    return tuple(path)


def step(slot: Slot, direction: Direction) -> Slot:
    dx, dy = direction.step
    return slot[0] + dx, slot[1] + dy


def distance_to_volcano(slot: Slot) -> int:
    return abs(slot[0] - VOLCANO[0]) + abs(slot[1] - VOLCANO[1])


def rotated(
    squares: tuple[Terrain, Terrain, Terrain, Terrain], rotation: int
) -> tuple[Terrain, ...]:
    """Squares in (TL, TR, BR, BL) order after ``rotation`` clockwise quarter turns."""
    r = rotation % 4
    return tuple(squares[(q - r) % 4] for q in range(4))


def slot_name(slot: Slot) -> str:
    return f"{SLOT_COLUMNS[slot[0]]}{slot[1] + 1}"


def space_name(space: Space) -> str:
    return f"{SPACE_COLUMNS[space[0]]}{space[1] + 1}"


def parse_slot(name: str) -> Slot:
    """``"D4"`` -> (3, 3); ``ValueError`` on anything else."""
    text = name.strip().upper()
    if len(text) < 2 or text[0] not in SLOT_COLUMNS or not text[1:].isdigit():
        raise ValueError(f"not a slot name: {name!r} (A1 … I9)")
    slot = SLOT_COLUMNS.index(text[0]), int(text[1:]) - 1
    if not on_board(slot):
        raise ValueError(f"slot {name!r} is off the board (A1 … I9)")
    return slot


def parse_space(name: str) -> Space:
    """``"d7"`` -> (3, 6); ``ValueError`` on anything else."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in SPACE_COLUMNS or not text[1:].isdigit():
        raise ValueError(f"not a space name: {name!r} (a1 … r18)")
    space = SPACE_COLUMNS.index(text[0]), int(text[1:]) - 1
    if not space_on_board(space):
        raise ValueError(f"space {name!r} is off the board (a1 … r18)")
    return space


def quadrant_name(index: int) -> str:
    return QUADRANTS[index]

"""Where each forest space is drawn: the four board sides as small pictures.

A forest is drawn from the volcano (top) down to the shore (bottom): inner spaces on top, then
the middle row, then the outer spaces on the shore. Each space is one character at column
``2 * slot``, its number (the 2 of ``o2``) right of it; a path between two spaces one row apart
is ``│`` (same slot), ``╱`` or ``╲`` (neighbouring slots) in the row between them. The slots
are chosen by hand for the four templates of ``components.toml``; ``check_layouts`` proves every
path can be drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from core.games.kilauea.components import COMPONENTS, Template

C = COMPONENTS

# template -> space -> slot (column = 2 * slot); rows come from the paths (depth from the shore)
SLOTS: dict[str, dict[str, int]] = {
    "10A": {
        **{"o1": 0, "o2": 2, "o3": 4, "o4": 6},
        **{"m1": 1, "m2": 3, "m3": 5},
        **{"i1": 1, "i2": 3, "i3": 5},
    },
    "10B": {
        **{"o1": 1, "o2": 3, "o3": 5},
        **{"m1": 0, "m2": 2, "m3": 4, "m4": 6},
        **{"i1": 1, "i2": 3, "i3": 5},
    },
    "11A": {
        **{"o1": 0, "o2": 2, "o3": 4, "o4": 6},
        **{"m1": 0, "m2": 1, "m3": 5, "m4": 6},
        **{"i1": 1, "i2": 5, "i3": 6},
    },
    "11B": {
        **{"o1": 1, "o2": 3, "o3": 5},
        **{"m1": 1, "m2": 3, "m3": 5},
        **{"i1": 0, "i2": 2, "i3": 4, "i4": 6},
        "i5": 3,
    },
}
WIDTH = 14  # characters: slots 0..6, each space's number right of it (o1 o2 …)
HEIGHT = 7  # lines: at most 4 rows of spaces and 3 rows of paths


@dataclass(frozen=True)
class Drawing:
    """One template drawn: each space's (line, column) and the path glyphs between them."""

    spaces: dict[str, tuple[int, int]]
    paths: dict[tuple[int, int], str]
    middle_line: int  # the line of the middle row (the volcano tile is drawn beside it)
    top: int  # the first line anything is drawn on (the lines above it are empty)


def depth(template: Template, space: str) -> int:
    """How many steps from the shore: 0 for outer spaces."""
    found = template.space(space)
    assert found is not None
    return 1 + max((depth(template, s) for s in found.before), default=-1)


def _merge(old: str | None, new: str) -> str:
    return new if old is None or old == new else "╳"


@cache
def drawing(name: str) -> Drawing:
    """The picture of template ``name``, bottom-aligned in ``HEIGHT`` lines."""
    template = C.templates[name]
    slots = SLOTS[name]

    def line(space: str) -> int:
        return HEIGHT - 1 - 2 * depth(template, space)

    spaces = {s.name: (line(s.name), 2 * slots[s.name]) for s in template.spaces}
    paths: dict[tuple[int, int], str] = {}
    for s in template.spaces:
        upper = slots[s.name]
        for before in s.before:
            lower = slots[before]
            where = (line(s.name) + 1, upper + lower)
            glyph = "│" if upper == lower else ("╱" if upper > lower else "╲")
            paths[where] = _merge(paths.get(where), glyph)
    middle = next(line(s) for s in template.middle)
    return Drawing(spaces, paths, middle, min(at for at, _ in spaces.values()))


def check_layouts() -> list[str]:
    """Every way a layout could not be drawn (an empty list when all four are fine)."""
    problems = []
    for name, template in C.templates.items():
        slots = SLOTS.get(name, {})
        if set(slots) != set(template.names):
            problems.append(
                f"{name}: slots for {sorted(slots)} but spaces {template.names}"  # internal
            )
            continue
        rows: dict[int, list[int]] = {}
        for s in template.spaces:
            rows.setdefault(depth(template, s.name), []).append(slots[s.name])
            for before in s.before:
                if depth(template, before) != depth(template, s.name) - 1:
                    problems.append(f"{name}: {before} -> {s.name} skips a row")  # internal
                if abs(slots[before] - slots[s.name]) > 1:
                    problems.append(f"{name}: {before} -> {s.name} is too far to draw")  # internal
        for row, used in rows.items():
            if len(set(used)) != len(used):
                problems.append(f"{name}: two spaces share a slot in row {row}")  # internal
        if max(slots.values()) * 2 + 2 > WIDTH or 2 * max(rows) + 1 > HEIGHT:
            problems.append(f"{name}: does not fit in {WIDTH}×{HEIGHT}")  # internal
    return problems

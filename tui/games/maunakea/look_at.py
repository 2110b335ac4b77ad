"""The places of the island a tutorial step names in its ``highlight`` (issue 45: each step
highlights the places it talks about), as the board's own labels write them: a space ``l9``, a
slot ``F2`` or ``slot H5``, a run of spaces ``r3 to r6``. The island marks them as it marks the
step's move; a name that is not a place of the island (``your tiles``, ``the purple boat``: the
panels beside it) marks nothing here."""

from __future__ import annotations

from collections.abc import Iterable

from core.games.maunakea.board import parse_slot, parse_space, spaces_of
from core.games.maunakea.components import Space


def named_spaces(names: Iterable[str]) -> frozenset[Space]:
    """Every space of the island ``names`` name (the others ignored)."""
    out: set[Space] = set()
    for name in names:
        out |= _spaces(name.removeprefix("slot ").strip())
    return frozenset(out)


def _spaces(name: str) -> set[Space]:
    first, sep, last = name.partition(" to ")
    if sep:
        a, b = _space(first), _space(last)
        if a is None or b is None or (a[0] != b[0] and a[1] != b[1]):
            return set()
        (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
        return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    space = _space(name)
    if space is not None:
        return {space}
    if name[:1].isupper():
        try:
            return set(spaces_of(parse_slot(name)))
        except ValueError:
            return set()
    return set()


def _space(name: str) -> Space | None:
    if not name[:1].islower():
        return None
    try:
        return parse_space(name)
    except ValueError:
        return None

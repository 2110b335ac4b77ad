"""The forests: which Tikis can be cut (fully accessible), and when a forest's volcano tile is
freed (its middle row is cleared) or the forest is emptied.

A forest is a dict from occupied space names to Tiki colours over its board side's template.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from core.games.kilauea.components import COMPONENTS, Template

C = COMPONENTS


def is_accessible(template: Template, tikis: Mapping[str, str], space: str) -> bool:
    """A Tiki stands on ``space`` and every space on every path from the shore to it is empty."""
    found = template.space(space)
    return found is not None and space in tikis and tikis.keys().isdisjoint(found.ancestors)


def accessible(template: Template, tikis: Mapping[str, str]) -> list[str]:
    """The spaces whose Tikis may be taken now, in the template's order."""
    return list(accessible_spaces(template, tikis))


def accessible_spaces(template: Template, tikis: Mapping[str, str]) -> Iterator[str]:
    """:func:`accessible`, one space at a time (to ask whether there is one)."""
    occupied = tikis.keys()
    for s in template.spaces:
        if s.name in tikis and occupied.isdisjoint(s.ancestors):
            yield s.name


def blocking(template: Template, tikis: Mapping[str, str], space: str) -> list[str]:
    """The occupied spaces on the paths to ``space`` (why it is not accessible)."""
    found = template.space(space)
    if found is None:
        return []
    return [name for name in template.names if name in found.ancestors and name in tikis]


def middle_cleared(template: Template, tikis: Mapping[str, str]) -> bool:
    """Every middle space (the row next to the volcano tile) is empty."""
    return tikis.keys().isdisjoint(template.middle)

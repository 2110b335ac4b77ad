"""Seats at a table: their default names and colours (explorers, log names, panels)."""

from __future__ import annotations

import string
from collections.abc import Sequence

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange")
SEAT_COLOURS = ("#e8413c", "#3f7fff", "#f2d022", "#35c45a", "#b25fe0", "#ff8c1a")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letters(names: Sequence[str]) -> tuple[str, ...]:
    """One letter per seat for its pieces on the board: the name's initial when no other seat
    shares it, else the seat number (so a monochrome terminal still tells them apart)."""
    initials = [name[:1].upper() for name in names]
    letters = [i if i.isalpha() and initials.count(i) == 1 else "" for i in initials]
    for seat, name in enumerate(names):
        if not letters[seat]:  # shared: another letter of the name, else any free letter
            pool = [c.upper() for c in name if c.isalpha()] + list(string.ascii_uppercase)
            letters[seat] = next(c for c in pool if c not in letters)
    return tuple(letters)

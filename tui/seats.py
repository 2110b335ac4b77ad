"""Seats at a table: their default names and colours (explorers, log names, panels)."""

from __future__ import annotations

from collections.abc import Sequence

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange")
SEAT_COLOURS = ("#e8413c", "#3f7fff", "#f2d022", "#35c45a", "#b25fe0", "#ff8c1a")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letters(names: Sequence[str]) -> tuple[str, ...]:
    """One letter per seat for its pieces on the board: the name's initial when no other seat
    shares it, else the seat number (so a monochrome terminal still tells them apart)."""
    initials = [name[:1].upper() for name in names]
    return tuple(
        initial if initial.isalpha() and initials.count(initial) == 1 else str(seat + 1)
        for seat, initial in enumerate(initials)
    )

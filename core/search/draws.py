"""A search generator behind the ``below(n)`` face of :class:`core.rng.Rng`, for the greedy
bots a playout runs (their ties are then drawn from the search's own generator)."""

from __future__ import annotations

from random import Random


class Draws:
    __slots__ = ("rng",)

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def below(self, n: int) -> int:
        return self.rng.randrange(n)

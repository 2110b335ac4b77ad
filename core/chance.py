"""Helpers for chance nodes that shuffle: the draws of a Fisher–Yates shuffle, and applying them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffle_sizes(n: int) -> tuple[int, ...]:
    """The draw sizes of a Fisher–Yates shuffle of ``n`` items: ``(n, n - 1, …, 2)``."""
    return tuple(range(n, 1, -1))


def shuffled(items: Sequence[T], draws: Sequence[int]) -> list[T]:
    """``items`` shuffled by ``draws`` (one per size of :func:`shuffle_sizes`)."""
    out = list(items)
    for k, i in enumerate(range(len(out) - 1, 0, -1)):
        j = draws[k]
        out[i], out[j] = out[j], out[i]
    return out

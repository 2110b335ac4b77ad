"""What every game's JSON position shares: the envelope ``{game, format, …}`` checked on load."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import msgspec

from core.errors import PositionError
from core.protocol import Outcome


class Document(Protocol):
    game: str
    format: int


D = TypeVar("D", bound=Document)


def read_document(
    data: Any, schema: type[D], game: str, version: int, fail: Callable[[str], PositionError]
) -> D:
    """Validate ``data`` against a game's position ``schema`` (a dataclass with ``game`` and
    ``format`` fields); every fault becomes ``fail(reason)``, one line."""
    try:
        doc = msgspec.convert(data, schema)
    except msgspec.ValidationError as exc:
        raise fail(str(exc)) from None
    if doc.game != game:
        raise fail(f"this position is for {doc.game!r}")
    if doc.format != version:
        raise fail(f"format {doc.format} is not supported (expected {version})")
    return doc


def result_section(outcome: Outcome | None, ended_by: str = "") -> dict[str, Any] | None:
    """The ``result`` of a JSON position: ``None`` while the game runs; once it is over, the
    winners, the ranking (best first), each seat's total and its parts, the tie-break that
    decided (``"draw"`` when players stay tied, ``""`` when no tie arose) and why the game
    ended. Seats are numbered from 0, as everywhere in a position."""
    if outcome is None:
        return None
    return {
        "winners": list(outcome.winners),
        "ranking": list(outcome.ranking),
        "scores": list(outcome.scores),
        "parts": [dict(parts) for parts in outcome.parts],
        "tiebreak": outcome.tiebreak,
        "ended_by": ended_by,
    }

"""What every game's JSON position shares: the envelope ``{game, format, …}`` checked on load."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import msgspec

from core.errors import PositionError


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

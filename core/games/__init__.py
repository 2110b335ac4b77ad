"""The games Caldera knows, by name. Imported lazily so a tool pays only for what it plays."""

from __future__ import annotations

import importlib
from typing import Any

from core.protocol import Rules

GAMES: dict[str, str] = {
    "maunakea": "core.games.maunakea",
    "kilauea": "core.games.kilauea",
    "arnak": "core.games.arnak",
}


def get_rules(name: str) -> Rules[Any]:
    """The ``RULES`` object of game ``name``; ``KeyError`` with the known names otherwise."""
    module = GAMES.get(name)
    if module is None:
        raise KeyError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    rules: Rules[Any] = importlib.import_module(module).RULES
    return rules


def import_game_of(tag: str) -> None:
    """Import the game whose messages carry ``tag``'s prefix (``maunakea.tile_placed``)."""
    module = GAMES.get(tag.partition(".")[0])
    if module is not None:
        importlib.import_module(module)

"""The games Caldera knows, by name. Imported lazily so a tool pays only for what it plays."""

from __future__ import annotations

import importlib
from typing import Any

from core.known_games import GAMES
from core.protocol import Rules

__all__ = ["GAMES", "get_rules"]


def get_rules(name: str) -> Rules[Any]:
    """The ``RULES`` object of game ``name``; ``KeyError`` with the known names otherwise."""
    module = GAMES.get(name)
    if module is None:
        raise KeyError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    rules: Rules[Any] = importlib.import_module(module).RULES
    return rules

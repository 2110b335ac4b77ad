"""The games Caldera knows: each one's name and the module that holds its rules.

It imports nothing, so the lowest modules may read it: :mod:`core.messages` finds here the game
whose module registers a tag it has not met yet (``maunakea.tile_placed``), without importing
:mod:`core.games`, which imports the rules' contract and so the messages themselves.
"""

from __future__ import annotations

GAMES: dict[str, str] = {
    "maunakea": "core.games.maunakea",
    "kilauea": "core.games.kilauea",
    "arnak": "core.games.arnak",
}


def module_of(tag: str) -> str | None:
    """The module of the game whose messages carry ``tag``'s prefix, if Caldera knows it."""
    return GAMES.get(tag.partition(".")[0])

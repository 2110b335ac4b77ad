"""The line mode's ``look``: the position in plain sentences of the game's words, as one seat may
see it (the board around its pieces, the scores, its hand, each player's visible things).

Each game says it in ``tui.games.<game>.look`` (a function ``look(view, names, viewer, about)``
from a seat's view of the state); this module takes the view, finds the player a ``look <who>``
names, and leaves out the glyphs a screen reader would spell out.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from core.protocol import Rules, Seat

_SPACES = re.compile(r" {2,}")


def look(
    rules: Rules[Any], state: Any, names: Sequence[str], viewer: Seat | None, about: Seat | None
) -> list[str]:
    """What ``viewer`` (``None``: a spectator) may see of ``state``, about everyone or one
    player (``about``), as lines of plain text."""
    view = rules.view(state, viewer)
    game = importlib.import_module(f"tui.games.{rules.game}.look")
    return [plain(line) for line in game.look(view, names, viewer, about)]


def plain(line: str) -> str:
    """``line`` without pictures (``○ white`` -> ``white``, ``lava ● (circle flow)``), the
    spaces they leave closed up; the indent is kept, and signs that mean something (``+1
    coin``, ``→``) stay."""
    kept = "".join(ch for ch in line if unicodedata.category(ch) != "So")
    indent = len(kept) - len(kept.lstrip(" "))
    return kept[:indent] + _SPACES.sub(" ", kept[indent:]).strip()


def player_named(words: Sequence[str], names: Sequence[str]) -> Seat | None:
    """The player ``words`` name: a seat number from 1, ``seat 2``, or a name (or the start
    of one) in any case; ``None`` if none or several fit."""
    text = " ".join(words).strip().lower()
    text = text.removeprefix("seat ").strip()
    if text.isdigit():
        seat = int(text) - 1
        return seat if 0 <= seat < len(names) else None
    exact = [i for i, name in enumerate(names) if name.lower() == text]
    fits = exact or [i for i, name in enumerate(names) if name.lower().startswith(text)]
    return fits[0] if len(fits) == 1 else None

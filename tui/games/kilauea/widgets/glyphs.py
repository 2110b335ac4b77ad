"""How Kilauea's pieces look in a terminal: a glyph for everything, colour only on top.

Tikis are the initial of their colour (``R Y G B``): upper case on the colour when a Tiki can be
taken (on the volcano, in a canoe or island, or fully accessible in a forest), lower case when a
forest path still blocks it. So the board reads on a monochrome terminal too.
"""

from __future__ import annotations

from rich.style import Style

from core.games.kilauea.components import COMPONENTS

C = COMPONENTS

TIKI_LETTER = {colour: colour[0].upper() for colour in C.colours}  # red R, yellow Y, …
TIKI_COLOUR = {"red": "#e0473a", "yellow": "#e8c22a", "green": "#3fae5a", "blue": "#4a7fe0"}
TIKI_STYLE = {c: Style(color="#000000", bgcolor=TIKI_COLOUR[c], bold=True) for c in C.colours}
BLOCKED_STYLE = {c: Style(color=TIKI_COLOUR[c]) for c in C.colours}

EMPTY_SPACE = "·"
EMPTY = Style(color="#6a6a6a")
PATH = Style(color="#8a7a5a")
LABEL = Style(color="#8a8a8a")
HEADING = Style(color="#e0e0e0", bold=True)
CANOE_SECTOR = Style(color="#000000", bgcolor="#e0c040", bold=True)
STONE = "●"
NO_STONE = "○"
STONE_STYLE = Style(color="#d8d8e8", bold=True)
TALLEST = "▲"
CANOE_PAWN = "\\_/"  # the shared canoe on its track space
CANOE_STYLE = Style(color="#ffffff", bgcolor="#8a5a2a", bold=True)
SEA = "≈≈≈"
SEA_STYLE = Style(color="#3d6e9e")
TRACK_SPACE = Style(color="#b0c8e0")
REEF_STYLE = Style(color="#7fe0e0", bold=True)
SLOPE_STYLE = Style(color="#ff8a4a", bold=True)
LOCKED_STYLE = Style(color="#a06040")
USABLE = Style(color="#000000", bgcolor="#ffe14d", bold=True)  # a tile earned this turn
FOCUS = Style(reverse=True, bold=True)  # what the highlighted choice points at
CHOSEN = Style(underline=True, bold=True)
ACTING = Style(color="#ffe14d", bold=True)
DIM = Style(dim=True)


def tiki_style(colour: str, *, free: bool = True) -> Style:
    return TIKI_STYLE[colour] if free else BLOCKED_STYLE[colour]


def tiki_letter(colour: str, *, free: bool = True) -> str:
    letter = TIKI_LETTER[colour]
    return letter if free else letter.lower()


def colour_list(colours: list[str] | tuple[str, ...]) -> str:
    """``R R Y`` for the log-like texts."""
    return " ".join(TIKI_LETTER[c] for c in colours)


def legend() -> str:
    """The key to the board (lines of at most 96 characters)."""
    return (
        "R Y G B Tikis (red, yellow, green, blue); in a forest r y g b are still blocked by a "
        "path, · is empty\n"
        "R3▲ a volcano column 3 high, ▲ the tallest in its sector; the row below: VP per island "
        "Tiki now\n"
        f"{CANOE_PAWN} the canoe · a b its track spaces (≈≈≈ under a Sea tile) · ≈4A a reef tile, "
        "▲7B a volcano tile\n"
        "● Sacred Stones · islands: Tikis bottom to top, +N what a scoring would give there now"
    )

"""How Mauna Kea's pieces look in a terminal: a glyph for everything, colour only on top.

Each terrain, lava flow, artifact and explorer has its own glyph, so the board reads on a
monochrome terminal too; colours make it quicker to read where they exist. The pieces keep
their colours under every theme; the sea, the empty slots and the coordinates follow the
theme (:func:`palette`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style

from core.games.maunakea.components import COMPONENTS, Direction, Terrain
from tui.play.seats import seat_colour
from tui.widgets.theme_colours import ThemeColours

C = COMPONENTS

TERRAIN_GLYPH = {
    Terrain.NONE: "·",
    Terrain.JUNGLE: "♣",
    Terrain.WATER: "≈",
    Terrain.MOUNTAIN: "∧",
    Terrain.LAVA: "▒",
    Terrain.VOLCANO: "▓",
}
TERRAIN_NAME = {
    Terrain.NONE: "no tile",
    Terrain.JUNGLE: "jungle",
    Terrain.WATER: "water",
    Terrain.MOUNTAIN: "mountain",
    Terrain.LAVA: "lava",
    Terrain.VOLCANO: "the volcano",
}
TERRAIN_STYLE = {  # an empty slot (Terrain.NONE) takes the theme's colours: Palette.empty
    Terrain.JUNGLE: Style(color="#8fdc7a", bgcolor="#1d5a22"),
    Terrain.WATER: Style(color="#b5dcff", bgcolor="#1d4f8c"),
    Terrain.MOUNTAIN: Style(color="#f0e2cf", bgcolor="#6e5a48"),
    Terrain.LAVA: Style(color="#ffe066", bgcolor="#a8260f", bold=True),
    Terrain.VOLCANO: Style(color="#ff5a1f", bgcolor="#2a0c08"),
}
FRESH_LAVA = Style(color="#fff3a0", bgcolor="#e8431a", bold=True)

ARROW = {Direction.N: "↑", Direction.E: "→", Direction.S: "↓", Direction.W: "←"}
FLOW_GLYPHS = tuple(flow.glyph for flow in C.flows)  # ▲ ● ■ ◆

ARTIFACT_GLYPH = {"white": "○", "grey": "◐", "black": "◉"}
ARTIFACT_STYLE = {
    "white": Style(color="#ffffff", bold=True),
    "grey": Style(color="#b8b8b8", bold=True),
    "black": Style(color="#000000", bgcolor="#c8c8c8", bold=True),
}
CARRIED_COUNT = " ¹²³⁴⁵⁶⁷⁸⁹"

BOAT_STYLE = {
    "brown": Style(color="#ffffff", bgcolor="#7a4a24", bold=True),
    "green": Style(color="#ffffff", bgcolor="#23784a", bold=True),
    "blue": Style(color="#ffffff", bgcolor="#2f55c8", bold=True),
    "red": Style(color="#ffffff", bgcolor="#b3261e", bold=True),
    "yellow": Style(color="#000000", bgcolor="#d9b310", bold=True),
    "purple": Style(color="#ffffff", bgcolor="#7d3c98", bold=True),
    "orange": Style(color="#000000", bgcolor="#e67e22", bold=True),
    "teal": Style(color="#000000", bgcolor="#1abc9c", bold=True),
}
BOAT_ABBREVIATION = {
    "brown": "brn",
    "green": "grn",
    "blue": "blu",
    "red": "red",
    "yellow": "yel",
    "purple": "pur",
    "orange": "org",
    "teal": "tea",
}
BOAT_PLACE = "□"
SEA_BLUE = "#1d4f8c"  # the sea around the island: the theme's background tinted blue


@dataclass(frozen=True)
class Palette:
    """The board's own colours under one theme: the sea, the slots with no tile yet and the
    coordinates in the margins."""

    sea: Style
    landing: Style  # a landing's name on the sea, where no boat is
    empty: Style
    label: Style
    slot_label: Style
    label_here: Style  # the cursor's column and row


@lru_cache(maxsize=32)
def palette(colours: ThemeColours) -> Palette:
    sea = colours.tint(SEA_BLUE, 0.3)
    return Palette(
        sea=Style(color=colours.faint, bgcolor=sea),
        landing=Style(color=colours.muted, bgcolor=sea),
        empty=Style(color=colours.faint, bgcolor=colours.ground),
        label=Style(color=colours.muted),
        slot_label=Style(color=colours.text, bold=True),
        label_here=colours.highlight(),
    )


def explorer_style(seat: int) -> Style:
    """An explorer: a bold letter on its player's colour."""
    return Style(color="#000000", bgcolor=seat_colour(seat), bold=True)


def boat_style(colour: str) -> Style:
    return BOAT_STYLE.get(colour, Style(reverse=True))


def artifact_text(colours: list[str] | tuple[str, ...]) -> str:
    return "".join(ARTIFACT_GLYPH.get(c, "?") for c in colours)


def legend() -> str:
    """The key to the board (lines of at most 63 characters, to fit under it)."""
    flows = " ".join(FLOW_GLYPHS)
    return (
        "♣ jungle 1 MP  ≈ water 2 MP  ∧ mountain  · no tile  ▓ volcano\n"
        f"{flows} lava flows, arrow = its way   ○ ◐ ◉ artifacts\n"
        "R1 Red's explorer 1, ¹²³ artifacts carried   □ boat places"
    )

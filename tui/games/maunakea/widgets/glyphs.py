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
from core.language import Translator
from tui.play.seats import seat_colour
from tui.widgets.theme_colours import ThemeColours

C = COMPONENTS
T = Translator("maunakea")
_, pgettext = T.gettext, T.pgettext

TERRAIN_GLYPH = {
    Terrain.NONE: "·",
    Terrain.JUNGLE: "♣",
    Terrain.WATER: "≈",
    Terrain.MOUNTAIN: "∧",
    Terrain.LAVA: "▒",
    Terrain.VOLCANO: "▓",
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


def terrain_name(terrain: Terrain) -> str:
    """What a space is, under the cursor: ``jungle``, ``the volcano``."""
    # TRANSLATORS: what a space is, under the cursor ("g7 (slot D4) jungle"); terms: Mauna Kea
    # rulebook, Spielmaterial / Matériel / Spelmateriaal (Dschungel, Wasser, Berg, Lava, Vulkan)
    names = {
        Terrain.NONE: _("no tile"),
        Terrain.JUNGLE: _("jungle"),
        Terrain.WATER: _("water"),
        Terrain.MOUNTAIN: _("mountain"),
        Terrain.LAVA: _("lava"),
        Terrain.VOLCANO: _("the volcano"),
    }
    return names[terrain]


def boat_abbreviation(colour: str) -> str:
    """A boat's colour in three letters, where its name does not fit (a boat at the side)."""
    # TRANSLATORS: a boat's colour in at most 3 letters, on a boat at the board's side (80x24)
    short = {
        "brown": pgettext("boat, 3 letters", "brn"),
        "green": pgettext("boat, 3 letters", "grn"),
        "blue": pgettext("boat, 3 letters", "blu"),
        "red": pgettext("boat, 3 letters", "red"),
        "yellow": pgettext("boat, 3 letters", "yel"),
        "purple": pgettext("boat, 3 letters", "pur"),
        "orange": pgettext("boat, 3 letters", "org"),
        "teal": pgettext("boat, 3 letters", "tea"),
    }
    return short.get(colour, colour[:3])


def artifact_text(colours: list[str] | tuple[str, ...]) -> str:
    return "".join(ARTIFACT_GLYPH.get(c, "?") for c in colours)


def legend() -> str:
    """The key to the board (lines of at most 63 characters, to fit under it)."""
    flows = " ".join(FLOW_GLYPHS)
    # TRANSLATORS: the key to the board, three lines of at most 63 characters; {flows} is the
    # four lava glyphs; "R1": a player's initial and the explorer's number (a player named Red)
    return _(
        "♣ jungle 1 MP  ≈ water 2 MP  ∧ mountain  · no tile  ▓ volcano\n"
        "{flows} lava flows, arrow = its way   ○ ◐ ◉ artifacts\n"
        "R1 Red's explorer 1, ¹²³ artifacts carried   □ boat places"
    ).format(flows=flows)

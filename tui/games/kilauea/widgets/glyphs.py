"""How Kilauea's pieces look in a terminal: a glyph for everything, colour only on top.

Tikis are the initial of their colour (``R Y G B``): upper case on the colour when a Tiki can be
taken (on the volcano, in a canoe or island, or fully accessible in a forest), lower case when a
forest path still blocks it. So the board reads on a monochrome terminal too. Pieces on
their colours keep them under every theme; letters and words take the theme's colours, and
coloured letters are made readable on its background (:func:`palette`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style

from core.games.kilauea.components import COMPONENTS
from core.language import Translator, current
from tui.play.seats import SEAT_COLOURS
from tui.widgets.theme_colours import ThemeColours

C = COMPONENTS
T = Translator("kilauea")
_, pgettext = T.gettext, T.pgettext

TIKI_LETTER = {colour: colour[0].upper() for colour in C.colours}  # red R, yellow Y, …
TIKI_COLOUR = {"red": "#e0473a", "yellow": "#e8c22a", "green": "#3fae5a", "blue": "#4a7fe0"}
TIKI_STYLE = {c: Style(color="#000000", bgcolor=TIKI_COLOUR[c], bold=True) for c in C.colours}

EMPTY_SPACE = "·"
CANOE_SECTOR = Style(color="#000000", bgcolor="#e0c040", bold=True)
STONE = "●"
NO_STONE = "○"
TALLEST = "▲"
CANOE_PAWN = "\\_/"  # the shared canoe on its track space
CANOE_STYLE = Style(color="#ffffff", bgcolor="#8a5a2a", bold=True)
SEA = "≈≈≈"
USABLE = Style(color="#000000", bgcolor="#ffe14d", bold=True)  # a tile earned this turn
FOCUS = Style(reverse=True, bold=True)  # what the highlighted choice points at
CHOSEN = Style(underline=True, bold=True)
DIM = Style(dim=True)


def tile_brief(code: str) -> str:
    """The board's words for a tile face, in at most 13 cells (``≈6A`` is "volc→far": a volcano
    Tiki to a sector that is not next to it; ● a Sacred Stone paid), in the reader's language;
    the help and the choices say each in full."""
    found = _BRIEFS.get(current())
    if found is None:
        found = _BRIEFS[current()] = _briefs()
    return found.get(code, code)


_BRIEFS: dict[str, dict[str, str]] = {}


def _briefs() -> dict[str, str]:
    # TRANSLATORS: each tile's words under the canoe track, at most 13 cells: keep ● (a Sacred
    # Stone paid) and the arrows; the words as short as the board's key says them (volc, isl)
    return {
        "1A": pgettext("tile brief", "+2 VP"),
        "1B": pgettext("tile brief", "1●: +2 VP"),
        "2A": pgettext("tile brief", "+2 stones"),
        "2B": pgettext("tile brief", "3●: canoe→isl"),
        "3A": pgettext("tile brief", "1●: copy reef"),
        "3B": pgettext("tile brief", "1●: copy any"),
        "4A": pgettext("tile brief", "isl→isl"),
        "4B": pgettext("tile brief", "1●: isl→isl"),
        "5A": pgettext("tile brief", "volc→next"),
        "5B": pgettext("tile brief", "1●: volc→next"),
        "6A": pgettext("tile brief", "volc→far"),
        "6B": pgettext("tile brief", "1●: volc→far"),
        "7A": pgettext("tile brief", "forest→volc"),
        "7B": pgettext("tile brief", "cut any"),
        "8A": pgettext("tile brief", "canoe→volc+1●"),
        "8B": pgettext("tile brief", "2●:volc→canoe"),
        "9A": pgettext("tile brief", "3●:forest→isl"),
        "9B": pgettext("tile brief", "4●: volc→isl"),
        "10A": pgettext("tile brief", "forest⇄volc"),
        "10B": pgettext("tile brief", "2●: volc⇄volc"),
    }


@dataclass(frozen=True)
class Palette:
    """The board's letters and words under one theme (the pieces drawn on their own colours,
    like a free Tiki or the canoe, look the same under every theme)."""

    empty: Style  # an empty space or canoe place
    path: Style  # a forest path
    label: Style
    heading: Style
    stone: Style
    sea: Style  # a track space under a Sea tile
    track: Style
    reef: Style
    reef_words: Style  # what a reef tile does
    slope: Style
    locked: Style  # a volcano tile still locked in its forest
    acting: Style  # the ▶ before the player to act
    blocked: dict[str, Style]  # a Tiki a path still blocks: its letter in its colour
    seats: tuple[Style, ...]  # the players' names, by seat


@lru_cache(maxsize=32)
def palette(colours: ThemeColours) -> Palette:
    ink = colours.ink
    return Palette(
        empty=Style(color=colours.faint),
        path=Style(color=ink("#8a7a5a")),
        label=Style(color=colours.muted),
        heading=Style(color=colours.text, bold=True),
        stone=Style(color=ink("#d8d8e8"), bold=True),
        sea=Style(color=ink("#3d6e9e")),
        track=Style(color=ink("#b0c8e0")),
        reef=Style(color=ink("#7fe0e0"), bold=True),
        reef_words=Style(color=ink("#7fe0e0")),
        slope=Style(color=ink("#ff8a4a"), bold=True),
        locked=Style(color=ink("#a06040")),
        acting=Style(color=ink("#ffe14d"), bold=True),
        blocked={c: Style(color=ink(TIKI_COLOUR[c])) for c in C.colours},
        seats=tuple(Style(color=ink(colour), bold=True) for colour in SEAT_COLOURS),
    )


def tiki_letter(colour: str, *, free: bool = True) -> str:
    letter = TIKI_LETTER[colour]
    return letter if free else letter.lower()


def colour_list(colours: list[str] | tuple[str, ...]) -> str:
    """``R R Y`` for the log-like texts."""
    return " ".join(TIKI_LETTER[c] for c in colours)


def legend() -> str:
    """The key to the board (lines of at most 96 characters)."""
    return _(
        # TRANSLATORS: the board's key: keep the letters (R Y G B, i m o, volc, isl) as the
        # board draws them, and each line at most 96 characters
        "R Y G B Tikis (red, yellow, green, blue); in a forest r y g b are still blocked by a "
        "path, · is empty\n"
        "R3▲ a volcano column 3 high, ▲ the tallest in its sector; the row below: VP per island "
        "Tiki now\n"
        "{canoe} the canoe · a b its track spaces (≈≈≈ under a Sea tile) · ≈4A a reef tile, "
        "▲7B a volcano tile\n"
        "forest spaces: i inner, m middle, o on the shore, numbered from the left (r1 is i1 on\n"
        "the inner row) · ▲7B in a forest is freed when no m space is left\n"
        "under the track, what each reef tile does: volc volcano, isl your island, ● a stone;\n"
        "far: to a sector not next to it, ⇄ then a Tiki of another colour back\n"
        "● Sacred Stones · islands: Tikis bottom to top, +N what a scoring would give there now"
    ).format(canoe=CANOE_PAWN)

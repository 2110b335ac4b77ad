"""How the Arnak table shares the terminal, for the table and its replay: from 80×24 (the map
three sites a line, the research track in its place while a research question is open, the
card row by name and price, the scores and your own board on two lines; the rest one key away,
``m``), through 100×30 (the map two sites a line, the track in words in its place while a
research question is open; every board, the row's effects, the log) to 150×46 and beyond (the
map a site a line beside the track, a long log).

The panels' widths follow the terminal's; each panel is as tall as its text (wrapped, never
cut), and the log and the choices take the rest. Heights change only when a panel's line
count does, so a keypress that only moves a highlight lays nothing out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from core.games import get_rules
from core.language import Translator
from tui.widgets.text_line import TextLine

_ = Translator("arnak").gettext

MIN_SIZE = (80, 24)
ROOMY = (100, 30)  # from this size on, every panel (the row's effects, every board, the log)
BESIDE = (150, 46)  # from this size on, the research track beside the map (as tall as the map)


@dataclass(frozen=True)
class Layout:
    """The columns each panel has in a terminal of ``width`` × ``height``."""

    width: int
    height: int
    club: bool = False  # a networked table: its header says the connection, seats and clocks

    @property
    def tiny(self) -> bool:
        """Below 100×30: the map alone on top (the track in its place while a research
        question is open), the card row by name and price, the scores on a line; the other
        boards, the row's effects and the log in the pane ``m`` opens."""
        return self.width < ROOMY[0] or self.height < ROOMY[1]

    @property
    def swap(self) -> bool:
        """Below 150×46: the map alone on top, the research track in its place (in words where
        the width allows) while a research question is open; beside the map, a row in words
        would make the track taller than the map."""
        return self.width < BESIDE[0] or self.height < BESIDE[1]

    @property
    def research(self) -> int:
        """The research panel's width (its border and padding included)."""
        if self.swap:
            return 0
        if self.width < 120:
            return 41
        if self.width < 150:
            return 52
        return self.width - 94

    @property
    def map(self) -> int:
        return self.width - self.research

    @property
    def side(self) -> int:
        """The right column (details, hand, log) beside the choices."""
        if self.tiny:
            return self.width // 2
        return max(40, self.width * 2 // 5) if self.width < 150 else self.width // 2

    @property
    def map_columns(self) -> int:
        """Sites a line on the map: one (in words) where the terminal is wide or tall enough
        to leave the hand its lines too."""
        if self.tiny:
            return 3
        if self.swap:  # the map alone: two a line keep it as short as beside the track
            return 2
        return 1 if self.height >= 46 or self.map - 2 >= 90 else 2

    @property
    def details_room(self) -> int:
        """The lines kept for the details of the highlighted answer (more when needed)."""
        return 2 if self.height < 40 else 3

    @property
    def compact(self) -> bool:
        """Whether every row counts (the choices lose their box, the header its row)."""
        return self.height < 40 or self.tiny

    @property
    def header(self) -> bool:
        """Whether the header line is worth its row (not at 30 rows, unless it says a networked
        table's connection, who is away and the clocks)."""
        return not self.compact or self.club

    def text_width(self, panel: str) -> int:
        """The columns of text inside ``panel`` (less its padding and border)."""
        widths = {
            "map": self.map - 2,
            "research": self.research - 3,
            "row": self.width - 2,
            "players": self.width - 2,
            "hand": self.side - 3,
            "details": self.side - 3,
            "desk": self.width - self.side - 2,
        }
        return widths[panel]


def fit_table(screen: Screen[Any], layout: Layout) -> bool:
    """Show the table if the terminal fits it (and lay it out for this size), else one line
    saying the size it needs; ``True`` when it is too small."""
    need_w, need_h = MIN_SIZE
    width, height = layout.width, layout.height
    small = width < need_w or height < need_h
    note = screen.query_one("#small", Static)
    note.display = small
    screen.query_one("#table").display = not small
    screen.query_one(Header).display = layout.header
    if small:
        note.update(
            _(
                "{game} needs a terminal of at least {need_w}×{need_h}; this one is "
                "{width}×{height}.\nMake it larger (or the font smaller): the table appears as "
                "soon as it fits. q leaves."
            ).format(
                game=get_rules("arnak").title,
                need_w=need_w,
                need_h=need_h,
                width=width,
                height=height,
            )
        )
    else:
        screen.query_one("#map").styles.width = layout.map
        research = screen.query_one("#research")
        research.display = not layout.swap
        if not layout.swap:
            research.styles.width = layout.research
        for side in screen.query("#side"):
            side.styles.width = layout.side
    return small


def lines(text: Text) -> int:
    """How many lines a panel's text (already wrapped to its width) takes."""
    return text.plain.count("\n") + 1 if text.plain else 0


def show(line: TextLine, text: Text, height: int | None = None) -> None:
    """Put ``text`` in ``line`` and make the line as tall as it (or ``height``)."""
    line.text = text
    tall(line, lines(text) if height is None else height)


def tall(widget: Widget, height: int) -> None:
    """Make ``widget`` ``height`` lines tall (laid out again only if that changes)."""
    if widget.styles.height is None or widget.styles.height.value != height:
        widget.styles.height = height

"""The list of what can be chosen now: the verbs of a turn, or one question's answers (the
choices of :mod:`tui.screens.choice_tree`).

Arrows move the highlight, ``enter`` or a click chooses; a screen also maps the digit keys to
the first nine options. Options that cannot be chosen (a card held but not playable now, say)
are listed greyed with their reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import OptionList
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class Row:
    """One line of the list: the key that picks it, its words, and why not (when disabled)."""

    key: str
    text: str
    enabled: bool = True
    reason: str = ""


HIGHLIGHT = "Move the highlight over the choices"
KEY_WIDTH = 2


class KeyedLine:
    """A choice's key right-aligned in two cells, then its words, wrapped under themselves:
    what a two-column ``Table.grid`` draws, cell for cell, for a third of its cost (the list
    is rebuilt each time a question opens)."""

    def __init__(self, key: Text, text: Text, key_width: int = KEY_WIDTH) -> None:
        self.key = key
        self.text = text
        self.key_width = key_width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = max(options.max_width - self.key_width - 1, 1)
        longest = max(cell_len(part) for part in self.text.plain.split("\n"))
        width = max(1, min(longest, room))  # the words' column, as the grid measures it
        key = self.key.copy()
        key.align("right", self.key_width)
        blank = Text(" " * self.key_width)
        lines = self.text.wrap(console, width, justify="left", overflow="ellipsis")
        for i, line in enumerate(lines):
            line.pad_right(width - line.cell_len)
            row = Text.assemble(key if i == 0 else blank, " ", line, end="")
            yield from Segment.simplify(row.render(console, ""))
            yield Segment.line()


class ChoiceList(OptionList, inherit_bindings=False):
    """A titled list of choices; the title is the question being answered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", HIGHLIGHT, key_display="↑↓", show=False),
        Binding("down", "cursor_down", HIGHLIGHT, show=False),
        Binding("home", "first", HIGHLIGHT, show=False),
        Binding("end", "last", HIGHLIGHT, show=False),
        Binding("pageup", "page_up", HIGHLIGHT, show=False),
        Binding("pagedown", "page_down", HIGHLIGHT, show=False),
        Binding("enter", "select", "Choose the highlighted choice", show=False),
    ]

    def offer(self, question: str, rows: Sequence[Row]) -> None:
        """Replace the list with ``rows`` (the first enabled one highlighted)."""
        self.border_title = question
        options = []
        longest = max([0, *(cell_len(row.key) for row in rows)])
        key_width = KEY_WIDTH if longest <= KEY_WIDTH else longest + 1  # site 1.3: a space, 3
        for i, row in enumerate(rows):
            text = Text(row.text, "" if row.enabled else "dim")
            if row.reason:
                text.append(f" — {row.reason}", "italic dim")
            line = KeyedLine(Text(row.key, "bold"), text, key_width)  # long words wrap under it
            options.append(Option(line, id=str(i), disabled=not row.enabled))
        self.set_options(options)
        first = next((i for i, row in enumerate(rows) if row.enabled), None)
        self.highlighted = first

    def clear(self, question: str = "") -> None:
        self.border_title = question
        self.clear_options()

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

from rich.table import Table
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
        for i, row in enumerate(rows):
            text = Text(row.text, "" if row.enabled else "dim")
            if row.reason:
                text.append(f" — {row.reason}", "italic dim")
            line = Table.grid(padding=(0, 1))  # long words wrap under the text, not the key
            line.add_column(width=2, justify="right")
            line.add_column()
            line.add_row(Text(row.key, "bold"), text)
            options.append(Option(line, id=str(i), disabled=not row.enabled))
        self.set_options(options)
        first = next((i for i, row in enumerate(rows) if row.enabled), None)
        self.highlighted = first

    def clear(self, question: str = "") -> None:
        self.border_title = question
        self.clear_options()

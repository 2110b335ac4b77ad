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
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from core.language import N_


@dataclass(frozen=True)
class Row:
    """One line of the list: the key that picks it, its words, and why not (when disabled)."""

    key: str
    text: str
    enabled: bool = True
    reason: str = ""


HIGHLIGHT = N_("Move the highlight over the choices")
KEY_WIDTH = 2
MADE = 400  # rows kept drawn (a few questions' worth), then drawn afresh


class KeyedLine(Visual):
    """A choice's key right-aligned in two cells, then its words, wrapped under themselves:
    what a two-column ``Table.grid`` draws, cell for cell, for a third of its cost.

    It is a Textual ``Visual`` too, drawn as a Rich renderable in an ``OptionList`` would be
    (the option's style under every cell), but wrapped once per width and drawn once per width
    and style: a list offered again (a question opened twice, the verbs after ``escape``) takes
    the rows it drew before (:meth:`ChoiceList.offer` keeps them)."""

    def __init__(
        self, key: Text, text: Text, key_width: int = KEY_WIDTH, console: Console | None = None
    ) -> None:
        self.key = key
        self.text = text
        self.key_width = key_width
        self._console = console
        self._lines: dict[int, list[list[Segment]]] = {}  # by width: each line's segments
        self._strips: dict[tuple[int, Style], list[Strip]] = {}  # by width and style

    def _wrapped(self, console: Console, max_width: int) -> list[list[Segment]]:
        """The lines at ``max_width`` (each as the segments of one line, newline left out)."""
        found = self._lines.get(max_width)
        if found is not None:
            return found
        room = max(max_width - self.key_width - 1, 1)
        longest = max(cell_len(part) for part in self.text.plain.split("\n"))
        width = max(1, min(longest, room))  # the words' column, as the grid measures it
        key = self.key.copy()
        key.align("right", self.key_width)
        blank = Text(" " * self.key_width)
        out = []
        for i, line in enumerate(
            self.text.wrap(console, width, justify="left", overflow="ellipsis")
        ):
            line.pad_right(width - line.cell_len)
            row = Text.assemble(key if i == 0 else blank, " ", line, end="")
            out.append(list(Segment.simplify(row.render(console, ""))))
        self._lines[max_width] = out
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self._wrapped(console, options.max_width):
            yield from line
            yield Segment.line()

    # -- as a Textual Visual (an option of the list) ----------------------------------------------

    def _console_now(self) -> Console:
        if self._console is None:
            self._console = Console()
        return self._console

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions
    ) -> list[Strip]:
        """The lines at ``width`` on the option's ``style`` (as Textual's ``RichVisual`` draws
        a Rich renderable: the style under each segment's own)."""
        base = style.rich_style
        strips = self._strips.get((width, base))
        if strips is None:
            lines = self._wrapped(self._console_now(), width)
            if base:
                add = base.__add__
                lines = [[Segment(text, add(s)) for text, s, _ in line] for line in lines]
            strips = []
            for line in lines:  # padded to the width on the style, as the list pads a row
                used = sum(cell_len(text) for text, _, _ in line)
                pad = [Segment(" " * (width - used), base)] if used < width else []
                strips.append(Strip([*line, *pad], max(used, width)))
            self._strips[width, base] = strips
        return strips if height is None else strips[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width  # as a Rich renderable without a measure is measured

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self._wrapped(self._console_now(), width))


class ChoiceList(OptionList, inherit_bindings=False):
    """A titled list of choices; the title is the question being answered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", HIGHLIGHT, key_display="↑↓", show=False),
        Binding("down", "cursor_down", HIGHLIGHT, show=False),
        Binding("home", "first", HIGHLIGHT, show=False),
        Binding("end", "last", HIGHLIGHT, show=False),
        Binding("pageup", "page_up", HIGHLIGHT, show=False),
        Binding("pagedown", "page_down", HIGHLIGHT, show=False),
        Binding("enter", "select", N_("Choose the highlighted choice"), show=False),
    ]

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.auto_links = False  # no links: a row's strips are drawn as they are, kept, reused
        self._made: dict[tuple[Row, int], KeyedLine] = {}  # rows drawn before, by row and key width

    def offer(self, question: str, rows: Sequence[Row]) -> None:
        """Replace the list with ``rows`` (the first enabled one highlighted)."""
        self.border_title = question
        options = []
        longest = max([0, *(cell_len(row.key) for row in rows)])
        key_width = KEY_WIDTH if longest <= KEY_WIDTH else longest + 1  # site 1.3: a space, 3
        made = self._made
        if len(made) > MADE:
            made.clear()
        for i, row in enumerate(rows):
            line = made.get((row, key_width))
            if line is None:
                text = Text(row.text, "" if row.enabled else "dim")
                if row.reason:
                    text.append(f" — {row.reason}", "italic dim")
                line = KeyedLine(Text(row.key, "bold"), text, key_width, self.app.console)
                made[row, key_width] = line  # long words wrap under the key
            options.append(Option(line, id=str(i), disabled=not row.enabled))
        self.set_options(options)
        first = next((i for i, row in enumerate(rows) if row.enabled), None)
        self.highlighted = first

    def _update_lines(self) -> None:
        """Textual's (8.x), but a new count of lines lays the screen out only when the scrollbar
        comes or goes: the list's own size is the screen's to set, never its options'
        (``virtual_size`` is a layout reactive: each question opened laid the whole table out,
        most of a key's time on a big table)."""
        if not self.scrollable_content_region:
            return
        line_cache = self._line_cache
        lines = line_cache.lines
        next_index = lines[-1][0] + 1 if lines else 0
        get_visual = self._get_visual
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        if next_index < len(self.options):
            padding = self.get_component_styles("option-list--option").padding
            for index, option in enumerate(self.options[next_index:], next_index):
                line_cache.index_to_line[index] = len(line_cache.lines)
                line_count = (
                    get_visual(option).get_height(self.styles, width - padding.width)  # type: ignore[arg-type]
                    + option._divider
                )
                line_cache.heights[index] = line_count
                line_cache.lines.extend([(index, line_no) for line_no in range(line_count)])
        last_divider = self.options and self.options[-1]._divider
        virtual_size = Size(width, len(lines) - (1 if last_divider else 0))
        if virtual_size != self.virtual_size:
            self.set_reactive(OptionList.virtual_size, virtual_size)
            self._scroll_update(virtual_size)  # the scrollbar: a layout if it comes or goes
            self.refresh()

    def clear(self, question: str = "") -> None:
        self.border_title = question
        self.clear_options()

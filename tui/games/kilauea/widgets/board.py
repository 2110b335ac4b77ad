"""The volcano board: sectors, forests, canoe track and the players' islands in one widget.

The board only shows: the screen tells it what (:meth:`VolcanoBoard.show`) and at which scale.
Painting happens at most once per frame, however often ``show`` is called in between. It takes
the active theme's colours and repaints when the theme changes.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.segment import Segment
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from core.games.kilauea.state import KilaueaState
from tui.games.kilauea.widgets.paint import SMALLEST, Marks, Scale, Seats, paint
from tui.widgets.theme_colours import colours_of, on_theme_change


class VolcanoBoard(Widget):
    """Kilauea's table, unrolled: one strip per volcano sector."""

    scale: reactive[Scale] = reactive(SMALLEST, layout=True)

    def __init__(
        self,
        names: Sequence[str],
        here: Collection[int] = (),
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.seats = Seats.of(names, here)
        self._state: KilaueaState | None = None
        self._marks = Marks()
        self._strips: list[Strip] = []
        self._dirty = True

    def on_mount(self) -> None:
        on_theme_change(self, self._invalidate)

    def show(self, state: KilaueaState, marks: Marks | None = None) -> None:
        """Show ``state`` with ``marks`` (the last marks stay when none are given)."""
        self._state = state
        if marks is not None:
            self._marks = marks
        self._invalidate()

    @property
    def marks(self) -> Marks:
        return self._marks

    def watch_scale(self) -> None:
        self._invalidate()

    def _invalidate(self) -> None:
        self._dirty = True
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.scale.columns

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        players = self._state.players if self._state is not None else len(self.seats.names)
        return self.scale.rows(players)

    def _repaint(self) -> None:
        self._dirty = False
        if self._state is None:
            self._strips = []
            return
        rows = paint(self._state, self._marks, self.scale, self.seats, colours_of(self.app))
        width = self.scale.columns
        base = self.rich_style  # the screen's colours under the board's own
        self._strips = [
            Strip([Segment(text, style) for text, style in row])
            .adjust_cell_length(width)
            .apply_style(base)
            for row in rows
        ]

    def render_line(self, y: int) -> Strip:
        if self._dirty:
            self._repaint()
        if 0 <= y < len(self._strips):
            return self._strips[y].extend_cell_length(self.size.width, self.rich_style)
        return Strip([Segment(" " * self.size.width, self.rich_style)], self.size.width)

    def text(self) -> str:
        """The board as plain text (what a monochrome terminal shows); for tests and tools."""
        if self._dirty:
            self._repaint()
        return "\n".join(strip.text for strip in self._strips)

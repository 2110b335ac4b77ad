"""The volcano board: sectors, forests, canoe track and the players' islands in one widget.

The board only shows: the screen tells it what (:meth:`VolcanoBoard.show`) and at which scale.
Painting happens at most once per frame, however often ``show`` is called in between. It takes
the active theme's colours and repaints when the theme changes. Given fewer rows (``room``) than
every island needs, it shows one seat's island (``seat``) and the others' scores.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.segment import Segment
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from core.games.kilauea.state import KilaueaState
from tui.games.kilauea.widgets.paint import SMALLEST, Marks, Scale, Seats, paint, rows_needed
from tui.widgets.theme_colours import colours_of, on_theme_change


class VolcanoBoard(Widget):
    """Kilauea's table, unrolled: one strip per volcano sector."""

    scale: reactive[Scale] = reactive(SMALLEST, layout=True)
    room: reactive[int] = reactive(0, layout=True)  # the rows it may take (0: all it needs)
    seat: reactive[int] = reactive(0, layout=True)  # the island shown when short of rows

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
        self._all = True

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

    def watch_room(self) -> None:
        self._invalidate()

    def watch_seat(self) -> None:
        self._invalidate()

    @property
    def shows_all(self) -> bool:
        """Whether every seat's island is shown (else one seat's and the others' scores)."""
        if self._dirty:
            self._repaint()
        return self._all

    def _invalidate(self) -> None:
        self._dirty = True
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.scale.columns

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._dirty:
            self._repaint()
        if self._strips:
            return len(self._strips)
        return self.scale.rows(len(self.seats.names))

    def _repaint(self) -> None:
        self._dirty = False
        if self._state is None:
            self._strips = []
            return
        colours = colours_of(self.app)
        state = self._state
        self._all = not self.room or rows_needed(state, self.scale) <= self.room
        own = None if self._all else min(self.seat, state.players - 1)
        rows = paint(state, self._marks, self.scale, self.seats, colours, own)
        if len(rows) != len(self._strips):
            self.refresh(layout=True)  # forests of another height, or islands shown or not
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

"""The island: 18 × 18 spaces, boats at their landings, coordinates around, a cursor on top.

The board only shows and points: the screen tells it what to show (:meth:`IslandBoard.show`)
and hears where the player points (:class:`IslandBoard.CursorMoved`,
:class:`IslandBoard.SpaceClicked`). Painting happens at most once per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from core.games.maunakea.components import SPACES, Space
from core.games.maunakea.state import MaunaKeaState
from tui.games.maunakea.widgets.paint import SCALES, Marks, Scale, paint, space_at

START_CURSOR: Space = (8, 6)  # next to the volcano, on the north start field


class IslandBoard(Widget, can_focus=True):
    """Mauna Kea's board with a keyboard and mouse cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(0,-1)", "Move the cursor", key_display="↑↓←→ hjkl", show=False),
        Binding("down,j", "cursor(0,1)", "Move the cursor", show=False),
        Binding("left,h", "cursor(-1,0)", "Move the cursor", show=False),
        Binding("right,l", "cursor(1,0)", "Move the cursor", show=False),
    ]

    cursor: reactive[Space] = reactive(START_CURSOR)
    scale: reactive[Scale] = reactive(SCALES[0], layout=True)
    stride: reactive[int] = reactive(1)  # 2 while a tile is placed: the cursor moves by slots

    class CursorMoved(Message):
        """The cursor is on a new space."""

        def __init__(self, space: Space) -> None:
            super().__init__()
            self.space = space

    class SpaceClicked(Message):
        """A space was clicked (the cursor is already on it)."""

        def __init__(self, space: Space, again: bool) -> None:
            super().__init__()
            self.space = space
            self.again = again  # the cursor was already there: a confirming click

    def __init__(
        self,
        letters: Sequence[str],
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.letters = tuple(letters)
        self._state: MaunaKeaState | None = None
        self._marks = Marks()
        self.marks_at: Callable[[Space], Marks] | None = None  # marks for a cursor position
        self._strips: list[Strip] = []
        self._dirty = True

    # -- what to show ---------------------------------------------------------------------

    def show(self, state: MaunaKeaState, marks: Marks | None = None) -> None:
        """Show ``state`` with ``marks`` (the cursor is the board's own)."""
        self._state = state
        if marks is not None:
            self._marks = marks
        self._invalidate()

    @property
    def marks(self) -> Marks:
        """What is laid over the island now: the screen's marks for this cursor, if it gives
        them (asked at paint time, so a cursor move paints once), else the last ones shown."""
        marks = self.marks_at(self.cursor) if self.marks_at is not None else self._marks
        return replace(marks, cursor=self.cursor)

    def validate_cursor(self, space: Space) -> Space:
        x, y = space
        return min(max(x, 0), SPACES - 1), min(max(y, 0), SPACES - 1)

    def watch_cursor(self, space: Space) -> None:
        self._invalidate()
        self.post_message(self.CursorMoved(space))

    def watch_scale(self) -> None:
        self._invalidate()

    def _invalidate(self) -> None:
        self._dirty = True
        self.refresh()

    # -- keys and mouse -------------------------------------------------------------------

    def action_cursor(self, dx: int, dy: int) -> None:
        step = self.stride
        x, y = self.cursor
        if step > 1:  # move slot by slot, keeping the position inside the slot
            nx, ny = x + dx * step, y + dy * step
            if 0 <= nx < SPACES and 0 <= ny < SPACES:
                self.cursor = (nx, ny)
            return
        self.cursor = (x + dx, y + dy)

    def on_click(self, event: events.Click) -> None:
        space = space_at(self.scale, event.x, event.y)
        if space is None:
            return
        again = space == self.cursor
        self.cursor = space
        self.post_message(self.SpaceClicked(space, again))

    # -- painting -------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.scale.columns

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.scale.rows

    def _repaint(self) -> None:
        self._dirty = False
        if self._state is None:
            self._strips = []
            return
        rows = paint(self._state, self.marks, self.scale, self.letters)
        width = self.scale.columns
        self._strips = [Strip(row).adjust_cell_length(width) for row in rows]

    def render_line(self, y: int) -> Strip:
        if self._dirty:
            self._repaint()
        if 0 <= y < len(self._strips):
            return self._strips[y].extend_cell_length(self.size.width)
        return Strip([Segment(" " * self.size.width)], self.size.width)

    def text(self) -> str:
        """The board as plain text (what a monochrome terminal shows); for tests and tools."""
        if self._dirty:
            self._repaint()
        return "\n".join(strip.text for strip in self._strips)

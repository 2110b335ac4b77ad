"""The island: 18 × 18 spaces, boats at their landings, coordinates around, a cursor on top.

The board only shows and points: the screen tells it what to show (:meth:`IslandBoard.show`)
and hears where the player points (:class:`IslandBoard.CursorMoved`,
:class:`IslandBoard.SpaceClicked`). Painting happens at most once per frame, and only the
bands of rows whose content changed are painted and sent to the screen again; the board
takes the active theme's colours and repaints when the theme changes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from core.games.maunakea.components import SPACES, Space
from core.games.maunakea.state import MaunaKeaState
from core.language import N_
from tui.games.maunakea.widgets.paint import (
    SCALES,
    Cells,
    Marks,
    Painter,
    Scale,
    band_keys,
    band_lines,
    space_at,
)
from tui.widgets.theme_colours import ThemeColours, colours_of, on_theme_change

START_CURSOR: Space = (8, 6)  # next to the volcano, on the north start field


class IslandBoard(Widget, can_focus=True):
    """Mauna Kea's board with a keyboard and mouse cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(0,-1)", N_("Move the cursor"), key_display="↑↓←→ hjkl", show=False),
        Binding("down,j", "cursor(0,1)", N_("Move the cursor"), show=False),
        Binding("left,h", "cursor(-1,0)", N_("Move the cursor"), show=False),
        Binding("right,l", "cursor(1,0)", N_("Move the cursor"), show=False),
    ]

    cursor: reactive[Space] = reactive(START_CURSOR, repaint=False)  # it repaints its rows
    scale: reactive[Scale] = reactive(SCALES[0], layout=True)
    stride: reactive[int] = reactive(1, repaint=False)  # 2 while a tile is placed: by slots

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
        self._frame: tuple[Scale, ThemeColours, Style] | None = None  # what they were painted for
        self._keys: list[Hashable] = []  # what each band of the strips shows
        self._cells: Cells = {}  # each space as last painted, for this frame

    def on_mount(self) -> None:
        on_theme_change(self, self._invalidate)

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
        """What the board shows changed: it is painted once before the next frame, however
        often this is called meanwhile."""
        if not self._dirty:
            self._dirty = True
            self.call_next(self._update)

    def _update(self) -> None:
        if self._dirty:
            self._repaint()

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
        """Paint the bands whose content changed (all of them for a new scale or theme) and
        send only their rows to the screen again."""
        self._dirty = False
        if self._state is None:
            self._strips, self._keys, self._frame = [], [], None
            return
        marks = self.marks
        keys = band_keys(self._state, marks)
        base = self.rich_style  # the screen's colours under the board's own
        frame = (self.scale, colours_of(self.app), base)
        lines = band_lines(self.scale)
        if frame != self._frame or len(self._strips) != lines[-1].stop:
            self._frame, self._keys, self._cells = frame, [], {}
            self._strips = [Strip([]) for _ in range(lines[-1].stop)]
            changed = list(range(len(keys)))
        else:
            changed = [band for band, key in enumerate(keys) if key != self._keys[band]]
        self._keys = keys
        if not changed:
            return
        painter = Painter(self._state, marks, self.scale, self.letters, frame[1], self._cells, base)
        width = self.scale.columns
        for band, rows in painter.bands(changed).items():
            span = lines[band]
            for y, row in zip(span, rows, strict=True):
                self._strips[y] = Strip(row).adjust_cell_length(width, base)
            self.refresh(Region(0, span.start, self.size.width, len(span)))

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

"""A few lines of text that change often (prompts, hints, a game's panels): repainted in place,
never relaid out.

``Static.update`` asks for a new layout of the whole screen each time; these lines have a fixed
height in CSS, so changing their text only repaints them (cheap on every cursor move). A Rich
``Text`` is drawn by Rich straight into the widget's lines (Textual's own conversion of a Text
of many styled spans, a game's map say, took most of a keypress), each line once per its words,
size and theme (a new text redraws only the lines that changed, and only those are sent to the
screen again: a map whose highlight moved repaints two lines, not the map).
Coloured letters are made readable on the active theme's background (a yellow name on a light
theme is darkened until it reads).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.theme_colours import ThemeColours, colours_of, on_theme_change, readable

KEPT_LINES = 256  # the lines a TextLine keeps drawn (then it starts afresh)


class TextLine(Widget):
    """Text shown as given (a ``Text``, or a string of Textual markup), clipped to the widget's
    size (wrapped at its width)."""

    text: reactive[Text | str] = reactive[Text | str]("", layout=False, repaint=False)

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._lines: list[Strip] = []
        self._drawn: tuple[object, ...] | None = None  # the text, size and colours drawn
        self._kept = KeptLines()  # the lines drawn lately
        self._now: tuple[int, int, Style, ThemeColours] | None = None

    def on_mount(self) -> None:
        on_theme_change(self, self.refresh)

    def watch_text(self, text: Text | str) -> None:
        """Repaint the lines the new text changed (all of them when the text is markup, or the
        size or colours are not those the lines were drawn for)."""
        drawn = self._drawn
        if isinstance(text, str) or drawn is None or not self.is_mounted:
            self.refresh()
            return
        size = self.size
        now = (size.width, size.height, self.rich_style, colours_of(self.app))
        if drawn[1:] != now:
            self.refresh()
            return
        before = self._lines
        self._drawn = (text, *now)
        self._lines = self._draw(text, *now)
        after = self._lines
        changed = [
            y
            for y in range(min(max(len(before), len(after)), size.height))
            if y >= len(before) or y >= len(after) or before[y] is not after[y]
        ]
        start = 0
        while start < len(changed):  # runs of lines in a row, one region each
            end = start
            while end + 1 < len(changed) and changed[end + 1] == changed[end] + 1:
                end += 1
            self.refresh(Region(0, changed[start], size.width, end - start + 1))
            start = end + 1

    def render(self) -> Text | str:
        text = self.text
        return text if isinstance(text, str) else readable(self, text)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._now = None  # the size and colours, looked up once for all the lines of this pass
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        text = self.text
        if isinstance(text, str):  # markup: Textual's own way
            return super().render_line(y)
        now = self._now
        if now is None:  # a line made taller draws its text anew (it was cut)
            size = self.size
            now = self._now = (size.width, size.height, self.rich_style, colours_of(self.app))
        if self._drawn is None or self._drawn[0] is not text or self._drawn[1:] != now:
            self._drawn = (text, *now)
            self._lines = self._draw(text, *now)
        if y < len(self._lines):
            return self._lines[y]
        return Strip.blank(now[0], now[2])

    def _draw(
        self, text: Text, width: int, height: int, base: Style, colours: ThemeColours
    ) -> list[Strip]:
        def ink(line: Text) -> Text:
            return readable(self, line)

        return self._kept.draw(text, width, height, base, self.app.console, (ink, colours))


class KeptLines:
    """A text's lines drawn as Rich draws them (Rich wraps each line of a text on its own), each
    kept by its words and styles: a new text that changes a line or two (a mark moved on a map)
    draws only those. Kept at one width, base style and colours at a time."""

    def __init__(self) -> None:
        self._kept: dict[tuple[object, ...], list[Strip]] = {}
        self._kept_for: tuple[object, ...] | None = None

    def draw(
        self,
        text: Text,
        width: int,
        height: int,
        base: Style,
        console: Console,
        ink: tuple[Callable[[Text], Text], object],
    ) -> list[Strip]:
        """The first ``height`` lines of ``text`` at ``width``, on ``base``, each line's colours
        as ``ink`` makes them, and what it makes them for (a theme's colours: lines drawn for
        others are drawn anew)."""
        options = console.options.update(width=width, height=None, highlight=False)
        drawn_for = (width, base, ink[1], text.justify, text.overflow, text.no_wrap)
        kept = self._kept
        if self._kept_for != drawn_for or len(kept) > KEPT_LINES:
            self._kept_for = drawn_for
            kept.clear()
        if not text.plain:  # Rich's own rules for an empty text
            rows = console.render_lines(ink[0](text), options, pad=True)[:height]
            return [Strip([s for s in row if s.text], width).apply_style(base) for row in rows]
        out: list[Strip] = []
        lines = text.split("\n", allow_blank=True)
        if not text.end and len(lines) > 1 and not lines[-1].plain:
            lines.pop()  # as Rich draws a text ending in a newline with no end of its own
        for line in lines:
            key = (line.plain, line.style, tuple(line.spans))
            strips = kept.get(key)
            if strips is None:
                rows = console.render_lines(ink[0](line), options, pad=True)
                strips = [
                    Strip([s for s in row if s.text], width).apply_style(base) for row in rows
                ]
                kept[key] = strips
            out.extend(strips)
            if len(out) >= height:
                break
        return out[:height]

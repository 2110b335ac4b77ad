"""A few lines of text that change often (prompts, hints, a game's panels): repainted in place,
never relaid out.

``Static.update`` asks for a new layout of the whole screen each time; these lines have a fixed
height in CSS, so changing their text only repaints them (cheap on every cursor move). A Rich
``Text`` is drawn by Rich straight into the widget's lines (Textual's own conversion of a Text
of many styled spans, a game's map say, took most of a keypress), once per text, size and theme.
Coloured letters are made readable on the active theme's background (a yellow name on a light
theme is darkened until it reads).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tui.theme_colours import ThemeColours, colours_of, on_theme_change, readable


class TextLine(Widget):
    """Text shown as given (a ``Text``, or a string of Textual markup), clipped to the widget's
    size (wrapped at its width)."""

    text: reactive[Text | str] = reactive[Text | str]("", layout=False)

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._lines: list[Strip] = []
        self._drawn: tuple[object, ...] | None = None  # the text, size and colours drawn

    def on_mount(self) -> None:
        on_theme_change(self, self.refresh)

    def render(self) -> Text | str:
        text = self.text
        return text if isinstance(text, str) else readable(self, text)

    def render_line(self, y: int) -> Strip:
        text = self.text
        if isinstance(text, str):  # markup: Textual's own way
            return super().render_line(y)
        width = self.size.width
        base = self.rich_style
        colours = colours_of(self.app)
        height = self.size.height  # a line made taller draws its text anew (it was cut)
        if self._drawn != (text, width, height, base, colours):
            self._drawn = (text, width, height, base, colours)
            self._lines = self._draw(readable(self, text), width, base, colours)
        if y < len(self._lines):
            return self._lines[y]
        return Strip.blank(width, base)

    def _draw(self, text: Text, width: int, base: Style, colours: ThemeColours) -> list[Strip]:
        console = self.app.console
        options = console.options.update(width=width, height=None, highlight=False)
        lines = console.render_lines(text, options, pad=True)
        return [Strip(line, width).apply_style(base) for line in lines[: self.size.height]]

"""A few lines of text that change often (prompts, hints): repainted in place, never relaid out.

``Static.update`` asks for a new layout of the whole screen each time; these lines have a fixed
height in CSS, so changing their text only repaints them (cheap on every cursor move). Coloured
letters are made readable on the active theme's background (a yellow name on a light theme is
darkened until it reads).
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.theme_colours import readable


class TextLine(Widget):
    """Text shown as given (a ``Text`` or a plain string), clipped to the widget's size."""

    text: reactive[Text | str] = reactive[Text | str]("", layout=False)

    def render(self) -> Text | str:
        text = self.text
        if isinstance(text, str):
            return text
        return readable(self, text)

"""A few lines of text that change often (prompts, hints): repainted in place, never relaid out.

``Static.update`` asks for a new layout of the whole screen each time; these lines have a fixed
height in CSS, so changing their text only repaints them (cheap on every cursor move).
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class TextLine(Widget):
    """Text shown as given (a ``Text`` or a plain string), clipped to the widget's size."""

    text: reactive[Text | str] = reactive[Text | str]("", layout=False)

    def render(self) -> Text | str:
        return self.text

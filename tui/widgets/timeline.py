"""Where a replay stands: event N of M, the turn, autoplay speed, and a bar you can click.

Once the game is reviewed, the bar is a sparkline: a seat's winning chance along the game
(``▁`` … ``█``), its judged decisions marked on it (``⁈`` an inaccuracy, ``?`` a mistake, ``⁇`` a
blunder), the glyphs saying it all and the colours only helping."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

DONE = Style(color="#ff9a3c", bold=True)
TODO = Style(color="#5a5a5a")
HERE = Style(color="#ffffff", bgcolor="#ff6a00", bold=True)
MARKED = {  # Lichess's colours for its marks
    "inaccuracy": Style(color="#56b4e9", bold=True),
    "mistake": Style(color="#e69f00", bold=True),
    "blunder": Style(color="#df5353", bold=True),
}

Painter = Callable[[int], Sequence[tuple[str, str]]]
"""The bar's columns for a width: each one's glyph and its mark (``""``: none)."""


class TimelineBar(Widget):
    """Two lines: a caption, then a bar from the first event to the last."""

    position: reactive[int] = reactive(0)
    length: reactive[int] = reactive(1)
    caption: reactive[str] = reactive("")
    compact: reactive[bool] = reactive(False)  # one line: the caption, then the bar
    painter: reactive[Painter | None] = reactive(None)  # a review's sparkline, once known

    class Seek(Message):
        """The bar was clicked: go to event ``seq``."""

        def __init__(self, seq: int) -> None:
            super().__init__()
            self.seq = seq

    def render(self) -> Text:
        width = max(self.size.width, 10)
        lead = Text(self.caption + "\n")
        if self.compact:
            lead = Text(self.caption[: max(width - 12, 0)] + " ")
            width = max(width - lead.cell_len, 10)
        last = max(self.length - 1, 1)
        at = round(self.position / last * (width - 1))
        bar = Text()
        if self.painter is None:
            bar.append("━" * at, DONE)
            bar.append("●", HERE)
            bar.append("─" * (width - at - 1), TODO)
        else:
            for column, (glyph, mark) in enumerate(self.painter(width)):
                style = HERE if column == at else DONE if column < at else TODO
                bar.append(glyph, style + MARKED[mark] if mark and column != at else style)
        lead.append_text(bar)
        return lead

    def on_click(self, event: events.Click) -> None:
        if event.y < 1 or self.size.width <= 1 or self.compact:
            return
        last = max(self.length - 1, 0)
        seq = round(event.x / (self.size.width - 1) * last)
        self.post_message(self.Seek(min(max(seq, 0), last)))

"""A ``TextLine`` draws each line of its text on its own and keeps it: the cells must be those
``Console.render_lines`` draws for the whole text, for each text of a sequence drawn with one
cache (lines kept from an earlier text are reused only where they are the same)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from tui.widgets.text_line import KeptLines

STYLES = [Style(bold=True), Style(color="#ff8800"), Style(italic=True, bgcolor="#203040"),
          Style(dim=True), Style(reverse=True), Style()]  # fmt: skip
WORDS = st.sampled_from(["Red", "camp 2", "▶", "site 1.3", " ", "  ", "\n", "\n\n", "é", "x" * 25])
BASE = Style(color="#e0e0e0", bgcolor="#101010")


def cells(strips: list[Strip]) -> list[list[tuple[str, Style | None]]]:
    return [[(ch, segment.style) for segment in strip for ch in segment.text] for strip in strips]


@st.composite
def texts(draw: st.DrawFn) -> Text:
    text = Text(style=draw(st.sampled_from(STYLES)), end=draw(st.sampled_from(["\n", ""])))
    for _ in range(draw(st.integers(0, 12))):
        text.append(draw(WORDS), draw(st.sampled_from([None, *STYLES])))
    for _ in range(draw(st.integers(0, 2))):  # overlapping spans, as markup makes them
        start = draw(st.integers(0, len(text.plain)))
        text.stylize(draw(st.sampled_from(STYLES)), start, draw(st.integers(start, len(text))))
    return text


@settings(max_examples=300, deadline=None)
@given(st.lists(texts(), min_size=1, max_size=4), st.integers(1, 40), st.integers(1, 12))
def test_lines_kept_draw_as_rich_draws_the_whole_text(
    sequence: list[Text], width: int, height: int
) -> None:
    console = Console(width=80, color_system="truecolor", legacy_windows=False)
    options = console.options.update(width=width, height=None, highlight=False)
    kept = KeptLines()

    def ink(line: Text) -> Text:
        return line

    for text in sequence:
        ours = kept.draw(text, width, height, BASE, console, (ink, None))
        whole = console.render_lines(text, options, pad=True)[:height]
        assert cells(ours) == cells([Strip(line).apply_style(BASE) for line in whole])
        assert all(isinstance(s, Segment) for strip in ours for s in strip)

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


async def test_a_new_text_repaints_the_lines_it_changed_and_the_screen_shows_it() -> None:
    """A new text sends only its changed lines to the screen again, and the screen then shows
    the whole new text: changed, added and dropped lines, a markup string, a resize."""
    from textual.app import App, ComposeResult

    from tui.widgets.text_line import TextLine

    class Lines(App[None]):
        CSS = "TextLine { height: 6; width: 30; }"

        def compose(self) -> ComposeResult:
            yield TextLine(id="lines")

    def shown(app: App[None]) -> list[str]:
        strips = app.screen._compositor.render_strips()
        return [strip.text.rstrip() for strip in strips[:6]]

    app = Lines()
    async with app.run_test(size=(40, 10)) as pilot:
        line = app.query_one(TextLine)
        painted: list[tuple[object, ...]] = []
        refresh = line.refresh

        def counted(*regions: object, **kwargs: object) -> object:
            painted.append(regions)
            return refresh(*regions, **kwargs)  # type: ignore[arg-type]

        line.refresh = counted  # type: ignore[method-assign]
        sequence: list[Text | str] = [
            Text("camp 1\ncamp 2\nsite 1.3\nsite 1.4", Style(bold=True)),
            Text("camp 1\ncamp 2 ▶ Red\nsite 1.3\nsite 1.4", Style(bold=True)),
            Text("camp 1\ncamp 2 ▶ Red", Style(bold=True)),
            Text("camp 1\ncamp 2 ▶ Red\nsite 2.1\nsite 2.2\nsite 2.3", Style(bold=True)),
            "[b]markup[/b] line\nsecond",
            Text("camp 1\ncamp 2\nsite 1.3\nsite 1.4"),
        ]
        for text in sequence:
            painted.clear()
            line.text = text
            await pilot.pause()
            plain = text if isinstance(text, Text) else Text.from_markup(text)
            assert shown(app) == [*plain.plain.split("\n"), "", "", "", "", "", ""][:6], text
        await pilot.resize_terminal(36, 10)
        await pilot.pause()
        line.text = Text("camp 1\ncamp 2 ▶ Red\nsite 1.3\nsite 1.4")
        await pilot.pause()
        assert shown(app)[:4] == ["camp 1", "camp 2 ▶ Red", "site 1.3", "site 1.4"]
        painted.clear()
        line.text = Text("camp 1\ncamp 2\nsite 1.3\nsite 1.4")  # one line changed
        await pilot.pause()
        assert shown(app)[:4] == ["camp 1", "camp 2", "site 1.3", "site 1.4"]
        assert [[(r.y, r.height) for r in regions] for regions in painted] == [[(1, 1)]]

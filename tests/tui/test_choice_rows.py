"""A choice's row (its key, then its words wrapped under themselves) draws exactly what the
two-column grid it replaces drew, at every width: same characters, same styles."""

from __future__ import annotations

import random

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions

from tui.widgets.choices import KeyedLine

OPTIONS = RenderOptions(lambda style: VisualStyle(), {})  # what a row's drawing does not read
WORDS = ["dig", "at", "the", "site", "Ⅱ", "plane:", "2", "compass", "→", "idol", "—", "x" * 30]


def grid(key: Text, text: Text) -> Table:
    line = Table.grid(padding=(0, 1))
    line.add_column(width=2, justify="right")
    line.add_column()
    line.add_row(key, text)
    return line


def cells(console: Console, renderable: RenderableType, width: int) -> list[list[object]]:
    lines = console.render_lines(renderable, console.options.update(width=width), pad=False)
    return [[(c, s.style or Style()) for s in line for c in s.text] for line in lines]


def test_rows_draw_as_the_grid_did() -> None:
    console = Console(width=80, color_system="truecolor")
    rng = random.Random(17)
    for _ in range(1500):
        text = Text(" ".join(rng.choices(WORDS, k=rng.randint(1, 14))), rng.choice(["", "dim"]))
        if rng.random() < 0.4:
            text.append(" — " + " ".join(rng.choices(WORDS, k=3)), "italic dim")
        key = Text(rng.choice(["1", "9", "a", ""]), "bold")
        width = rng.randint(4, 80)
        ours = cells(console, KeyedLine(key, text), width)
        assert ours == cells(console, grid(key, text), width), (width, key.plain, text.plain)


def test_a_long_row_wraps_under_its_words() -> None:
    console = Console(width=20)
    row = KeyedLine(Text("3", "bold"), Text("dig at the site with a plane"))
    lines = ["".join(s.text for s in line) for line in console.render_lines(row, pad=False)]
    assert lines == [" 3 dig at the site  ", "   with a plane     "]


def test_rows_as_options_draw_as_a_rich_renderable_would() -> None:
    """In the list, a row is drawn as Textual draws a Rich renderable option: the option's
    style under each cell, padded to the list's width on that style; drawn once per width and
    style (the same strips again)."""
    console = Console(width=80, color_system="truecolor")
    rng = random.Random(5)
    styles = [Style(), Style(color="#e0e0e0", bgcolor="#0178d4", bold=True), Style(dim=True)]
    for _ in range(300):
        text = Text(" ".join(rng.choices(WORDS, k=rng.randint(1, 14))), rng.choice(["", "dim"]))
        key = Text(rng.choice(["1", "9", "1.3", ""]), "bold")
        row = KeyedLine(key, text, rng.choice([2, 4]), console)
        width, base = rng.randint(6, 80), rng.choice(styles)
        lines = console.render_lines(row, console.options.update(width=width), pad=False)
        expected = [
            Strip([Segment(t, base + s if base else s) for t, s, _ in line])
            .extend_cell_length(width, base)
            .apply_style(Style())
            for line in lines
        ]
        strips = row.render_strips(width, None, VisualStyle.from_rich_style(base), OPTIONS)
        assert [list(s) for s in strips] == [list(s) for s in expected]
        assert row.get_height({}, width) == len(lines)
        again = row.render_strips(width, None, VisualStyle.from_rich_style(base), OPTIONS)
        assert again is strips


async def test_a_list_grown_or_shrunk_scrolls_without_laying_the_screen_out() -> None:
    """New options change the list's virtual size without a layout of the screen (its size is
    the screen's: a layout at each question opened was most of a key's time on Arnak's
    table), yet its scrollbar comes when they overflow and goes when they fit, and the
    highlight scrolls into sight."""
    from textual.app import App, ComposeResult

    from tui.widgets.choices import ChoiceList, Row

    class OneList(App[None]):
        CSS = "ChoiceList { height: 8; }"  # 6 lines inside its border

        def compose(self) -> ComposeResult:
            yield ChoiceList()

    def rows(count: int, words: str = "choice") -> list[Row]:
        return [Row(str(i), f"{words} {i}") for i in range(1, count + 1)]

    app = OneList()
    async with app.run_test(size=(40, 10)) as pilot:
        listed = app.query_one(ChoiceList)
        listed.offer("Few?", rows(3))
        await pilot.pause()
        assert not listed.show_vertical_scrollbar and listed.virtual_size.height == 3
        layouts = []
        laid_out = app.screen._refresh_layout

        def counted(*args: object, **kwargs: object) -> None:
            layouts.append(1)
            laid_out(*args, **kwargs)  # type: ignore[arg-type]

        app.screen._refresh_layout = counted  # type: ignore[method-assign]
        listed.offer("More?", rows(5, "other"))
        await pilot.pause()
        assert listed.virtual_size.height == 5 and not layouts  # nothing laid out anew
        assert "other 5" in "\n".join(s.text for s in app.screen._compositor.render_strips())
        listed.offer("Many?", rows(30))
        await pilot.pause()
        assert listed.virtual_size.height == 30 and listed.show_vertical_scrollbar
        listed.highlighted = 29
        await pilot.pause()
        assert listed.scroll_y > 0  # the last choice is in sight
        assert "choice 30" in "\n".join(s.text for s in app.screen._compositor.render_strips())
        listed.offer("Some?", rows(4))
        await pilot.pause()
        assert listed.virtual_size.height == 4 and not listed.show_vertical_scrollbar
        assert listed.scroll_y == 0

"""A choice's row (its key, then its words wrapped under themselves) draws exactly what the
two-column grid it replaces drew, at every width: same characters, same styles."""

from __future__ import annotations

import random

from rich.console import Console, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from tui.widgets.choices import KeyedLine

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

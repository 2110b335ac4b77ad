"""Arnak's legend in the help is a table, a sign a line, and shows every sign whole: ``[R ]``,
``[XX]`` and ``[up]`` were read as markup and vanished from the one run-on paragraph."""

from __future__ import annotations

from rich.text import Text

from core.games.arnak.board_words import shorthand
from tui.games.arnak.help import legend


def test_the_legend_is_a_table_that_shows_every_sign() -> None:
    shown = Text.from_markup(legend()).plain.splitlines()
    signs = shorthand()
    assert len(shown) == len(signs)  # a sign a line, not a paragraph
    for line, (sign, meaning) in zip(shown, signs.items(), strict=True):
        assert line.startswith(sign) and line.endswith(meaning)
    column = {line.index(meaning) for line, meaning in zip(shown, signs.values(), strict=True)}
    assert len(column) == 1  # the meanings start in one column
    for sign in ("[R ]", "[XX]", "[up]", "☾", "◆ ◇", "G", "▶"):
        assert any(line.startswith(sign) for line in shown), sign

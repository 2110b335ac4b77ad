"""`?`'s game in brief is reflowed to the help's width in every game: each line is as full as
the width allows (the source's own line breaks, made for another width, are gone), while a
legend keeps its lines."""

from __future__ import annotations

import itertools

import pytest
from textual.app import ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from core.games import get_rules
from tui.app import CalderaApp
from tui.games import screens_for, shown_games
from tui.screens.help import HelpScreen, reflow
from tui.screens.menu import MenuScreen

from .conftest import wait_for


class Board(Screen[None]):
    """A stand-in for a game's table: the help asks a screen only for its rules."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.rules = get_rules(game)

    def compose(self) -> ComposeResult:
        yield Static("the table")


def shown_lines(static: Static) -> list[str]:
    strips = static.render_lines(Region(0, 0, static.size.width, static.size.height))
    return [strip.text.rstrip() for strip in strips]


@pytest.mark.parametrize("game", shown_games())
@pytest.mark.parametrize("width", [80, 132])
async def test_the_game_in_brief_fills_each_line_of_the_help(game: str, width: int) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(width, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await app.push_screen(Board(game))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        title = screens_for(game).brief().splitlines()[0].replace("[b]", "").replace("[/b]", "")
        (brief,) = [s for s in app.screen.query(Static) if title in str(s.render())]
        lines = [line for line in shown_lines(brief) if line][1:]  # the paragraph after its title
        room = brief.size.width
        assert len(lines) >= 2
        for line, after in itertools.pairwise(lines):
            assert len(line) + 1 + len(after.split()[0]) > room, (
                f"{line!r} ends early: {after.split()[0]!r} would have fitted ({room} wide)"
            )


def test_reflow_joins_a_paragraph_and_keeps_headings_and_blank_lines() -> None:
    text = "[b]Title[/b]\nOne line\nand its end.\n\nNext\nparagraph.\n[b]Heading[/b]\nmore"
    assert reflow(text) == (
        "[b]Title[/b]\nOne line and its end.\n\nNext paragraph.\n[b]Heading[/b]\nmore"
    )


async def test_a_legend_keeps_its_lines() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(132, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await app.push_screen(Board("kilauea"))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        (legend,) = [s for s in app.screen.query(Static) if "The board" in str(s.render())]
        shown = [line.strip() for line in shown_lines(legend) if line.strip()]
        assert any(line.startswith("● Sacred Stones") for line in shown)  # its own line still

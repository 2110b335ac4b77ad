"""The command palette lists the app's actions that can be taken now, once each, each with what
it does and its key: not the screen's title after every entry, not Textual's extras."""

from __future__ import annotations

import pytest

from tui.app import CalderaApp, Launch
from tui.play.setup import local_game
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.table import TableScreen

from .conftest import wait_for

TEXTUAL_EXTRAS = {"Keys", "Screenshot", "Maximize", "Minimize", "Focus Next", "Focus Previous"}


def listed(app: CalderaApp) -> list[tuple[str, str]]:
    return [(c.title, c.help) for c in app.get_system_commands(app.screen)]


async def test_the_menu_and_the_form_list_their_own_actions_once() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        titles = [title for title, _ in listed(app)]
        assert len(titles) == len(set(titles)), titles
        assert {"New game", "Host a table", "Help", "Quit", "Theme"} <= set(titles)
        assert not TEXTUAL_EXTRAS & set(titles)
        assert dict(listed(app))["New game"] == "key n"
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        titles = [title for title, _ in listed(app)]
        assert "Start" in titles and "Next field" not in titles
        assert not TEXTUAL_EXTRAS & set(titles)


@pytest.mark.parametrize("game", ["arnak", "maunakea"])
async def test_a_game_s_palette_has_no_title_after_each_entry(game: str) -> None:
    setup = local_game(2, {1: "greedy"}, game=game, seed="palette")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.pause()
        title = app.screen.title
        entries = listed(app)
        titles = [t for t, _ in entries]
        assert len(titles) == len(set(titles)), titles
        assert not TEXTUAL_EXTRAS & set(titles)
        assert "Leave" in titles and "Help" in titles
        for name, help_text in entries:
            assert str(title) not in help_text and "your turn" not in help_text, name
        assert dict(entries)["Leave"].endswith("key q")

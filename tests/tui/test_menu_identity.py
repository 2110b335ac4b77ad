"""The menu asks every 2 s whether a table waits for your move: asking must not make this
terminal a lasting identity (a door's visit that only looked at the menu left its home behind,
holding the identity.json the question had made)."""

from __future__ import annotations

from pathlib import Path

from tui.app import CalderaApp
from tui.screens.menu import MenuScreen
from tui.screens.needs import app_needs, your_turns


async def test_the_menu_asking_for_your_turns_makes_no_identity(config_dir: Path) -> None:
    app = CalderaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        for _ in range(3):
            menu._show_your_turns()  # what its 2 s timer does
        assert app_needs(app) is app and your_turns(app) is None
        assert not (config_dir / "identity.json").exists()
        assert not (config_dir / "identity.lock").exists()
    assert app.player_name == ""  # read on purpose, it claims one: the check above can fail
    assert (config_dir / "identity.json").exists()


def test_an_app_without_the_needs_is_none() -> None:
    class Bare:
        settings = None
        bot_pace = 1.0

    assert app_needs(Bare()) is None

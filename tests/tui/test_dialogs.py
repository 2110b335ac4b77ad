"""The small dialogs show their whole question: a long one wraps inside the box, on a terminal
of 80×24 too (Arnak's pass question was cut off at "you can keep lef")."""

from __future__ import annotations

import pytest
from textual.app import App

from tui.games.arnak.screen import PASS_QUESTION
from tui.screens.choice import ConfirmScreen

from .conftest import screen_text, wait_for


class AskingApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(ConfirmScreen(PASS_QUESTION))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_question_is_shown_whole(size: tuple[int, int]) -> None:
    app = AskingApp()
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause()
        shown = " ".join(screen_text(pilot).replace("█", " ").split())
        assert PASS_QUESTION in shown
        assert "y yes" in shown


async def test_escape_then_a_key_typed_quickly_is_both_keys_not_alt() -> None:
    from tui.app import CalderaApp
    from tui.screens.choice import ChoiceScreen
    from tui.screens.new_game import NewGameScreen

    app = CalderaApp()
    chosen: list[int | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.__class__.__name__ == "MenuScreen", "the menu")
        for key in ("alt+2", "alt+n"):  # how a terminal reads Escape and a key within 100 ms
            app.push_screen(ChoiceScreen("Which?", ["one", "two"]), chosen.append)
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
            await pilot.press(key)
            await wait_for(pilot, lambda: not isinstance(app.screen, ChoiceScreen), "answered")
        assert chosen == [None, None]  # Escape left the question both times
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "n, at the menu")

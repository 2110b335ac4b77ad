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

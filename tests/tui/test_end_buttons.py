"""The end screen's buttons at 80×24 in every language: each whole and on the screen, a
tutorial's offer ("Play a real game against easy (e)") with them, in two rows where one row
cut the last ("Menü (" in German), in one row where they fit."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.widgets import Button

from core import language
from core.games import get_rules
from core.protocol import Outcome
from tui.screens.end import EndScreen, RealGame

from .conftest import screen_text, wait_for

SMALL = (80, 24)
OUTCOME = Outcome(scores=(8, 7), winners=(0,), parts=({"total": 8}, {"total": 7}))


class Ended(App[None]):
    """Only the end screen of a Kilauea game, over nothing."""

    def __init__(self, offer: RealGame | None) -> None:
        super().__init__()
        self.offer = offer

    def on_mount(self) -> None:
        rules: Any = get_rules("kilauea")
        self.push_screen(EndScreen(rules, ("Ana", "Kai"), OUTCOME, None, offer=self.offer))  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [SMALL, (100, 40)])
@pytest.mark.parametrize("offered", [True, False])
@pytest.mark.parametrize("code", ["en", "de", "fr", "it", "nl"])
async def test_every_button_of_the_end_screen_is_whole(
    code: str, offered: bool, size: tuple[int, int]
) -> None:
    language.use(code)
    app = Ended(RealGame("kilauea") if offered else None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.pause()
        buttons = list(app.screen.query(Button))
        assert len(buttons) == (4 if offered else 3)
        await wait_for(pilot, lambda: all(b.region.width for b in buttons), "the buttons laid out")
        text = screen_text(pilot)
        width, height = size
        for button in buttons:
            label = str(button.label)
            assert label in text, f"{label!r} is cut at {size} in {code}"
            region = button.region
            assert region.right <= width - 3 and region.bottom <= height - 1, label
            assert region.width >= cell_len(label) + 2, label
        rows = {b.region.y for b in buttons}
        if not offered and code == "en":  # where one row holds them all, one row as before
            assert len(rows) == 1, rows
        assert len(rows) <= 2


def test_the_verdict_speaks_to_the_learner() -> None:
    """A tutorial's learner who wins hears "You win!" ("Du gewinnst!"), not "You wins!"."""
    from tui.screens.end import verdict

    won, lost = Outcome((8, 7), (0,)), Outcome((7, 8), (1,))
    assert verdict(("You", "Ana"), won, you=0) == "You win!"
    assert verdict(("You", "Ana"), lost, you=0) == "Ana wins!"
    assert verdict(("Red", "Blue"), won) == "Red wins!"  # a real game: as before
    language.use("de")
    assert verdict(("Du", "Ana"), won, you=0) == "Du gewinnst!"
    assert verdict(("Du", "Ana"), lost, you=0) == "Ana gewinnt!"

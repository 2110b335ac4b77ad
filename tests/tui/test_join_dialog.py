"""The join dialog: enter takes the highlighted seat from the name field and from the list, the
first free seat is highlighted at once, and the footer shows the key."""

from __future__ import annotations

import pytest
from textual.app import App

from net.wire.messages import SeatListing, TableListing
from tui.screens.join import JoinChoice, JoinScreen

from .conftest import screen_text, wait_for

CARD = TableListing(
    table="k3f9x2", game="maunakea", title="Mauna Kea", name="Ann's table", host="Ann",
    status="open", seats=(SeatListing("Ann", "c-ann"), SeatListing(), SeatListing()), options={},
)  # fmt: skip


class JoinApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.choice: JoinChoice | str | None = "not yet"

    def on_mount(self) -> None:
        def chosen(choice: JoinChoice | None) -> None:
            self.choice = choice

        self.push_screen(JoinScreen(CARD, "Bob"), chosen)


@pytest.mark.parametrize(
    ("keys", "choice"),
    [
        (["enter"], ("Bob", None)),  # enter in the name field: the first free seat
        (["backspace", "backspace", "backspace", *"Cleo", "enter"], ("Cleo", None)),
        (["tab", "enter"], ("Bob", None)),  # on the list, nothing moved: the highlighted one
        (["tab", "down", "enter"], ("Bob", 1)),  # "Seat 2"
        (["tab", "down", "down", "shift+tab", "enter"], ("Bob", 2)),  # chosen, back to the name
        (["escape"], None),
    ],
)
async def test_enter_takes_the_highlighted_seat(keys: list[str], choice: object) -> None:
    app = JoinApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen), "the dialog")
        assert "Take the seat" in screen_text(pilot).splitlines()[-1], "the footer shows enter"
        await pilot.press(*keys)
        await wait_for(pilot, lambda: app.choice != "not yet", "the dialog's answer")
        assert app.choice == choice

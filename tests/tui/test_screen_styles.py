"""Each game's table looks the same whatever was shown before it in the same app.

Textual reads a screen's ``CSS_PATH`` into the app's one stylesheet, unscoped: without scoping,
Mauna Kea's ``#log`` (a top border and margin) squeezed Arnak's log once a Mauna Kea game had been
played, and its newest line fell out of sight.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from tui.app import CalderaApp, Launch
from tui.games.arnak.screen import ArnakScreen
from tui.games.kilauea.screen import KilaueaScreen
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.play.setup import SeatSetup, TableSetup
from tui.screens.choice import ConfirmScreen

from .conftest import wait_for

SIZE = (120, 40)


def setup(game: str) -> TableSetup:
    return TableSetup(game, (SeatSetup("Red"), SeatSetup("Blue", "greedy")), seed="styles")


async def show(pilot: Pilot[Any], game: str, kind: type[Screen[Any]]) -> Screen[Any]:
    app = pilot.app
    assert isinstance(app, CalderaApp)
    await app.start_game(setup(game))
    await wait_for(pilot, lambda: isinstance(app.screen, kind), game)
    await pilot.pause()
    return app.screen


def layout(screen: Screen[Any]) -> dict[str, tuple[int, int, int, int]]:
    """Where every widget with an id sits on ``screen``."""
    return {f"#{w.id}": tuple(w.region) for w in screen.query("*") if w.id}  # type: ignore[misc]


GAMES: dict[str, type[Screen[Any]]] = {
    "maunakea": MaunaKeaScreen,
    "kilauea": KilaueaScreen,
    "arnak": ArnakScreen,
}


async def table_layout(game: str, after: tuple[str, ...]) -> dict[str, Any]:
    """Where ``game``'s table puts its widgets once the games ``after`` (each with a dialog over
    it) were shown in the same app."""
    app = CalderaApp(Launch(), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for other in after:
            await show(pilot, other, GAMES[other])
            await app.push_screen(ConfirmScreen("a dialog's styles too?"))
            await pilot.press("n")
        screen = await show(pilot, game, GAMES[game])
        return layout(screen)


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_table_is_laid_out_alike_after_the_other_games(game: str) -> None:
    fresh = await table_layout(game, ())
    after = await table_layout(game, tuple(other for other in GAMES if other != game))
    assert fresh.get("#log") == after.get("#log")  # Arnak's newest log line stays in sight
    assert fresh == after

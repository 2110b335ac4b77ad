"""A screen's "needs a terminal of at least…" notice is that screen's: it goes when the screen
is left or covered by another, says the terminal's size as it is now, and goes when it fits."""

from __future__ import annotations

from pathlib import Path

from tui.app import CalderaApp, Launch
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen

from .conftest import wait_for
from .test_play import from_position, game_app, turn_position
from .test_replay import save_game


def notices(app: CalderaApp) -> str:
    return "\n".join(n.message for n in app._notifications)


async def test_leaving_a_replay_takes_its_notice_away(tmp_path: Path) -> None:
    path = tmp_path / "small.caldera"
    save_game(path, "small-notice")
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.open_replay(path)  # as the menu's saved games open it
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await wait_for(pilot, lambda: "This replay needs a terminal" in notices(app), "notice")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await wait_for(pilot, lambda: "needs a terminal" not in notices(app), "no notice")
        await pilot.press("n")  # nor does it come back with the next screen
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await pilot.pause()
        assert "needs a terminal" not in notices(app)


async def test_continuing_from_a_replay_leaves_its_notice_behind(tmp_path: Path) -> None:
    path = tmp_path / "small.caldera"
    save_game(path, "small-continue", finish=False)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await wait_for(pilot, lambda: "needs a terminal" in notices(app), "notice")
        await pilot.press("c")  # continue from here: the new-game form over the replay
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        await wait_for(pilot, lambda: "needs a terminal" not in notices(app), "no notice")
        await pilot.press("escape")  # back to the replay, still too small: it says so again
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await wait_for(pilot, lambda: "needs a terminal" in notices(app), "the notice again")


async def test_the_notice_says_the_terminal_s_size_as_it_is_now() -> None:
    app = game_app(from_position(turn_position("small-grows"), "small-grows"))
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        await wait_for(pilot, lambda: "(this one is 60×20)" in notices(app), "the notice")
        await pilot.resize_terminal(70, 22)  # larger, still too small
        await wait_for(pilot, lambda: "(this one is 70×22)" in notices(app), "the new size")
        assert "60×20" not in notices(app) and notices(app).count("needs a terminal") == 1
        assert "at least 80×24" in notices(app)
        await pilot.resize_terminal(80, 24)  # the compact table fits
        await wait_for(pilot, lambda: "needs a terminal" not in notices(app), "no notice")

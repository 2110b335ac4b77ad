"""An unfinished local game is resumed where it stopped: enter on it in the saved games, or
``caldera play --resume FILE``; with its own seed, into its own file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable

from core.bots import make_bot
from core.games import get_rules
from replays.file import read
from tui.app import CalderaApp, Launch
from tui.cli import main
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.play.local_table import LocalSession
from tui.play.setup import local_game, open_local_session
from tui.replay.library import replays_dir
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen

from .conftest import saved_games, screen_text, wait_for

SIZE = (100, 40)
RULES = get_rules("maunakea")


async def left_game(seed: str, commands: int = 6) -> Path:
    """A local game (Ana at the keyboard, a greedy bot) saved in the data directory and left
    after Ana's first ``commands`` commands."""
    table = open_local_session(local_game(2, {1: "greedy"}, seed=seed, game="maunakea"), bot_pace=0)
    await table.start()
    ana = make_bot("maunakea", "random", "ana")
    for _ in range(commands):
        while 0 not in RULES.to_move(table.state):
            await asyncio.sleep(0.005)
        await table.submit(0, ana.choose(RULES, RULES.view(table.state, 0), 0))
    while 0 not in RULES.to_move(table.state):
        await asyncio.sleep(0.005)
    await table.close()
    assert table.replay_path is not None
    return table.replay_path


async def test_enter_on_an_unfinished_game_resumes_it_where_it_stopped() -> None:
    path = await left_game("menu-resume")
    before = read(path).raw
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = await saved_games(pilot, 1)
        (entry,) = menu.entries
        assert entry.resumable == "local" and not entry.playing_now
        await pilot.pause()
        assert "tab, then enter resumes it where it stopped" in screen_text(pilot)
        await pilot.press("tab")
        assert menu.focused is menu.query_one(DataTable)
        await pilot.pause()
        shown = screen_text(pilot)
        assert "unfinished" in shown and "enter resumes it where it stopped" in shown
        assert "tab, then" not in shown, "the list has the keys now"
        assert "Resume" in shown.splitlines()[-1], "the footer says what enter does"
        await pilot.press("w")  # watch it instead
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "its replay")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the game")
        game = app.screen
        assert isinstance(game, MaunaKeaScreen)
        session = game.session
        assert isinstance(session, LocalSession)
        assert session.referee.wire == before, "exactly where it stopped"
        assert session.referee.seed == "menu-resume" and session.replay_path == path
        await wait_for(pilot, lambda: game.shown == len(before), "the board as it was")
        assert game.acting_seat() == 0, "Ana's turn, as when she left"


async def test_caldera_play_resume_opens_the_game(tmp_path: Path) -> None:
    path = await left_game("cli-resume")
    before = len(read(path).raw)
    app = CalderaApp(Launch(resume=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the game")
        game = app.screen
        assert isinstance(game, MaunaKeaScreen)
        await wait_for(pilot, lambda: game.shown == before, "every event so far")


async def test_what_cannot_be_resumed_is_one_line_before_the_app_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = await left_game("cli-refused")
    for record in (replays_dir().parent / "unfinished").glob("*.json"):
        record.unlink()  # as on another machine: the seed is not here
    assert main(["play", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not kept on this machine" in err
    assert main(["play", "maunakea", "--resume", str(path)]) == 2
    assert "give no game" in capsys.readouterr().err
    assert main(["play"]) == 2
    assert "--resume FILE" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "missing.caldera")]) == 2
    assert capsys.readouterr().err.count("\n") == 1

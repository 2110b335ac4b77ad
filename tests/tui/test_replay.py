"""Replays: stepping, jumping and autoplay show exactly the board as it was; saved games are
listed in the menu; a bad file is one line; a new game can continue from any event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee
from replays.file import Header, ReplayWriter
from tests.kit.forge import offsets, rebuilt, set_header
from tui.app import CalderaApp, Launch
from tui.cli import main
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.board import IslandBoard
from tui.play.setup import local_game
from tui.replay.library import replays_dir
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog

from .conftest import go_to_event, saved_games, screen_text, wait_for

SIZE = (100, 40)
RULES = get_rules("maunakea")


def save_game(path: Path, seed: str, *, finish: bool = True, commands: int = 10) -> Referee[Any]:
    """A bot game written to ``path`` (to the end, or only ``commands`` commands)."""
    referee = Referee(RULES, RULES.config(2, {"turn_limit": 6}), ["Ana", "Bo"], seed=seed)
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        bots = {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)}
        play_out(referee, bots, max_commands=1_000_000 if finish else commands)
    return referee


async def test_rewinding_shows_exactly_the_board_as_it_was() -> None:
    app = CalderaApp(
        Launch(
            setup=local_game(
                2, {0: "greedy", 1: "greedy"}, seed="rewind", turn_limit=4, game="maunakea"
            )
        ),
        bot_pace=0,
        reveal_pace=0,
    )
    seen: dict[int, str] = {}  # board text the live game showed after event seq
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
        game = app.screen
        assert isinstance(game, MaunaKeaScreen)

        def record(batch: Any) -> None:  # runs after the screen's own listener
            seen[batch[-1].seq] = game.board.text()

        game.session.subscribe(record)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        board = replay.query_one(IslandBoard)
        log = replay.query_one(EventLog)
        assert replay.position == 0
        assert not replay.check_action("step", (-1,))  # nothing before the first event
        assert "← Back" not in screen_text(pilot).splitlines()[-1]

        await pilot.press("right", "right", "right")
        assert replay.position == 3
        assert log.shown()[-1] == replay._sentences[3][1]
        await pilot.press("]")
        first_turn = replay.turn_starts[0]
        assert replay.position == first_turn
        await pilot.press("]", "[")
        assert replay.position == first_turn
        await pilot.press("end")
        assert replay.position == replay.last
        assert not replay.check_action("step", (1,))
        await pilot.press("home")
        assert replay.position == 0

        for seq in sorted(seen)[1 :: max(1, len(seen) // 3)][:3]:  # jump with the keys
            await go_to_event(pilot, seq)
            assert board.text() == seen[seq], f"the board at event {seq} differs"
        for seq in sorted(seen):  # and every other board the live game showed
            replay.position = seq  # (shown at once: the board repaints when asked for text)
            assert board.text() == seen[seq], f"the board at event {seq} differs"
        assert len(seen) >= 5

        speed = replay.speed
        await pilot.press("plus", "plus", "minus")
        assert replay.speed == speed + 1
        await pilot.press("home", "space")
        assert replay.playing
        await wait_for(pilot, lambda: replay.position >= 3, "autoplay to move on")
        await pilot.press("space")
        assert not replay.playing
        stopped = replay.position
        await pilot.pause(0.3)
        assert replay.position == stopped


async def test_the_menu_lists_saved_games_and_opens_one(data_dir: Path) -> None:
    folder = replays_dir()
    done = save_game(folder / "a-finished.caldera", "done")
    save_game(folder / "b-unfinished.caldera", "half", finish=False)
    (folder / "c-broken.caldera").write_bytes(b"not a replay at all")
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = await saved_games(pilot, 3)
        await pilot.pause()
        text = screen_text(pilot)
        assert "Ana, Bo" in text and "unfinished" in text and "unreadable" in text
        await pilot.press("tab")
        table = menu.query_one(DataTable)
        assert menu.focused is table
        broken = next(i for i, e in enumerate(menu.entries) if e.error)
        table.move_cursor(row=broken)
        await pilot.pause()
        assert "is not a Caldera replay file" in screen_text(pilot)
        winner = ["Ana", "Bo"][done.outcome().winners[0]]  # type: ignore[union-attr]
        assert f"{winner} wins" in text
        row = next(i for i, e in enumerate(menu.entries) if e.path.name == "a-finished.caldera")
        table.move_cursor(row=row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert len(replay.timeline) == len(done.log)


async def test_one_bad_file_in_the_folder_never_stops_the_app(data_dir: Path) -> None:
    """Files that once crashed the app at the menu on every start are listed as unreadable,
    each with its reason; a damaged one is listed as damaged."""
    folder = replays_dir()
    good = folder / "a-good.caldera"
    save_game(good, "good")
    rebuilt(good, folder / "b-inf.caldera", set_header("rules_version", float("inf")))
    rebuilt(good, folder / "c-year1.caldera", set_header("created", "0001-01-01T00:00:00+14:00"))
    data = bytearray(good.read_bytes())
    data[offsets(bytes(data))[6] + 6] ^= 0xFF
    (folder / "d-damaged.caldera").write_bytes(bytes(data))
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = await saved_games(pilot, 4)
        errors = {e.path.name: e.error for e in menu.entries if e.error}
        assert set(errors) == {"b-inf.caldera", "c-year1.caldera"}
        assert "rules_version" in errors["b-inf.caldera"]
        assert "created" in errors["c-year1.caldera"]
        damaged = next(e for e in menu.entries if e.path.name == "d-damaged.caldera")
        assert "damaged" in damaged.result and not damaged.error
        await pilot.pause()
        assert screen_text(pilot).count("unreadable") == 2
        table = menu.query_one(DataTable)
        await pilot.press("tab")
        table.move_cursor(row=next(i for i, e in enumerate(menu.entries) if e.error))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running


async def test_a_corrupt_replay_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.caldera"
    bad.write_bytes(b"CALDERA\x01" + b"\x00\x00\x00\x05hello\x00\x00\x00\x00")
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.open_replay(bad)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        (note,) = list(app._notifications)
        assert "bad.caldera" in note.message and "\n" not in note.message


def test_caldera_replay_of_a_bad_file_prints_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "foreign.caldera"
    bad.write_text("{}")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a Caldera replay" in err
    assert main(["replay", str(tmp_path / "missing.caldera")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


async def test_caldera_replay_file_then_q_is_back_in_the_shell(data_dir: Path) -> None:
    path = replays_dir() / "leave.caldera"
    save_game(path, "leave")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: app._exit, "the app to exit")  # not the menu


async def test_continue_from_here_starts_a_new_game_from_that_position(data_dir: Path) -> None:
    path = replays_dir() / "source.caldera"
    original = save_game(path, "source")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        at = replay.turn_starts[2] + 2  # somewhere inside a turn
        await go_to_event(pilot, at)
        expected = RULES.dump_position(replay.timeline.state_at(at))
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the new game")
        game = app.screen
        assert isinstance(game, MaunaKeaScreen)
        started = game.session.envelopes[0].event
        assert started.position == expected
        assert started.players == ("Ana", "Bo")
        assert started.seed_hash != original.started.seed_hash
        assert game.state is not None and game.state.turn >= RULES.load_position(expected).turn

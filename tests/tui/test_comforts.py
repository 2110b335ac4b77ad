"""Seeing what just happened and the app's rough edges: the others' last moves marked until
this keyboard's next command, lava taking your explorer in a notice of its own, turns left once
the end is triggered, the export key, the help and palette listing the screen's own keys, the
replay at 80×24 and a size warning that goes away when the terminal grows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.games.maunakea import events as ev
from core.games.maunakea.board import spaces_of
from core.games.maunakea.state import EndState
from tests.kit.maunakea_builder import Builder
from tui.app import CalderaApp, Launch
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.players import PlayersPanel
from tui.play.seats import seat_letters
from tui.play.setup import local_game
from tui.screens.choice import AskScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.help import HelpScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.key_footer import shown_keys

from .conftest import screen_text, wait_for
from .test_play import SIZE, events_of, from_position, game_app, start_turn, turn_position
from .test_replay import save_game


def notices(app: CalderaApp) -> str:
    return "\n".join(n.message for n in app._notifications)


async def test_the_others_last_turn_is_marked_until_my_next_command() -> None:
    app = game_app(from_position(turn_position("last-move"), "last-move"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        assert screen.last_moves() == frozenset()
        while screen.state.hands[0]:
            await pilot.press("1", "s")
            await pilot.pause()
        mark = len(events_of(screen))
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "MP left: asked")
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.state.turn >= 2 and screen.turn.playing, "my turn")
        blue = [e for e in events_of(screen)[mark:] if getattr(e, "seat", None) == 1]
        touched: set[Any] = set()
        for event in blue:
            if isinstance(event, ev.TilePlaced):
                touched.update(spaces_of(event.slot))
            elif isinstance(event, ev.ExplorerMoved):
                touched.update(event.path)
        assert touched, "the bot laid or moved something"
        assert screen.last_moves() == frozenset(touched)
        assert screen._marks_at(screen.board.cursor).last == frozenset(touched)
        await pilot.press("1", "s")  # my next command: the marks go
        await pilot.pause()
        assert screen.last_moves() == frozenset()


async def test_lava_taking_my_explorer_gets_a_notice_of_its_own() -> None:
    app = game_app(from_position(turn_position("lava-notice"), "lava-notice"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        lava = ev.LavaPlaced(1, (4, 4), 0, (4, 4), ((0, 1), (1, 0)), ("white",))
        screen.applied(lava)
        await pilot.pause()
        assert "Lava covered E5: it took your explorer 2 and 1 artifact(s)." in notices(app)


def test_each_panel_says_how_many_turns_are_left_once_the_end_is_triggered() -> None:
    state = Builder(players=3).state()
    state.end = EndState("boats", 0, 7, (1, 2), (2,))
    panel = PlayersPanel()
    panel._state, panel._names = state, ("Red", "Blue", "Yellow")
    text = panel.render().plain
    assert "Red (0 turns left)" in text and "Blue (0 turns left)" in text
    assert "Yellow (1 turn left)" in text


def test_explorer_tokens_are_always_one_letter() -> None:
    assert seat_letters(["Red", "Blue"]) == ("R", "B")
    assert seat_letters(["Bot 1", "Bot 2", "Ann"]) == ("B", "O", "A")
    assert seat_letters(["Greedy bot", "Greedy bot"]) == ("G", "R")
    assert all(len(letter) == 1 for letter in seat_letters(["1", "1", "1"]))


async def test_the_replay_exports_jsonl_json_and_text(tmp_path: Path) -> None:
    path = tmp_path / "game.caldera"
    referee = save_game(path, "export-key")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        said = []  # a notice times out: on a slow machine the first may be gone by the last
        for name in ("out.jsonl", "out.json", "out.txt", "out.csv"):
            await pilot.press("x")
            await wait_for(pilot, lambda: isinstance(app.screen, AskScreen), "where to?")
            answer = app.screen.query_one("Input")
            answer.value = str(tmp_path / name)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "written")
            said_of = (f"{name} (", f"{name}:")  # "… to out.json (JSON)", "Not exported: out.csv:"
            await wait_for(
                pilot, lambda m=said_of: any(s in notices(app) for s in m), f"the notice of {name}"
            )
            said.append(notices(app))
        count = len(referee.log)
        lines = (tmp_path / "out.jsonl").read_text().splitlines()
        assert len(lines) == count and json.loads(lines[0])["type"] == "core.game_started"
        doc = json.loads((tmp_path / "out.json").read_text())
        assert len(doc["events"]) == count and doc["header"]["game"] == "maunakea"
        assert "    0  Game started: 2 players" in (tmp_path / "out.txt").read_text()
        assert not (tmp_path / "out.csv").exists()
        assert f"Exported {count} events to {tmp_path / 'out.jsonl'} (JSON Lines)" in said[0]
        assert "Not exported: out.csv: end the name in .jsonl, .json or .txt" in said[3]


async def test_the_end_screen_exports_too(tmp_path: Path) -> None:
    setup = local_game(
        2, {0: "greedy", 1: "greedy"}, seed="end-export", turn_limit=2, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end")
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, AskScreen), "where to?")
        app.screen.query_one("Input").value = str(tmp_path / "end.txt")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_for(pilot, lambda: (tmp_path / "end.txt").exists(), "the file")
        assert "Final scoring" in (tmp_path / "end.txt").read_text()


async def test_help_and_palette_list_the_screen_s_own_keys_once() -> None:
    app = CalderaApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert len(titles) == len(set(titles)), titles
        assert "Help" in titles and "Quit" in titles
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        text = screen_text(pilot)
        assert "Scroll" not in text and "Page Left" not in text
        assert "The keys, the board's legend and the game in brief" in text  # ? itself


async def test_the_replay_fits_80x24_and_the_size_warning_comes_and_goes(tmp_path: Path) -> None:
    path = tmp_path / "small.caldera"
    save_game(path, "small-replay")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("end")
        await pilot.pause()
        lines = screen_text(pilot).splitlines()
        assert "event " in lines[-3] and "━" in lines[-3], "the timeline is on screen"
        assert "Game over" in lines[-2] or "wins" in lines[-2], "and the last event's words"
        assert "needs a terminal" not in notices(app)
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: "This replay needs a terminal of at least 80×24" in
                       notices(app), "the warning")  # fmt: skip
        await pilot.resize_terminal(100, 40)
        await wait_for(pilot, lambda: "needs a terminal" not in notices(app), "no warning")


async def test_a_table_warns_when_small_and_stops_when_it_grows() -> None:
    app = game_app(from_position(turn_position("small-table"), "small-table"))
    async with app.run_test(size=(79, 23)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        await wait_for(pilot, lambda: "needs a terminal of at least 80×24" in notices(app))
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: "needs a terminal" not in notices(app), "no warning")


async def test_the_tile_key_follows_the_hand_size() -> None:
    app = game_app(from_position(turn_position("hand-keys"), "hand-keys"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)

        def tile_key() -> str:
            keys = [k for k in shown_keys(app.screen) if k.action == "choose_tile(0)"]
            return keys[0].display if keys else ""

        count = len(screen.state.hands[0])
        assert count > 2
        await wait_for(pilot, lambda: tile_key() == f"1…{count}", f"1…{count} in the footer")
        while len(screen.state.hands[0]) > 2:
            await pilot.press("1", "s")  # spend a tile
            await pilot.pause()
        await wait_for(pilot, lambda: tile_key() == "1…2", "1…2 with two tiles in hand")
        await pilot.press("s")  # no tile picked: the line names the keys of this hand
        await pilot.pause()
        assert screen.note == "Pick a tile first (1…2)."
        await pilot.press("1", "s")
        await wait_for(pilot, lambda: tile_key() == "1", "1 with one tile in hand")

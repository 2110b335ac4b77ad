"""Kilauea replays: each board equals what the live game showed at that event, the turn keys
follow Kilauea's turns, a new game continues from any event, the menu lists Kilauea games; and
the new-game form and ``caldera play kilauea`` set a Kilauea table up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from core.bots import make_bot, play_out
from core.games import get_rules
from core.games.kilauea import events as ev
from core.referee import Referee
from replays.file import Header, ReplayWriter
from tui import cli
from tui.app import CalderaApp, Launch
from tui.games.kilauea.replay import KilaueaReplayScreen
from tui.games.kilauea.screen import KilaueaScreen
from tui.play.setup import local_game
from tui.replay.library import replays_dir
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.event_log import EventLog

from .conftest import go_to_event, saved_games, screen_text, wait_for

SIZE = (100, 40)
RULES = get_rules("kilauea")


def save_game(path: Path, seed: str, players: int = 2) -> Referee[Any]:
    """A greedy bots' Kilauea game written to ``path``."""
    names = ["Ana", "Bo", "Cy", "Di"][:players]
    referee = Referee(RULES, RULES.config(players), names, seed=seed)
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        bots = {s: make_bot("kilauea", "greedy", str(s)) for s in range(players)}
        play_out(referee, bots)
    return referee


async def test_a_kilauea_replay_shows_the_boards_the_live_game_showed() -> None:
    bots = {0: "greedy", 1: "random"}  # a short game: a loaded machine plays it in time
    setup = local_game(2, bots, game="kilauea", seed="k-rewind", turn_limit=12)
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    seen: dict[int, str] = {}  # board text the live game showed after event seq
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaScreen))
        game = app.screen
        assert isinstance(game, KilaueaScreen)

        def record(batch: Any) -> None:  # runs after the screen's own listener
            seen[batch[-1].seq] = game.board.text()

        game.session.subscribe(record)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaReplayScreen))
        replay = app.screen
        assert isinstance(replay, KilaueaReplayScreen)
        log = replay.query_one(EventLog)
        assert replay.position == 0 and not replay.check_action("step", (-1,))

        await pilot.press("]")  # Kilauea's turns: the first TurnStarted
        first = next(
            e.seq for e in replay.timeline.envelopes if isinstance(e.event, ev.TurnStarted)
        )
        assert replay.position == first
        assert log.shown()[-1] == f"Turn 1: {replay.names[replay.state.active]}"
        await pilot.press("right", "right")
        assert replay.position == first + 2
        assert isinstance(replay.timeline.envelopes[first + 1].event, ev.CanoeMoved)
        assert "\\_/" in replay.board.text()  # the canoe has left the dock

        for seq in sorted(seen)[1 :: max(1, len(seen) // 3)][:3]:  # jump with the keys
            await go_to_event(pilot, seq)
            assert replay.board.text() == seen[seq], f"the board at event {seq} differs"
        for seq in sorted(seen):  # and every other board the live game showed
            replay.position = seq
            assert replay.board.text() == seen[seq], f"the board at event {seq} differs"
        assert len(seen) >= 20
        await pilot.press("end")
        assert "Final scores" in log.shown()[-2]


async def test_continue_a_kilauea_game_from_any_event(data_dir: Path) -> None:
    path = replays_dir() / "source.caldera"
    path.parent.mkdir(parents=True, exist_ok=True)
    original = save_game(path, "k-source")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaReplayScreen))
        replay = app.screen
        assert isinstance(replay, KilaueaReplayScreen)
        at = replay.turn_starts[3] + 2  # inside a turn, after the canoe moved
        await go_to_event(pilot, at)
        expected = RULES.dump_position(replay.timeline.state_at(at))
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.game == "kilauea"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaScreen), "the new game")
        game = app.screen
        assert isinstance(game, KilaueaScreen)
        started = game.session.envelopes[0].event
        assert started.position == expected and started.game == "kilauea"
        assert started.seed_hash != original.started.seed_hash


async def test_the_menu_lists_kilauea_games(data_dir: Path) -> None:
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    done = save_game(folder / "kilauea.caldera", "k-listed", players=3)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await saved_games(pilot, 1)
        await pilot.pause()
        text = screen_text(pilot)
        winner = ["Ana", "Bo", "Cy"][done.outcome().winners[0]]  # type: ignore[union-attr]
        assert "Kilauea" in text and "Ana, Bo, Cy" in text and f"{winner} wins" in text
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaReplayScreen))


async def test_the_new_game_form_sets_up_kilauea_with_chosen_forest_sides() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert not form.query_one("#kilauea-options").display
        await pilot.press("enter", "up", "enter")  # the focus starts on the game: Kilauea
        await pilot.pause()
        assert form.game == "kilauea" and form.query_one("#kilauea-options").display
        await pilot.click("#forest-sides")
        await pilot.press(*"abc")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "forests: random sides, or a letter A/B per board 1–5" in screen_text(pilot)
        sides = form.query_one("#forest-sides", Input)
        sides.value = ""
        await pilot.press(*"abbab", "ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaScreen), "the game")
        game = app.screen
        assert isinstance(game, KilaueaScreen)
        assert game.session.envelopes[0].event.config["forest_sides"] == "ABBAB"
        await wait_for(pilot, lambda: game.state is not None and bool(game.state.boards))
        state = game.state
        assert state is not None
        assert [state.sides[k] for k in range(5)] == ["ABBAB"[b] for b in state.boards]


def test_caldera_play_kilauea_starts_a_kilauea_table(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: dict[str, Any] = {}

    def run_app(args: Any, launch: Any) -> int:
        launched["setup"] = launch.setup
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    argv = ["play", "kilauea", "--players", "4", "--bot", "2", "--bot", "4:random", "--seed", "k"]
    assert cli.main(argv) == 0
    setup = launched["setup"]
    assert setup.game == "kilauea" and setup.seed == "k"
    assert [seat.bot for seat in setup.seats] == [None, "greedy", None, "random"]

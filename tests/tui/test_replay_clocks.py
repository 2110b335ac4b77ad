"""A replay of a game with a clock shows the clocks as the referee recorded them at each event
(tests/core/test_clock.py plays the game; time is a counter)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.clock import show_left
from core.games import get_rules
from core.lifecycle import ClockRead
from core.referee import Referee
from replays.file import Header, ReplayWriter
from tests.core.test_clock import Time, play, seated
from tests.tui.conftest import wait_for
from tui.app import CalderaApp, Launch
from tui.screens.replay import ReplayScreen
from tui.widgets.timeline import TimelineBar


async def test_a_replay_shows_the_recorded_clocks(tmp_path: Path) -> None:
    path = tmp_path / "clocked.caldera"
    rules = get_rules("kilauea")
    time = Time()
    referee: Referee[Any] = Referee(rules, rules.config(2, {}), ["Ann", "Bob"], seed="rc",
                                    seated=seated("5m+0"), time=time)  # fmt: skip
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        play(referee, time, 6, think_ms=30_000)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.position = screen.last
        await pilot.pause()
        caption = str(screen.query_one(TimelineBar).caption)
        last = [env.event for env in referee.log if isinstance(env.event, ClockRead)][-1]
        ann, bob = (show_left(ms) for ms in last.left)
        running = "▸Bob" if last.running == (1,) else "▸Ann"
        assert caption.endswith(f" · clocks {'▸' * (running == '▸Ann')}Ann {ann} "
                                f"{'▸' * (running == '▸Bob')}Bob {bob}")  # fmt: skip
        assert min(last.left) < 300_000  # time was spent
        screen.position = 0
        await pilot.pause()
        assert "clocks" not in str(screen.query_one(TimelineBar).caption)

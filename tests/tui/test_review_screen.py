"""The review in the app: ``r`` in a finished game's replay works it out in a thread, says how
far it got, then shows each seat's paragraph; escape closes it."""

from __future__ import annotations

from pathlib import Path

from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee
from replays.file import Header, ReplayWriter
from tui.app import CalderaApp, Launch
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen
from tui.widgets.timeline import TimelineBar

from .conftest import screen_text, wait_for


def kilauea_game(path: Path) -> None:
    rules = get_rules("kilauea")
    referee = Referee(rules, rules.config(2, {"turn_limit": 4}), ["Ann", "Bob"], seed="rv-app")
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        play_out(referee, {s: make_bot("kilauea", "greedy", str(s)) for s in range(2)})


async def test_r_in_a_replay_shows_how_each_seat_played(tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_for(pilot, lambda: any("to decisions" in line for line in review.lines),
                       "the review worked out")  # fmt: skip
        text = "\n".join(review.lines)
        assert "Ann (seat 1): " in text and "Bob (seat 2): " in text
        assert "How each seat played" in screen_text(pilot)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "back to the replay")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.marks is not None and replay.marks.review is review.done  # on its timeline
        bar = replay.query_one(TimelineBar).render().plain
        assert any(block in bar for block in "▁▂▃▄▅▆▇█"), "Ann's chance drawn"

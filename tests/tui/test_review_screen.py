"""The review in the app: ``r`` in a finished game's replay works it out in the bots' workers,
says how far it got, then shows each seat's paragraph; escape closes it. While it works, keys are
answered; escape then ends the workers and their work."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee
from core.search import workers
from core.search.workers import JobError, Thinkers
from replays.file import Header, ReplayWriter
from tests.kit.lifeline import alive
from tui.app import CalderaApp, Launch
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen
from tui.widgets.timeline import TimelineBar

from .conftest import screen_text, wait_for


def kilauea_game(path: Path) -> None:
    game(path, "kilauea", {"turn_limit": 4})


def game(path: Path, name: str, options: dict[str, int]) -> None:
    rules = get_rules(name)
    referee = Referee(rules, rules.config(2, options), ["Ann", "Bob"], seed="rv-app")
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        play_out(referee, {s: make_bot(name, "greedy", str(s)) for s in range(2)})


async def review_on_r(pilot: Pilot[None], says: str, what: str) -> ReviewScreen:
    """``r`` pressed: the review screen, once one of its lines ``says`` so (``what``: what that
    line shows, said if it never comes)."""
    app = pilot.app
    await pilot.press("r")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
    review = app.screen
    assert isinstance(review, ReviewScreen)
    await wait_for(pilot, lambda: any(says in line for line in review.lines), what)
    return review


@pytest.fixture
def pool() -> object:
    """The app's bots' workers for one test, ended after it."""
    ours = Thinkers(workers=2)
    restore = workers.use(ours)
    yield ours
    restore()
    ours.close()


async def test_r_in_a_replay_shows_how_each_seat_played(tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        review = await review_on_r(pilot, "to decisions", "the review worked out")
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


async def test_keys_are_answered_while_it_works_and_escape_ends_the_work(
    tmp_path: Path, pool: Thinkers
) -> None:
    path = tmp_path / "m.caldera"
    game(path, "maunakea", {})  # a whole game: its review takes many seconds
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        review = await review_on_r(pilot, "Reviewing move", "the review's progress")
        working = pool.pids
        assert len(working) == 2 and all(alive(pid) for pid in working)  # a part in each
        assert "blunder" not in screen_text(pilot)
        await pilot.press("question_mark")  # how it judges: answered while the workers work
        await wait_for(pilot, lambda: "blunder" in screen_text(pilot), "how it judges")
        assert "Reviewing move" in screen_text(pilot)
        assert review.done is None and all(alive(pid) for pid in working)
        await pilot.press("escape")  # stops it
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "back to the replay")
        await wait_for(pilot, lambda: not any(alive(pid) for pid in working), "the work ended")
        assert pool.pids == [] and review.done is None
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.marks is None  # nothing half-done


async def test_a_review_that_fails_in_its_worker_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from replays import reviews

    async def failing(*args: object, **kwargs: object) -> None:
        raise JobError("core.review:review_part failed: ValueError: a bug")

    monkeypatch.setattr(reviews, "review_in", failing)
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        review = await review_on_r(pilot, "failed", "the review's failure")
        assert review.lines == [
            "The review failed: core.review:review_part failed: ValueError: a bug"
        ]
        await pilot.press("escape")  # the app goes on
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")

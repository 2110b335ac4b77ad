"""A reviewed game's replay: the timeline draws a seat's winning chance with its mistakes marked,
the log marks each judged decision as a chess score does, ``n`` / ``N`` go to the seat's next and
previous mistake (a note says what the search preferred), ``w`` draws another seat; a review kept
beside the replay shows at once, and none of it changes the replay. The review here is planted
(known marks at known events), so what is checked is what the screen does with one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from core.fold import state_before
from core.games import get_rules
from core.review import Judged, Review
from replays.file import read
from replays.reviews import keep, key_of
from tui.app import CalderaApp, Launch
from tui.screens.replay import ReplayScreen
from tui.screens.review import SAMPLES, judge
from tui.widgets.event_log import EventLog
from tui.widgets.timeline import TimelineBar

from .conftest import screen_text, wait_for
from .test_review_screen import kilauea_game

SMALL = (80, 24)
Snap = Callable[..., bool]


def planted(path: Path) -> tuple[Review, dict[str, int]]:
    """A review of the game at ``path`` kept beside it as the app keeps its own: Ann's third
    decision a blunder and her fifth an inaccuracy, Bob's second a mistake, the rest fine."""
    rules = get_rules("kilauea")
    envelopes = read(path).envelopes
    decisions, seen = [], [0, 0]
    where: dict[str, int] = {}
    for env in envelopes:
        command = rules.command_for(env.event)
        seat = getattr(env.event, "seat", None)
        if command is None or not isinstance(seat, int):
            continue
        legal = rules.legal_commands(
            rules.view(state_before(rules, envelopes, env.seq), seat), seat
        )
        other = next((c for c in legal if c != command), None)
        if other is None:
            continue
        seen[seat] += 1
        lost = {(0, 3): (0.2, 3.0), (0, 5): (0.06, 0.0), (1, 2): (0.12, 0.5)}.get(
            (seat, seen[seat]), (0.0, 0.0)
        )
        best = other if lost[0] else command
        chance = 0.45 + 0.05 * seen[0] if seat == 0 else 0.55 - 0.05 * seen[1]  # Ann gains
        decisions.append(Judged(env.seq, seat, command, best, lost[0], lost[1], chance))
        for name, key in (("blunder", (0, 3)), ("inaccuracy", (0, 5)), ("mistake", (1, 2))):
            if (seat, seen[seat]) == key:
                where[name] = env.seq
    review = Review(2, decisions, [], [0, 0])
    found = judge(rules)
    assert found is not None
    level = found[1]
    keep(
        path, key_of(envelopes, "kilauea", level.name, level.iterations, SAMPLES), review.to_json()
    )
    return review, where


def bar_text(screen: ReplayScreen) -> str:
    return screen.query_one(TimelineBar).render().plain


async def replay(pilot: Pilot[Any]) -> ReplayScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    await wait_for(pilot, lambda: screen.marks is not None, "the kept review")
    return screen


async def test_the_timeline_marks_the_mistakes_and_n_goes_to_each(tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    before = path.read_bytes()
    _review, where = planted(path)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        screen = await replay(pilot)
        bar = bar_text(screen)
        assert "⁇" in bar and "⁈" in bar and "?" not in bar.replace("⁇", "")  # Ann's, not Bob's
        assert any(ch in bar for ch in "▁▂▃▄▅▆▇█"), "her chance drawn"
        log = dict(screen.query_one(EventLog).said())
        assert log[where["blunder"]].endswith(" ??") and log[where["mistake"]].endswith(" ?")
        assert log[where["inaccuracy"]].endswith(" ?!")
        assert "n Next mistake" in screen_text(pilot)

        await pilot.press("n")  # her only mistake or blunder: the blunder, not the inaccuracy
        await wait_for(pilot, lambda: screen.position == where["blunder"], "the blunder")
        notes = [n.message for n in app._notifications]
        assert any("(blunder)" in n and "better: " in n and "20 points" in n for n in notes)
        assert "Ann 40% blunder" in bar_text(screen)  # the 60% she had, less the 20 she lost
        assert not screen.check_action("mistake", (1,)), "no mistake of hers after it"

        await pilot.press("w")  # Bob's chance and marks
        await wait_for(pilot, lambda: "Bob " in bar_text(screen), "Bob's chance")
        bar = bar_text(screen)
        assert "?" in bar.replace("⁇", "").replace("⁈", "") and "⁇" not in bar
        await pilot.press("N" if where["mistake"] < where["blunder"] else "n")
        await wait_for(pilot, lambda: screen.position == where["mistake"], "Bob's mistake")
    assert path.read_bytes() == before, "the replay is never changed"


async def test_a_review_kept_for_another_log_is_not_shown(tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    planted(path)
    kept = path.with_name(path.name + ".review.json")
    kept.write_text(kept.read_text().replace('"events": ', '"events": 1'))  # another log's key
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.pause()
        assert screen.marks is None and "●" in bar_text(screen)  # the plain bar
        assert not any(s.endswith("?") for s in screen.query_one(EventLog).said().values())
        assert "Next mistake" not in screen_text(pilot)


def test_a_reviewed_replay_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    _review, where = planted(path)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[Any]) -> None:
        screen = await replay(pilot)
        await pilot.press("n")
        await wait_for(pilot, lambda: screen.position == where["blunder"], "the blunder")
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


async def test_learn_from_your_mistakes_asks_for_a_better_move_and_weighs_it(
    tmp_path: Path,
) -> None:
    from tui.screens.lesson import LessonScreen

    path = tmp_path / "k.caldera"
    kilauea_game(path)
    review, where = planted(path)
    blunder = next(d for d in review.decisions if d.seq == where["blunder"])
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        screen = await replay(pilot)
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson")
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        assert [d.seq for d in lesson.mistakes] == [where["blunder"]]  # not the inaccuracy
        assert screen.position == blunder.seq - 1, "the position she decided in"
        text = screen_text(pilot)
        assert "Learn from your mistakes — Ann (1 of 1)" in text and "a blunder" in text
        assert blunder.played not in lesson.offered and blunder.best in lesson.offered

        others = [i for i, c in enumerate(lesson.offered) if c != blunder.best]
        if others:  # a move the search did not prefer: it says which it did, in words
            await pilot.press(*["down"] * others[0], "enter")
            await wait_for(pilot, lambda: bool(lesson.verdict), "the move weighed")
            assert "The search preferred " in lesson.verdict
            assert "Yours keeps " in lesson.verdict and "the game's " in lesson.verdict
            await pilot.press(*["up"] * others[0])
        await pilot.press(*["down"] * lesson.offered.index(blunder.best))
        lesson.verdict = ""
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(lesson.verdict), "the search's move weighed")
        assert lesson.verdict.startswith("Well found") and "preferred" not in lesson.verdict

        await pilot.press("n")
        assert any("last mistake" in n.message for n in app._notifications)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to the replay")

"""The tutorials played at the table, as a learner would: the narrator's keys make each step's
move through the ordinary screen, a wrong move is explained and asked again, a tutorial left
goes on where it stopped, and its end offers a real game against the easy bot."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from core import tutorial
from tui.app import CalderaApp, Launch
from tui.play.local_table import LocalSession
from tui.play.tutorial_table import TutorialSession
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen
from tui.screens.tutorial_intro import TutorialIntro
from tui.widgets.narrator import Narrator

from .conftest import screen_text, wait_for

SMALL = (80, 24)
TYPED = {".": "full_stop"}
KEY_NAMES = {"esc": "escape", "↓": "down", "↑": "up", "←": "left", "→": "right", "enter": "enter"}


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def table_below(pilot: Pilot[None]) -> TableScreen | None:
    """The table, on top or under a dialog of its own (Mauna Kea's draft)."""
    return next((s for s in reversed(pilot.app.screen_stack) if isinstance(s, TableScreen)), None)


async def begun(pilot: Pilot[None]) -> None:
    """Past a new tutorial's intro card: read, then enter (nothing else starts before it)."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TutorialIntro), "the intro card")
    await pilot.press("enter")
    await wait_for(pilot, lambda: not isinstance(pilot.app.screen, TutorialIntro), "step 1")


async def step_ready(pilot: Pilot[None]) -> TableScreen | None:
    """The table once the learner must act (``None``: the game is over)."""

    def ready() -> bool:
        shown = table_below(pilot)
        return isinstance(pilot.app.screen, EndScreen) or (
            shown is not None and shown.acting_seat() is not None
        )

    await wait_for(pilot, ready, "the learner's turn")
    return None if isinstance(pilot.app.screen, EndScreen) else table_below(pilot)


async def learner(pilot: Pilot[None]) -> TableScreen:
    """The table once the learner must act (the game is not over)."""
    screen = await step_ready(pilot)
    assert screen is not None
    return screen


def pressed(keys: str) -> list[str]:
    out = []
    for key in keys.split():
        name, _, times = key.partition("×")  # ↓×2: twice (then enter, its own key)
        if name not in KEY_NAMES and len(name) > 1 and not name.isalpha():
            out += [TYPED.get(ch, ch) for ch in name]  # a place's name, typed: 1.2
            continue
        out += [KEY_NAMES.get(name, name)] * (int(times) if times else 1)
    return out


async def play_step(pilot: Pilot[None], screen: TableScreen) -> None:
    """Make the waiting step's move with the keys its panel shows, and wait for it to pass."""
    said = screen.guide
    assert said is not None and said.step is not None and said.expected is not None
    keys = screen.keys_for(said.expected)
    assert keys, f"step {said.number}: no keys shown for {said.expected}"
    panels = [p for p in screen.query(Narrator) if p.display]
    assert any(f"Step {said.number} of {said.total}" in str(p.text) for p in panels)
    cut = [p.id for p in panels if p.overflows()]  # every word of the step is shown
    assert not cut, f"step {said.number}: the narrator's {cut} is cut off at {pilot.app.size}"
    for key in pressed(keys):
        await pilot.press(key)
    session = screen.tutorial
    assert session is not None
    await wait_for(pilot, lambda: session.done >= said.number, f"step {said.number} to pass")


@pytest.mark.parametrize("game", ["kilauea", "maunakea", "maunakea-advanced", "arnak"])
async def test_the_tutorial_plays_from_start_to_end_with_the_keys_it_shows(game: str) -> None:
    loaded = tutorial.load(tutorial.builtin(game))
    app = CalderaApp(Launch(learn=game, again=True), bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await begun(pilot)
        session = (await learner(pilot)).tutorial
        assert isinstance(session, TutorialSession)
        for _ in loaded.steps:
            screen = await step_ready(pilot)
            if screen is None or session.step is None:
                break
            await play_step(pilot, screen)
        assert session.done == len(loaded.steps)
        assert not session.off_path
        walked = tutorial.walk(loaded)
        played = [session.rules.command_for(e.event) for e in session.referee.log]
        assert [c for c in played if c is not None][: len(walked.moves)] == [
            c for _, c in walked.moves
        ]
        # the steps done, the game goes on as a real one to its end (the file's turn limit)
        while not isinstance(app.screen, EndScreen):
            screen = await step_ready(pilot)
            if screen is None:
                break
            seat = screen.acting_seat()
            assert seat is not None
            command = session.rules.legal_commands(session.state, seat)[0]  # any will do
            await screen.send(seat, command, ask=False)
        end = app.screen
        assert isinstance(end, EndScreen)
        await wait_for(pilot, lambda: "Play a real game against easy (e)" in screen_text(pilot),
                       "the end screen's offer")  # fmt: skip
        await pilot.press("e")

        def real_game() -> bool:  # the advanced game's table is under its draft
            below = table_below(pilot)
            return below is not None and below.tutorial is None

        await wait_for(pilot, real_game, "a real game")
        real = table_below(pilot)
        assert isinstance(real, TableScreen) and isinstance(real.session, LocalSession)
        assert real.rules.game == loaded.game
        assert {s: b.name for s, b in real.session.bots.items()} == {1: "easy"}
        config = real.session.referee.started.config  # the game it taught, not its short cuts
        assert config.get("advanced", False) is (game == "maunakea-advanced")
        assert config.get("turn_limit") is None


async def test_a_wrong_move_is_explained_and_asked_again() -> None:
    app = CalderaApp(Launch(learn="kilauea", again=True), bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await begun(pilot)
        for _ in range(2):  # the two Tikis of the setup
            await play_step(pilot, await learner(pilot))
        screen = await learner(pilot)
        session = screen.tutorial
        assert session is not None and session.done == 2  # step 3: move the canoe 1 space
        await pilot.press("2")  # 2 spaces: legal, but not this step's move
        await wait_for(pilot, lambda: "1 space is enough" in screen_text(pilot), "the why")
        text = screen_text(pilot)
        assert "✗ Here 1 space is enough" in text
        assert session.done == 2 and len(session.referee.log) == len(screen.session.envelopes)
        await play_step(pilot, await learner(pilot))  # asked again: the right move passes
        assert session.done == 3


async def test_a_tutorial_left_goes_on_where_it_stopped() -> None:
    app = CalderaApp(Launch(learn="kilauea", again=True), bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await begun(pilot)
        for _ in range(4):
            await play_step(pilot, await learner(pilot))
        await pilot.press("q")
        await pilot.press("y")
        await wait_for(pilot, lambda: not isinstance(app.screen, TableScreen), "leaving")
    again = CalderaApp(Launch(learn="kilauea"), bot_pace=0)
    async with again.run_test(size=SMALL) as pilot:
        screen = await learner(pilot)
        session = screen.tutorial
        assert isinstance(session, TutorialSession)
        assert session.done == 4
        assert again.screen is screen  # no intro card again: it goes on at once
        await wait_for(pilot, lambda: "Step 5 of 16" in screen_text(pilot), "step 5 said")
        await play_step(pilot, screen)
        assert session.done == 5


async def test_learn_in_the_menu_starts_the_tutorial_at_80x24() -> None:
    from tui.screens.menu import MenuScreen

    app = CalderaApp(bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert "Learn a game…        t" in screen_text(pilot)
        await pilot.press("t")
        await wait_for(pilot, lambda: "Learn which game?" in screen_text(pilot), "the games")
        listed = screen_text(pilot)
        assert "1. Mauna Kea" in listed  # in Caldera's order of the games, each game's others
        assert "2. Learn Mauna Kea's advanced cards" in listed  # after its own
        assert "3. Kilauea" in listed
        await pilot.press("3")
        await begun(pilot)
        screen = await learner(pilot)
        assert screen.tutorial is not None and screen.rules.game == "kilauea"
        await wait_for(pilot, lambda: "Learn Kilauea · Step 1 of 16" in screen_text(pilot), "1")
        text = screen_text(pilot)
        assert "Rule: Setup 11" in text
        assert "● 2   hibiscus" in text  # the whole compact board still fits beside the panel

"""Each tutorial step highlights the places it talks about (issue 45), on the table itself, at
80×24 and larger, before the learner presses a key: Arnak's row, map and research track point
(▶) at the card, site or space the step's move takes; Mauna Kea's island and Kilauea's volcano
mark the spaces its move touches as they mark the other players' last moves."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tui.app import CalderaApp, Launch
from tui.games.arnak.guided import step_focus
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.maunakea.widgets.board import IslandBoard
from tui.screens.table import TableScreen

from .conftest import screen_text, wait_for
from .test_tutorial_play import begun, learner, play_step

SIZES = [(80, 24), (120, 40)]


async def at_step(pilot: Pilot[None], number: int) -> TableScreen:
    await begun(pilot)
    for _ in range(number - 1):
        await play_step(pilot, await learner(pilot))
    screen = await learner(pilot)
    said = screen.guide
    assert said is not None and said.number == number and said.expected is not None
    return screen


def pointed(text: str, words: str) -> bool:
    """Whether the line of ``text`` saying ``words`` has the pointer (▶) just before them."""
    return any("▶" in line.partition(words)[0][-4:] for line in text.splitlines() if words in line)


@pytest.mark.parametrize("size", SIZES)
async def test_arnak_s_table_points_at_what_each_step_takes(size: tuple[int, int]) -> None:
    app = CalderaApp(Launch(learn="arnak", again=True), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        screen = await at_step(pilot, 1)  # buy the Gold Pan: nothing chosen yet
        assert screen.guide is not None and step_focus(screen.guide.expected) == {"i08"}
        await wait_for(pilot, lambda: pointed(screen_text(pilot), "Gold Pan"), "▶ Gold Pan")
        assert not pointed(screen_text(pilot), "Whip")  # only the step's card
        await play_step(pilot, screen)
        screen = await learner(pilot)  # step 2: play a card from the hand, no place on the table
        assert screen.guide is not None and step_focus(screen.guide.expected) == set()
        await wait_for(pilot, lambda: not pointed(screen_text(pilot), "Gold Pan"), "unmarked")


@pytest.mark.parametrize("size", SIZES)
async def test_mauna_kea_s_island_marks_the_step_s_space(size: tuple[int, int]) -> None:
    app = CalderaApp(Launch(learn="maunakea", again=True), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        screen = await at_step(pilot, 1)
        said = screen.guide
        assert said is not None
        board = screen.query_one(IslandBoard)
        space = said.expected.space  # type: ignore[union-attr]
        await wait_for(pilot, lambda: space in board.marks.last, "the step's space marked")


@pytest.mark.parametrize("size", SIZES)
async def test_kilauea_s_volcano_marks_the_step_s_places(size: tuple[int, int]) -> None:
    app = CalderaApp(Launch(learn="kilauea", again=True), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        screen = await at_step(pilot, 1)
        board = screen.query_one(VolcanoBoard)
        await wait_for(pilot, lambda: bool(board.marks.chosen), "the step's places marked")


def test_the_places_a_mauna_kea_step_names_are_the_island_s() -> None:
    from core.games.maunakea.board import parse_space, spaces_of
    from tui.games.maunakea.look_at import named_spaces

    assert named_spaces(["l9"]) == {parse_space("l9")}
    assert named_spaces(["slot H5"]) == named_spaces(["H5"]) == set(spaces_of((7, 4)))
    assert named_spaces(["r3 to r6"]) == {(17, y) for y in range(2, 6)}
    assert (
        named_spaces(["your tiles", "the purple boat", "explorer 1", "the start spaces"]) == set()
    )


@pytest.mark.parametrize("size", SIZES)
async def test_mauna_kea_s_island_marks_the_places_a_step_names(size: tuple[int, int]) -> None:
    """The step that spends a tile (no place of its own) once Ana's lava reaches slot F2: F2
    is marked on the island, as the step's highlight names it."""
    from core import tutorial
    from core.games.maunakea.board import spaces_of

    loaded = tutorial.load(tutorial.builtin("maunakea"))
    number = next(s.number for s in loaded.steps if "F2" in s.highlight)
    app = CalderaApp(Launch(learn="maunakea", again=True), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        screen = await at_step(pilot, number)
        assert screen.guide is not None and screen.guide.step is not None
        assert "F2" in screen.guide.step.highlight
        board = screen.query_one(IslandBoard)
        f2 = set(spaces_of((5, 1)))
        await wait_for(pilot, lambda: f2 <= board.marks.last, "slot F2 marked")

"""Kilauea at 80×24: a whole turn by keys with the compact board and no size notice, the players
and the log one key away; what a tile gives up is said before; a digit never picks a verb; the
forest spaces and the reef tiles are labelled on the board; the forests hint fits its field."""

from __future__ import annotations

from core.games.kilauea import events as ev
from core.games.kilauea.state import Phase
from tests.kit.kilauea_builder import ORCHID, Table
from tui.games import screens_for
from tui.games.kilauea.details import KilaueaDetails
from tui.games.kilauea.widgets.glyphs import tile_brief
from tui.games.kilauea.widgets.paint import COMPACT, SMALLEST, Marks, Seats, paint
from tui.widgets.key_footer import KeyLine

from .conftest import screen_text, wait_for
from .test_kilauea_play import events_since, from_table, red_to_play

SMALL = (80, 24)
NAMES = Seats.of(("Red", "Blue", "Yellow"), {0})


def two_to_cut() -> Table:
    """Red in orchid a with two Tikis to cut there; the reef tile by the canoe is 2A."""
    return (
        Table(canoe="orchid a")
        .arrange(reef=[5, 2, 1, 4, 3])
        .forest(ORCHID, o1="red", o2="blue", m1="green")
        .stones(0, 2)
    )


def footer_keys(pilot: object) -> str:
    """The keys the footer shows now."""
    line = pilot.app.screen.query_one(KeyLine)  # type: ignore[attr-defined]
    labels = line._labels()
    return " ".join(labels[i][0].plain for i in line._fitting(labels))


async def test_a_whole_turn_at_80x24_with_the_compact_board() -> None:
    table = Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    app = from_table(table, "small-turn")
    async with app.run_test(size=SMALL) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.pause()
        assert not screen._size_warning.shown
        assert screen.board.scale == COMPACT and not screen.board.shows_all
        board = screen.board.region
        choices = screen.choices.region
        assert board.bottom <= choices.y and choices.bottom <= SMALL[1] - 1, "all on screen"
        assert choices.height >= 5, "the question and 3 answers"
        text = screen_text(pilot)
        assert "Move the canoe how far clockwise?" in text
        assert "│ Blue 0 Yellow 0 VP" in text  # the others' scores
        assert "p Players" in footer_keys(pilot) and "l Log" in footer_keys(pilot)
        start = len(screen.session.envelopes)

        await pilot.press("1", "c", "1")
        await pilot.pause()
        assert isinstance(events_since(screen, start)[-1], ev.TikiCut)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaDetails), "the pane")
        text = screen_text(pilot)
        assert all(name in text for name in ("Red", "Blue", "Yellow")) and "canoe [R" in text
        await pilot.press("l")
        await pilot.pause()
        assert "Red cut a" in screen_text(pilot)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back at the table")

        await pilot.press("e")
        await pilot.pause()
        if app.screen is not screen:
            await pilot.press("y")  # the tile the cut earned goes unused
        await wait_for(pilot, lambda: ev.TurnEnded(0) in events_since(screen, start), "the end")
        assert not screen._size_warning.shown


async def test_using_a_tile_after_one_cut_says_it_gives_up_the_second() -> None:
    app = from_table(two_to_cut(), "small-second-cut")
    async with app.run_test(size=SMALL) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c", "1")
        await pilot.pause()
        assert screen.state.phase is Phase.CUTTING
        text = screen_text(pilot)
        assert "Use an action tile: 2A (then no second cut)" in text
        await pilot.press("t")
        await pilot.pause()
        assert "Use which action tile? (then no second cut)" in screen_text(pilot)


async def test_a_digit_never_ends_the_turn_from_the_list_of_verbs() -> None:
    app = from_table(two_to_cut(), "small-digit")
    async with app.run_test(size=SMALL) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("c", "1", "t", "1")  # one cut, then 2A: only the end is left
        await pilot.pause()
        assert screen.state.phase is Phase.ACTIONS and screen.choice is None
        await pilot.press("1")
        await pilot.pause()
        assert ev.TurnEnded(0) not in events_since(screen, start)
        assert "e end turn" in screen.note and "1…9" not in footer_keys(pilot)
        await pilot.press("e")
        await wait_for(pilot, lambda: ev.TurnEnded(0) in events_since(screen, start), "the end")


def test_forest_spaces_carry_their_numbers_and_rows_their_letters() -> None:
    state = Table().forest(ORCHID, o1="red", o2="blue", m1="green").state()
    for scale, shore in ((SMALLEST, "o on the shore"), (COMPACT, "o out")):
        lines = ["".join(t for t, _ in row) for row in paint(state, Marks(), scale, NAMES)]
        row = next(line for line in lines if line.startswith(shore))
        assert "R1" in row and "B2" in row, row
        assert any(line.startswith("m mid") for line in lines)
        assert any("g1" in line for line in lines if line.startswith("m mid"))


def test_the_reef_tiles_say_what_they_do_on_the_board() -> None:
    state = Table().arrange(reef=[5, 2, 1, 4, 3]).state()
    for scale in (SMALLEST, COMPACT):
        lines = ["".join(t for t, _ in row) for row in paint(state, Marks(), scale, NAMES)]
        row = next(line for line in lines if line.startswith("≈"))
        for face in ("5A", "2A", "1A", "4A", "3A"):
            assert tile_brief(face) in row, (face, row)


def test_the_forests_hint_fits_its_field() -> None:
    hint = screens_for("kilauea").option_hints["forest_sides"]
    room = 54 - 4  # .option-text is 54 wide: its border and padding take 4
    assert len(hint) <= room, hint

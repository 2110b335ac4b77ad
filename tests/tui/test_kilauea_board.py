"""Kilauea's board in text: every forest side can be drawn, every row fits its scale, Tikis read
without colour (upper case: can be taken; lower case: a path still blocks it), marks show."""

from __future__ import annotations

import pytest
from rich.style import Style

from core.games.kilauea.components import COMPONENTS as C
from tests.kit.kilauea_builder import ORCHID, Table
from tui.games.kilauea.widgets.forests import SLOTS, check_layouts, drawing
from tui.games.kilauea.widgets.glyphs import CANOE_PAWN, FOCUS
from tui.games.kilauea.widgets.paint import SCALES, Marks, Scale, Seats, Spots, choose_scale, paint

NAMES = Seats.of(("Red", "Blue", "Yellow", "Green"), {0})


def text(rows: list[list[tuple[str, Style]]]) -> list[str]:
    return ["".join(t for t, _ in row) for row in rows]


def test_every_forest_side_can_be_drawn() -> None:
    assert check_layouts() == []
    for name, template in C.templates.items():
        picture = drawing(name)
        assert set(picture.spaces) == set(template.names)
        paths = sum(len(s.before) for s in template.spaces)
        assert len(picture.paths) <= paths  # crossing paths share a cell (╳)
        assert all(glyph in "│╱╲╳" for glyph in picture.paths.values())


def test_a_layout_with_a_path_too_long_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    slots = {**SLOTS["10A"], "i3": 1}  # i3 hangs under m3 (slot 5): too far to draw
    monkeypatch.setitem(SLOTS, "10A", slots)
    assert any("m3 -> i3 is too far" in p for p in check_layouts())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", SCALES)
def test_every_row_is_as_wide_as_the_scale(players: int, scale: object) -> None:
    state = Table(players, canoe="orchid b").state()
    rows = paint(state, Marks(), scale, NAMES)  # type: ignore[arg-type]
    assert len(rows) == scale.rows(players)  # type: ignore[attr-defined]
    assert {len(line) for line in text(rows)} == {scale.columns}  # type: ignore[attr-defined]


def forest_line(lines: list[str], sector: int, row: int) -> str:
    """The characters of sector ``sector``'s strip on board line ``row``."""
    scale = SCALES[0]
    start = scale.gutter + sector * scale.strip
    return lines[row][start : start + scale.strip]


def test_blocked_tikis_are_lower_case_and_accessible_ones_upper_case() -> None:
    # orchid is board 3, side A (10A): m1 comes after o1 and o2
    state = Table().forest(ORCHID, o1="red", m1="blue", i1="green").state()
    lines = text(paint(state, Marks(), SCALES[0], NAMES))
    forest = [forest_line(lines, ORCHID, row) for row in range(4, 11)]
    picture = "\n".join(forest)
    assert "R" in forest[-1] and "b" in forest[-3] and "g" in forest[-5], picture
    state = Table().forest(ORCHID, m1="blue", i1="green").state()
    lines = text(paint(state, Marks(), SCALES[0], NAMES))
    assert "B" in forest_line(lines, ORCHID, 8), "m1 is open once o1 and o2 are empty"


def test_the_canoe_columns_islands_and_stones_are_shown() -> None:
    state = (
        Table(canoe="orchid b")
        .volcano(ORCHID, red=3, blue=2)
        .canoe(0, "red", "yellow")
        .island(0, ORCHID, "blue", "blue")
        .stones(0, 3)
        .state()
    )
    lines = text(paint(state, Marks(), SCALES[0], NAMES))
    assert "R3▲" in forest_line(lines, ORCHID, 1) and "B2 " in forest_line(lines, ORCHID, 1)
    assert "  6 " in forest_line(lines, ORCHID, 2), "blue is not the tallest: 2 × 3 VP a Tiki"
    assert CANOE_PAWN in forest_line(lines, ORCHID, 11)
    red = next(line for line in lines if line.startswith("▶ Red"))
    assert "BB" in red and "+12" in red, "2 blue Tikis × 6 VP"
    assert "●●●○○ canoe [RY··]" in lines[lines.index(red) + 1]


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        ((100, 40), Scale(20, 16)),
        ((100, 48), Scale(20, 16, bars=True)),
        ((150, 50), Scale(24, 25, bars=True)),
        ((220, 60), Scale(24, 26, bars=True)),
    ],
)
def test_the_board_grows_with_the_terminal(size: tuple[int, int], expected: Scale) -> None:
    assert choose_scale(*size, players=4, below=16) == expected


def test_the_highlighted_choice_is_drawn_in_reverse() -> None:
    state = Table().forest(ORCHID, o1="red").state()
    marks = Marks(focus=Spots(forest=frozenset({(ORCHID, "o1")})))
    rows = paint(state, marks, SCALES[0], NAMES)
    styled = [style for row in rows for t, style in row if t == "R" and style.reverse]
    assert styled and all(s.reverse == FOCUS.reverse for s in styled)
    plain = paint(state, Marks(), SCALES[0], NAMES)
    assert not [s for row in plain for t, s in row if t == "R" and s.reverse]

"""Kilauea's details pane and the line mode's ``look`` in the reader's language (issue 44):
the pane's tabs, the action tiles in play and the board's key at 80×24 in German; ``look``'s
sentences, in the rulebook's words in Italian; the board's labels and its tiles' shorthand
whole in every language at 80 and 100 columns."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from core import language
from core.games import get_rules
from core.games.kilauea.state import KilaueaState
from core.games.kilauea.transcript import face_text, sector
from tests.kit.kilauea_builder import Table
from tui.games.kilauea.details import KilaueaDetails
from tui.games.kilauea.look import look
from tui.games.kilauea.widgets import paint as P
from tui.games.kilauea.widgets.glyphs import tile_brief

from . import test_kilauea_snapshots as kilauea
from .conftest import screen_text, wait_for
from .test_kilauea_play import from_table, red_to_play

SMALL = (80, 24)


async def test_the_details_pane_is_german_at_80x24() -> None:
    language.use("de")
    table = Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    app = from_table(table, "details-de")
    async with app.run_test(size=SMALL) as pilot:
        await red_to_play(pilot, app)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaDetails), "the pane")
        pane = app.screen
        assert isinstance(pane, KilaueaDetails)
        text = screen_text(pilot)
        assert "Spieler" in text and "Plättchen" in text and "Legende" in text  # the tabs
        assert "esc Zurück zum Tisch" in text
        pane.action_show("tiles")
        await pilot.pause()
        text = screen_text(pilot)
        assert "Riffplättchen (≈, wer daneben fällt, verdient sie)" in text
        assert "nach Hibiskus" in text and "Erhalte 2 SP." in text
        assert "Reef tiles" not in text and "Gain 2 VP" not in text
        pane.action_show("key")
        await pilot.pause()
        text = screen_text(pilot)
        assert "R Y G B Tikis (rot, gelb, grün, blau)" in text and "das Kanu" in text
        assert all(len(line) <= SMALL[0] for line in text.splitlines())


def test_look_says_each_sentence_in_the_language() -> None:
    table = Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    state, names = table.state(), ("Red", "Blue", "Yellow")
    english = look(state, names, None, None)
    assert "The canoe is at plumeria b" in english[0]
    assert english[1].startswith("Red (seat 1): 0 VP.")
    language.use("it")
    said = look(state, names, None, None)
    assert len(said) == len(english)
    assert "La Canoa è a" in said[0] and "il cratere contiene" in said[0]
    assert said[1].startswith("Red (posto 1): 0 PV.") and "Canoa: rosso." in said[2]
    assert said[len(names) * 3 + 1].startswith("Il Vulcano: ")
    assert any(line.startswith("Tessera Barriera corallina 1A (dopo ") for line in said)
    assert any(face_text("1A") in line for line in said)
    left = {"The", "canoe", "seat", "forest", "volcano", "Island", "Reef", "tile", "empty"}
    for line in said:
        assert not left & set(re.findall(r"[A-Za-z]+", line)), line


# --- the board's labels and the tiles' shorthand (issue 44) ------------------------------------

BOARD_ENGLISH = re.compile(
    r"\b(forests?|empty|inner|middle|shore|shut|mid|out|canoe|track|dock|reef|does|players|"
    r"islands?|crater|volcano|columns|slope|tiles|VP|height|worth|volc|far|next|copy|any|"
    r"stones|scoring|now|gives|hibiscus|orchid|ginger)\b"
)
"""The board's English words a German board must not show (the players' names aside)."""


def _mid_game_state() -> KilaueaState:
    """The snapshots' table: Red to move the canoe in turn 13 of 4 players."""
    state = get_rules("kilauea").load_position(kilauea.mid_game())
    assert isinstance(state, KilaueaState)
    return state


def _board_rows(code: str, scale: P.Scale, own: int | None) -> list[str]:
    """The board of a mid-game table painted in ``code``, a row a line."""
    with language.speaking(code):
        state = _mid_game_state()
        rows = P.paint(state, P.Marks(), scale, P.Seats.of(kilauea.NAMES, {0}), own=own)
        return ["".join(text for text, _style in row) for row in rows]


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
@pytest.mark.parametrize("scale", [P.COMPACT, P.SMALLEST], ids=["80", "100"])
def test_each_label_of_the_board_is_whole_in_its_gutter(code: str, scale: P.Scale) -> None:
    """Every label the gutter shows, each sector's name, each reef tile's words and a
    player's points are on the board whole (the painter cuts a label to its cells: a word too
    long would lose its end)."""
    rows = _board_rows(code, scale, own=0 if scale.compact else None)
    board = "\n".join(rows)
    with language.speaking(code):
        state = _mid_game_state()
        lines = P.Painter(state, P.Marks(), scale, P.Seats(())).forest_lines()
        shown = [P.forest_labels(scale.compact)[line] for line in lines]
        for label in [*shown, *(tile_brief(state.face(t).code) for t in state.reef)]:
            assert label in board, (label, board)
        for k in range(len(state.reef)):
            assert sector(k) in rows[0], (sector(k), rows[0])
        for face in ("1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "5A", "5B", "6A", "6B"):
            assert cell_len(tile_brief(face)) <= 13, face
        for face in ("7A", "7B", "8A", "8B", "9A", "9B", "10A", "10B"):
            assert cell_len(tile_brief(face)) <= 13, face
    assert all(cell_len(row) == scale.columns for row in rows)


@pytest.mark.parametrize("scale", [P.COMPACT, P.SMALLEST], ids=["80", "100"])
def test_the_german_board_speaks_german(scale: P.Scale) -> None:
    """No English word of the board's on a German board (the players' names are names)."""
    board = "\n".join(_board_rows("de", scale, own=None))
    for name in kilauea.NAMES:
        board = board.replace(name, "")
    assert BOARD_ENGLISH.findall(board) == [], board
    assert "Wald→Vulk" in board or "Vulk" in board
    english = "\n".join(_board_rows("en", scale, own=None))
    assert BOARD_ENGLISH.findall(english)  # the check finds the English words


def test_the_english_tiles_brief_as_before() -> None:
    with language.speaking("en"):
        assert tile_brief("6A") == "volc→far" and tile_brief("8B") == "2●:volc→canoe"
        assert P.forest_labels(True)[0] == "forest" and P.forest_labels(False)[3].startswith("▲7B")

"""Everything a player plans with is on Arnak's table in words (or the board's shorthand, each
bit of it in the legend), at 100×30, 120×40 and 160×50, and nothing is cut: every guardian's
cost and boon where it stands and each player's guardians with their boon used or not, every
card of the row and of the hand with its effect, every research row's effects and points.

(The issue's table showed guardians as ``G8``, the row without effects, the research track in
letters with no legend for half of them, and cut the hand's lines.)"""

from __future__ import annotations

import re

import pytest

from core.games.arnak import board_words as B
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN
from tests.kit.arnak_builder import Table
from tui.games.arnak import panels
from tui.games.arnak.layout import Layout
from tui.play.setup import SeatSetup
from tui.widgets.text_line import TextLine

from .test_arnak_play import from_table, red_to_play

SEATS = (SeatSetup("Red"), SeatSetup("Blue", "greedy"), SeatSetup("Yellow", "greedy"))
NAMES = tuple(seat.name for seat in SEATS)

SIZES = [(100, 30), (120, 40), (160, 50)]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def cells(text: str, columns: int, width: int) -> list[str]:
    """The words of each cell of a panel laid out ``columns`` to a line (``panels._grid``): a
    cell's first line starts with its mark (a space, ▶ or ☾), its further lines with words."""
    column = (width - (columns - 1)) // columns
    found: list[list[str]] = []
    open_cells: dict[int, list[str]] = {}
    for line in text.splitlines():
        for i in range(columns):
            part = line[i * (column + 1) : i * (column + 1) + column]
            if not part.strip():
                continue
            if part[:1] in (" ", "▶", "☾") or i not in open_cells:
                open_cells[i] = [part]
                found.append(open_cells[i])
            else:
                open_cells[i].append(part)
    return [flat(" ".join(parts)) for parts in found]


def position() -> Table:
    """Guardians on the map and on Red's board (one boon used), a full card row, a long hand."""
    return (
        Table(players=3)
        .site("L1.2", "s02", guardian="g08")
        .site("L1.5", "s05", guardian="g02")
        .site("L2.1", "t02", guardian="g13")
        .idol("L1.1", "d01")
        .arch(1, ["L1.2"])
        .guardians(0, ["g01", "g07"], used=("g07",))
        .row(["a12", "a17"], ["i16", "i18", "i31", "i40"])
        .hand(0, ["a13", "i01", "b0fc", "f01", "i36"])
        .hand(1, ["b1fc"])
        .hand(2, ["b2fc"])
        .res(0, "5M5C")
    )


@pytest.mark.parametrize("size", SIZES, ids=["100x30", "120x40", "160x50"])
async def test_every_guardian_card_and_research_row_on_screen_is_worded(
    size: tuple[int, int],
) -> None:
    table = position()
    app = from_table(table, "worded", SEATS)
    async with app.run_test(size=size) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.pause()
        fit = Layout(*size)
        state = screen.state
        shown: dict[str, str] = {}
        for panel in ("map", "research", "row", "players", "hand"):
            # at 100×30 the hand takes the list's place, to say each card's effect in words
            where = "cards" if panel == "hand" and size == (100, 30) else panel
            line = screen.query_one(f"#{where}", TextLine)
            text = line.text.plain if not isinstance(line.text, str) else line.text
            assert line.region.height >= len(text.splitlines()), f"{panel} is cut"
            shown[panel] = text

        # guardians where they stand: their cost and boon, in words or shorthand
        columns = fit.map_columns
        sites = " | ".join(cells(shown["map"], columns, fit.text_width("map")))
        for space, guardian in state.guardian.items():
            if guardian:
                forms = (
                    B.guardian(guardian),
                    B.guardian_short(guardian),
                    B.guardian_code(guardian),
                )
                assert any(flat(form) in sites for form in forms), (space, guardian)
        assert "idol +1 coin" in sites or "?M" in sites  # the face-up idol of site 1.1
        # each player's guardians, each boon used (✓) or not (○)
        players = flat(shown["players"])
        for form in (B.boon("g01"), B.short(B.boon("g01"))):
            if f"○{form}" in players:
                break
        else:
            raise AssertionError(players)
        assert f"✓{B.boon('g07')}" in players or f"✓{B.short(B.boon('g07'))}" in players

        # the card row: each card's place, name, price and VP, and its effect from 40 rows up
        # (below, the details of the highlighted card say it)
        row = cells(shown["row"], 2 if fit.text_width("row") < 90 else 3, fit.text_width("row"))
        for place, card in enumerate(panels.row_cards(state), 1):
            assert card is not None and card != HIDDEN
            cell = next(c for c in row if f"{place} {C.name(card)}" in c)
            assert f"{W.price(card)}, {C.card(card).vp} VP" in cell, (card, cell)
            effect = W.effect(C.card(card).effect)
            if not fit.compact:
                assert flat(effect) in cell or flat(B.short(effect)) in cell, (card, cell)

        # the research track (below 150x46 in the map's place while researching): each row's
        # glass and notebook effects and points
        if fit.swap:
            track = panels.research_text(state, NAMES, None, fit.text_width("map"))
            research = flat(track.plain)
        else:
            research = flat(shown["research"])
        board = W.side(state)
        for number in range(1, 8):
            info = board.row(number)
            for effect, vp in ((info.glass, info.glass_vp), (info.notebook, info.notebook_vp)):
                said = W.effect(effect)
                forms = (f"{said}, {vp} VP", f"{panels._row_effect(said)} {vp} VP")
                assert any(form in research for form in forms), (number, said)

        # the hand: every card's name (its effect too where the panel has room)
        hand = flat(shown["hand"])
        for card in state.seats[0].hand:
            assert C.name(card) in hand


def test_every_shorthand_the_table_shows_has_a_legend_entry() -> None:
    """The narrowest table's codes each have an entry in the legend (the help shows it)."""
    table = position().research(1, 1, 1)
    state = table.state
    fit = Layout(100, 30)
    names = ("Red", "Blue", "Yellow")
    text = "\n".join(
        [
            panels.map_text(state, names, None, fit.text_width("map")).plain,
            panels.research_text(state, names, None, fit.text_width("research")).plain,
            panels.row_text(state, None, fit.text_width("row")).plain,
            panels.players_text(state, names, (), fit.text_width("players")).plain,
        ]
    )
    legend = B.legend()
    codes = {
        r"\b\d*[MCTAJ]{1,5}\b": "M C T A J",
        r"\d(ship|car|boot|plane)\b": "2ship",
        r"\[XX\]": "[XX]",
        r"\[R \]": "[R ]",
        r"[◆◇]": "◆ ◇",
        r"☾": "☾",
        r"[●○]": "● ○",
        r"G:\S+→": "G:4M→up",
        r"\?(M|C|T|ex|up|rf|dr)\b": "?M",
        r"\[(M|C|T|ex|up|rf|dr)\]": "[up]",
        r"down→\+J": "down→+J",
        r"upg asst": "upg asst",
        r"\d+×\d+": "2×2",
        r"\bVP\b": "VP",
        r"\b\d+[gs]✗?(?=\s)": "asst 12g 8s✗",
        r"\bguard\b": "guard ○+car",
        r"\d+/\d+/\d+": "5/2/3",
        r"\+Fear\b": "+Fear",
    }
    for pattern, entry in codes.items():
        if re.search(pattern, text):
            assert entry in legend, (pattern, entry)
    assert "ex exile" in flat(legend) or "ex " in legend
    from rich.text import Text

    from tui.games.arnak.help import sections

    shown = [Text.from_markup(section).plain for section in sections()]
    assert any(all(sign in plain for sign in B.shorthand()) for plain in shown)


async def test_the_details_pane_follows_the_highlighted_answer() -> None:
    app = from_table(position(), "details", SEATS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("b")
        await pilot.pause()
        details = flat(screen._line("#details").text.plain)  # type: ignore[union-attr]
        assert B.card("a12") in details  # the first card of the row
        await pilot.press("down")
        await pilot.pause()
        details = flat(screen._line("#details").text.plain)  # type: ignore[union-attr]
        assert B.card("a17") in details

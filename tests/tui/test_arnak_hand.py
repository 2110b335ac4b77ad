"""Arnak's hand panel at 120×40 shows every card of the hand and the play area: a card whose
effect is longer than the panel is cut with "…" on its own line (it wrapped, and the last cards
of the hand fell out of the panel)."""

from __future__ import annotations

import pytest

from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from tests.arnak_builder import Table
from tui.games.arnak.look import look

from .conftest import screen_text
from .test_arnak_play import SIZE, from_table, red_to_play

LONG = ["a13", "a02", "a12", "a01", "i11"]  # the five longest card lines


@pytest.mark.parametrize("played", [[], ["b0fc"]])
async def test_every_card_of_a_hand_of_long_cards_is_in_sight(played: list[str]) -> None:
    table = Table().hand(0, LONG).play(0, played).hand(1, ["b1fc"])
    app = from_table(table, "hand")
    async with app.run_test(size=SIZE) as pilot:
        await red_to_play(pilot, app)
        await pilot.pause()
        hand = [line[:70] for line in screen_text(pilot).splitlines()]
        for card in LONG:
            assert any(C.name(card) in line for line in hand), C.name(card)
        if played:
            assert any("play area: Funding" in line for line in hand)
        if not played:  # a card a line, its effect as far as it goes
            assert any("Guardian's Ocarina · 2 planes · an archaeologist" in line for line in hand)


def test_line_mode_look_says_each_card_of_the_hand_whole() -> None:
    table = Table().hand(0, [*LONG, "b0es"]).play(0, ["b0fc"])
    said = look(table.state, ("Red", "Blue"), 0, None)
    for card in [*LONG, "b0es"]:
        assert any(line == "• " + W.card_line(card) for line in said), card
    assert "play area: Funding" in said

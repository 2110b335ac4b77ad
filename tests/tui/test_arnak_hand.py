"""Arnak's hand panel shows every card of the hand whole and the play area, at 100×30 and at
120×40: a card whose effect is longer than the panel wraps under itself (it was cut with "…",
and before that the last cards of the hand fell out of the panel)."""

from __future__ import annotations

import pytest

from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from tests.arnak_builder import Table
from tui.games.arnak.look import look
from tui.games.arnak.panels import _card_line

from .conftest import screen_text
from .test_arnak_play import SIZE, from_table, red_to_play

LONG = ["a13", "a02", "a12", "a01", "i11"]  # the five longest card lines


@pytest.mark.parametrize(("played", "size"), [([], SIZE), (["b0fc"], SIZE), ([], (100, 30))])
async def test_every_card_of_a_hand_of_long_cards_is_in_sight(
    played: list[str], size: tuple[int, int]
) -> None:
    table = Table().hand(0, LONG).play(0, played).hand(1, ["b1fc"])
    app = from_table(table, "hand")
    async with app.run_test(size=size) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.pause()
        hand = screen.query_one("#hand")
        assert hand.region.height >= len(screen._line("#hand").text.plain.splitlines())
        side = [line.split("▏")[-1] for line in screen_text(pilot).splitlines()]
        said = " ".join(part.strip() for part in side)
        for card in LONG:
            if size == SIZE:  # room enough for each card's effect, in words or shorthand
                short = _card_line(card, short=True).plain.removeprefix("• ")
                assert W.card_line(card) in said or short in said, C.name(card)
            else:  # five of the longest cards at 100×30: their names (the play list words them)
                assert C.name(card) in said.replace("  ", " ") or C.name(card) in said, card
        if played:
            assert "play area: Funding" in said


def test_line_mode_look_says_each_card_of_the_hand_whole() -> None:
    table = Table().hand(0, [*LONG, "b0es"]).play(0, ["b0fc"])
    said = look(table.state, ("Red", "Blue"), 0, None)
    for card in [*LONG, "b0es"]:
        assert any(line == "• " + W.card_line(card) for line in said), card
    assert "play area: Funding" in said

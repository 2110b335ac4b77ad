"""Arnak's hand panel shows every card of the hand whole and the play area, at 100×30 and at
120×40: a card whose effect is longer than the panel wraps under itself (it was cut with "…",
and before that the last cards of the hand fell out of the panel). At 100×30, where the side
would say them by their names only, the hand takes the list's place while no verb is open."""

from __future__ import annotations

import pytest
from rich.text import Text

from core.games.arnak import RULES
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from tests.kit.arnak_builder import Table
from tui.app import CalderaApp, Launch
from tui.games.arnak.look import look
from tui.games.arnak.panels import _card_line
from tui.games.arnak.screen import ArnakScreen
from tui.play.setup import SeatSetup, TableSetup

from .conftest import screen_text, wait_for
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
        # at 100×30 the side has no room to word them: the hand takes the list's place
        where = "#cards" if size == (100, 30) else "#hand"
        hand = screen.query_one(where)
        text = screen._line(where).text
        assert isinstance(text, Text)
        assert hand.region.height >= len(text.plain.splitlines())
        said = " ".join(part.strip() for part in text.plain.splitlines())
        screen_said = " ".join(part.strip() for part in screen_text(pilot).splitlines())
        for card in LONG:  # each card's effect, in words or (five of the longest) shorthand
            short = _card_line(card, short=True).plain.removeprefix("• ")
            assert W.card_line(card) in said or short in said, C.name(card)
            assert C.name(card) in screen_said, C.name(card)
        if played:
            assert "play area: Funding" in said


def test_line_mode_look_says_each_card_of_the_hand_whole() -> None:
    table = Table().hand(0, [*LONG, "b0es"]).play(0, ["b0fc"])
    said = look(table.state, ("Red", "Blue"), 0, None)
    for card in [*LONG, "b0es"]:
        assert any(line == "• " + W.card_line(card) for line in said), card
    assert "play area: Funding" in said


MIXED = ["a13", "i01", "b0fc", "f01", "i36"]  # an artifact, items, a basic card and Fear


@pytest.mark.parametrize("players", [3, 4])
async def test_at_100x30_with_3_or_4_players_the_hand_says_each_effect_in_words(
    players: int,
) -> None:
    """The side has room only for names there: while no verb is open, the hand takes the
    list's place, each card's whole effect in words; the prompt names the verbs' keys; a verb
    brings the list back (focused), escape the hand."""
    table = Table(players).hand(0, MIXED)
    for seat in range(1, players):
        table.hand(seat, [f"b{seat}fc"])
    names = ("Red", "Blue", "Yellow", "Green")[:players]
    seats = (SeatSetup("Red"), *(SeatSetup(name, "greedy") for name in names[1:]))
    app = from_table(table, "hand-small", seats)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.pause()
        cards = screen.query_one("#cards")
        assert cards.display and not screen.query_one("#choices").display
        text = screen._line("#cards").text
        assert isinstance(text, Text)
        assert cards.region.height >= len(text.plain.splitlines())  # nothing cut
        said = " ".join(part.strip() for part in text.plain.splitlines())
        for card in MIXED:
            assert W.card_line(card) in said, card
        shown = screen_text(pilot)
        assert "Red: one main action (p play" in shown and "e passes" in shown
        assert "1…9" not in shown.splitlines()[-1]  # no list to count in
        await pilot.press("p")
        await wait_for(pilot, lambda: screen.query_one("#choices").display, "the play list")
        assert not cards.display and screen.focused is screen.query_one("#choices")
        await pilot.press("escape")
        await wait_for(pilot, lambda: cards.display, "the hand back in the list's place")


async def test_while_the_others_play_the_hand_keeps_the_lists_place() -> None:
    """At 100×30 with 3 players, while a bot plays (slowly here), the empty list leaves its
    place to Red's hand, each effect in words."""
    table = Table(3).hand(0, MIXED).hand(1, ["b1fc"]).hand(2, ["b2fc"]).turn(1)
    seats = (SeatSetup("Red"), SeatSetup("Blue", "greedy"), SeatSetup("Yellow", "greedy"))
    position = RULES.dump_position(table.state)
    setup = TableSetup("arnak", seats, "hand-waiting", None, position, {"side": "bird"})
    app = CalderaApp(Launch(setup=setup), bot_pace=600, reveal_pace=0)  # Blue waits
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ArnakScreen), "the table")
        screen = app.screen
        assert isinstance(screen, ArnakScreen)
        cards = screen.query_one("#cards")
        await wait_for(pilot, lambda: screen.state is not None and cards.display, "the hand")
        await pilot.pause()
        assert screen.turn.seat is None and not screen.query_one("#choices").display
        text = screen._line("#cards").text
        assert isinstance(text, Text)
        assert cards.region.height >= len(text.plain.splitlines())  # nothing cut
        said = " ".join(part.strip() for part in text.plain.splitlines())
        for card in MIXED:
            assert W.card_line(card) in said, card
        assert "Blue to play" in screen_text(pilot)

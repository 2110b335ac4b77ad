"""Arnak's sentences name what a player chose: an answer beside the question it answers (the log
and line mode said "Red chose 3", the option's place counted from 0), and the basic cards by
their travel (line mode offered "Red played Funding (card b0fc)")."""

from __future__ import annotations

from core.games.arnak import RULES
from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak import words as W
from tests.kit.arnak_builder import Table
from tui.lines.player import lines_for
from tui.widgets.event_log import EventLog

from .conftest import wait_for
from .test_arnak_play import SIZE, from_table, red_to_play

NAMES = ("Red", "Blue")


def test_the_two_funding_cards_are_told_apart_by_their_travel() -> None:
    table = Table().hand(0, ["b0fc", "b0fs", "f01"]).hand(1, ["b1fc"])
    said = [line.text for line in lines_for(RULES, table.state, 0, NAMES)]
    assert "Red played Funding (car): +1 coin" in said
    assert "Red played Funding (ship): +1 coin" in said
    assert "Red dug at camp 1 paying with Funding (ship): +2 coins" in said
    assert not [text for text in said if "b0f" in text], said


def test_an_idol_slots_answers_say_the_effect_chosen() -> None:
    table = Table().hand(0, ["b0fc"]).hand(1, ["b1fc"]).idols(0, crates=1).res(0, "1M")
    table.do(cmd.SlotIdol())
    said = [line.text for line in lines_for(RULES, table.state, 0, NAMES)]
    assert "Idol slot: which effect? Red: +1 arrowhead" in said, said
    assert "Idol slot: which effect? Red: draw 1" in said
    assert not [text for text in said if text.startswith("Red chose")], said
    chose = RULES.describe_in(table.state, ev.AnswerGiven(0, "3"), NAMES)
    assert chose == "Idol slot: which effect? Red: +1 coin, 1 compass"


def test_an_answer_the_position_cannot_read_is_said_plainly() -> None:
    table = Table().hand(0, ["b0fc"]).hand(1, ["b1fc"])
    assert RULES.describe_in(table.state, ev.AnswerGiven(0, "3"), NAMES) == "Red chose 3"


async def test_the_tables_log_says_the_idol_slots_effect_chosen() -> None:
    table = Table().hand(0, ["b0fc"]).hand(1, ["b1fc"]).idols(0, crates=1).res(0, "1M")
    app = from_table(table, "sentences")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("i")
        await wait_for(pilot, lambda: screen.turn.asking, "the idol slot's question")
        await pilot.press("2")
        log = screen.query_one(EventLog)
        await wait_for(pilot, lambda: "Idol slot: which effect? Red: +1 arrowhead" in log.shown())
        assert not [line for line in log.shown() if line.startswith("Red chose")]


def test_a_discovery_with_a_cards_discount_names_the_compasses_paid() -> None:
    """Aeroplane takes 2 compasses off a discovery: its list said "(3 compasses)" and took 1."""
    table = Table().hand(0, ["i12"]).hand(1, ["b1fc"]).res(0, "1C")
    table.do(cmd.PlayCard("i12"))
    assert W.answer(table.state, "L1.3") == "discover site 1.3 (1 compass)"

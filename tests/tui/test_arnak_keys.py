"""Arnak's keys mean the same thing every time: a place is chosen by its own name (camp 2 by 2,
site 1.3 by 1 . 3 or 1 3, a research row by its number, a card of the row by its place), so a
number never shifts when an earlier place is taken; a single answer that costs something is
shown before it commits (one key confirms); ending a turn asks only when travel would be lost.

(A networked player pressed 2 meaning camp 2 after camp 1 was taken, and dug at camp 3: the
list had become "1 camp 2 / 2 camp 4".)"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from core.bots import make_bot, play_out
from core.games.arnak import RULES
from core.games.arnak import events as ev
from core.referee import Referee
from tests.kit.arnak_builder import Table
from tui.games.arnak.turn import DIG, Turn
from tui.screens.choice import ConfirmScreen
from tui.screens.choice_tree import Choice, Verb

from .conftest import wait_for
from .test_arnak_play import SIZE, events_since, from_table, keys_for, red_to_play

NAMES = ("Red", "Blue", "Yellow", "Green")


def _keys(table: Table) -> dict[str, str]:
    """The dig list's key of each place, for Red."""
    turn = Turn(RULES, table.state, 0)
    choice = turn.choice(DIG)
    assert choice is not None
    return {str(o.value): o.key for o in choice.options}


def _position(camp1_taken: bool) -> Table:
    table = Table().hand(0, ["b0fc", "b0es", "f01"]).hand(1, ["b1fc"]).site("L1.3", "s02")
    return table.arch(1, ["C1.1"]) if camp1_taken else table


def test_a_places_key_is_its_name_whatever_was_taken_before_it() -> None:
    free = _keys(_position(camp1_taken=False))
    taken = _keys(_position(camp1_taken=True))
    assert free["C1.1"] == "1" and free["C2.1"] == "2" and free["L1.3"] == "1.3"
    assert "C1.1" not in taken
    assert {space: key for space, key in free.items() if space in taken} == taken


@pytest.mark.parametrize("camp1_taken", [False, True])
async def test_two_digs_camp_2_before_and_after_camp_1_is_taken(camp1_taken: bool) -> None:
    app = from_table(_position(camp1_taken), "keys")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("d", "2")  # camp 2, as the map names it
        await pilot.pause()
        assert screen.picks == ("C2.1",)
        await pilot.press("1")  # the payment: Funding (car), shown first
        dug = ev.SiteDug(0, "C2.1", ("b0fc",))
        await wait_for(pilot, lambda: dug in events_since(screen, start))


async def test_site_1_3_by_its_name_and_camp_1_by_enter() -> None:
    app = from_table(_position(camp1_taken=False), "keys-site")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("d", "1")  # camp 1, and the sites 1.x start with 1: it waits
        await pilot.pause()
        assert screen.picks == () and screen.typed == "1"
        assert screen.highlighted() == "C1.1"
        await pilot.press("full_stop", "3")
        await pilot.pause()
        assert screen.picks == ("L1.3",)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("1", "enter")  # enter: camp 1 itself
        await pilot.pause()
        assert screen.picks == ("C1.1",)


async def test_a_research_with_one_space_shows_its_cost_and_one_key_confirms() -> None:
    app = from_table(Table().res(0, "1C1A").hand(1, ["b1fc"]), "keys-research")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("r", "1")  # the glass: one space it can pay for
        await pilot.pause()
        assert screen.choice is not None and len(screen.choice.options) == 1
        assert "for 1 compass, 1 arrowhead: +1 coin" in screen.choice.options[0].label
        assert events_since(screen, start) == []
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: ev.ResearchAdvanced(0, "glass", "1") in events_since(screen, start)
        )


async def test_ending_a_turn_asks_only_when_travel_would_be_lost() -> None:
    table = Table().hand(0, ["b0fc", "f01"]).hand(1, ["b1fc"]).guardians(0, ["g01"])
    app = from_table(table, "keys-end")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("d", "1")  # camp 1 paid with the Fear card's boot
        await pilot.pause()
        await pilot.press(*keys_for(screen, ("f01",)))
        await wait_for(pilot, lambda: screen.state.main_done)
        await pilot.press("g", "1")  # the boon's ship: unused, it would be lost
        await wait_for(pilot, lambda: screen.state.pool == ["ship"])
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")  # e, y: two keys
        await wait_for(pilot, lambda: ev.TurnEnded(0) in events_since(screen, start))


async def test_pass_and_end_the_turn_in_three_keys() -> None:
    # no free card in hand: after the pass nothing is left to do, the turn ends by itself
    table = Table().hand(0, ["i14", "f01"]).hand(1, ["b1fc"])
    app = from_table(table, "keys-pass")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("e")  # a main action is still open: asked first
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: ev.TurnEnded(0) in events_since(screen, start))
        # the round's end asks which leftover cards stay in hand: the third key
        await wait_for(pilot, lambda: screen.turn.asking, "the leftover cards question")
        await pilot.press(*keys_for(screen, "keep"))
        await wait_for(pilot, lambda: ev.AnswerGiven(0, "keep") in events_since(screen, start))


@pytest.mark.parametrize("width", [100, 110, 160])
async def test_the_tables_footer_fits_leaving_out_the_least_needed_keys(width: int) -> None:
    """During a question at 100 columns the footer's keys ran past its end ('? H'): the keys
    the table names least needed first are left out until the rest fit, whole."""
    from tui.widgets.key_footer import KeyLine

    app = from_table(_position(False).res(0, "5M5C"), "footer")  # buy, discover: more keys
    async with app.run_test(size=(width, 30)) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("p", "1")  # a card played: undo is offered too
        await pilot.press("d")  # a question open: its keys and esc
        await wait_for(pilot, lambda: screen.verb == "dig", "the dig question")
        await pilot.pause()
        line = screen.query_one(KeyLine)
        drawn = "".join(segment.text for segment in line.render_line(0))
        shown = [line.keys[i] for _a, _b, i in line._spans]
        assert drawn.rstrip().endswith("? Help"), drawn
        assert sum(b - a for a, b, _i in line._spans) <= line.size.width
        left = {key.action.split("(")[0] for key in line.keys} - {
            key.action.split("(")[0] for key in shown
        }
        assert left <= set(screen.FOOTER_LEAVES_OUT), left
        full = sum(label.cell_len + len(margin) for label, margin in line._labels())
        assert bool(left) == (full > line.size.width), left
        if width == 100:
            assert left, "at 100 columns these keys do not all fit"


PLACE = re.compile(r"\b(camp|site|row) (\d(?:\.\d)?)\b|\b(temple)\b")


def _questions(turn: Turn, verb: Verb, picks: tuple[object, ...] = ()) -> Iterator[Choice]:
    """Every question ``verb`` may ask now, down every path of answers."""
    choice = turn.choice(verb, picks)
    if choice is None:
        return
    yield choice
    for option in choice.options:
        if option.enabled and len(picks) + 1 < len(verb.stages):
            yield from _questions(turn, verb, (*picks, option.value))


def _named(label: str) -> str:
    """The place an answer's words name first (``camp 3`` -> 3, the temple -> t)."""
    found = PLACE.search(label)
    assert found is not None
    return "t" if found[3] else found[2]


@pytest.mark.parametrize("seed", range(4))
def test_a_places_key_is_its_name_in_every_question_that_offers_it(seed: int) -> None:
    """Random and greedy games, every question of every verb and effect: where a list offers
    places, each is keyed by its name (camp 3 is 3 in the dig list and in the Hot Air
    Balloon's, row 1 is 1 once, never beside another 1), no key names two answers, and an
    answer with no place (none) has a key of its own."""
    players = 2 + seed % 3
    side = ("bird", "snake")[seed % 2]
    referee = Referee(
        RULES, RULES.config(players, {"side": side}), NAMES[:players], seed=f"k{seed}"
    )
    referee.begin()
    kinds = ("random", "greedy")
    bots = {s: make_bot("arnak", kinds[(s + seed) % 2], f"{seed}{s}") for s in range(players)}
    checked = 0
    while referee.state.phase != "over":
        state = referee.state
        seat = state.stack[-1].seat if state.stack else state.active
        turn = Turn(RULES, state, seat)
        for verb in turn.verbs():
            for choice in _questions(turn, verb):
                if choice.stage.key is None:
                    continue
                places = [o for o in choice.options if PLACE.search(o.label)]
                if not places or choice.verb.action == "buy":
                    continue
                keys = [o.key for o in choice.options]
                where = f"{verb.action}: {choice.stage.question} {[o.label for o in places]}"
                assert all(keys), where  # typed by name, never counted
                assert len(set(keys)) == len(keys), where
                for option in places:
                    assert option.key == _named(option.label), where
                checked += 1
        play_out(referee, bots, max_commands=1)
    assert checked > 50

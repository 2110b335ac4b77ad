"""Each main action and each free action of an Arnak turn, by keys only, through the table
screen and a real referee: the events it sends and what the table shows after."""

from __future__ import annotations

from typing import Any

from core.games.arnak import board_words as B
from core.games.arnak import events as ev
from tests.kit.arnak_builder import Table
from tui.games.arnak.screen import ArnakScreen
from tui.screens.choice import ConfirmScreen

from .conftest import screen_text, wait_for
from .test_arnak_play import SIZE, events_since, from_table, keys_for, red_to_play


async def _press(pilot: Any, screen: ArnakScreen, *keys: str) -> None:
    """Press ``keys``; ``=value`` chooses the option with that value in the list shown now."""
    for key in keys:
        if key.startswith("="):
            await pilot.press(*keys_for(screen, key[1:]))
        else:
            await pilot.press(key)
        await pilot.pause()


def _labels(screen: ArnakScreen) -> list[str]:
    """The words of the answers the list offers now (each whole, however the list wraps)."""
    return [] if screen.choice is None else [option.label for option in screen.choice.options]


def _answers(screen: ArnakScreen) -> list[object]:
    """The values of the answers the list offers now."""
    choice = screen.choice
    return [] if choice is None else [option.value for option in choice.options]


async def test_discover_a_site_takes_its_idol_runs_its_effect_and_wakes_a_guardian() -> None:
    table = Table().hand(0, ["b0fc"]).res(0, "3C").idol("L1.1", "d01")
    app = from_table(table, "arnak-discover")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("x")
        assert "site 1.1 (car): discover for 3 compasses, its idol +1 coin" in screen_text(pilot)
        await _press(pilot, screen, "=L1.1")
        # one way to pay the travel, but it costs a card: shown first, one key confirms
        assert "Pay the travel how?" in screen_text(pilot)
        assert events_since(screen, start) == []
        await _press(pilot, screen, "1")
        assert ev.SiteDiscovered(0, "L1.1", ("b0fc",)) in events_since(screen, start)
        # level-I site 1: 2 compasses or an item: the site's question opens by itself
        assert "Site 1.1: which effect?" in screen_text(pilot)
        await _press(pilot, screen, "1")
        state = screen.state
        assert state is not None
        assert state.seats[0].res[:2] == [1, 2]  # the idol's coin, the site's 2 compasses
        assert state.seats[0].idols == 1 and state.guardian["L1.1"] is not None
        guardian = state.guardian["L1.1"]
        text = screen_text(pilot)
        forms = (B.guardian(guardian), B.guardian_short(guardian), B.guardian_code(guardian))
        assert any(form in text for form in forms)  # where it stands, as its cell has room
        assert "[R ]" in text


async def test_overcome_a_guardian_pays_its_cost() -> None:
    table = Table().res(0, "2M1A").site("L1.2", "s02", guardian="g04").arch(0, ["L1.2"])
    app = from_table(table, "arnak-overcome")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("o")
        said = "the guardian at site 1.2: overcome for 2 coins + 1 arrowhead · boon: +car"
        assert any(said in label for label in _labels(screen))
        await _press(pilot, screen, "1")
        assert events_since(screen, start)[0] == ev.GuardianOvercome(0, "L1.2", ())
        assert screen.state is not None and screen.state.seats[0].guardians == ["g04"]
        assert "guard ○+car" in screen_text(pilot)  # the guardian with its boon unused


async def test_buy_an_item_and_research_the_glass() -> None:
    table = Table().res(0, "2M1C1A").row(["a02"], ["i22", "i35"])
    app = from_table(table, "arnak-buy")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("b")
        assert "Carrier Pigeon (2 coins, 1 VP, ship): +2 tablets" in _labels(screen)
        await _press(pilot, screen, "=i22")
        assert events_since(screen, start)[0] == ev.CardBought(0, "i22")
        assert screen.state is not None and screen.state.seats[0].deck[-1] == "i22"
    table = Table().res(0, "1C1A")
    app = from_table(table, "arnak-research")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("r")
        assert "the magnifying glass (now at the start)" in screen_text(pilot)
        await _press(pilot, screen, "1")
        # one space to go: its cost and what it gives are shown first, its row's key confirms
        assert screen.choice is not None and screen.choice.stage.question == "Where to?"
        assert _labels(screen) == ["glass to row 1 (space 1) for 1 compass, 1 arrowhead: +1 coin"]
        assert events_since(screen, start) == []
        await _press(pilot, screen, "1")
        assert events_since(screen, start)[0] == ev.ResearchAdvanced(0, "glass", "1")
        assert screen.state is not None and screen.state.seats[0].res[0] == 1  # row 1: +1 coin
        assert "● row 1 ○ start" in screen_text(pilot)  # the players' line says the track


async def test_pass_asks_first_then_the_leftover_cards_question() -> None:
    table = Table().hand(0, ["f01", "b0fc"])
    app = from_table(table, "arnak-pass")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Your round ends" in screen_text(pilot)
        await pilot.press("y")
        await wait_for(pilot, lambda: ev.Passed(0) in events_since(screen, start), "passed")
        # Funding is still a free action, but it keeps: the turn ends at once (3 keys in
        # all), then the keep question
        await pilot.press("e")
        await wait_for(pilot, lambda: screen.turn.asking, "the leftover cards question")
        assert "Passing: which cards go to the play area?" in screen_text(pilot)
        await _press(pilot, screen, "=keep")
        assert ev.AnswerGiven(0, "keep") in events_since(screen, start)


async def test_free_actions_an_assistant_a_boon_and_an_idol_slot() -> None:
    table = (
        Table()
        .assistants(0, [("h01", False, False)])
        .guardians(0, ["g01"])
        .idols(0, 1)
        .hand(0, ["b0fc"])
    )
    app = from_table(table, "arnak-free")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("a")
        assert "assistant 1 (silver): +2 coins" in screen_text(pilot)
        await _press(pilot, screen, "1")
        assert events_since(screen, start)[0] == ev.AssistantUsed(0, 0)
        assert screen.state is not None and screen.state.seats[0].res[0] == 2
        assert "asst 1s✗" in screen_text(pilot)  # exhausted

        await _press(pilot, screen, "g", "1")
        assert ev.BoonUsed(0, "g01") in events_since(screen, start)
        assert screen.state.pool == ["ship"]
        assert "travel this turn: ship" in screen_text(pilot)

        await pilot.press("i")
        await wait_for(pilot, lambda: screen.turn.asking, "the slot's question")
        assert "Idol slot: which effect?" in screen_text(pilot)
        await _press(pilot, screen, "2")  # +1 arrowhead
        assert screen.state.seats[0].res[3] == 1 and screen.state.seats[0].slots == 1
        assert "idols 0 ◆◇◇◇" in screen_text(pilot)
        # still Red's main action: nothing was spent on it
        assert not screen.state.main_done


async def test_a_free_action_while_a_question_waits_then_the_question_again() -> None:
    # the Sea Turtle asks where to dig; the level-II site L2.3 needs one ship more than its
    # discount: the boon's ship, taken while the question waits, opens it
    table = Table().hand(0, ["i01"]).site("L2.3", "t01").guardians(0, ["g01"])
    app = from_table(table, "arnak-interleave")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await _press(pilot, screen, "p", "=i01")
        await wait_for(pilot, lambda: screen.turn.asking, "the draw question")
        await _press(pilot, screen, "=0")
        await wait_for(pilot, lambda: "C1.1" in _answers(screen), "the dig question")
        assert "L2.3" not in _answers(screen)
        assert "or first a free action" in screen_text(pilot)
        await _press(pilot, screen, "g", "1")
        assert ev.BoonUsed(0, "g01") in events_since(screen, start)
        # the question opens again by itself, now with the site the ship pays for
        await wait_for(pilot, lambda: screen.turn.asking and screen.verb == "answer", "asked")
        assert "L2.3" in _answers(screen)
        await _press(pilot, screen, "=L2.3")
        assert ev.AnswerGiven(0, "L2.3") in events_since(screen, start)
        assert screen.state is not None and screen.state.occupant["L2.3"] == 0

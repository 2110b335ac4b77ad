"""Free actions during a main action (004: "so viele Nebenaktionen vor, während und/oder nach
seinem Spielzug"): while a main action's question waits, its player may take the free actions
open to them; the question is then asked again with the new situation. Nothing else comes in
between, and free actions never nest inside a free action's own question."""

from __future__ import annotations

import pytest

from core.codec import Envelope
from core.errors import IllegalCommand
from core.fold import fold
from core.games.arnak import RULES
from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak.play import interleaving
from core.lifecycle import GameEnded, Undo
from tests.kit.arnak_builder import Table
from tests.kit.arnak_builder import parse_res as R
from tests.kit.conformance import check_playout


def turtle_asking() -> Table:
    """Seat 1 played the Sea Turtle (draw 1, then dig with a ship's discount), drew nothing,
    and is asked where to dig: the level-II site L2.3 (2 ships) is discovered, but one ship is
    missing; the guardian g01's boon (a ship) is unused."""
    t = Table()
    t.hand(0, ["i01"]).site("L2.3", "t01").guardians(0, ["g01"])
    t.do(cmd.PlayCard("i01"))
    t.choose("0")
    return t


def test_a_boon_used_while_the_dig_is_asked_makes_a_site_reachable_that_was_not() -> None:
    t = turtle_asking()
    assert "L2.3" not in t.options()
    assert cmd.UseBoon("g01") in t.legal()
    t.do(cmd.UseBoon("g01"))
    assert t.state.pool == ["ship"]
    assert "L2.3" in t.options(), "the question is asked again: the boon's ship now pays"
    assert cmd.UseBoon("g01") not in t.legal(), "a boon is used once a game"
    t.choose("L2.3")
    player = t.state.seats[0]
    assert player.arch[0] == "L2.3" and t.state.occupant["L2.3"] == 0
    assert t.state.pool == [] and player.res == R("2CJ")  # the site's effect ran
    assert not t.state.stack and cmd.EndTurn() in t.legal()


def test_an_assistant_between_the_questions_makes_an_artifact_affordable() -> None:
    # Precision Compass: the artifact deck's top is revealed, then buy an artifact 3 compasses
    # cheaper (or not); the row's a02 costs 4, so it needs the compass the assistant gives
    t = Table()
    t.hand(0, ["i20"]).row(["a02"], ["i05"]).assistants(0, [("h12", False, False)])
    t.do(cmd.PlayCard("i20"))
    assert t.state.revealed == "a01"
    assert t.options() == ["a01", "skip"]
    assert t.legal()[-1] == cmd.UseAssistant(0)
    t.do(cmd.UseAssistant(0))
    assert t.state.seats[0].res == R("C") and t.state.seats[0].assistants[0].exhausted
    assert t.options() == ["a02", "a01", "skip"]
    t.choose("a02")
    player = t.state.seats[0]
    assert player.res == R("") and "a02" not in t.state.row_art


def test_a_free_card_between_the_questions_pays_a_cost_asked_for() -> None:
    # Fishing Rod: the item deck's top is revealed, then buy an item 3 coins cheaper; the row's
    # Aeroplane costs 4: the Gold Pan's 2 coins (a free card) pay the rest
    t = Table()
    t.hand(0, ["i19", "i08"]).row(["a02"], ["i12"])
    t.do(cmd.PlayCard("i19"))
    assert "i12" not in t.options()
    assert cmd.PlayCard("i08") in t.legal()
    t.do(cmd.PlayCard("i08"))
    assert "i12" in t.options()
    t.choose("i12")
    assert t.state.seats[0].res == R("M")


def test_only_free_actions_come_between_a_main_actions_questions() -> None:
    t = turtle_asking()
    # a main card, an artifact, resources for a buy and research, an archaeologist at home
    t.hand(0, ["i16", "a09", "i05"]).res(0, "9M9C9T9A9J").row(["a02"], ["i12"])
    legal = t.legal()
    assert {type(c) for c in legal} == {cmd.Choose, cmd.PlayCard, cmd.UseBoon}
    assert [c for c in legal if isinstance(c, cmd.PlayCard)] == [cmd.PlayCard("i05")]
    for command in (cmd.Pass(), cmd.Buy("i12"), cmd.PlayCard("i16"), cmd.EndTurn()):
        with pytest.raises(IllegalCommand, match="only free actions may come in between"):
            t.do(command)


def test_no_free_action_inside_a_free_actions_own_question() -> None:
    # the Watch (a free card) asks: 2 coins, or pass for 3; its question takes no boon
    t = Table()
    t.hand(0, ["i15", "i05"]).guardians(0, ["g01"]).idols(0, 1)
    t.do(cmd.PlayCard("i15"))
    assert not interleaving(t.state)
    assert all(isinstance(c, cmd.Choose) for c in t.legal())
    t.choose("0")
    # nor inside an idol slot's question after the main action
    t.do(cmd.Pass())
    t.do(cmd.SlotIdol())
    assert all(isinstance(c, cmd.Choose) for c in t.legal())
    with pytest.raises(IllegalCommand, match=r"answer the question first$"):
        t.do(cmd.UseBoon("g01"))


def test_no_free_action_at_the_leftover_cards_question() -> None:
    t = Table()
    t.hand(0, ["i05", "b0fc"])
    t.do(cmd.Pass())
    assert cmd.PlayCard("i05") in t.legal(), "after passing, free actions may still follow"
    t.do(cmd.EndTurn())
    assert t.state.stack[-1].key == "keep"
    assert all(isinstance(c, cmd.Choose) for c in t.legal())


def test_undo_redo_and_every_fold_agree_after_an_interleaved_boon() -> None:
    t = turtle_asking()
    referee = t.start()
    before = RULES.dump_position(referee.state)
    t.do(cmd.UseBoon("g01"))
    after = RULES.dump_position(referee.state)
    t.do(Undo())
    assert RULES.dump_position(referee.state) == before
    assert "L2.3" not in t.options()
    t.do(cmd.UseBoon("g01"))  # and again: the same position
    assert RULES.dump_position(referee.state) == after
    t.choose("L2.3")
    assert RULES.dump_position(fold(referee.log)[1]) == RULES.dump_position(referee.state)
    # each seat folding only its projected events sees the same board
    for seat in (0, 1):
        seen = [Envelope(e.seq, RULES.project(e.event, seat), e.prev) for e in referee.log]
        view = fold(seen)[1]
        assert view.occupant == referee.state.occupant and view.pool == []
        assert view.seats[0].boons_used == ["g01"]


def test_random_games_interleave_free_actions_and_stay_consistent() -> None:
    """The random bot (uniform over legal commands) takes free actions during main actions in
    ordinary games; the conformance check passes over them, and every fold agrees."""
    free_events = (ev.CardPlayed, ev.AssistantUsed, ev.BoonUsed, ev.IdolSlotted)
    interleaved = 0
    for seed in range(6):
        config = RULES.config(2 + seed % 3, {"side": ("bird", "snake")[seed % 2]})
        referee = check_playout(RULES, config, f"interleave-{seed}", listed_sample=1)
        state = fold(referee.log[:1])[1]
        for env in referee.log[1:]:
            if isinstance(env.event, free_events) and state.stack:
                interleaved += 1
                assert interleaving(state)
            if not isinstance(env.event, GameEnded):
                state = RULES.evolve(state, env.event)
        assert RULES.dump_position(state) == RULES.dump_position(referee.state)
    assert interleaved >= 6

"""004's three rulings of issue 22 (rules version 2), each beside the version-1 rule that logs
recorded before keep: the row's effect may come before a research bonus tile; the snake side's
rescue may be declined; the final scoring is an event with 004's scoring list, so a seat that
does not know every deck counts the same points as the referee."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.audit import audit
from core.bots import RandomBot, play_out
from core.fold import fold
from core.games.arnak import RULES
from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak.rules import Arnak
from core.games.arnak.state import Assistant
from core.referee import Referee
from replays.export import to_text, visible
from tests.kit.arnak_builder import Table


def row_six_table() -> Table:
    """Bird side: the glass one step below row 6 (draw 1), an exile bonus tile on space 10."""
    t = Table()
    t.research(0, glass=9).res(0, "CJ").deck(0, ["f01"]).hand(0, ["b0fc"])
    t.state.bonus = {10: ["r10"]}
    t.state.bonus_box.remove("r10")
    return t


def test_the_rows_effect_may_come_before_the_bonus_tile() -> None:
    """004 (research): the row's effect may be followed first, then the bonus tile's; here the
    Fear card the row draws is exiled by the bonus tile, which taking the tile first could not."""
    t = row_six_table()
    t.do(cmd.Research("glass", "10"))
    assert t.options() == ["r10", "row"]
    t.choose("row")  # draw 1 first
    t.choose("1")
    assert t.state.seats[0].hand == ["b0fc", "f01"]
    assert t.options() == ["r10"], "then the bonus tile: the row is not offered again"
    t.choose("r10")
    assert "f01" in t.options(), "the drawn card can be exiled"
    t.choose("f01")
    assert t.state.seats[0].hand == ["b0fc"] and "f01" in t.state.fear_deck
    assert t.state.seats[0].bonus_tiles == ["r10"] and t.state.stack == []


def test_the_bonus_tile_first_runs_its_effect_then_the_row() -> None:
    t = row_six_table()
    t.do(cmd.Research("glass", "10")).choose("r10")
    assert "f01" not in t.options(), "the bonus tile's exile comes before the draw"
    t.choose("b0fc")
    t.choose("1")  # then the row: draw 1
    assert t.state.seats[0].hand == ["f01"] and t.state.stack == []


def test_the_snake_sides_rescue_may_be_declined() -> None:
    """004: the glass 'kann' rescue an assistant: after looking through the stack the player may
    take none (the idol for the bridge is paid all the same)."""
    t = Table(side="snake")
    t.research(0, glass=7).idols(0, crates=1)
    t.state.rescue = ["h03", "h07"]
    t.do(cmd.Research("glass", "8"))
    assert t.options() == ["h03", "h07", "skip"]
    t.choose("skip")
    assert t.state.seats[0].assistants == [] and t.state.rescue == ["h03", "h07"]
    assert t.state.idols_spent == 1 and t.state.stack == []


def test_a_rescue_taken_arrives_exhausted_as_before() -> None:
    t = Table(side="snake")
    t.research(0, glass=7).idols(0, crates=1)
    t.state.rescue = ["h03", "h07"]
    t.do(cmd.Research("glass", "8")).choose("h03")
    assert t.state.seats[0].assistants == [Assistant("h03", exhausted=True)]


def random_game(seed: str, side: str = "bird") -> Referee[object]:
    config = RULES.config(2, {"side": side})
    referee: Referee[object] = Referee(RULES, config, ["Ann", "Bob"], seed=seed)
    referee.begin()
    play_out(referee, {s: RandomBot(f"{seed}/{s}") for s in range(2)})
    return referee


def test_every_seat_counts_the_final_scoring_as_the_referee_does() -> None:
    """A seat's view does not know the other decks (nor its own deck's order), so it could not
    count the items and artifacts in them; the final scoring is an event all receive."""
    referee = random_game("rulings-final")
    log = referee.log
    final = [e.event for e in log if isinstance(e.event, ev.FinalScoring)]
    assert len(final) == 1 and log[-2].event == final[0], "counted right before the end"
    outcome = RULES.outcome(referee.state)  # type: ignore[arg-type]
    assert outcome is not None
    assert [dict(p) for p in final[0].parts] == [
        {k: v for k, v in p.items() if k != "total"} for p in outcome.parts
    ]
    for seat in (0, 1, None):
        _, seen = fold(list(visible(log[:-1], seat)))  # before GameEnded reveals anything
        assert RULES.outcome(seen) == outcome
    text = to_text(log)
    assert "Final scoring: Ann " in text and "items and artifacts" in text and "Fear" in text


def test_a_log_of_rules_version_1_verifies_as_it_was_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Version 1 ended without a final scoring event (its totals are the same); its logs keep
    verifying, and the same log claimed under version 2 is caught."""
    with monkeypatch.context() as old:
        old.setattr(Arnak, "version", 1)
        referee = random_game("rulings-v1", side="snake")
    log = referee.log
    assert log[0].event.rules_version == 1  # type: ignore[attr-defined]
    assert not any(isinstance(e.event, ev.FinalScoring) for e in log)
    report = audit(log)
    assert report.ok, report.problems
    rules, state = fold(log)
    assert rules.outcome(state).scores == log[-1].event.scores  # type: ignore[union-attr,attr-defined]
    forged = [replace(log[0], event=replace(log[0].event, rules_version=2)), *log[1:]]
    (problem,) = audit(forged).problems
    assert problem.endswith("the game ends before the rules' forced arnak.final_scoring")


def test_version_1_asks_the_bonus_tile_first_and_rescues_without_a_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Arnak, "version", 1)
    t = row_six_table()
    t.do(cmd.Research("glass", "10"))
    assert t.state.rules_version == 1 and t.options() == ["r10"]
    t = Table(side="snake")
    t.research(0, glass=7).idols(0, crates=1)
    t.state.rescue = ["h03", "h07"]
    t.do(cmd.Research("glass", "8"))
    assert t.options() == ["h03", "h07"]

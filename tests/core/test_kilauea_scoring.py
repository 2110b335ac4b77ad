"""Scoring: a worked example with ties for the tallest column, both scorings waiting for the end
of the turn, the final bonuses (15 VP for all 5 sectors), and the tie-break."""

from __future__ import annotations

from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea.scoring import worth
from core.games.kilauea.state import Phase
from core.lifecycle import GameEnded
from tests.kit.kilauea_builder import GINGER, HIBISCUS, LEHUA, ORCHID, PLUMERIA, Table


def test_the_tallest_columns_score_1_the_others_3_an_empty_one_0() -> None:
    assert worth([3, 3, 1, 0]) == (3, 3, 3, 0), "a tie for the tallest: both score 1 a Tiki"
    assert worth([2, 4, 2, 2]) == (6, 4, 6, 6)
    assert worth([1, 1, 1, 1]) == (1, 1, 1, 1)
    assert worth([0, 0, 0, 0]) == (0, 0, 0, 0)
    assert worth([6, 0, 5, 0]) == (6, 0, 15, 0)


def example() -> Table:
    """Red (seat 0) is in ginger and about to cut the ginger forest's last Tiki.

    The volcano (red, yellow, green, blue): hibiscus and plumeria 1 1 1 1; orchid 3 3 1 0 (red
    and yellow tie for the tallest); ginger 2 4 2 2; lehua 5 0 0 2. Islands: Red orchid red green
    green, ginger yellow, lehua blue red; Blue orchid blue, ginger red blue, hibiscus yellow;
    Yellow lehua blue blue yellow, plumeria green."""
    t = Table(3, canoe="ginger b").forest(GINGER, o1="red")
    t.forest(HIBISCUS, m1="green", m2="yellow", m3="green", m4="blue")  # fewer reds in the box
    t.volcano(ORCHID, red=3, yellow=3, green=1, blue=0)
    t.volcano(GINGER, red=2, yellow=4, green=2, blue=2)
    t.volcano(LEHUA, red=5, yellow=0, green=0, blue=2)
    t.island(0, ORCHID, "red", "green", "green").island(0, GINGER, "yellow")
    t.island(0, LEHUA, "blue", "red")
    t.island(1, ORCHID, "blue").island(1, GINGER, "red", "blue").island(1, HIBISCUS, "yellow")
    t.island(2, LEHUA, "blue", "blue", "yellow").island(2, PLUMERIA, "green")
    return t


def test_the_intermediate_scoring_waits_for_the_end_of_the_turn() -> None:
    d = example().referee()
    events = d.do(0, cmd.CutTiki(GINGER, "o1"))
    assert ev.ForestEmptied(0, GINGER, 1) in events
    assert d.state.scorings == [] and d.state.emptied == [GINGER]
    events = d.do(0, cmd.EndTurn())
    scored = next(e for e in events if isinstance(e, ev.ScoringRound))
    assert scored == ev.ScoringRound(
        "intermediate",
        (GINGER, LEHUA, HIBISCUS, PLUMERIA, ORCHID),  # from the canoe's sector, clockwise
        ((6, 4, 6, 6), (5, 0, 0, 6), (1, 1, 1, 1), (1, 1, 1, 1), (3, 3, 3, 0)),
        ((4, 12, 0), (11, 0, 12), (0, 1, 0), (0, 0, 1), (9, 0, 0)),
    )
    assert [d.state.points[s]["intermediate"] for s in range(3)] == [24, 13, 13]
    assert d.state.scorings == ["intermediate"]
    assert d.state.phase is Phase.MOVE and d.state.active == 1, "the game goes on"


def test_tiles_used_after_emptying_the_forest_count_for_the_scoring() -> None:
    """Red cuts the last Tiki, then uses 5A (the reef tile) to move ginger's yellow Tiki to
    lehua: ginger's columns become 2 3 2 2 before the scoring."""
    d = example().arrange(reef=[4, 3, 2, 5, 1]).referee()  # ginger b touches reef 3: 5A
    d.do(0, cmd.CutTiki(GINGER, "o1"))
    d.do(0, cmd.UseTile(5, sector=GINGER, colour="yellow", to=LEHUA))
    events = d.do(0, cmd.EndTurn())
    scored = next(e for e in events if isinstance(e, ev.ScoringRound))
    assert scored.worth[0] == (6, 3, 6, 6) and scored.worth[1] == (5, 3, 0, 6)
    assert scored.points[0] == (3, 12, 0)


def final_example() -> Table:
    """Two forests are already empty and scored once; Red empties the third (ginger)."""
    t = example().set(emptied=["orchid", "plumeria"], scorings=["intermediate"])
    t.forest(ORCHID).forest(PLUMERIA)
    t.tiles([1, 2, 3, 4, 5], [6, None, None, 9, 10], [None, 7, 8, None, None])
    t.island(0, HIBISCUS, "green").island(0, PLUMERIA, "green")  # Red: all 5 sectors
    t.stones(0, 5).canoe(0, "red", "blue").stones(1, 3).canoe(2, "blue")
    t.points(0, "intermediate", 20).points(1, "intermediate", 30).points(2, "tiles", 4)
    return t


def test_the_third_empty_forest_ends_the_game_after_the_turn() -> None:
    d = final_example().referee()
    d.do(0, cmd.CutTiki(GINGER, "o1"))
    assert d.state.phase is Phase.CUTTING, "the turn goes on: tiles may still be used"
    events = d.do(0, cmd.EndTurn())
    kinds = [type(e) for e in events]
    assert kinds == [
        ev.TurnEnded,
        ev.GameEnding,
        ev.ScoringRound,
        ev.FinalBonuses,
        ev.GameOver,
        GameEnded,
    ]
    assert events[1] == ev.GameEnding("forests")
    final = events[2]
    assert isinstance(final, ev.ScoringRound) and final.kind == "final"
    # Red's new island Tikis: hibiscus green (1), plumeria green (1)
    assert [sum(row[s] for row in final.points) for s in range(3)] == [26, 13, 13]
    assert events[3] == ev.FinalBonuses((15, 0, 0), (2, 1, 0), (3, 0, 1))
    assert events[4] == ev.GameOver((20 + 26 + 15 + 2 + 3, 30 + 13 + 1, 4 + 13 + 1), (0,), "score")
    assert d.state.phase is Phase.OVER and d.referee.ended


def test_the_first_and_third_forest_in_one_turn_score_twice() -> None:
    t = final_example().set(scorings=[]).points(1, "intermediate", 0)
    t.points(0, "intermediate", 0)
    d = t.referee()
    d.do(0, cmd.CutTiki(GINGER, "o1"))
    events = d.do(0, cmd.EndTurn())
    rounds = [e.kind for e in events if isinstance(e, ev.ScoringRound)]
    assert rounds == ["intermediate", "final"]
    assert d.state.points[0]["intermediate"] == d.state.points[0]["final"] == 26


def over(points: list[int], islands: list[int]) -> Table:
    """The final bonuses are scored; ``points`` and island Tiki counts per seat."""
    t = Table(3, phase="final", canoe="lehua a").set(
        scorings=["intermediate", "final"], bonuses_scored=True, end="forests"
    )
    for seat, (vp, tikis) in enumerate(zip(points, islands, strict=True)):
        t.points(seat, "final", vp).island(seat, HIBISCUS, *["red"] * tikis)
    return t


def test_most_vp_wins() -> None:
    d = over([31, 30, 12], [5, 2, 0]).referee()
    outcome = d.referee.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.tiebreak == ""
    assert outcome.ranking == (0, 1, 2)


def test_a_tie_goes_to_fewer_tikis_on_the_island() -> None:
    d = over([30, 30, 12], [3, 2, 0]).referee()
    outcome = d.referee.outcome()
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.tiebreak == "fewer Tikis on the island"
    assert outcome.ranking == (1, 0, 2)
    assert outcome.parts[1]["total"] == 30
    last = d.referee.log[-2].event
    assert last == ev.GameOver((30, 30, 12), (1,), "fewer Tikis on the island")


def test_a_full_tie_is_shared() -> None:
    d = over([30, 30, 12], [2, 2, 0]).referee()
    outcome = d.referee.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.tiebreak == "draw"
    over_event = d.referee.log[-2].event
    assert over_event == ev.GameOver((30, 30, 12), (0, 1), "shared"), "the log keeps its words"
    ended = d.referee.log[-1].event
    assert isinstance(ended, GameEnded) and ended.winners == (0, 1)

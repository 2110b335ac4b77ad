"""The end of the game and its scoring: both end conditions, the last round, the turn limit,
the boat examples, the empty-place penalty and both tie-breaks."""

from __future__ import annotations

from core.games.maunakea import RULES
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.state import Phase
from core.referee import Referee
from tests.kit.maunakea_builder import Builder, Driver, lava_id


def near_n1(players: int = 3) -> Builder:
    """Red's only explorer stands at c1 next to landing N1 (brown boat), carrying two whites."""
    b = Builder(players=players)
    b.tile("B1", "JJJJ")
    b.tile("H5", "JJJJ")
    b.explorer(0, 0, "c1", ["white", "white"])
    for seat in range(1, players):
        b.explorer(seat, 0, f"o{8 + seat}")
    b.pool(1)
    return b


def test_a_player_with_no_explorer_left_ends_the_game_after_one_more_round() -> None:
    b = near_n1(players=3)
    spare = b.hand(0, 2)[0]
    blue_tile = b.hand(1, 3)[0]
    yellow_tile = b.hand(2, 3)[0]
    d = Driver(b.state())
    events = d.do(0, cmd.Board(0, ("white", "white")))
    trigger = next(e for e in events if isinstance(e, ev.EndTriggered))
    assert trigger == ev.EndTriggered("no_explorers", 0, (1, 2))
    assert d.state.active == 0, "the player whose turn it is may still play every tile"
    d.do(0, cmd.SpendTile(spare))
    events = d.do(0, cmd.EndTurn())
    assert not any(isinstance(e, ev.TileDrawn) for e in events), "no drawing after the end"
    assert d.state.active == 1
    d.do(1, cmd.SpendTile(blue_tile))
    d.do(1, cmd.EndTurn())
    assert d.state.active == 2
    d.do(2, cmd.SpendTile(yellow_tile))
    events = d.do(2, cmd.EndTurn())
    assert isinstance(events[-1], ev.FinalScoring)
    assert d.state.phase is Phase.OVER
    result = RULES.outcome(d.state)
    assert result is not None and result.scores == (4, 0, 0) and result.winners == (0,)


def test_lava_taking_a_players_last_explorer_ends_the_game_and_stops_the_draw() -> None:
    b = Builder(players=2)
    b.tile("D4", "JJJJ")
    b.explorer(0, 0, "r1")
    b.tile("I1", "JJJJ")
    b.explorer(1, 0, "g7")  # Blue's only explorer, where flow ▲ grows first
    d = Driver(b.state())
    d.draws(lava_id("▲", "straight"), 0, 1, 2)
    events = d.do(0, cmd.EndTurn())
    names = [type(e).__name__ for e in events]
    assert names == [
        "TurnPlayed",
        "TileDrawn",
        "LavaPlaced",
        "EndTriggered",
        "TurnEnded",
        "TurnStarted",
    ]
    assert d.state.hands[0] == [], "Red draws no more once the end is triggered"
    assert d.state.active == 1, "Blue still gets a last turn"


def test_nobody_can_leave_when_the_last_boat_is_gone() -> None:
    b = near_n1(players=2)
    b.explorer(0, 1, "h9")
    b.dock_only(N1="brown")
    d = Driver(b.state())
    events = d.do(0, cmd.Board(0, ("white", "white")))
    assert ev.EndTriggered("no_way_off", 0, (1,)) in events


def test_nobody_can_leave_when_lava_covers_every_landing_left() -> None:
    b = Builder(players=2)
    b.tile("H5", "JJJJ")
    b.explorer(0, 0, "o9")
    b.explorer(1, 0, "p9")
    b.dock_only(N1="brown")
    b.lava("B1", "◆", travel="W")  # c1 d1
    state = b.state()
    assert RULES.forced(state) == [], "half of N1 is still open"
    b.lava("C1", "■", travel="W")  # e1 f1: all four spaces of landing N1 are lava
    assert RULES.forced(b.state()) == [ev.EndTriggered("no_way_off", 0, (1,))]


def test_the_turn_limit_ends_the_game_like_the_rulebook_end() -> None:
    config = RULES.config(3, {"turn_limit": 4, "start_player": 0})
    referee = Referee(RULES, config, ["R", "B", "Y"], seed="limit")
    referee.begin()
    from core.bots import RandomBot, play_out

    play_out(referee, {s: RandomBot(f"{s}") for s in range(3)})
    log = [e.event for e in referee.log]
    trigger = next(e for e in log if isinstance(e, ev.EndTriggered))
    turns = [e.turn for e in log if isinstance(e, ev.TurnStarted)]
    assert trigger.reason == "turn_limit"
    assert turns == [1, 2, 3, 4, 5, 6], "turn 4 triggers the end; the two others play once more"
    assert referee.ended


def test_rulebook_boat_examples_seven_and_four_points() -> None:
    b = near_n1(players=2)
    b.doc["explorers"][0][0]["carried"] = ["white", "white", "grey"]
    b.explorer(0, 1, "h9")
    d = Driver(b.state())
    d.do(0, cmd.Board(0, ("white", "white", "grey")))
    from core.games.maunakea.scoring import score_parts

    assert score_parts(d.state, 0) == {
        "explorers": 3,
        "white": 2,
        "grey": 2,
        "black": 0,
        "empty places": 0,
        "total": 7,
    }
    b = near_n1(players=2)
    b.explorer(0, 1, "h9")
    d = Driver(b.state())
    d.do(0, cmd.Board(0, ("white", "white")))
    assert score_parts(d.state, 0)["total"] == 4
    assert score_parts(d.state, 0)["empty places"] == -1


def over(b: Builder) -> Builder:
    b.doc["phase"] = "over"
    b.doc["active"] = None
    return b


def test_ties_go_to_more_explorers_on_the_island() -> None:
    b = over(Builder(players=2))
    b.tile("H5", "JJJJ")
    b.explorer(0, 0, "o9")
    b.explorer(1, 0, "p9")
    b.explorer(1, 1, "o10")
    result = RULES.outcome(b.state())
    assert result is not None and result.winners == (1,)
    assert result.tiebreak == "explorers on the island"


def test_then_to_more_artifacts_carried_on_the_island_then_a_draw() -> None:
    b = over(Builder(players=2))
    b.tile("H5", "JJJJ")
    b.explorer(0, 0, "o9", ["white", "white"])
    b.explorer(1, 0, "p9", ["black"])
    result = RULES.outcome(b.state())
    assert result is not None and result.winners == (0,)
    assert result.tiebreak == "artifacts carried on the island"
    b.doc["explorers"][0][0]["carried"] = ["white"]
    result = RULES.outcome(b.state())
    assert result is not None and result.winners == (0, 1) and result.tiebreak == "draw"


def test_score_decides_before_any_tiebreak() -> None:
    b = over(Builder(players=2))
    b.tile("H5", "JJJJ")
    b.explorer(0, 0, "o9")
    b.explorer(1, 0, "p9")
    b.explorer(1, 1, "p10")
    b.doc["taken"] = [{"seat": 0, "boat": "green", "explorer": 1, "cargo": ["white"]}]
    b.doc["docked"].pop("N2")
    b.doc["explorers"][0][1] = {"status": "boat", "space": None, "carried": []}
    result = RULES.outcome(b.state())
    assert result is not None and result.scores == (4, 0) and result.tiebreak == ""

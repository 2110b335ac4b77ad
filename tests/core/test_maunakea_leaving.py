"""The base game's "nobody can leave the island" (issue 11): the game ends once no explorer can
reach a space of a docked boat's landing, even if every empty slot were filled with jungle.
Lava, mountains and the volcano block; empty slots do not. The end then runs as the rulebook
says, and the position keeps the turn it was triggered on, the whole final round and, once over,
the result."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.audit import audit
from core.bots import RandomBot, play_out
from core.errors import PositionError
from core.fold import fold
from core.games.maunakea import RULES
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.leaving import nobody_can_leave, someone_can_leave
from core.games.maunakea.rules import MaunaKea
from core.games.maunakea.state import EndState, Phase
from core.referee import Referee
from tests.kit.maunakea_builder import Builder, Driver, sl


def walled_in_h8(advanced: bool = False) -> Builder:
    """Red's and Blue's explorers in slot H8 (o15 … p16), lava on three sides of it (H7, G8,
    I8). H9 below is an empty slot whose bottom spaces o18, p18 belong to landing S1."""
    b = Builder(players=2, advanced=advanced)
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15", ["white"])
    b.explorer(1, 0, "p16")
    b.lava("H7", "▲")
    b.lava("G8", "●")
    b.lava("I8", "■")
    return b


def test_an_empty_slot_could_still_open_a_way_so_the_game_goes_on() -> None:
    state = walled_in_h8().state()
    assert someone_can_leave(state)
    assert RULES.forced(state) == []


def test_the_tile_that_walls_every_explorer_off_ends_the_game() -> None:
    b = walled_in_h8()
    (wall,) = b.hand_tiles(0, "JJMM")  # turned twice: its mountains face north, onto H8
    red_spare = b.hand(0, 2)[0]
    blue_tile = b.hand(1, 3)[0]
    d = Driver(b.state())
    events = d.do(0, cmd.PlaceTile(wall, sl("H9"), 2))
    assert events == [
        ev.TilePlaced(0, wall, sl("H9"), 2),
        ev.EndTriggered("no_way_off", 0, (1,)),
    ]
    assert d.state.end == EndState("no_way_off", 0, 5, (1,), (1,))
    assert d.state.active == 0, "the player whose turn it is plays out their tiles"
    d.do(0, cmd.SpendTile(red_spare))
    events = d.do(0, cmd.EndTurn())
    assert not any(isinstance(e, ev.TileDrawn) for e in events), "nobody draws any more"
    assert d.state.active == 1 and d.state.turn == 6, "Blue gets one more turn"
    doc = RULES.dump_position(d.state)
    assert doc["end"] == {
        "reason": "no_way_off",
        "seat": 0,
        "turn": 5,
        "final_turns": [1],
        "to_play": [],
    }, "the final round and the turn of the trigger are kept while it is played"
    assert doc["result"] is None, "no result while the game runs"
    d.do(1, cmd.SpendTile(blue_tile))
    events = d.do(1, cmd.EndTurn())
    assert isinstance(events[-1], ev.FinalScoring) and d.state.phase is Phase.OVER
    doc = RULES.dump_position(d.state)
    assert doc["end"]["turn"] == 5 and doc["end"]["final_turns"] == [1]
    assert doc["result"] == {
        "winners": [0],
        "ranking": [0, 1],
        "scores": [0, 0],
        "parts": [
            {"explorers": 0, "white": 0, "grey": 0, "black": 0, "empty places": 0, "total": 0},
        ]
        * 2,
        "tiebreak": "artifacts carried on the island",
        "ended_by": "no_way_off",
    }


def test_the_advanced_game_ends_only_on_its_own_two_conditions() -> None:
    """Its end section lists a player without explorers and the tile supply used up: nothing
    else, so walled-off explorers play on while the bag holds tiles."""
    for advanced in (False, True):
        b = walled_in_h8(advanced=advanced)
        b.tile("H9", "JJMM", turn=2)
        state = b.state()
        assert not someone_can_leave(state)
        expected = [] if advanced else [ev.EndTriggered("no_way_off", 0, (1,))]
        assert RULES.forced(state) == expected


def test_a_landing_whose_spaces_are_all_mountain_cannot_be_reached() -> None:
    b = Builder(players=2)
    b.dock_only(N1="brown")  # its spaces c1 d1 e1 f1 are the top rows of B1 and C1
    b.tile("B1", "JJMM", turn=2)  # mountains on c1 d1
    b.tile("C1", "JJMM", turn=0)  # jungle on e1 f1
    b.explorer(0, 0, "c2")
    b.explorer(1, 0, "f2")
    assert RULES.forced(b.state()) == []
    b.doc["board"]["C1"]["turn"] = 2  # mountains on e1 f1 too
    assert RULES.forced(b.state()) == [ev.EndTriggered("no_way_off", 0, (1,))]


def test_an_explorer_standing_on_a_docked_boats_landing_can_leave_however_walled_in() -> None:
    b = walled_in_h8()
    b.tile("H9", "JJMM", turn=2)  # H8 is closed on all four sides: Blue cannot leave
    b.tile("B1", "JMMM")  # c1 jungle; d1, c2, d2 mountain
    b.lava("A1", "◆")  # b1 lava: c1 is a pocket of one space, on landing N1
    b.explorer(0, 0, "c1")
    assert RULES.forced(b.state()) == [], "Red stands where N1's boat can be boarded"
    b.dock_only(**{name: boat for name, boat in b.doc["docked"].items() if name != "N1"})
    assert RULES.forced(b.state()) == [ev.EndTriggered("no_way_off", 0, (1,))]


def test_the_remembered_answer_follows_a_laid_tile() -> None:
    b = walled_in_h8()
    (wall,) = b.hand_tiles(0, "JJMM")
    d = Driver(b.state())
    assert not nobody_can_leave(d.state)
    assert not nobody_can_leave(d.state), "asked again, unchanged"
    d.apply([ev.TilePlaced(0, wall, sl("H9"), 2)])
    assert nobody_can_leave(d.state)


def format_1_mid_final_round() -> Builder:
    """A format-1 position of a 3-player game on turn 12: Red triggered the end by the turn
    limit on turn 11, Blue plays its final turn now, Yellow is still to play (format 1 said only
    that, as ``final_turns``)."""
    b = Builder(players=3, active=1, turn=12)
    b.tile("H5", "JJJJ")
    for seat in range(3):
        b.explorer(seat, 0, f"o{9 + seat}")
    b.hand(1, 3)
    b.hand(2, 3)
    b.doc["format"] = 1
    b.doc["config"]["turn_limit"] = 11
    b.doc["end"] = {"reason": "turn_limit", "seat": 0, "final_turns": [2]}
    return b


def test_a_format_1_position_still_loads_with_its_final_round_rebuilt() -> None:
    state = format_1_mid_final_round().state()
    assert state.end == EndState("turn_limit", 0, 11, (1, 2), (2,))
    doc = RULES.dump_position(state)
    assert doc["format"] == 2
    assert doc["end"] == {
        "reason": "turn_limit",
        "seat": 0,
        "turn": 11,
        "final_turns": [1, 2],
        "to_play": [2],
    }
    assert RULES.dump_position(RULES.load_position(doc)) == doc
    b = format_1_mid_final_round()
    b.doc["end"]["final_turns"] = [1]
    with pytest.raises(PositionError, match=r"not what remains of the final round \[1, 2\]"):
        b.state()


def test_a_replay_started_from_a_format_1_position_folds_and_verifies() -> None:
    position = format_1_mid_final_round().position()
    config = RULES.config(3, {"turn_limit": 11})
    referee = Referee(RULES, config, ["R", "B", "Y"], seed="old", position=position)
    referee.begin()
    play_out(referee, {s: RandomBot(f"old/{s}") for s in range(3)})
    assert referee.ended
    started = referee.log[0].event
    assert started.position is not None and started.position["format"] == 1
    report = audit(referee.log)
    assert report.ok, report.problems
    _, state = fold(referee.log)
    assert RULES.dump_position(state) == RULES.dump_position(referee.state)
    turns = [e.event.seat for e in referee.log if isinstance(e.event, ev.TurnStarted)]
    assert turns == [2], "only Yellow's final turn was left"


def test_a_log_of_rules_version_1_verifies_as_it_was_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Version 1 ended the game only when every docked landing was lava: its logs play on past
    a wall, and keep verifying; the same log claimed under version 2 is caught."""
    b = walled_in_h8()
    (wall,) = b.hand_tiles(0, "JJMM")
    spare = b.hand(0, 2)[0]
    config = RULES.config(2)
    with monkeypatch.context() as old:
        old.setattr(MaunaKea, "version", 1)
        referee = Referee(RULES, config, ["R", "B"], seed="v1", position=b.position())
        referee.begin()
        referee.submit(0, cmd.PlaceTile(wall, sl("H9"), 2))
        assert referee.state.end is None, "version 1 plays on"
        referee.submit(0, cmd.SpendTile(spare))
    log = referee.log
    assert log[0].event.rules_version == 1
    assert audit(log).ok
    forged = [replace(log[0], event=replace(log[0].event, rules_version=2)), *log[1:]]
    (problem,) = audit(forged).problems
    placed = next(env.seq for env in log if isinstance(env.event, ev.TilePlaced))
    assert problem == (
        f"event {placed + 1}: the log differs from what the rules make of the forced follow-up"
    ), "version 2 ends the game right after the wall"

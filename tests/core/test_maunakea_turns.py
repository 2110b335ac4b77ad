"""A turn: every tile played (placed or spent), movement, artifacts, boarding, refilling."""

from __future__ import annotations

import pytest

from core.games.maunakea import RULES
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.components import Terrain
from core.games.maunakea.state import Kind, Phase, Status
from tests.kit.maunakea_builder import Builder, Driver, sl, sp


def example_board() -> Builder:
    """The rulebook's movement example: c6 jungle, c5 and c4 water, c3 and c2 jungle, then c1
    next to the N1 landing; a white artifact on c4."""
    b = Builder(players=2)
    b.tile("B3", "JJJW", turn=1)  # c5 water, d5 jungle, d6 jungle, c6 jungle
    b.tile("B2", "JJWW", turn=0)  # c3 jungle, d3 jungle, d4 water, c4 water
    b.tile("B1", "JJJJ")  # c1 d1 d2 c2
    b.explorer(0, 0, "c6")
    b.explorer(1, 0, "d6")
    b.artifacts("c4", "white")
    return b


def test_the_board_reads_as_built() -> None:
    state = example_board().state()
    kinds = {name: state.terrain(sp(name)) for name in ("c6", "c5", "c4", "c3", "c2", "d4")}
    assert kinds == {
        "c6": Terrain.JUNGLE,
        "c5": Terrain.WATER,
        "c4": Terrain.WATER,
        "c3": Terrain.JUNGLE,
        "c2": Terrain.JUNGLE,
        "d4": Terrain.WATER,
    }
    assert state.terrain(sp("a1")) is Terrain.NONE
    assert state.terrain(sp("i9")) is Terrain.VOLCANO


def test_rulebook_example_2_2_1_1_with_the_white_artifact() -> None:
    b = example_board()
    b.hand(0, 3, 3)
    d = Driver(b.state())
    d.do(0, cmd.SpendTile(d.state.hands[0][0]))
    d.do(0, cmd.SpendTile(d.state.hands[0][0]))
    assert d.state.pool == 6
    costs = []
    for name in ("c5", "c4", "c3", "c2"):
        (moved,) = d.do(0, cmd.Move(0, sp(name)))
        assert isinstance(moved, ev.ExplorerMoved)
        costs.append(moved.cost)
        if name == "c4":
            d.do(0, cmd.PickUp(0, "white"))
    assert costs == [2, 2, 1, 1]
    assert d.state.pool == 0
    assert d.state.explorers[0][0].carried == ["white"]
    assert d.state.explorers[0][0].space == sp("c2")


def test_a_move_to_a_far_space_takes_the_cheapest_path_and_is_refused_beyond_the_pool() -> None:
    b = example_board()
    b.pool(5)
    d = Driver(b.state())
    reason = d.refused(0, cmd.Move(0, sp("c2")))
    assert "cannot be reached with 5 MP" in reason
    d.state.pool = 6
    (moved,) = d.do(0, cmd.Move(0, sp("c2")))
    assert moved.cost == 6 and moved.path[-1] == sp("c2")


def test_no_diagonal_steps() -> None:
    b = example_board()
    b.pool(1)
    d = Driver(b.state())
    # d5 is diagonal to c6 (and jungle, 1 MP) but needs two orthogonal steps
    assert cmd.Move(0, sp("d5")) not in RULES.legal_commands(d.state, 0)
    assert "cannot be reached with 1 MP" in d.refused(0, cmd.Move(0, sp("d5")))


@pytest.mark.parametrize(
    ("blocker", "why"),
    [("mountain", "mountain"), ("lava", "lava"), ("empty", "no tile"), ("occupied", "explorer")],
)
def test_blocked_spaces_are_neither_entered_nor_jumped(blocker: str, why: str) -> None:
    b = Builder(players=2)
    b.tile("B2", "JJJJ")  # c3 d3 d4 c4
    if blocker == "mountain":
        b.tile("B1", "JJMM", turn=2)  # turn 2: TL M, TR M, BR J, BL J -> c1 d1 mountain
    elif blocker == "lava":
        b.lava("B1", "▲")
    elif blocker == "occupied":
        b.tile("B1", "JJJJ")
        b.explorer(1, 0, "c2")
        b.explorer(1, 1, "d2")
    b.tile("C1", "JJJJ")  # e1 f1 f2 e2: the far side of B1
    b.explorer(0, 0, "c3")
    if blocker != "occupied":
        b.tile("I9", "JJJJ")
        b.explorer(1, 0, "r18")
    b.pool(10)
    d = Driver(b.state())
    legal = RULES.legal_commands(d.state, 0)
    targets = {c.to for c in legal if isinstance(c, cmd.Move)}
    if blocker == "mountain":
        assert sp("c1") not in targets and sp("d1") not in targets
        assert sp("c2") in targets  # the jungle half of B1
    else:
        assert sp("c2") not in targets and sp("d2") not in targets
        # B1 blocks the way north: e1/e2 (on C1) are reachable only around it, and there is
        # no way around, so they are out of reach whatever the MP
        assert sp("e2") not in targets and sp("e1") not in targets
    reason = d.refused(0, cmd.Move(0, sp("c2") if blocker != "mountain" else sp("c1")))
    expected = "c2 is an empty slot: no tile lies there yet" if blocker == "empty" else "cannot"
    assert expected in reason, why


def test_every_tile_must_be_played_before_the_turn_ends() -> None:
    b = example_board()
    placed_tile, spent_tile = b.hand(0, 2, 3)
    d = Driver(b.state())
    assert "play every tile first (2 left" in d.refused(0, cmd.EndTurn())
    assert cmd.EndTurn() not in RULES.legal_commands(d.state, 0)
    places = [c for c in RULES.legal_commands(d.state, 0) if isinstance(c, cmd.PlaceTile)]
    slots = {c.slot for c in places}
    assert sl("B1") not in slots and sl("E5") not in slots and sl("E4") not in slots
    # 81 slots less the volcano, 4 start fields, 24 start-tile slots and the 3 tiles placed
    assert len(slots) == 81 - 1 - 4 - 24 - 3
    assert {c.rotation for c in places if c.slot == sl("H8")} == {0, 1, 2, 3}
    d.do(0, cmd.PlaceTile(placed_tile, sl("H8"), 3))
    assert d.state.board[sl("H8")].kind is Kind.TERRAIN and d.state.board[sl("H8")].turn == 3
    assert "not an empty slot" in d.refused(0, cmd.PlaceTile(spent_tile, sl("H8"), 0))
    assert "not an empty slot" in d.refused(0, cmd.PlaceTile(spent_tile, sl("E5"), 0))
    d.do(0, cmd.SpendTile(spent_tile))
    assert spent_tile in d.state.bag, "a spent tile goes back into the bag"
    assert d.state.pool == 3
    assert cmd.EndTurn() in RULES.legal_commands(d.state, 0)


def test_points_are_pooled_across_explorers_and_need_not_be_used() -> None:
    b = example_board()
    b.tile("C3", "JJJJ")  # e5 f5 f6 e6
    b.explorer(0, 1, "e6")
    b.hand(0, 3)
    d = Driver(b.state())
    d.do(0, cmd.SpendTile(d.state.hands[0][0]))
    d.do(0, cmd.Move(0, sp("c5")))  # water: 2
    d.do(0, cmd.Move(1, sp("f6")))  # jungle: 1, same pool
    assert d.state.pool == 0
    b2 = example_board()
    b2.hand(0, 3)
    d2 = Driver(b2.state())
    d2.do(0, cmd.SpendTile(d2.state.hands[0][0]))
    events = d2.do(0, cmd.EndTurn())
    assert events[0] == ev.TurnPlayed(0, 3), "unused points are simply lost"


def test_artifacts_picked_up_and_dropped_at_most_three_carried() -> None:
    b = example_board()
    b.artifacts("c6", "white", "grey", "black", "white")
    d = Driver(b.state())
    legal = RULES.legal_commands(d.state, 0)
    assert {c.colour for c in legal if isinstance(c, cmd.PickUp)} == {"white", "grey", "black"}
    for colour in ("black", "grey", "white"):
        d.do(0, cmd.PickUp(0, colour))
    assert d.state.explorers[0][0].carried == ["white", "grey", "black"]
    assert "at most 3" in d.refused(0, cmd.PickUp(0, "white"))
    d.do(0, cmd.Drop(0, "grey"))
    assert d.state.artifacts[sp("c6")] == ["white", "grey"]
    assert "no black artifact here" in Driver(example_board().state()).refused(
        0, cmd.PickUp(0, "black")
    )
    assert "carries no grey" in Driver(example_board().state()).refused(0, cmd.Drop(0, "grey"))


def boarding_board(carrying: list[str], boat: str = "brown") -> Builder:
    b = example_board()
    b.explorer(0, 0, "c1", carrying)
    b.dock_only(N1=boat, N2="teal")
    b.pool(1)
    return b


def test_boarding_costs_one_point_from_the_landing_spaces_and_the_boat_leaves() -> None:
    d = Driver(boarding_board(["white", "white"]).state())
    (boarded,) = [
        e for e in d.do(0, cmd.Board(0, ("white", "white"))) if isinstance(e, ev.BoatBoarded)
    ]
    assert boarded.boat == 0 and boarded.landing == 0 and boarded.left == ()
    state = d.state
    assert state.pool == 0
    assert 0 not in state.docked, "the boat leaves the landing"
    assert state.taken[-1].seat == 0 and state.taken[-1].cargo == ("white", "white")
    assert state.explorers[0][0].status is Status.BOAT and state.explorers[0][0].space is None


def test_boarding_needs_a_point_a_landing_and_a_boat() -> None:
    b = boarding_board([])
    b.pool(0)
    assert "costs 1 MP" in Driver(b.state()).refused(0, cmd.Board(0, ()))
    b = boarding_board([])
    b.explorer(0, 0, "c2")
    assert "4 spaces next to a landing" in Driver(b.state()).refused(0, cmd.Board(0, ()))
    b = boarding_board([])
    b.dock_only(N2="teal")
    assert "no boat is left" in Driver(b.state()).refused(0, cmd.Board(0, ()))


def test_excess_artifacts_stay_on_the_space_left() -> None:
    d = Driver(boarding_board(["white", "grey", "black"], boat="green").state())  # 1 place
    choices = [c.cargo for c in RULES.legal_commands(d.state, 0) if isinstance(c, cmd.Board)]
    assert choices == [("white",), ("grey",), ("black",)]
    events = d.do(0, cmd.Board(0, ("black",)))
    assert events[0] == ev.BoatBoarded(0, 0, 1, 0, ("black",), ("white", "grey"))
    assert d.state.artifacts[sp("c1")] == ["white", "grey"]
    assert "takes 1 artifact" in Driver(
        boarding_board(["white", "grey"], boat="green").state()
    ).refused(0, cmd.Board(0, ("white", "grey")))


def test_refill_draws_to_five_points_and_lava_is_placed_at_once() -> None:
    b = example_board()
    b.hand(0, 1)
    d = Driver(b.state())
    one, two, three = [t.id for t in C.terrain if t.mp == 2 and t.id not in b._used][:3]
    lava = next(t.id for t in C.lava if t.flow == 0 and t.shape == "straight")
    d.draws(one, lava, two, three)
    d.do(0, cmd.SpendTile(d.state.hands[0][0]))
    events = d.do(0, cmd.EndTurn())
    kinds = [type(e).__name__ for e in events]
    assert kinds == [
        "TurnPlayed",
        "TileDrawn",
        "TileDrawn",
        "LavaPlaced",
        "TileDrawn",
        "TileDrawn",
        "TurnEnded",
        "TurnStarted",
    ]
    assert sorted(d.state.hands[0]) == sorted([one, two, three])
    assert d.state.hand_mp(0) == 6
    assert d.state.board[sl("D4")].kind is Kind.LAVA
    assert d.state.active == 1 and d.state.phase is Phase.TURN

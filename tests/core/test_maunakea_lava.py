"""Volcanic eruption: where drawn lava goes and what it destroys."""

from __future__ import annotations

from core.games.maunakea import RULES
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.components import Direction
from core.games.maunakea.state import Head, Kind, Status
from tests.kit.maunakea_builder import Builder, Driver, lava_id, sl, sp


def erupt(b: Builder, tile: int) -> tuple[Driver, ev.LavaPlaced | ev.LavaRemoved]:
    """Red ends a turn with an empty hand and draws ``tile`` first."""
    b.explorer(1, 4, "r18")
    b.tile("I9", "JJJJ")
    b.explorer(0, 4, "r17")
    d = Driver(b.state())
    d.draws(tile)
    d.do(0, cmd.EndTurn())
    (lava,) = [e for e in d.events if isinstance(e, ev.LavaPlaced | ev.LavaRemoved)]
    return d, lava


def test_rulebook_example_lava_covers_two_artifacts_and_an_explorer() -> None:
    b = Builder()
    b.tile("D4", "JJJJ")  # g7 h7 h8 g8: where flow ▲ grows first
    b.artifacts("g7", "white")
    b.artifacts("h8", "grey")
    b.explorer(1, 0, "g8", ["white"])
    d, lava = erupt(b, lava_id("▲", "straight"))
    assert isinstance(lava, ev.LavaPlaced)
    assert lava.slot == sl("D4") and lava.lost_explorers == ((1, 0),)
    assert lava.lost_artifacts == ("white", "white", "grey")  # two on spaces, one carried
    state = d.state
    assert state.board[sl("D4")].kind is Kind.LAVA
    assert state.covered[-1].kind is Kind.TERRAIN, "the terrain tile lies under the lava"
    assert state.explorers[1][0].status is Status.LOST
    assert not any(s in state.artifacts for s in (sp("g7"), sp("h8")))
    assert state.lost_artifacts == ["white", "white", "grey"]
    assert RULES.describe(lava, ["Red", "Blue"]).startswith("Lava ▲ covered D4: Blue's explorer")


def test_the_first_tiles_follow_each_flows_start() -> None:
    for glyph, slot in (("▲", "D4"), ("●", "F4"), ("■", "F6"), ("◆", "D6")):
        _, lava = erupt(Builder(), lava_id(glyph, "straight"))
        assert isinstance(lava, ev.LavaPlaced) and lava.slot == sl(slot), glyph


def test_flows_cross_by_tunnelling_one_slot_further() -> None:
    b = Builder()
    b.lava("D4", "●", travel="E")  # another flow already lies where ▲ would go
    _, lava = erupt(b, lava_id("▲", "straight"))
    assert isinstance(lava, ev.LavaPlaced)
    assert lava.head == sl("D4") and lava.slot == sl("D3")
    assert RULES.describe(lava, ["R", "B"]) == "Lava ▲ tunnelled to D3 (N)"


def test_a_fork_makes_two_branches_the_dot_on_its_marked_exit() -> None:
    d, lava = erupt(Builder(), lava_id("▲", "fork left"))
    assert isinstance(lava, ev.LavaPlaced) and lava.slot == sl("D4")
    heads = sorted(d.state.heads[0], key=lambda h: h.age)
    assert [(h.slot, h.travel, h.length, h.dot) for h in heads] == [
        (sl("D3"), Direction.N, 0, False),
        (sl("C4"), Direction.W, 0, True),
    ]


def test_the_shorter_branch_grows_first() -> None:
    b = Builder()
    b.heads("▲", ("B2", "W", 2, True), ("H2", "E", 1, False))
    _, lava = erupt(b, lava_id("▲", "straight"))
    assert isinstance(lava, ev.LavaPlaced) and lava.slot == sl("H2")


def test_on_equal_length_the_dot_branch_grows_first() -> None:
    b = Builder()
    b.heads("▲", ("H2", "E", 1, False), ("B2", "W", 1, True))
    _, lava = erupt(b, lava_id("▲", "straight"))
    assert isinstance(lava, ev.LavaPlaced) and lava.slot == sl("B2")


def test_a_branch_keeps_growing_evenly() -> None:
    b = Builder()
    b.heads("▲", ("B2", "W", 0, True), ("H2", "E", 0, False))
    d, first = erupt(b, lava_id("▲", "straight"))
    assert isinstance(first, ev.LavaPlaced) and first.slot == sl("B2")
    grown = {(h.slot, h.length, h.dot) for h in d.state.heads[0]}
    assert grown == {(sl("A2"), 1, True), (sl("H2"), 0, False)}


def test_arrows_never_point_toward_the_volcano() -> None:
    # ▲ starts at D4 travelling north: a right bend would point east, toward the volcano
    b = Builder()
    _, lava = erupt(b, lava_id("▲", "right bend"))
    assert isinstance(lava, ev.LavaRemoved)
    assert "cannot be placed" in RULES.describe(lava, ["R", "B"])
    # with a second head where it fits, it goes there instead
    b = Builder()
    b.heads("▲", ("D4", "N", 0, True), ("B2", "W", 0, False))
    _, lava = erupt(b, lava_id("▲", "right bend"))
    assert isinstance(lava, ev.LavaPlaced) and lava.slot == sl("B2")
    assert lava.travel == Direction.W


def test_lava_that_runs_off_the_board_is_removed() -> None:
    b = Builder()
    b.lava("A2", "■", travel="W")
    b.heads("▲", ("A2", "W", 0, False))  # tunnelling west from A2 leaves the board
    d, lava = erupt(b, lava_id("▲", "straight"))
    assert isinstance(lava, ev.LavaRemoved)
    assert lava.tile in d.state.lava_lost


def test_an_exit_off_the_board_ends_its_branch() -> None:
    b = Builder()
    b.heads("▲", ("A2", "W", 0, False))
    d, lava = erupt(b, lava_id("▲", "straight"))
    assert isinstance(lava, ev.LavaPlaced) and lava.slot == sl("A2")
    assert d.state.heads[0] == []


def test_heads_order_is_length_then_dot_then_age() -> None:
    from core.games.maunakea.lava import head_order

    heads = [
        Head(sl("A1"), Direction.N, 1, False, 0),
        Head(sl("A2"), Direction.N, 0, False, 5),
        Head(sl("A3"), Direction.N, 0, True, 9),
        Head(sl("A4"), Direction.N, 0, False, 3),
    ]
    assert [h.age for h in sorted(heads, key=head_order)] == [9, 3, 5, 0]


def test_the_lava_supply_is_six_tiles_per_flow() -> None:
    per_flow = {f.index: [t.shape for t in C.lava if t.flow == f.index] for f in C.flows}
    for shapes in per_flow.values():
        assert sorted(shapes) == sorted(
            ["straight", "straight", "left bend", "right bend", "fork left", "fork right"]
        )

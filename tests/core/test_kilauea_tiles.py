"""The 20 secondary actions: each face's cost, effect and limits (1A-10A reef side, 1B-10B
volcano side). The canoe is in orchid throughout: the effects reach any sector."""

from __future__ import annotations

import pytest

from core.errors import IllegalCommand
from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea.state import Place
from tests.kit.kilauea_builder import GINGER, HIBISCUS, LEHUA, ORCHID, PLUMERIA, Driver, Table

VOLCANO, ISLAND, FOREST = "volcano", "island", "forest"
CANOE = Place("canoe")


def ready(face: str, stones: int = 0) -> Table:
    """Seat 0 has taken its main action in orchid and may use the tile with ``face`` up: on the
    reef for an A face, on lehua's slope for a B face."""
    number, side = int(face[:-1]), face[-1]
    table = Table(phase="actions", canoe="orchid a").stones(0, stones)
    if side == "A":
        table.arrange(reef=[number])
    else:
        table.arrange(slope={LEHUA: number})
    return table.may_use(number)


def uses(d: Driver) -> list[cmd.UseTile]:
    return [c for c in d.legal() if isinstance(c, cmd.UseTile)]


# -- 1: victory points ---------------------------------------------------------------------------


def test_1a_gains_2_vp() -> None:
    d = ready("1A").referee()
    assert uses(d) == [cmd.UseTile(1)]
    events = d.do(0, cmd.UseTile(1))
    assert events[:2] == [
        ev.TileUsed(0, 1, "1A", 0, "1A", 0, -1, "", "", -1, ""),
        ev.PointsGained(0, 2),
    ]
    assert d.state.points[0]["tiles"] == 2 and d.state.may_use == []
    assert d.legal() == [cmd.EndTurn()], "each earned tile is used once"


def test_1b_pays_a_stone_for_2_vp() -> None:
    assert uses(ready("1B", stones=0).referee()) == []
    d = ready("1B", stones=1).crater(0).referee()
    with pytest.raises(IllegalCommand, match="give only the tile"):
        d.do(0, cmd.UseTile(1, to=2))
    d.do(0, cmd.UseTile(1))
    assert d.state.score(0) == 2 and d.state.stones[0] == 0 and d.state.crater == 1


# -- 2: stones, or a canoe Tiki to the island ----------------------------------------------------


@pytest.mark.parametrize(("crater", "held", "taken"), [(3, 1, 2), (1, 0, 1), (3, 4, 1)])
def test_2a_takes_2_stones_from_the_crater(crater: int, held: int, taken: int) -> None:
    d = ready("2A", stones=held).crater(crater).referee()
    events = d.do(0, cmd.UseTile(2))
    assert events[1] == ev.StonesTaken(0, taken)
    assert d.state.stones[0] == held + taken and d.state.crater == crater - taken


@pytest.mark.parametrize(("crater", "held"), [(0, 2), (4, 5)])
def test_2a_is_no_use_when_it_would_take_nothing(crater: int, held: int) -> None:
    d = ready("2A", stones=held).crater(crater).referee()
    assert uses(d) == []
    with pytest.raises(IllegalCommand, match="no stone"):
        d.do(0, cmd.UseTile(2))


def test_2b_pays_3_to_move_a_canoe_tiki_to_any_island_sector() -> None:
    d = ready("2B", stones=3).canoe(0, "red", "blue").island(0, GINGER, *["red"] * 6).referee()
    options = uses(d)
    assert len(options) == 2 * 4, "2 colours to 4 sectors (ginger's column is full)"
    assert cmd.UseTile(2, colour="red", to=GINGER) not in options
    events = d.do(0, cmd.UseTile(2, colour="blue", to=HIBISCUS))
    assert events[1] == ev.TikiMoved(0, "blue", CANOE, Place(ISLAND, HIBISCUS))
    assert d.state.islands[0][HIBISCUS] == ["blue"] and d.state.canoes[0] == ["red"]
    assert d.state.stones[0] == 0
    poor = ready("2B", stones=2).canoe(0, "red").referee()
    with pytest.raises(IllegalCommand, match="costs 3"):
        poor.do(0, cmd.UseTile(2, colour="red", to=HIBISCUS))


# -- 3: use another tile -------------------------------------------------------------------------


def test_3a_pays_1_to_use_any_reef_tile_and_its_cost() -> None:
    table = Table(phase="actions", canoe="orchid a").arrange(reef=[3, 1, 9, 2, 4]).may_use(3)
    table = table.stones(0, 4).crater(0).forest(HIBISCUS, o1="yellow", m1="red")
    d = table.island(0, GINGER, "blue").referee()
    options = uses(d)
    assert {c.copy for c in options} == {1, 2, 4, 9}, "any reef tile but itself"
    no_island = table.island(0, GINGER).referee()
    assert {c.copy for c in uses(no_island)} == {1, 2, 9}, "4A has nothing to move"
    with pytest.raises(IllegalCommand, match="uses one of"):
        d.do(0, cmd.UseTile(3, copy=3))
    with pytest.raises(IllegalCommand, match="uses one of"):
        d.do(0, cmd.UseTile(3, copy=d.state.centres[0] or 0))
    # 3A + 9A: 1 + 3 stones, an accessible forest Tiki to any island sector
    events = d.do(0, cmd.UseTile(3, copy=9, sector=HIBISCUS, space="o1", to=PLUMERIA))
    assert events[0] == ev.TileUsed(0, 3, "3A", 9, "9A", 4, HIBISCUS, "o1", "", PLUMERIA, "")
    assert events[1] == ev.TikiMoved(0, "yellow", Place(FOREST, 0, "o1"), Place(ISLAND, 1))
    assert d.state.stones[0] == 0 and d.state.crater == 4
    assert d.state.may_use == [], "the copied tile is not used up"


def test_3a_copying_2a_takes_stones_after_paying() -> None:
    table = Table(phase="actions", canoe="orchid a").arrange(reef=[3, 2]).may_use(3)
    d = table.stones(0, 5).crater(0).referee()
    events = d.do(0, cmd.UseTile(3, copy=2))
    assert events[1] == ev.StonesTaken(0, 1), "the stone just paid is all the crater holds"
    assert d.state.stones[0] == 5 and d.state.crater == 0


def test_3b_pays_1_to_use_a_reef_tile_or_a_slope_tile() -> None:
    table = Table(phase="actions", canoe="orchid a").arrange(reef=[1, 2, 4, 5, 6])
    table = table.arrange(reef=[1, 2, 4, 5, 6], slope={LEHUA: 3, GINGER: 7}).may_use(3)
    table = table.stones(0, 1).forest(PLUMERIA, o2="blue", m2="red")
    d = table.island(0, HIBISCUS, "red").referee()
    copies = {c.copy for c in uses(d)}
    assert copies == {1, 2, 4, 5, 6, 7}, "reef tiles and 7B on the slope; not forest tiles"
    assert d.state.centres[ORCHID] not in copies
    events = d.do(0, cmd.UseTile(3, copy=7, sector=PLUMERIA, space="o2", to=-1))
    assert events[0].effect == "7B" and events[0].paid == 1  # type: ignore[attr-defined]
    assert d.state.canoes[0] == ["blue"]


# -- 4: move a Tiki on your island ---------------------------------------------------------------


@pytest.mark.parametrize(("face", "cost"), [("4A", 0), ("4B", 1)])
def test_4_moves_an_island_tiki_to_another_sector(face: str, cost: int) -> None:
    table = ready(face, stones=cost).island(0, HIBISCUS, "red", "blue", "red", "green")
    d = table.island(0, ORCHID, *["yellow"] * 6).referee()
    options = uses(d)
    # 3 colours in hibiscus, 6 yellow in orchid; never to its own sector, never onto a full one
    assert len(options) == 3 * 3 + 1 * 4
    assert cmd.UseTile(4, sector=HIBISCUS, colour="red", to=HIBISCUS) not in options
    assert cmd.UseTile(4, sector=HIBISCUS, colour="red", to=ORCHID) not in options
    with pytest.raises(IllegalCommand, match="another sector"):
        d.do(0, cmd.UseTile(4, sector=HIBISCUS, colour="red", to=HIBISCUS))
    d.do(0, cmd.UseTile(4, sector=HIBISCUS, colour="red", to=GINGER))
    assert d.state.islands[0][HIBISCUS] == ["red", "blue", "green"], "the rest close the gap"
    assert d.state.islands[0][GINGER] == ["red"]
    assert d.state.stones[0] == 0
    if cost:
        assert uses(ready(face).island(0, HIBISCUS, "red").referee()) == []


# -- 5 and 6: move a volcano Tiki to a neighbouring or non-neighbouring sector --------------------


@pytest.mark.parametrize(
    ("face", "cost", "near"),
    [("5A", 0, True), ("5B", 1, True), ("6A", 0, False), ("6B", 1, False)],
)
def test_5_and_6_move_a_volcano_tiki_by_distance(face: str, cost: int, near: bool) -> None:
    number = int(face[0])
    d = ready(face, stones=cost).volcano(HIBISCUS, red=3).volcano(GINGER, red=6).referee()
    targets = {c.to for c in uses(d) if c.sector == HIBISCUS and c.colour == "red"}
    assert targets == ({PLUMERIA, LEHUA} if near else {ORCHID}), "ginger's red column is full"
    assert len(uses(d)) == 20 * 2 - 2, "20 columns, 2 sectors each, but no red into ginger"
    bad = ORCHID if near else PLUMERIA
    with pytest.raises(IllegalCommand, match="adjacent"):
        d.do(0, cmd.UseTile(number, sector=HIBISCUS, colour="red", to=bad))
    with pytest.raises(IllegalCommand, match="full"):
        d.do(0, cmd.UseTile(number, sector=ORCHID if near else LEHUA, colour="red", to=GINGER))
    to = LEHUA if near else ORCHID
    events = d.do(0, cmd.UseTile(number, sector=HIBISCUS, colour="red", to=to))
    assert events[1] == ev.TikiMoved(0, "red", Place(VOLCANO, HIBISCUS), Place(VOLCANO, to))
    assert d.state.volcano[HIBISCUS][0] == 2 and d.state.volcano[to][0] == 2
    assert d.state.stones[0] == 0


# -- 7: forest Tikis ----------------------------------------------------------------------------


def test_7a_moves_an_accessible_forest_tiki_to_any_volcano_sector() -> None:
    table = ready("7A").forest(PLUMERIA, o2="blue", m2="red").volcano(GINGER, blue=6)
    d = table.referee()
    with pytest.raises(IllegalCommand, match="not accessible"):
        d.do(0, cmd.UseTile(7, sector=PLUMERIA, space="m2", to=HIBISCUS))
    with pytest.raises(IllegalCommand, match="full"):
        d.do(0, cmd.UseTile(7, sector=PLUMERIA, space="o2", to=GINGER))
    with pytest.raises(IllegalCommand, match="nothing else"):
        d.do(0, cmd.UseTile(7, sector=PLUMERIA, space="o2", colour="blue", to=HIBISCUS))
    targets = {c.to for c in uses(d) if c.sector == PLUMERIA and c.space == "o2"}
    assert targets == {HIBISCUS, PLUMERIA, ORCHID, LEHUA}
    events = d.do(0, cmd.UseTile(7, sector=PLUMERIA, space="o2", to=HIBISCUS))
    assert events[1] == ev.TikiMoved(
        0, "blue", Place(FOREST, PLUMERIA, "o2"), Place(VOLCANO, HIBISCUS)
    )
    assert d.state.volcano[HIBISCUS][3] == 2 and "o2" not in d.state.forests[PLUMERIA]


def test_7b_cuts_an_accessible_tiki_from_any_forest_into_the_canoe() -> None:
    d = ready("7B").forest(GINGER, o2="yellow", m1="red").referee()
    assert cmd.UseTile(7, sector=GINGER, space="o2", to=-1) in uses(d)
    assert cmd.UseTile(7, sector=GINGER, space="m1", to=-1) not in uses(d)
    d.do(0, cmd.UseTile(7, sector=GINGER, space="o2", to=-1))
    assert d.state.canoes[0] == ["yellow"]
    full = ready("7B").canoe(0, "red", "red", "red", "red").referee()
    assert uses(full) == []
    with pytest.raises(IllegalCommand, match="canoe is full"):
        full.do(0, cmd.UseTile(7, sector=GINGER, space="m1", to=-1))


# -- 8: the canoe and the volcano -----------------------------------------------------------------


@pytest.mark.parametrize(("crater", "taken"), [(2, 1), (0, 0)])
def test_8a_moves_a_canoe_tiki_to_any_volcano_sector_and_takes_a_stone(
    crater: int, taken: int
) -> None:
    d = ready("8A").canoe(0, "green").crater(crater).referee()
    assert len(uses(d)) == 5
    events = d.do(0, cmd.UseTile(8, colour="green", to=GINGER))
    assert events[1] == ev.TikiMoved(0, "green", CANOE, Place(VOLCANO, GINGER))
    assert (ev.StonesTaken(0, 1) in events) == bool(taken)
    assert d.state.volcano[GINGER][2] == 2 and d.state.stones[0] == taken


def test_8b_pays_2_to_move_a_volcano_tiki_into_the_canoe() -> None:
    d = ready("8B", stones=2).canoe(0, "red", "red", "red").volcano(ORCHID, blue=0).referee()
    assert len(uses(d)) == 19
    events = d.do(0, cmd.UseTile(8, sector=HIBISCUS, colour="blue", to=-1))
    assert events[1] == ev.TikiMoved(0, "blue", Place(VOLCANO, HIBISCUS), CANOE)
    assert d.state.canoes[0] == ["red", "red", "red", "blue"] and d.state.stones[0] == 0
    with pytest.raises(IllegalCommand, match="no blue"):
        ready("8B", stones=2).volcano(ORCHID, blue=0).referee().do(
            0, cmd.UseTile(8, sector=ORCHID, colour="blue", to=-1)
        )


# -- 9: onto your island ------------------------------------------------------------------------


def test_9a_pays_3_to_move_an_accessible_forest_tiki_to_the_island() -> None:
    assert uses(ready("9A", stones=2).forest(GINGER, o1="red", m1="blue").referee()) == []
    d = ready("9A", stones=3).forest(GINGER, o1="red", m1="blue").referee()
    assert {(c.sector, c.space) for c in uses(d)} >= {(GINGER, "o1")}
    assert not any(c.space == "m1" and c.sector == GINGER for c in uses(d))
    d.do(0, cmd.UseTile(9, sector=GINGER, space="o1", to=LEHUA))
    assert d.state.islands[0][LEHUA] == ["red"] and d.state.stones[0] == 0


def test_9b_pays_4_to_move_a_volcano_tiki_to_the_island() -> None:
    assert uses(ready("9B", stones=3).referee()) == []
    d = ready("9B", stones=4).referee()
    assert len(uses(d)) == 20 * 5
    d.do(0, cmd.UseTile(9, sector=PLUMERIA, colour="yellow", to=HIBISCUS))
    assert d.state.islands[0][HIBISCUS] == ["yellow"]
    assert d.state.volcano[PLUMERIA][1] == 0 and d.state.stones[0] == 0


# -- 10: swaps -----------------------------------------------------------------------------------


def test_10a_swaps_a_forest_tiki_with_a_volcano_tiki_of_another_colour() -> None:
    table = ready("10A").forest(GINGER, o1="red", m1="blue")
    table = table.volcano(HIBISCUS, yellow=0, green=0, blue=0)
    d = table.volcano(ORCHID, red=0, yellow=2, green=0, blue=0).referee()
    options = uses(d)
    # hibiscus holds only red: a red Tiki has nothing of another colour to swap with there
    assert not any(c.to == HIBISCUS and c.sector == GINGER and c.space == "o1" for c in options)
    assert [c.back for c in options if c.sector == GINGER and c.to == ORCHID] == ["yellow"]
    with pytest.raises(IllegalCommand, match="another colour"):
        d.do(0, cmd.UseTile(10, sector=GINGER, space="o1", to=HIBISCUS, back="red"))
    events = d.do(0, cmd.UseTile(10, sector=GINGER, space="o1", to=ORCHID, back="yellow"))
    assert events[1:3] == [
        ev.TikiMoved(0, "red", Place(FOREST, GINGER, "o1"), Place(VOLCANO, ORCHID)),
        ev.TikiMoved(0, "yellow", Place(VOLCANO, ORCHID), Place(FOREST, GINGER, "o1")),
    ]
    assert d.state.forests[GINGER] == {"o1": "yellow", "m1": "blue"}
    assert d.state.volcano[ORCHID] == [1, 1, 0, 0]


def test_10b_pays_2_to_swap_volcano_tikis_between_two_sectors() -> None:
    table = ready("10B", stones=2).volcano(HIBISCUS, red=3, blue=6).volcano(ORCHID, blue=2)
    d = table.referee()
    options = uses(d)
    # blue may not come back to hibiscus: its blue column is full
    assert [c.back for c in options if (c.sector, c.colour, c.to) == (0, "red", ORCHID)] == [
        "yellow",
        "green",
    ]
    with pytest.raises(IllegalCommand, match="another colour"):
        d.do(0, cmd.UseTile(10, sector=HIBISCUS, colour="red", to=ORCHID, back="blue"))
    with pytest.raises(IllegalCommand, match="sends back"):
        d.do(0, cmd.UseTile(10, sector=HIBISCUS, colour="red", to=ORCHID))
    events = d.do(0, cmd.UseTile(10, sector=HIBISCUS, colour="red", to=ORCHID, back="green"))
    assert events[1:3] == [
        ev.TikiMoved(0, "red", Place(VOLCANO, HIBISCUS), Place(VOLCANO, ORCHID)),
        ev.TikiMoved(0, "green", Place(VOLCANO, ORCHID), Place(VOLCANO, HIBISCUS)),
    ]
    assert d.state.volcano[HIBISCUS] == [2, 1, 2, 6]
    assert d.state.volcano[ORCHID] == [2, 1, 0, 2]
    assert d.state.stones[0] == 0


def test_every_face_is_covered_here() -> None:
    """A guard: the 20 faces of the data file are the ones these tests name."""
    from core.games.kilauea.components import COMPONENTS as C

    faces = {face.code for tile in C.tiles for face in (tile.a, tile.b)}
    assert faces == {f"{n}{s}" for n in range(1, 11) for s in "AB"}

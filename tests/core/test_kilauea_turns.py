"""A turn: the canoe's move, the three main actions in its sector, accessibility, the limits,
passing, and volcano tiles freed by clearing a forest's middle row."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.audit import audit
from core.errors import IllegalCommand
from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea import forest, track
from core.games.kilauea.components import COMPONENTS as C
from core.games.kilauea.rules import Kilauea
from core.games.kilauea.state import Phase
from tests.kit.kilauea_builder import GINGER, HIBISCUS, LEHUA, ORCHID, PLUMERIA, Table

# -- the canoe --------------------------------------------------------------------------------


def test_the_canoe_must_move_first_and_at_least_one_space() -> None:
    d = Table(phase="move", canoe="dock").canoe(0, "red", "blue").referee()
    with pytest.raises(IllegalCommand, match="move the canoe first"):
        d.do(0, cmd.CutTiki(0, "m1"))
    with pytest.raises(IllegalCommand, match="1 to 3"):
        d.do(0, cmd.MoveCanoe(0))
    assert d.legal() == [cmd.MoveCanoe(1), cmd.MoveCanoe(2), cmd.MoveCanoe(3)]
    (moved,) = d.do(0, cmd.MoveCanoe(1))
    assert moved == ev.CanoeMoved(0, 1, 0, 0)
    assert track.name(d.state.canoe) == "hibiscus a"
    assert d.state.phase is Phase.MAIN
    with pytest.raises(IllegalCommand, match="already moved"):
        d.do(0, cmd.MoveCanoe(1))


def test_free_steps_for_empty_canoe_places_then_a_stone_a_step() -> None:
    d = Table(phase="move", canoe="orchid a").canoe(0, "red", "red", "blue").stones(0, 2)
    d = d.crater(0).referee()
    # 1 mandatory step + 1 empty place free, then 2 more for the 2 stones
    assert d.legal() == [cmd.MoveCanoe(n) for n in range(1, 5)]
    (moved,) = d.do(0, cmd.MoveCanoe(4))
    assert moved == ev.CanoeMoved(0, 4, 8, 2)
    assert track.name(d.state.canoe) == "lehua a"
    assert d.state.stones[0] == 0 and d.state.crater == 2, "paid stones go to the crater"


def test_free_steps_only_cost_nothing() -> None:
    d = Table(phase="move", canoe="orchid b").stones(0, 3).referee()
    (moved,) = d.do(0, cmd.MoveCanoe(5))  # empty canoe: 1 + 4 free steps
    assert moved.paid == 0 and d.state.stones[0] == 3
    assert track.name(d.state.canoe) == "hibiscus a", "the track wraps around the volcano"


@pytest.mark.parametrize(("players", "start", "most"), [(3, "ginger a", 9), (2, "ginger b", 4)])
def test_the_canoe_never_ends_where_it_started(players: int, start: str, most: int) -> None:
    d = Table(players, phase="move", canoe=start).stones(0, 5).referee()
    assert d.legal()[-1] == cmd.MoveCanoe(most)
    with pytest.raises(IllegalCommand):
        d.do(0, cmd.MoveCanoe(most + 1))
    d.do(0, cmd.MoveCanoe(most))
    ring = track.spaces(players)
    assert d.state.canoe == ring[ring.index(track.parse(start)) - 1]


def test_two_players_skip_the_spaces_under_sea_tiles() -> None:
    d = Table(2, phase="move", canoe="dock").referee()
    d.do(0, cmd.MoveCanoe(2))
    assert track.name(d.state.canoe) == "plumeria b"


# -- cutting: accessibility ---------------------------------------------------------------------


def test_a_tiki_behind_two_paths_needs_both_open() -> None:
    """10A: m2 lies behind o2 and o3; i2 behind m2 (and so behind o2 and o3 too)."""
    tikis = {"o2": "red", "o3": "yellow", "m2": "blue", "i2": "green", "o1": "red"}
    d = Table(canoe="orchid a").forest(ORCHID, **tikis).referee()
    template = d.state.template(ORCHID)
    assert template.name == "10A"
    assert d.state.accessible(ORCHID) == ["o1", "o2", "o3"]
    assert forest.blocking(template, d.state.forests[ORCHID], "i2") == ["o2", "o3", "m2"]
    with pytest.raises(IllegalCommand, match=r"not accessible \(o2, o3 first\)"):
        d.do(0, cmd.CutTiki(ORCHID, "m2"))
    d.do(0, cmd.CutTiki(ORCHID, "o2"))
    # one path open is not enough: o3 still stands on the other
    assert d.state.accessible(ORCHID) == ["o1", "o3"]
    with pytest.raises(IllegalCommand, match=r"not accessible \(o3 first\)"):
        d.do(0, cmd.CutTiki(ORCHID, "m2"))
    # the first cut may open the way for the second: o1 then m1 in 10A
    d.do(0, cmd.CutTiki(ORCHID, "o3"))
    assert d.state.accessible(ORCHID) == ["o1", "m2"]
    assert d.state.canoes[0] == ["red", "yellow"]
    assert d.state.phase is Phase.ACTIONS
    assert not any(isinstance(c, cmd.CutTiki) for c in d.legal()), "at most 2 Tikis"


def test_the_first_cut_may_open_the_way_for_the_second() -> None:
    d = Table(canoe="orchid a").forest(ORCHID, o1="red", m1="blue", o4="green").referee()
    assert d.state.accessible(ORCHID) == ["o1", "o4"]
    d.do(0, cmd.CutTiki(ORCHID, "o1"))
    assert cmd.CutTiki(ORCHID, "m1") in d.legal()
    d.do(0, cmd.CutTiki(ORCHID, "m1"))
    assert d.state.canoes[0] == ["red", "blue"]


def test_a_tiki_with_one_open_path_is_not_accessible() -> None:
    """11B: i5 comes after i2 and i3; with i2 gone but i3 standing, i5 stays blocked."""
    template = C.templates["11B"]
    tikis = {"i3": "red", "i5": "blue", "o3": "green"}
    assert not forest.is_accessible(template, tikis, "i5")
    assert forest.accessible(template, tikis) == ["o3"]
    assert forest.accessible(template, {"i3": "red", "i5": "blue"}) == ["i3"]
    assert forest.accessible(template, {"i5": "blue"}) == ["i5"]


def test_cutting_happens_in_the_canoes_forest_into_a_canoe_with_room() -> None:
    table = Table(canoe="ginger b").forest(GINGER, o1="red", o2="blue", o3="green")
    d = table.canoe(0, "red", "red", "red").referee()
    with pytest.raises(IllegalCommand, match="cut in forest 3"):
        d.do(0, cmd.CutTiki(ORCHID, "m1"))
    d.do(0, cmd.CutTiki(GINGER, "o1"))
    assert d.state.phase is Phase.CUTTING
    assert not any(isinstance(c, cmd.CutTiki) for c in d.legal()), "the canoe is full"
    with pytest.raises(IllegalCommand, match="full"):
        d.do(0, cmd.CutTiki(GINGER, "o2"))


def test_a_full_canoe_cannot_cut() -> None:
    table = Table(canoe="ginger b").forest(GINGER, o1="red").canoe(0, "red", "red", "red", "blue")
    d = table.referee()
    assert d.legal() == [
        cmd.BuildOnVolcano(GINGER, "red"),
        cmd.BuildOnVolcano(GINGER, "blue"),
    ]


def test_cutting_earns_the_reef_tile_next_to_the_canoe() -> None:
    # orchid a touches reef 1 (between plumeria and orchid); orchid b touches reef 2
    for canoe, reef in (("orchid a", 1), ("orchid b", 2)):
        table = Table(canoe=canoe).forest(ORCHID, o1="red", o2="red", m1="blue")
        d = table.tiles([1, 2, 4, 5, 6], [3, 7, 8, 9, 10]).referee()
        d.do(0, cmd.CutTiki(ORCHID, "o1"))
        assert d.state.may_use == [d.state.reef[reef]]
    # a second cut, or anything else, comes after the first; the reef tile is earned once
    d.do(0, cmd.CutTiki(ORCHID, "o2"))
    assert d.state.may_use == [4]


def test_the_second_cut_must_follow_the_first_at_once() -> None:
    table = Table(canoe="orchid b").forest(ORCHID, o1="red", o2="red", m1="blue")
    d = table.tiles([4, 2, 1, 5, 6], [3, 7, 8, 9, 10]).referee()  # reef 2 (orchid b) is 1A
    d.do(0, cmd.CutTiki(ORCHID, "o1"))
    d.do(0, cmd.UseTile(1))
    assert d.state.phase is Phase.ACTIONS
    with pytest.raises(IllegalCommand, match="main action is over"):
        d.do(0, cmd.CutTiki(ORCHID, "o2"))


# -- building -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("crater", "held", "taken"), [(5, 0, 3), (2, 0, 2), (0, 1, 0), (6, 4, 1), (6, 5, 0)]
)
def test_building_on_the_volcano_takes_up_to_3_stones(crater: int, held: int, taken: int) -> None:
    d = Table(canoe="lehua a").canoe(0, "yellow").crater(crater).stones(0, held).referee()
    (built,) = d.do(0, cmd.BuildOnVolcano(LEHUA, "yellow"))
    assert built == ev.BuiltOnVolcano(0, LEHUA, "yellow", taken)
    assert d.state.volcano[LEHUA] == [1, 2, 1, 1]
    assert d.state.stones[0] == held + taken and d.state.crater == crater - taken
    assert d.state.canoes[0] == []


def test_a_volcano_column_holds_six_of_its_colour() -> None:
    table = Table(canoe="hibiscus b").volcano(HIBISCUS, red=6).canoe(0, "red", "blue")
    d = table.referee()
    assert cmd.BuildOnVolcano(HIBISCUS, "red") not in d.legal()
    with pytest.raises(IllegalCommand, match="full"):
        d.do(0, cmd.BuildOnVolcano(HIBISCUS, "red"))
    with pytest.raises(IllegalCommand, match="canoe is in hibiscus"):
        d.do(0, cmd.BuildOnVolcano(PLUMERIA, "blue"))
    d.do(0, cmd.BuildOnVolcano(HIBISCUS, "blue"))


def test_building_on_the_volcano_earns_the_sectors_slope_tile() -> None:
    table = Table(canoe="orchid a").canoe(0, "red", "red").arrange(slope={ORCHID: 8})
    d = table.referee()
    d.do(0, cmd.BuildOnVolcano(ORCHID, "red"))
    assert d.state.may_use == [8]
    d2 = Table(canoe="ginger a").canoe(0, "red").arrange(slope={ORCHID: 8}).referee()
    d2.do(0, cmd.BuildOnVolcano(GINGER, "red"))
    assert d2.state.may_use == [], "no tile on the ginger slope"
    assert d2.legal() == [cmd.EndTurn()]


def test_building_on_the_island_costs_two_stones() -> None:
    table = Table(canoe="plumeria b").canoe(0, "red", "blue").island(0, PLUMERIA, "green")
    d = table.stones(0, 3).crater(0).referee()
    (built,) = d.do(0, cmd.BuildOnIsland(PLUMERIA, "red"))
    assert built == ev.BuiltOnIsland(0, PLUMERIA, "red", 2)
    assert d.state.islands[0][PLUMERIA] == ["green", "red"], "colours stack on an island"
    assert d.state.stones[0] == 1 and d.state.crater == 2
    assert d.state.may_use == [] and d.legal() == [cmd.EndTurn()]
    with pytest.raises(IllegalCommand, match="already taken your main action"):
        d.do(0, cmd.BuildOnVolcano(PLUMERIA, "blue"))


def test_the_island_needs_stones_and_room() -> None:
    poor = Table(canoe="plumeria b").canoe(0, "red").stones(0, 1).referee()
    assert not any(isinstance(c, cmd.BuildOnIsland) for c in poor.legal())
    with pytest.raises(IllegalCommand, match="costs 2"):
        poor.do(0, cmd.BuildOnIsland(PLUMERIA, "red"))
    full = Table(canoe="plumeria b").canoe(0, "red").stones(0, 5)
    full = full.island(0, PLUMERIA, *["blue"] * 6).referee()
    assert not any(isinstance(c, cmd.BuildOnIsland) for c in full.legal())
    with pytest.raises(IllegalCommand, match="full"):
        full.do(0, cmd.BuildOnIsland(PLUMERIA, "red"))


def test_with_no_main_action_the_player_passes() -> None:
    table = Table(canoe="ginger a").forest(GINGER, i1="red", m1="blue")  # i1 is behind m1
    table = table.canoe(0, "red", "red", "red", "red").volcano(GINGER, red=6).stones(0, 1)
    d = table.referee()
    assert d.legal() == [cmd.EndTurn()]
    events = d.do(0, cmd.EndTurn())
    assert events[:2] == [ev.Passed(0, GINGER), ev.TurnEnded(0)]
    assert d.state.active == 1 and d.state.phase is Phase.MOVE


def full_red_canoe(stones: int) -> Table:
    """Red's canoe is full of red Tikis (no cut anywhere) at ginger a, holding ``stones``; the
    red columns of ginger and lehua are full, the other sectors have none."""
    table = Table(phase="move", canoe="ginger a").canoe(0, *["red"] * 4).stones(0, stones)
    table = table.volcano(GINGER, red=6).volcano(LEHUA, red=6)
    for sector in (HIBISCUS, PLUMERIA, ORCHID):
        table = table.volcano(sector, red=0)
    table = table.forest(GINGER, m1="blue", m2="green", m3="yellow")
    return table.forest(LEHUA, m1="blue", m2="yellow", m3="green")


def test_the_canoe_stops_only_where_a_main_action_is_possible() -> None:
    # 1 free step to ginger b (its red column is full: nothing to do), 1 stone for lehua a
    d = Table(phase="move", canoe="ginger a").canoe(0, *["red"] * 4).stones(0, 1)
    d = d.volcano(GINGER, red=6).referee()
    assert d.legal() == [cmd.MoveCanoe(2)], "ginger b would leave only a pass"
    with pytest.raises(IllegalCommand, match=r"no main action is possible from ginger b.*move 2"):
        d.do(0, cmd.MoveCanoe(1))
    d.do(0, cmd.MoveCanoe(2))
    assert track.name(d.state.canoe) == "lehua a"
    assert d.legal() == [cmd.BuildOnVolcano(LEHUA, "red")]


def test_the_stones_a_move_costs_count_for_building_on_the_island() -> None:
    # 2 stones: ginger b (free) leaves 2 for the island; lehua a (1 stone) leaves 1, too few
    d = full_red_canoe(stones=2).referee()
    assert d.legal() == [cmd.MoveCanoe(1)]
    d.do(0, cmd.MoveCanoe(1))
    assert d.legal() == [cmd.BuildOnIsland(GINGER, "red")]


def test_when_no_move_allows_a_main_action_every_move_stays_and_the_turn_passes() -> None:
    d = full_red_canoe(stones=1).referee()
    assert d.legal() == [cmd.MoveCanoe(1), cmd.MoveCanoe(2)]
    d.do(0, cmd.MoveCanoe(2))
    assert track.name(d.state.canoe) == "lehua a"
    assert d.legal() == [cmd.EndTurn()]
    events = d.do(0, cmd.EndTurn())
    assert events[:2] == [ev.Passed(0, LEHUA), ev.TurnEnded(0)]


def test_a_log_of_rules_version_1_verifies_as_it_was_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Version 1 let the canoe stop where only a pass was left; its logs keep verifying, and the
    same moves claimed under version 2 are caught."""
    with monkeypatch.context() as old:
        old.setattr(Kilauea, "version", 1)
        d = Table(phase="move", canoe="ginger a").canoe(0, *["red"] * 4).stones(0, 1)
        d = d.volcano(GINGER, red=6).referee()
        d.do(0, cmd.MoveCanoe(1))  # to ginger b, where nothing is left to do
        assert d.do(0, cmd.EndTurn())[0] == ev.Passed(0, GINGER)
    log = d.referee.log
    assert log[0].event.rules_version == 1
    assert audit(log).ok
    forged = [replace(log[0], event=replace(log[0].event, rules_version=2)), *log[1:]]
    problems = audit(forged).problems
    assert len(problems) == 1 and "no main action is possible from ginger b" in problems[0]
    newer = [replace(log[0], event=replace(log[0].event, rules_version=3)), *log[1:]]
    assert audit(newer).problems == [
        "event 0: this log was recorded under Kilauea rules version 3; this Caldera knows up to 2"
    ]


def test_a_main_action_is_mandatory_when_possible() -> None:
    d = Table(canoe="ginger a").canoe(0, "red").referee()
    with pytest.raises(IllegalCommand, match="main action first"):
        d.do(0, cmd.EndTurn())
    with pytest.raises(IllegalCommand, match="main action first"):
        d.do(0, cmd.UseTile(1))


# -- volcano tiles ------------------------------------------------------------------------------


def test_clearing_the_middle_row_frees_the_volcano_tile() -> None:
    """11A's middle row is m1-m4; the last of them cut sends the forest's tile to the slope, and
    the cutter may use it at once, before or after the reef tile."""
    table = Table(canoe="hibiscus b").forest(HIBISCUS, o1="red", o3="blue", m3="red", i1="green")
    table = table.tiles([1, 2, 3, 4, 5], [7, 6, 8, 9, 10]).stones(0, 0)
    d = table.referee()
    assert d.state.template(HIBISCUS).middle == ("m1", "m2", "m3", "m4")
    d.do(0, cmd.CutTiki(HIBISCUS, "o3"))
    assert d.state.centres[HIBISCUS] == 7, "m3 still stands"
    events = d.do(0, cmd.CutTiki(HIBISCUS, "m3"))
    assert ev.VolcanoTileUnlocked(0, HIBISCUS, 7) in events
    assert d.state.centres[HIBISCUS] is None and d.state.slope[HIBISCUS] == 7
    assert d.state.may_use == [1, 7], "the reef tile (1A) and the freed tile (7B)"
    # 7B first (cut any accessible Tiki), then the reef tile
    d.do(0, cmd.UseTile(7, sector=HIBISCUS, space="o1", to=-1))
    assert d.state.canoes[0] == ["red", "red", "blue"]
    d.do(0, cmd.UseTile(1))
    assert d.state.points[0]["tiles"] == 2
    assert d.legal() == [cmd.EndTurn()]


def test_a_tile_freed_by_a_tile_use_can_be_used_too() -> None:
    """7A (the reef tile) moves ginger's last middle Tiki to the volcano: ginger's tile, 1B, is
    freed and the same player may use it."""
    table = Table(canoe="orchid b").forest(ORCHID, o1="red", m2="blue").stones(0, 1)
    table = table.forest(GINGER, m1="yellow", o4="red").tiles([2, 3, 7, 4, 5], [6, 8, 9, 1, 10])
    d = table.referee()
    d.do(0, cmd.CutTiki(ORCHID, "o1"))
    assert d.state.may_use == [7]
    events = d.do(0, cmd.UseTile(7, sector=GINGER, space="m1", to=HIBISCUS))
    assert events[-1] == ev.VolcanoTileUnlocked(0, GINGER, 1)
    assert d.state.may_use == [1] and d.state.slope[GINGER] == 1
    d.do(0, cmd.UseTile(1))
    assert d.state.score(0) == 2 and d.state.stones[0] == 0


def test_ten_a_refills_the_space_and_frees_nothing() -> None:
    table = Table(canoe="orchid b").forest(ORCHID, o1="red", m2="blue")
    table = table.forest(GINGER, m1="yellow", o4="red")
    d = table.tiles([2, 3, 10, 4, 5], [6, 8, 9, 1, 7]).referee()
    d.do(0, cmd.CutTiki(ORCHID, "o1"))
    events = d.do(0, cmd.UseTile(10, sector=GINGER, space="m1", to=LEHUA, back="blue"))
    assert not any(isinstance(e, ev.VolcanoTileUnlocked) for e in events)
    assert d.state.forests[GINGER] == {"m1": "blue", "o4": "red"}
    assert d.state.centres[GINGER] == 1


def test_a_later_builder_uses_the_slope_tile() -> None:
    table = Table(active=1, canoe="hibiscus a").canoe(1, "blue").arrange(slope={HIBISCUS: 1})
    d = table.stones(1, 1).referee()
    d.do(1, cmd.BuildOnVolcano(HIBISCUS, "blue"))  # takes the crater's 2 stones
    assert d.legal(1) == [cmd.UseTile(1), cmd.EndTurn()]
    d.do(1, cmd.UseTile(1))  # 1B: pay 1, gain 2 VP
    assert d.state.points[1]["tiles"] == 2 and d.state.score(1) == 2
    assert d.state.stones[1] == 2 and d.state.crater == 1

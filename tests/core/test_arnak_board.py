"""Guardians, sites, idols and idol slots, assistants, research rows and bonus tiles, each on a
built position. Expected values come from the reference (§3-§7) and the rulebook, written here
by hand rather than read from the data file."""

from __future__ import annotations

import pytest

from core.games.arnak import RULES
from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak.state import Assistant, Player
from tests.kit.arnak_builder import Table
from tests.kit.arnak_builder import parse_res as R


def seat0(t: Table) -> Player:
    return t.state.seats[0]


def fears(t: Table) -> list[str]:
    return [c for c in seat0(t).play if c.startswith("f")]


# --- guardians (reference §3) -------------------------------------------------------------------

GUARDIANS = [
    # guardian, resources of its cost, hand cards paying its travel or card-down
    ("g01", "MCA", []),
    ("g02", "MA", ["b0ec"]),  # card-down
    ("g03", "MA", ["f01"]),  # a boot
    ("g04", "2MA", []),
    ("g05", "TA", ["f01"]),
    ("g06", "A", ["a25"]),  # a plane
    ("g07", "CA", ["b0ec"]),  # card-down
    ("g08", "4M", []),
    ("g09", "A", ["b0fs"]),  # a ship
    ("g10", "A", ["b0fc"]),  # a car
    ("g11", "C", ["f01", "f02"]),  # 2 boots
    ("g12", "J", ["f01"]),
    ("g13", "3T", []),
    ("g14", "A", ["a25"]),
    ("g15", "2CA", []),
]


def guarded(guardian: str, res: str, hand: list[str]) -> Table:
    t = Table()
    t.site("L1.1", "s10", guardian=guardian).arch(0, ["L1.1"]).res(0, res).hand(0, hand)
    return t


@pytest.mark.parametrize(("guardian", "res", "hand"), GUARDIANS)
def test_overcoming_each_guardian_pays_exactly_its_cost(
    guardian: str, res: str, hand: list[str]
) -> None:
    t = guarded(guardian, res, hand)
    (overcome,) = [c for c in t.legal() if isinstance(c, cmd.Overcome)]
    t.do(overcome)
    assert seat0(t).guardians == [guardian] and t.state.guardian["L1.1"] is None
    assert seat0(t).res == R("") and seat0(t).hand == []
    assert t.state.main_done


@pytest.mark.parametrize(("guardian", "res", "hand"), GUARDIANS)
def test_a_guardian_cannot_be_overcome_with_less(guardian: str, res: str, hand: list[str]) -> None:
    short = R(res)
    if any(short):
        short[next(i for i, n in enumerate(short) if n)] -= 1
        t = guarded(guardian, "".join(f"{n}{'MCTAJ'[i]}" for i, n in enumerate(short) if n), hand)
    else:
        t = guarded(guardian, res, hand[:-1])
    assert not [c for c in t.legal() if isinstance(c, cmd.Overcome)]


def test_overcoming_needs_my_archaeologist_at_the_site() -> None:
    t = Table()
    t.site("L1.1", "s10", guardian="g13").arch(1, ["L1.1"]).res(0, "3T")
    assert not [c for c in t.legal() if isinstance(c, cmd.Overcome)]


@pytest.mark.parametrize(
    ("guardian", "icon"),
    [
        ("g01", "ship"),
        ("g03", "car"),
        ("g04", "car"),
        ("g09", "car"),
        ("g10", "ship"),
        ("g12", "plane"),
        ("g13", "plane"),
        ("g15", "ship"),
    ],
)
def test_travel_boons_give_their_icon_once(guardian: str, icon: str) -> None:
    t = Table()
    t.guardians(0, [guardian])
    t.do(cmd.UseBoon(guardian))
    assert t.state.pool == [icon]
    assert guardian in seat0(t).boons_used
    assert cmd.UseBoon(guardian) not in t.legal(), "a boon is used once per game"


@pytest.mark.parametrize("guardian", ["g02", "g05", "g06", "g11", "g14"])
def test_exile_boons(guardian: str) -> None:
    t = Table()
    t.guardians(0, [guardian]).hand(0, ["f01"])
    t.do(cmd.UseBoon(guardian))
    t.choose("f01")
    assert seat0(t).hand == [] and "f01" in t.state.fear_deck
    assert not t.state.main_done, "a boon is a free action"


def test_the_draw_boon_and_the_upgrade_boon() -> None:
    t = Table()
    t.guardians(0, ["g07", "g08"]).deck(0, ["b0fc"]).res(0, "T")
    t.do(cmd.UseBoon("g07"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"]
    t.do(cmd.UseBoon("g08"))
    t.choose("T>A")
    assert seat0(t).res == R("A")


def test_a_travel_boon_pays_a_dig() -> None:
    t = Table()
    t.guardians(0, ["g12"]).site("L1.1", "s02")
    t.do(cmd.UseBoon("g12"))
    assert cmd.Dig("L1.1") in t.legal(), "the plane pays the car"
    t.do(cmd.Dig("L1.1"))
    assert seat0(t).res == R("MA")


# --- sites (reference §4) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "gain"),
    [("C1.1", "2M"), ("C2.1", "2C"), ("C3.1", "2T"), ("C4.1", "A")],
)
def test_camp_sites(space: str, gain: str) -> None:
    t = Table()
    t.hand(0, ["f01"])
    t.do(cmd.Dig(space, ("f01",)))
    assert seat0(t).res == R(gain) and seat0(t).arch[0] == space
    assert seat0(t).play == ["f01"], "the Fear card paid the boot"


def test_camp_five_puts_a_card_down_for_a_jewel() -> None:
    t = Table()
    t.hand(0, ["f01", "b0fc"])
    t.do(cmd.Dig("C5.1", ("f01",)))
    t.choose("b0fc")
    assert seat0(t).res == R("J") and "b0fc" in seat0(t).play


def test_a_camps_second_space_costs_two_boots_and_is_blocked_for_two_players() -> None:
    t = Table(players=2)
    t.hand(0, ["f01", "f02"])
    assert not [c for c in t.legal() if isinstance(c, cmd.Dig) and c.space.endswith(".2")]
    t = Table(players=4)
    t.hand(0, ["f01"])
    assert not [c for c in t.legal() if isinstance(c, cmd.Dig) and c.space == "C1.2"]
    t.hand(0, ["f01", "f02"])
    assert [c for c in t.legal() if isinstance(c, cmd.Dig) and c.space == "C1.2"]


SITES = [
    # tile, gain, draws, fear
    ("s02", "MA", 0, 0),
    ("s03", "MT", 1, 0),
    ("s04", "CA", 0, 0),
    ("s05", "M2T", 0, 0),
    ("s06", "TA", 0, 0),
    ("s07", "A", 1, 0),
    ("s08", "TJ", 0, 1),
    ("s09", "CJ", 0, 1),
    ("s10", "J", 0, 0),
    ("t01", "2CJ", 0, 0),
    ("t02", "MCTA", 0, 0),
    ("t03", "AJ", 0, 0),
    ("t04", "TJ", 1, 0),
    ("t05", "2TJ", 0, 0),
    ("t06", "2T2A", 0, 1),
]


@pytest.mark.parametrize(("tile", "gain", "draws", "fear"), SITES)
def test_digging_at_a_discovered_site(tile: str, gain: str, draws: int, fear: int) -> None:
    t = Table()
    space = "L1.1" if tile.startswith("s") else "L2.1"  # a car, or 2 cars
    t.site(space, tile).deck(0, ["b0es"])
    t.hand(0, ["b0fc"] if space == "L1.1" else ["b0fc", "b1fc"])
    t.do(next(c for c in t.legal() if isinstance(c, cmd.Dig) and c.space == space))
    if draws:
        t.choose("1")
    assert seat0(t).res == R(gain)
    assert seat0(t).hand == (["b0es"] if draws else [])
    assert len(fears(t)) == fear
    assert seat0(t).arch[0] == space


def test_level_one_site_one_gives_two_compasses_or_an_item() -> None:
    t = Table()
    t.site("L1.1", "s01").hand(0, ["b0fc"]).row(["a01"], ["i12"])
    t.do(cmd.Dig("L1.1", ("b0fc",)))
    t.choose("1")
    assert t.options() == ["i12"] or set(t.options()) == {"i12", "skip"}
    t.choose("i12")
    assert seat0(t).deck == ["i12"], "a gained item goes to the deck like a bought one"


def test_discovering_a_level_one_site() -> None:
    """Pay 3 compasses and the travel, take the idol and its reward, the site's tile and its
    effect, then the guardian wakes (rulebook 381-412)."""
    t = Table()
    t.hand(0, ["b0fc"]).res(0, "3C").idol("L1.1", "d01")  # +1 coin
    sites1, guardians = list(t.state.sites1), list(t.state.guardians)
    t.state.sites1.remove("s10")
    t.state.sites1.insert(0, "s10")  # +1 jewel
    t.do(cmd.Discover("L1.1", ("b0fc",)))
    assert seat0(t).res == R("MJ")
    assert seat0(t).idols == 1 and t.state.idol_up["L1.1"] is None
    assert t.state.site_tile["L1.1"] == "s10"
    assert t.state.guardian["L1.1"] == guardians[0]
    assert seat0(t).arch[0] == "L1.1" and len(sites1) == 10


def test_discovering_a_level_two_site_costs_six_compasses_and_gives_two_idols() -> None:
    t = Table()
    t.hand(0, ["b0fc", "b1fc"]).res(0, "6C").idol("L2.1", "d04")  # +1 compass
    t.state.idol_down["L2.1"] = t.state.idol_box.pop(0)
    t.state.sites2.remove("t03")
    t.state.sites2.insert(0, "t03")
    t.do(next(c for c in t.legal() if isinstance(c, cmd.Discover) and c.space == "L2.1"))
    assert seat0(t).res == R("CAJ"), "the face-up idol's compass and the tile's A+J"
    assert seat0(t).idols == 2, "both idols, only the face-up one's reward"


def test_no_discovery_without_the_compasses() -> None:
    t = Table()
    t.hand(0, ["b0fc"]).res(0, "2C")
    assert not [c for c in t.legal() if isinstance(c, cmd.Discover)]


# --- idols (reference §6) -------------------------------------------------------------------------


def discover_with_idol(idol: str) -> Table:
    t = Table()
    t.hand(0, ["b0fc", "b0ec"]).res(0, "3CT").idol("L1.1", idol)
    t.state.sites1.remove("s10")
    t.state.sites1.insert(0, "s10")
    t.do(cmd.Discover("L1.1", ("b0fc",)))
    return t


@pytest.mark.parametrize(("idol", "gain"), [("d01", "MTJ"), ("d04", "CTJ"), ("d07", "2TJ")])
def test_idol_rewards_of_resources(idol: str, gain: str) -> None:
    """The tablet was left over, the jewel is the site's (s10)."""
    t = discover_with_idol(idol)
    assert seat0(t).res == R(gain)


def test_the_exile_idol() -> None:
    t = discover_with_idol("d10")
    t.choose("b0ec")
    assert seat0(t).hand == [] and "b0ec" in seat0(t).exiled


def test_the_upgrade_idol() -> None:
    t = discover_with_idol("d13")
    t.choose("T>A")
    assert seat0(t).res == R("AJ")


def test_the_refresh_idol() -> None:
    t = Table()
    t.hand(0, ["b0fc"]).res(0, "3C").idol("L1.1", "d15").assistants(0, [("h01", False, True)])
    t.state.sites1.remove("s10")
    t.state.sites1.insert(0, "s10")
    t.do(cmd.Discover("L1.1", ("b0fc",)))
    t.choose("0")
    assert seat0(t).assistants[0].exhausted is False


@pytest.mark.parametrize(
    ("option", "res", "gain", "draw"),
    [
        ("0", "M", "J", 0),
        ("1", "", "A", 0),
        ("2", "", "2T", 0),
        ("3", "", "MC", 0),
        ("4", "", "", 1),
    ],
)
def test_slotting_an_idol(option: str, res: str, gain: str, draw: int) -> None:
    t = Table()
    t.idols(0, crates=1).res(0, res).deck(0, ["b0fc"])
    t.do(cmd.SlotIdol())
    t.choose(option)
    if draw:
        t.choose("1")
    assert seat0(t).res == R(gain) and len(seat0(t).hand) == draw
    assert (seat0(t).idols, seat0(t).slots) == (0, 1)
    assert not t.state.main_done, "a free action"


def test_slotting_with_four_full_slots_is_impossible() -> None:
    t = Table()
    t.idols(0, crates=1, slots=4)
    assert cmd.SlotIdol() not in t.legal()


# --- assistants (reference §5) ------------------------------------------------------------------

ASSISTANTS = [
    # assistant, gold, answers, resources before, after
    ("h01", False, [], "", "2M"),
    ("h01", True, [], "", "3M"),
    ("h02", False, [], "", "T"),
    ("h02", True, [], "", "MT"),
    ("h04", False, [], "M", "A"),
    ("h04", True, ["1"], "M", "J"),
    ("h07", False, ["0"], "", "M"),
    ("h07", True, ["0"], "", "2M"),
    ("h08", False, ["0"], "", "C"),
    ("h08", True, ["0"], "", "MC"),
    ("h09", False, ["0"], "", "C"),
    ("h09", True, ["0"], "", "MC"),
    ("h11", False, ["T>A"], "T", "A"),
    ("h11", True, ["T>A"], "T", "CA"),
    ("h12", False, [], "", "C"),
    ("h12", True, [], "", "2C"),
]


@pytest.mark.parametrize(("helper", "gold", "answers", "before", "after"), ASSISTANTS)
def test_assistant_effects(
    helper: str, gold: bool, answers: list[str], before: str, after: str
) -> None:
    t = Table()
    t.assistants(0, [(helper, gold, False)]).res(0, before)
    t.do(cmd.UseAssistant(0))
    for value in answers:
        t.choose(value)
    assert seat0(t).res == R(after)
    assert seat0(t).assistants[0].exhausted, "used: exhausted until refreshed"
    assert cmd.UseAssistant(0) not in t.legal()
    assert not t.state.main_done, "a free action"


@pytest.mark.parametrize(
    ("helper", "icons"), [("h07", ["plane"]), ("h08", ["car"]), ("h09", ["ship"])]
)
def test_travel_assistants(helper: str, icons: list[str]) -> None:
    for gold in (False, True):
        t = Table()
        t.assistants(0, [(helper, gold, False)])
        t.do(cmd.UseAssistant(0))
        t.choose("1")
        assert t.state.pool == icons * (2 if gold else 1)


def test_assistant_three_pays_a_boot_for_an_arrowhead_silver_or_gives_it_gold() -> None:
    t = Table()
    t.assistants(0, [("h03", False, False)]).hand(0, ["f01"])
    t.do(cmd.UseAssistant(0))
    assert t.options() == ["f01"], "even a lone way to pay is asked (a view cannot see it)"
    t.choose("f01")
    assert seat0(t).res == R("A") and seat0(t).play == ["f01"], "the Fear card paid the boot"
    t = Table()
    t.assistants(0, [("h03", True, False)])
    t.do(cmd.UseAssistant(0))
    assert seat0(t).res == R("A")


def test_assistant_five_exiles_and_gold_also_gains_a_compass() -> None:
    for gold, gain in ((False, ""), (True, "C")):
        t = Table()
        t.assistants(0, [("h05", gold, False)]).hand(0, ["f01"])
        t.do(cmd.UseAssistant(0))
        t.choose("f01")
        assert seat0(t).hand == [] and seat0(t).res == R(gain)


def test_assistant_six_draws_and_silver_puts_a_card_down() -> None:
    t = Table()
    t.assistants(0, [("h06", False, False)]).deck(0, ["b0fc"]).hand(0, ["b0es"])
    t.do(cmd.UseAssistant(0))
    t.choose("1")
    assert "b0fc" in seat0(t).hand or "b0es" in seat0(t).hand
    t.choose(t.options()[0])
    assert len(seat0(t).hand) == 1 and len(seat0(t).play) == 1
    t = Table()
    t.assistants(0, [("h06", True, False)]).deck(0, ["b0fc"])
    t.do(cmd.UseAssistant(0))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"]


def test_assistant_ten_buys_cheaper_as_the_main_action() -> None:
    t = Table()
    t.assistants(0, [("h10", False, False)]).row(["a25"], ["i12"]).res(0, "3MC")
    t.do(cmd.UseAssistant(0))
    assert set(t.options()) >= {"i12", "a25"}, "an item (4-1) or an artifact (2-1)"
    t.choose("i12")
    assert seat0(t).deck == ["i12"] and seat0(t).res == R("C") and t.state.main_done
    t = Table()
    t.assistants(0, [("h10", True, False)]).row(["a25"], ["i12"]).res(0, "2M")
    t.do(cmd.UseAssistant(0))
    t.choose("i12")
    assert seat0(t).res == R("")


def test_assistant_ten_is_no_free_action() -> None:
    t = Table()
    t.assistants(0, [("h10", False, False)]).row(["a25"], ["i12"]).res(0, "3M").turn(0, True)
    assert cmd.UseAssistant(0) not in t.legal()


# --- research (reference §7) ----------------------------------------------------------------------


def research_table(side: str, glass: int, notebook: int, res: str) -> Table:
    t = Table(side=side)
    t.research(0, glass, notebook).res(0, res).deck(0, ["b0fc"])
    t.state.bonus.clear()  # the bonus tiles have their own tests
    t.state.supply = [["h01"], ["h12"], ["h05"]]
    return t


BIRD_GLASS = [
    # from, to, cost, gain (effects that only gain resources)
    (0, 2, "J", "M"),
    (2, 4, "TA", "C"),
    (4, 5, "2TA", "C"),
    (5, 8, "2A", "C"),
    (8, 9, "MJ", "C"),
    (11, 13, "TJ", "C"),
]


@pytest.mark.parametrize(("start", "to", "cost", "gain"), BIRD_GLASS)
def test_bird_glass_rows(start: int, to: int, cost: str, gain: str) -> None:
    t = research_table("bird", start, 0, cost)
    t.do(cmd.Research("glass", str(to)))
    assert seat0(t).glass == to and seat0(t).res == R(gain)


def test_bird_glass_row_six_draws() -> None:
    t = research_table("bird", 9, 0, "CJ")
    t.do(cmd.Research("glass", "10"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"] and seat0(t).res == R("")


def test_bird_notebook_rows_one_and_two_recruit_a_silver_assistant() -> None:
    t = research_table("bird", 2, 0, "J")
    t.do(cmd.Research("notebook", "2"))
    assert t.options() == ["0", "1", "2"]
    t.choose("1")
    assert seat0(t).assistants == [Assistant("h12", gold=False, exhausted=False)]
    assert t.state.supply[1] == []


@pytest.mark.parametrize(("start", "to", "cost"), [(4, 5, "2TA"), (5, 8, "2A")])
def test_bird_notebook_rows_three_and_four_upgrade_an_assistant(
    start: int, to: int, cost: str
) -> None:
    t = research_table("bird", 8, start, cost)
    t.assistants(0, [("h01", False, True)])
    t.do(cmd.Research("notebook", str(to)))
    t.choose("0")
    assert seat0(t).assistants == [Assistant("h01", gold=True, exhausted=False)]


def test_bird_notebook_row_five_gains_three_compasses() -> None:
    t = research_table("bird", 9, 8, "MJ")
    t.do(cmd.Research("notebook", "9"))
    assert seat0(t).res == R("3C")


def test_bird_notebook_row_six_gains_an_artifact_from_the_row() -> None:
    t = research_table("bird", 10, 9, "CJ")
    t.row(["a09"], [])
    t.do(cmd.Research("notebook", "10"))
    t.choose("a09")
    assert "a09" in seat0(t).play


def test_bird_notebook_row_seven_overcomes_a_guardian_at_my_site() -> None:
    t = research_table("bird", 13, 11, "TJ")
    t.site("L1.1", "s10", guardian="g13").arch(0, ["L1.1"])
    t.do(cmd.Research("notebook", "13"))
    t.choose("L1.1")
    assert seat0(t).guardians == ["g13"]


def test_the_notebook_never_goes_above_the_glass() -> None:
    t = research_table("bird", 2, 2, "TAJ")
    moves = {(c.token, c.to) for c in t.legal() if isinstance(c, cmd.Research)}
    assert ("glass", "4") in moves and ("notebook", "4") not in moves


def test_only_the_glass_enters_the_temple_and_picks_a_temple_bonus_tile() -> None:
    """The arriving player looks through the temple bonus stack, takes one and puts the rest
    back (rulebook 131-133, 733-734)."""
    t = research_table("bird", 13, 13, "MCJ")
    for tile in ("r01", "r13"):
        t.state.bonus_box.remove(tile)
    t.state.temple_bonus = ["r01", "r13"]
    moves = {(c.token, c.to) for c in t.legal() if isinstance(c, cmd.Research)}
    assert ("glass", "14") in moves and ("notebook", "14") not in moves
    t.do(cmd.Research("glass", "14"))
    assert seat0(t).glass == 14 and seat0(t).temple_vp == 23, "the first arrival: 23"
    assert sorted(t.options()) == ["r01", "r13"]
    t.choose("r01")
    assert seat0(t).res == R("M") and t.state.temple_bonus == ["r13"]


def test_later_arrivals_take_the_next_temple_space() -> None:
    t = research_table("bird", 13, 0, "MCJ")
    t.state.temple_order = [1]
    t.state.seats[1].glass = 14
    t.do(cmd.Research("glass", "14"))
    assert seat0(t).temple_vp == 21


def test_with_the_glass_in_the_temple_research_buys_a_temple_tile() -> None:
    t = research_table("bird", 14, 0, "J")
    t.do(cmd.Research("glass", "t1"))  # the 2-point tile costing a jewel
    assert seat0(t).temple_tiles == [1] and seat0(t).res == R("")
    assert t.state.temple_stacks[1] == 1


def test_snake_glass_rows_one_and_two() -> None:
    t = research_table("snake", 0, 0, "J")
    t.do(cmd.Research("glass", "2"))
    assert seat0(t).res == R("M")
    t = research_table("snake", 2, 0, "2A")
    t.do(cmd.Research("glass", "5"))
    assert seat0(t).res == R("2M"), "reading: +2 coins (reference §7.3)"


def test_snake_glass_row_three_draws() -> None:
    t = research_table("snake", 5, 0, "MJ")
    t.do(cmd.Research("glass", "7"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"]


def test_snake_rescue_pays_an_idol_and_the_rescued_assistant_is_exhausted() -> None:
    """The rulebook's example: Red pays an idol from her crates, moves her glass, looks through
    the stack secretly and takes one; it arrives exhausted (rulebook 996-1002)."""
    t = research_table("snake", 7, 0, "")
    t.idols(0, crates=1)
    t.state.rescue = ["h03", "h07"]
    t.do(cmd.Research("glass", "8"))
    assert (seat0(t).idols, t.state.idols_spent) == (0, 1), "the idol leaves the game"
    assert set(t.options()) >= {"h03", "h07"}
    t.choose("h07")
    assert seat0(t).assistants == [Assistant("h07", gold=False, exhausted=True)]
    assert t.state.rescue == ["h03"]


def test_the_rescue_bridge_needs_an_idol_in_the_crates_not_a_slotted_one() -> None:
    t = research_table("snake", 7, 0, "")
    t.idols(0, crates=0, slots=2)
    assert ("glass", "8") not in {(c.token, c.to) for c in t.legal() if isinstance(c, cmd.Research)}


def test_snake_glass_row_five_upgrades_an_assistant() -> None:
    t = research_table("snake", 8, 0, "2A")
    t.assistants(0, [("h01", False, True)])
    t.do(cmd.Research("glass", "9"))
    t.choose("0")
    assert seat0(t).assistants[0] == Assistant("h01", gold=True, exhausted=False)


@pytest.mark.parametrize(("start", "to", "cost"), [(9, 11, "TJ"), (11, 13, "MTA")])
def test_snake_glass_rows_six_and_seven_bring_fear(start: int, to: int, cost: str) -> None:
    t = research_table("snake", start, 0, cost)
    t.do(cmd.Research("glass", str(to)))
    assert len(fears(t)) == 1 and seat0(t).res == R("")


def test_snake_notebook_rows() -> None:
    t = research_table("snake", 5, 2, "2A")  # row 2: exile
    t.hand(0, ["f01"])
    t.do(cmd.Research("notebook", "5"))
    t.choose("f01")
    assert seat0(t).hand == []
    t = research_table("snake", 7, 5, "MJ")  # row 3: upgrade an assistant
    t.assistants(0, [("h12", False, False)])
    t.do(cmd.Research("notebook", "7"))
    t.choose("0")
    assert seat0(t).assistants[0].gold
    t = research_table("snake", 8, 7, "")  # row 4: an artifact (reading)
    t.idols(0, crates=1).row(["a09"], [])
    t.do(cmd.Research("notebook", "8"))
    t.choose("a09")
    assert "a09" in seat0(t).play
    t = research_table("snake", 9, 8, "2A")  # row 5: refresh an assistant
    t.assistants(0, [("h12", False, True)])
    t.do(cmd.Research("notebook", "9"))
    t.choose("0")
    assert not seat0(t).assistants[0].exhausted
    t = research_table("snake", 11, 9, "TJ")  # row 6: draw
    t.do(cmd.Research("notebook", "11"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"]


def test_snake_notebook_row_seven_gains_a_jewel() -> None:
    t = research_table("snake", 13, 11, "MTA")
    t.do(cmd.Research("notebook", "13"))
    assert seat0(t).res == R("J")


def test_snake_row_seven_lets_each_arrival_choose_one_of_its_bonus_tiles() -> None:
    """2 or 3 tiles lie there; each token entering the row picks one (rulebook 1032-1035)."""
    t = research_table("snake", 11, 11, "2M2T2A")
    t.state.bonus = {13: ["r01", "r04"]}
    for tile in ("r01", "r04"):
        t.state.bonus_box.remove(tile)
    t.do(cmd.Research("glass", "13"))
    assert sorted(t.options()) == ["r01", "r04", "row"], "or the row's effect first"
    t.choose("r04")
    assert seat0(t).res == R("MTAC") and t.state.bonus[13] == ["r01"]
    assert len(fears(t)) == 1, "row 7's glass effect: Fear"


# --- research bonus tiles (reference §7.4) ------------------------------------------------------


@pytest.mark.parametrize(("tile", "gain"), [("r01", "M"), ("r04", "C"), ("r07", "T")])
def test_bonus_tiles_of_resources_go_to_the_first_arrival(tile: str, gain: str) -> None:
    t = Table()
    t.research(0, 2, 0).res(0, "TA")
    t.state.bonus = {4: [tile]}
    t.state.bonus_box.remove(tile)
    t.do(cmd.Research("glass", "4"))
    t.choose(tile)
    assert seat0(t).res == [a + b for a, b in zip(R("C"), R(gain), strict=True)]
    assert t.state.bonus.get(4, []) == [] and tile in seat0(t).bonus_tiles
    t.state.seats[1].glass = 2
    t.state.seats[1].res = R("TA")
    t.do(cmd.EndTurn())
    t.do(cmd.Research("glass", "4"))
    assert t.state.seats[1].bonus_tiles == [], "only the first arrival takes it"


def _bonus_table(tile: str) -> Table:
    t = Table()
    t.research(0, 2, 0).res(0, "TAT").hand(0, ["f01"]).deck(0, ["b0fc"])
    t.state.bonus = {4: [tile]}
    t.state.bonus_box.remove(tile)
    t.do(cmd.Research("glass", "4"))
    t.choose(tile)
    return t


def test_the_exile_bonus_tile() -> None:
    t = _bonus_table("r10")
    t.choose("f01")
    assert seat0(t).hand == []


def test_the_draw_bonus_tile() -> None:
    t = _bonus_table("r13")
    t.choose("1")
    assert "b0fc" in seat0(t).hand


def test_the_upgrade_bonus_tile() -> None:
    t = _bonus_table("r16")
    t.choose("T>A")
    assert seat0(t).res == R("CA")


# --- the rulebook's examples ----------------------------------------------------------------------


def _digs_at(t: Table, seat: int, site: str) -> set[str]:
    return {c.space for c in t.legal(seat) if isinstance(c, cmd.Dig) and c.space.startswith(site)}


def test_the_camp_example() -> None:
    """Rulebook 320-328: Red sends an archaeologist to a camp's 1-boot space and takes its
    reward; the next player there pays 2 boots, as could Red herself later with her second
    archaeologist; with both spaces taken nobody digs there this round."""
    t = Table(players=4)
    t.hand(0, ["f01", "f02", "f03"]).hand(1, ["b1fc"])
    t.do(cmd.Dig("C1.1", ("f01",)))
    assert seat0(t).res == R("2M")
    t.do(cmd.EndTurn())
    assert _digs_at(t, 1, "C1") == set(), "one car pays one of the 2 boots only"
    t.hand(1, ["b1fc", "b1fs"])
    assert _digs_at(t, 1, "C1") == {"C1.2"}
    t.do(cmd.Pass())
    t.do(cmd.EndTurn())
    t.choose("keep")  # the passer's leftover cards stay in hand
    for _ in range(2):  # seats 3 and 4 pass
        t.do(cmd.Pass())
        t.do(cmd.EndTurn())
    assert t.state.active == 0
    assert _digs_at(t, 0, "C1") == {"C1.2"}, "Red may join her own archaeologist"
    t.do(cmd.Dig("C1.2", ("f02", "f03")))
    assert seat0(t).res == R("4M") and seat0(t).arch == ["C1.1", "C1.2"]


def test_the_temple_tile_example() -> None:
    """Rulebook 744-752: the left 6-point stack costs the two left costs together (bird: coin,
    2 tablets and a jewel)."""
    t = research_table("bird", 14, 0, "M2TJ")
    moves = {c.to for c in t.legal() if isinstance(c, cmd.Research)}
    assert "t3" in moves and "t4" not in moves and "t5" not in moves
    t.do(cmd.Research("glass", "t3"))
    assert seat0(t).temple_tiles == [3] and seat0(t).res == R("")


def _discoverable(side: str, hand: list[str], compasses: int = 6) -> set[str]:
    t = Table(side=side)
    t.hand(0, hand).res(0, f"{compasses}C")
    return {c.space for c in t.legal() if isinstance(c, cmd.Discover)}


def test_the_snake_sides_travel_costs() -> None:
    """Reference §4.2: on the snake side L1.6 costs 2 boots, L1.7 a plane, L2.2 a boot and a
    plane, L2.3 a ship and a car; the bird side has cars and ships there."""
    ship = _discoverable("snake", ["b0fs"])
    assert "L1.7" not in ship and "L1.8" in ship
    assert "L1.7" in _discoverable("bird", ["b0fs"])
    assert "L1.7" in _discoverable("snake", ["a25"]), "a plane card"
    assert "L1.6" in _discoverable("snake", ["f01", "f02"]) and "L1.6" not in _discoverable(
        "bird", ["f01", "f02"]
    )
    assert "L2.2" in _discoverable("snake", ["f01", "a25"])
    assert "L2.3" in _discoverable("snake", ["b0fs", "b0fc"])
    assert "L2.3" not in _discoverable("bird", ["b0fs", "b0fc"]), "2 ships on the bird side"


def test_round_five_ends_with_the_archaeologists_return_and_its_fear() -> None:
    """Rulebook 862-864, 904-907: after round V only the archaeologists come home (with Fear
    from guarded sites); nothing is shuffled, drawn or moved in the card row."""
    t = Table()
    t.state.round, t.state.staff = 5, 5
    t.site("L1.1", "s02", guardian="g04").arch(0, ["L1.1"]).hand(0, ["b0fc"]).deck(0, ["b0ec"])
    row = (list(t.state.row_art), list(t.state.row_items))
    for _ in range(2):
        t.do(cmd.Pass())
        t.do(cmd.EndTurn())
    s = t.state
    assert s.phase == "over" and s.round == 5
    assert seat0(t).arch == [None, None] and len(fears(t)) == 1
    assert seat0(t).hand == ["b0fc"] and seat0(t).deck == ["b0ec"], "no shuffle, no draw"
    assert (s.row_art, s.row_items) == row
    assert not any(isinstance(e, ev.PileShuffled | ev.CardsDrawn) for e in t.events)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.parts[0]["fear"] == -1, "the Fear card scores -1"


def test_a_bought_item_lies_above_the_cards_shuffled_under_the_deck() -> None:
    """Rulebook (Nicht vergessen): a bought item goes under the deck, so it lies above every
    card the round's end shuffles under it."""
    t = Table()
    t.row(["a01"], ["i12", "i05", "i06", "i07", "i08"]).res(0, "4M")
    t.play(0, ["b0fc", "b0fs"]).deck(0, ["b0ec"])
    t.do(cmd.Buy("i12"))
    assert seat0(t).deck == ["b0ec", "i12"]
    t.do(cmd.EndTurn())
    for _ in range(2):
        t.do(cmd.Pass())
        t.do(cmd.EndTurn())
    assert t.state.round == 2
    assert seat0(t).hand[:2] == ["b0ec", "i12"]
    assert sorted(seat0(t).hand[2:]) == ["b0fc", "b0fs"]


def test_a_hand_may_hold_more_than_five_cards() -> None:
    t = Table()
    t.hand(0, ["i03", "b0fc", "b0fs", "b0ec", "b0es"]).deck(0, ["f01", "f02"])
    t.do(cmd.PlayCard("i03"))
    t.choose("2")
    assert len(seat0(t).hand) == 6

"""Every artifact, played from hand (a main action costing a tablet) or bought (its effect at
once, no tablet), on built positions. Expected values come from the reference's §2 and the
rulebook's card notes ("Anhang"), written here by hand."""

from __future__ import annotations

import pytest

from core.errors import IllegalCommand
from core.games.arnak import commands as cmd
from core.games.arnak.state import Assistant, Player
from tests.kit.arnak_builder import Table
from tests.kit.arnak_builder import parse_res as R


def seat0(t: Table) -> Player:
    return t.state.seats[0]


def table(card: str, res: str = "T", *, players: int = 2) -> Table:
    """Seat 1 holds the artifact ``card`` and ``res`` (a tablet to play it by default)."""
    t = Table(players=players)
    t.hand(0, [card]).res(0, res)
    return t


# --- the artifact rules ------------------------------------------------------------------------


def test_playing_an_artifact_costs_a_tablet_and_is_the_main_action() -> None:
    t = table("a25")  # Stone Jar
    t.deck(0, ["b0fc"])
    t.do(cmd.PlayCard("a25"))
    t.choose("1")
    assert seat0(t).res == R("") and seat0(t).hand == ["b0fc"]
    assert t.state.main_done


def test_an_artifact_cannot_be_played_without_a_tablet() -> None:
    t = table("a25", res="")
    assert cmd.PlayCard("a25") not in t.legal()
    with pytest.raises(IllegalCommand):
        t.do(cmd.PlayCard("a25"))


def test_a_bought_artifact_may_be_used_at_once_without_the_tablet() -> None:
    t = Table()
    t.row(["a04"], []).res(0, "4C").deck(0, ["b0fc"])  # Treasure Chest
    t.do(cmd.Buy("a04"))
    assert t.options() == ["use", "skip"]
    t.choose("use")
    t.choose("1")
    assert seat0(t).res == R("M") and seat0(t).hand == ["b0fc"]
    assert "a04" in seat0(t).play, "a bought artifact goes to the play area"


def test_a_bought_artifact_need_not_be_used() -> None:
    t = Table()
    t.row(["a07"], []).res(0, "3C")
    t.do(cmd.Buy("a07"))
    t.choose("skip")
    assert seat0(t).res == R("") and "a07" in seat0(t).play


# --- plain gains ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "gain", "fear"),
    [
        ("a08", "4M", 1),  # Serpent's Gold
        ("a09", "J", 1),  # Serpent Idol
        ("a18", "2A", 1),  # Hunting Arrows
        ("a34", "M3T", 1),  # Runes of the Dead
    ],
)
def test_fear_for_riches(card: str, gain: str, fear: int) -> None:
    t = table(card)
    before = len(t.state.fear_deck)
    t.do(cmd.PlayCard(card))
    assert seat0(t).res == R(gain)
    fears = [c for c in seat0(t).play if c.startswith("f")]
    assert len(fears) == fear and len(t.state.fear_deck) == before - fear
    assert seat0(t).play[0] == card


def test_fear_becomes_a_fear_tile_once_the_fear_deck_is_empty() -> None:
    t = table("a09")
    t.state.fear_deck.clear()
    t.do(cmd.PlayCard("a09"))
    assert seat0(t).fear_tiles == 1 and t.state.fear_tiles == 9
    assert seat0(t).res == R("J")


def test_treasure_chest_draws_one_and_gains_a_coin() -> None:
    t = table("a04")
    t.deck(0, ["b0fc", "b0fs"])
    t.do(cmd.PlayCard("a04"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"] and seat0(t).res == R("M")


@pytest.mark.parametrize(("card", "gain"), [("a05", "A"), ("a07", "2M")])
def test_exile_and_gain(card: str, gain: str) -> None:
    t = table(card)
    t.play(0, ["f01"])
    t.do(cmd.PlayCard(card))
    t.choose("f01")
    assert seat0(t).res == R(gain) and "f01" in t.state.fear_deck


def test_exiling_a_fear_tile() -> None:
    t = table("a05")
    t.state.seats[0].fear_tiles = 1
    t.state.fear_tiles -= 1
    t.do(cmd.PlayCard("a05"))
    assert "fear_tile" in t.options()
    t.choose("fear_tile")
    assert seat0(t).fear_tiles == 0 and t.state.fear_tiles == 10


def test_cleansing_cauldron_draws_then_exiles_both_optional() -> None:
    t = table("a20")
    t.deck(0, ["f02"])
    t.do(cmd.PlayCard("a20"))
    assert t.options() == ["1", "0"]
    t.choose("1")
    t.choose("f02")
    assert seat0(t).hand == [] and "f02" in t.state.fear_deck


@pytest.mark.parametrize(("card", "coins"), [("a17", 3), ("a29", 2)])
def test_traders_upgrade_then_gain_coins(card: str, coins: int) -> None:
    t = table(card, res="TA")
    t.do(cmd.PlayCard(card))
    assert set(t.options()) == {"A>J", "skip"}, "the played tablet is gone"
    t.choose("A>J")
    assert seat0(t).res == R(f"{coins}MJ")


def test_war_mask_gains_an_arrowhead_and_spares_guardian_fear_this_round() -> None:
    t = table("a03")
    t.site("L1.1", "s01", guardian="g01").arch(0, ["L1.1"])
    t.do(cmd.PlayCard("a03"))
    assert seat0(t).res == R("A") and seat0(t).no_guardian_fear


def test_sundial_gains_two_tablets_or_passes_for_a_jewel() -> None:
    t = table("a16")
    t.do(cmd.PlayCard("a16"))
    t.choose("0")
    assert seat0(t).res == R("2T")
    t = table("a16")
    t.do(cmd.PlayCard("a16"))
    t.choose("1")
    assert seat0(t).res == R("J") and t.state.passed[0]


# --- the earrings (rulebook 1053-1057, 1064-1068) ---------------------------------------------


def test_crystal_earring_draws_one_to_three_keeps_one_may_put_one_back() -> None:
    t = table("a06")
    t.deck(0, ["b0fc", "b0fs", "b0ec", "b0es"])
    t.do(cmd.PlayCard("a06"))
    assert t.options() == ["1", "2", "3"], "decide the number first"
    t.choose("3")
    assert sorted(t.options()) == ["b0ec", "b0fc", "b0fs"]
    t.choose("b0fs")
    assert seat0(t).hand == ["b0fs"]
    assert "skip" in t.options(), "putting one back is optional"
    t.choose("b0ec")
    assert seat0(t).deck == ["b0ec", "b0es"], "back on top of the deck"
    assert seat0(t).play == ["a06", "b0fc"], "the rest lies in the play area"
    assert seat0(t).aside == [] and seat0(t).res == R("")


def test_crystal_earring_drawing_one_just_keeps_it() -> None:
    t = table("a06")
    t.deck(0, ["b0fc", "b0fs"])
    t.do(cmd.PlayCard("a06"))
    t.choose("1")
    assert t.options() == ["b0fc"]
    t.choose("b0fc")
    assert seat0(t).hand == ["b0fc"] and seat0(t).deck == ["b0fs"]


def test_obsidian_earring_draws_one_or_two_from_the_bottom() -> None:
    t = table("a31")
    t.deck(0, ["b0fc", "b0fs", "b0ec", "b0es"])
    t.do(cmd.PlayCard("a31"))
    assert t.options() == ["1", "2"]
    t.choose("2")
    assert sorted(t.options()) == ["b0ec", "b0es"]
    t.choose("b0es")
    assert seat0(t).hand == ["b0es"] and seat0(t).play == ["a31", "b0ec"]
    assert seat0(t).deck == ["b0fc", "b0fs"], "nothing goes back"


# --- cards from the row -------------------------------------------------------------------------


def test_monkey_medallion_puts_a_row_item_on_top_of_the_deck() -> None:
    t = table("a10")
    t.row(["a01"], ["i12", "i03"]).deck(0, ["b0fc"])
    t.do(cmd.PlayCard("a10"))
    assert set(t.options()) >= {"i12", "i03"} and "a01" not in t.options()
    t.choose("i12")
    assert seat0(t).deck == ["i12", "b0fc"]


def test_ornate_hammer_exiles_the_farthest_item_then_takes_one_from_the_exile() -> None:
    t = table("a23")
    t.row(["a01"], ["i01", "i02", "i03"])
    t.state.item_exile.append("i40")
    t.do(cmd.PlayCard("a23"))
    assert "i03" in t.state.item_exile, "the item farthest from the staff"
    assert {"i03", "i40"} <= set(t.options()) <= {"i03", "i40", "skip"}
    t.choose("i40")
    assert seat0(t).deck[-1] == "i40" and "i40" not in t.state.item_exile


# --- research with a discount (rulebook 1069-1070) -------------------------------------------


def test_idol_of_ara_anu_researches_a_jewel_cheaper() -> None:
    t = table("a11")
    t.research(0, glass=0)
    t.do(cmd.PlayCard("a11"))
    assert "glass>2" in t.options(), "space 2 costs a jewel: free with the discount"
    assert "glass>1" not in t.options(), "space 1 costs a compass and an arrowhead"
    t.choose("glass>2")
    assert seat0(t).glass == 2 and seat0(t).res == R("M"), "row 1 glass: +1 coin"


def test_inscribed_blade_takes_an_arrowhead_or_two_tablets_off() -> None:
    t = table("a12", res="TC")
    t.do(cmd.PlayCard("a12"))
    assert "glass>1#0" in t.options(), "a compass and an arrowhead, less the arrowhead"
    t.choose("glass>1#0")
    assert seat0(t).glass == 1 and seat0(t).res == R("M")


def test_inscribed_blade_discounts_a_temple_tile() -> None:
    t = table("a12", res="3TMJ")  # the 6-point tile A+B: coin, 2 tablets, jewel; less 2 tablets
    t.research(0, glass=14)
    t.do(cmd.PlayCard("a12"))
    assert "glass>t3#1" in t.options(), "stack 4 (6 points, A+B) with discount 2 (two tablets)"
    t.choose("glass>t3#1")
    assert seat0(t).temple_tiles == [3] and seat0(t).res == R("2T")


# --- archaeologists ----------------------------------------------------------------------------


def test_pathfinders_sandals_relocate_to_a_camp_and_activate_it() -> None:
    t = table("a01")
    t.site("L1.1", "s01").arch(0, ["L1.1"])
    t.do(cmd.PlayCard("a01"))
    assert "L1.1>C3.1" in t.options() and not any(">L1" in o for o in t.options())
    t.choose("L1.1>C3.1")
    t.choose("C3")
    assert seat0(t).arch[0] == "C3.1" and t.state.occupant["L1.1"] is None
    assert seat0(t).res == R("2T")


def test_pathfinders_staff_may_also_relocate_to_a_level_one_site() -> None:
    t = table("a02")
    t.site("L1.1", "s01").site("L1.2", "s02").site("L2.1", "t01").arch(0, ["C1.1"])
    t.do(cmd.PlayCard("a02"))
    assert "C1.1>L1.2" in t.options() and "C1.1>L2.1" not in t.options()
    assert "C1.1>L1.5" not in t.options(), "never to an undiscovered site"
    t.choose("C1.1>L1.2")
    t.choose("L1.2")
    assert seat0(t).arch[0] == "L1.2" and seat0(t).res == R("MA")


def test_guardians_ocarina_returns_an_archaeologist_and_makes_every_icon_a_plane() -> None:
    t = table("a13")
    t.hand(0, ["a13", "b0es"]).res(0, "T3C").arch(0, ["C1.1"])
    t.do(cmd.PlayCard("a13"))
    t.choose("C1.1")
    assert seat0(t).arch == [None, None] and seat0(t).all_planes
    t.do(cmd.EndTurn())
    t.do(cmd.Pass())
    t.do(cmd.EndTurn())
    digs = [c for c in t.legal() if isinstance(c, cmd.Discover) and c.space == "L1.1"]
    assert cmd.Discover("L1.1", ("b0es",)) in digs, "a ship (now a plane) pays a car"


def test_guardians_ocarina_may_be_played_with_both_archaeologists_home() -> None:
    t = table("a13")
    t.do(cmd.PlayCard("a13"))
    assert t.options() == ["skip"]
    t.choose("skip")
    assert seat0(t).all_planes


def test_passage_shell_digs_at_a_camp_free_and_uses_it_twice() -> None:
    t = table("a26", players=4)
    t.do(cmd.PlayCard("a26"))
    assert {"C1.1", "C1.2"} <= set(t.options()), "no travel cost"
    t.choose("C1.1")
    assert seat0(t).arch[0] == "C1.1" and seat0(t).res == R("4M")


# --- activating sites ----------------------------------------------------------------------------


def test_tigerclaw_hairpin_exiles_and_activates_an_unoccupied_camp() -> None:
    t = table("a14")
    t.arch(1, ["C1.1"]).play(0, ["b0fc"])
    t.do(cmd.PlayCard("a14"))
    t.choose("b0fc")
    assert "C1" not in t.options() and "C4" in t.options()
    t.choose("C4")
    assert seat0(t).res == R("A")


def test_star_charts_pay_a_coin_to_activate_two_different_camps() -> None:
    t = table("a24", res="TM")
    t.do(cmd.PlayCard("a24"))
    t.choose("C1")
    assert "C1" not in t.options()
    t.choose("C2")
    assert seat0(t).res == R("2M2C")


def test_guiding_stone_runs_the_top_level_one_tile_and_puts_it_at_the_bottom() -> None:
    t = table("a32")
    t.state.sites1.remove("s02")
    t.state.sites1.insert(0, "s02")
    top = "s02"
    t.do(cmd.PlayCard("a32"))
    assert seat0(t).res == R("MA")
    assert t.state.sites1[-1] == top


def test_guiding_skull_pays_a_compass_for_the_top_level_two_tile() -> None:
    t = table("a33", res="TC")
    t.state.sites2.remove("t03")
    t.state.sites2.insert(0, "t03")
    t.do(cmd.PlayCard("a33"))
    assert seat0(t).res == R("AJ") and t.state.sites2[-1] == "t03"


def test_guardians_crown_moves_a_guardian_to_a_free_discovered_site_and_activates_it() -> None:
    t = table("a35")
    t.site("L1.1", "s01", guardian="g05").arch(0, ["L1.1"]).site("L1.2", "s02")
    t.site("L1.3", "s03", guardian="g06").site("L1.4", "s04").arch(1, ["L1.4"])
    t.do(cmd.PlayCard("a35"))
    targets = {o.split(">")[1] for o in t.options() if o != "skip"}
    assert "L1.2" in targets and "C3" in targets
    assert "L1.3" not in targets, "it has a guardian"
    assert "L1.4" not in targets, "someone is there"
    assert "L1.5" not in targets, "not discovered (rulebook 1084-1088)"
    t.choose("L1.1>L1.2")
    t.choose("L1.2")
    assert t.state.guardian["L1.2"] == "g05" and t.state.guardian["L1.1"] is None
    assert seat0(t).res == R("MA")


def test_war_club_overcomes_a_guardian_at_my_site_free() -> None:
    t = table("a15")
    t.site("L1.1", "s01", guardian="g13").arch(0, ["L1.1"])
    t.site("L1.2", "s02", guardian="g12")
    t.do(cmd.PlayCard("a15"))
    assert t.options() in (["L1.1", "skip"], ["L1.1"])
    t.choose("L1.1")
    assert seat0(t).guardians == ["g13"] and seat0(t).res == R("")


# --- assistants ----------------------------------------------------------------------------------


def test_coconut_flask_gains_two_coins_and_borrows_a_supply_assistants_silver_side() -> None:
    t = table("a19")
    t.state.supply = [["h01", "h02"], ["h12"], ["h05"]]
    t.do(cmd.PlayCard("a19"))
    assert t.options() == ["0", "1", "2"], "the stack tops"
    t.choose("0")  # h01 silver: +2 coins
    assert seat0(t).res == R("4M")
    assert t.state.supply[0] == ["h01", "h02"] and seat0(t).assistants == []


def test_ancient_wine_gains_a_coin_and_borrows_a_gold_side() -> None:
    t = table("a21")
    t.state.supply = [["h01"], ["h12"], ["h05"]]
    t.do(cmd.PlayCard("a21"))
    t.choose("1")  # h12 gold: +2 compasses
    assert seat0(t).res == R("M2C")


def test_ceremonial_rattle_refreshes_one_assistant() -> None:
    t = table("a27")
    t.assistants(0, [("h02", False, True), ("h01", True, True)])
    t.do(cmd.PlayCard("a27"))
    t.choose("1")
    assert [a.exhausted for a in seat0(t).assistants] == [True, False]


def test_sacred_drum_puts_a_card_down_to_refresh_both() -> None:
    t = table("a28")
    t.hand(0, ["a28", "b0fc"]).assistants(0, [("h02", False, True), ("h01", True, True)])
    t.do(cmd.PlayCard("a28"))
    t.choose("b0fc")
    t.choose("all")
    assert [a.exhausted for a in seat0(t).assistants] == [False, False]
    assert "b0fc" in seat0(t).play


def test_decorated_horn_swaps_at_the_same_level_and_returns_the_old_one_silver() -> None:
    t = table("a22")
    t.assistants(0, [("h02", True, True)])
    t.state.supply = [["h01"], ["h12"], ["h05"]]
    t.do(cmd.PlayCard("a22"))
    t.choose("0>1")
    assert seat0(t).assistants == [Assistant("h12", gold=True, exhausted=False)]
    assert t.state.supply[1][0] == "h02"


def test_stone_key_frees_a_slot_and_returns_the_idol_to_the_crates() -> None:
    t = table("a30")
    t.idols(0, crates=0, slots=2)
    t.do(cmd.PlayCard("a30"))
    assert (seat0(t).idols, seat0(t).slots) == (1, 1)


# --- the round end and the appendix's notes ----------------------------------------------------


def _fear_held(t: Table) -> int:
    p = seat0(t)
    return sum(c.startswith("f") for c in (*p.deck, *p.hand, *p.play))


@pytest.mark.parametrize("mask", [False, True])
def test_war_mask_spares_the_fear_of_a_guarded_site_at_the_round_end(mask: bool) -> None:
    t = Table()
    t.site("L1.1", "s10", guardian="g01").arch(0, ["L1.1"])
    if mask:
        t.hand(0, ["a03"]).res(0, "T")
        t.do(cmd.PlayCard("a03"))
        t.do(cmd.EndTurn())
        t.do(cmd.Pass())  # seat 2
        t.do(cmd.EndTurn())
    t.do(cmd.Pass())
    t.do(cmd.EndTurn())
    if not mask:
        t.do(cmd.Pass())
        t.do(cmd.EndTurn())
    assert t.state.round == 2
    assert seat0(t).arch == [None, None], "archaeologists came home"
    assert _fear_held(t) == (0 if mask else 1)
    assert not seat0(t).no_guardian_fear, "only for that round"


def test_borrowed_travel_is_lost_unless_spent_in_the_turn() -> None:
    """Coconut Flask: the artifact is the main action even when the assistant is free, so a
    plane from assistant 7 can pay nothing after it and is lost at the turn's end (1071-1078)."""
    t = table("a19")
    t.state.supply = [["h07"], ["h12"], ["h05"]]
    t.state.rescue = ["h01"]
    t.do(cmd.PlayCard("a19"))
    assert t.options() == ["0", "1", "2"], "the supply's stack tops, not the rescue stack"
    t.choose("0")
    t.choose("1")  # the plane
    assert t.state.pool == ["plane"] and t.legal() == [cmd.EndTurn()]
    t.do(cmd.EndTurn())
    assert t.state.pool == []
    assert t.state.supply[0] == ["h07"] and seat0(t).assistants == []


def test_idol_of_ara_anu_discounts_a_temple_tile() -> None:
    t = table("a11", res="T")
    t.research(0, glass=14)
    t.do(cmd.PlayCard("a11"))
    assert "glass>t1" in t.options(), "the jewel tile, free with the discount (1069-1070)"
    t.choose("glass>t1")
    assert seat0(t).temple_tiles == [1]


def test_decorated_horn_swaps_a_silver_assistant_for_a_silver_one() -> None:
    t = table("a22")
    t.assistants(0, [("h02", False, True)])
    t.state.supply = [["h01"], ["h12"], ["h05"]]
    t.do(cmd.PlayCard("a22"))
    t.choose("0>1")
    assert seat0(t).assistants == [Assistant("h12", gold=False, exhausted=False)]
    assert t.state.supply[1] == ["h02"]


def test_guardians_crown_never_moves_to_a_camp_with_anyone_on_it() -> None:
    """A site with one of its two spaces taken is not completely free (1084-1088)."""
    t = table("a35", players=4)
    t.site("L1.1", "s01", guardian="g05").arch(0, ["L1.1"]).arch(1, ["C2.1"])
    t.do(cmd.PlayCard("a35"))
    assert "L1.1>C2" not in t.options() and "L1.1>C1" in t.options()

"""Every item card, played from hand on a built position (expected values from the reference's
§1 and the rulebook's card notes, written here by hand, not read from the data file)."""

from __future__ import annotations

import pytest

from core.errors import IllegalCommand
from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak.state import Player
from tests.kit.arnak_builder import Table
from tests.kit.arnak_builder import parse_res as R


def seat0(t: Table) -> Player:
    return t.state.seats[0]


def played(card: str, *, hand: tuple[str, ...] = (), res: str = "") -> Table:
    """A table where seat 1 holds ``card`` (plus ``hand``) and has just played it."""
    t = Table()
    t.hand(0, [card, *hand]).res(0, res)
    t.do(cmd.PlayCard(card))
    return t


# --- free actions: the turn's main action is still to come ------------------------------------


@pytest.mark.parametrize(
    ("card", "gain"),
    [
        ("b0fc", "M"),  # Funding
        ("b0fs", "M"),
        ("b0ec", "C"),  # Exploration
        ("b0es", "C"),
        ("i05", "2C"),  # Steam Boat
        ("i06", "2C"),  # Automobile
        ("i08", "2M"),  # Gold Pan
        ("i22", "2T"),  # Carrier Pigeon
        ("i32", "MC"),  # Hat
    ],
)
def test_free_cards_gain_and_leave_the_main_action_open(card: str, gain: str) -> None:
    t = played(card)
    assert seat0(t).res == R(gain)
    assert seat0(t).play == [card] and seat0(t).hand == []
    assert not t.state.main_done
    assert cmd.Pass() in t.legal(), "the main action is still open"


def test_watch_gains_two_coins_free_or_passes_for_three() -> None:
    t = played("i15")
    assert t.options() == ["0", "1"]
    t.choose("0")
    assert seat0(t).res == R("2M") and not t.state.main_done
    t = played("i15")
    t.choose("1")
    assert seat0(t).res == R("3M")
    assert t.state.passed[0], "the second option passes (rulebook: passing to gain)"


def test_chronometer_gains_coin_and_compass_free_or_passes_for_three_compasses() -> None:
    t = played("i39")
    t.choose("0")
    assert seat0(t).res == R("MC") and not t.state.main_done
    t = played("i39")
    t.choose("1")
    assert seat0(t).res == R("3C") and t.state.passed[0]


def test_the_pass_option_is_gone_once_the_main_action_is_done() -> None:
    t = Table()
    t.hand(0, ["i15"]).turn(0, main_done=True)
    t.do(cmd.PlayCard("i15"))
    assert t.options() == ["0"], "passing is a main action"


# --- main actions ------------------------------------------------------------------------------


def test_a_main_card_ends_the_main_action() -> None:
    t = played("i24")  # Rough Map
    assert t.state.main_done
    assert not any(isinstance(c, cmd.PlayCard | cmd.Pass) for c in t.legal())


def test_rough_map_gains_three_compasses_and_is_exiled() -> None:
    t = played("i24")
    assert seat0(t).res == R("3C")
    assert "i24" not in seat0(t).play and "i24" in t.state.item_exile


def test_flask_draws_up_to_three_and_is_exiled() -> None:
    t = Table()
    t.hand(0, ["i26"]).deck(0, ["b0fc", "b0fs", "b0ec", "b0es"])
    t.do(cmd.PlayCard("i26"))
    assert t.options() == ["3", "2", "1", "0"], "drawing is optional (rulebook 1177)"
    t.choose("3")
    assert seat0(t).hand == ["b0fc", "b0fs", "b0ec"] and seat0(t).deck == ["b0es"]
    assert "i26" in t.state.item_exile


def test_pack_donkey_draws_two() -> None:
    t = Table()
    t.hand(0, ["i03"]).deck(0, ["b0fc", "b0fs", "b0ec"])
    t.do(cmd.PlayCard("i03"))
    t.choose("2")
    assert seat0(t).hand == ["b0fc", "b0fs"]


def test_a_draw_from_an_empty_deck_does_nothing() -> None:
    t = played("i03")
    assert t.options() == ["0"]
    t.choose("0")
    assert seat0(t).hand == [] and seat0(t).play == ["i03"]


def test_horse_draws_one_and_gains_coin_and_compass() -> None:
    t = Table()
    t.hand(0, ["i04"]).deck(0, ["b0fc"])
    t.do(cmd.PlayCard("i04"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"] and seat0(t).res == R("MC")


@pytest.mark.parametrize(("card", "gain"), [("i09", "J"), ("i10", "TA")])
def test_trowel_and_pickaxe_turn_a_compass_into_resources(card: str, gain: str) -> None:
    t = played(card, res="2C")
    assert seat0(t).res == [a + b for a, b in zip(R("C"), R(gain), strict=True)]


@pytest.mark.parametrize(
    ("card", "res"),
    [
        ("i09", ""),  # Trowel: no compass
        ("i10", "2M"),  # Pickaxe
        ("i14", ""),  # Parrot: no card to put down
        ("i30", ""),  # Rope
        ("i34", ""),  # Grappling Hook
        ("i31", ""),  # Revolver: no compass
    ],
)
def test_a_card_whose_cost_cannot_be_paid_cannot_be_played(card: str, res: str) -> None:
    """Rulebook (Anhang): an action that needs a payment cannot be used without it; a
    card-down cannot be paid with no card in hand (1173-1176)."""
    t = Table()
    t.hand(0, [card]).res(0, res)
    assert cmd.PlayCard(card) not in t.legal()
    with pytest.raises(IllegalCommand):
        t.do(cmd.PlayCard(card))


def test_parrot_puts_a_hand_card_down_for_a_jewel() -> None:
    t = played("i14", hand=("b0fc",))
    assert t.options() == ["b0fc"]
    t.choose("b0fc")
    assert seat0(t).res == R("J")
    assert seat0(t).play == ["i14", "b0fc"], "the card put down lies in the play area"
    assert seat0(t).res[0] == 0, "its effect is ignored"


def test_rope_puts_a_card_down_then_draws_two() -> None:
    t = Table()
    t.hand(0, ["i30", "b0fc"]).deck(0, ["b0ec", "b0es", "b0fs"])
    t.do(cmd.PlayCard("i30"))
    t.choose("b0fc")
    t.choose("2")
    assert seat0(t).hand == ["b0ec", "b0es"] and "b0fc" in seat0(t).play


def test_grappling_hook_puts_down_draws_one_then_may_exile() -> None:
    t = Table()
    t.hand(0, ["i34", "b0fc"]).deck(0, ["f01"])
    t.do(cmd.PlayCard("i34"))
    t.choose("b0fc")
    t.choose("1")
    assert seat0(t).hand == ["f01"]
    assert "f01" in t.options() and "skip" in t.options()
    t.choose("f01")
    assert "f01" in t.state.fear_deck, "an exiled Fear card goes back to the Fear deck"
    assert seat0(t).hand == []


@pytest.mark.parametrize(("card", "gain"), [("i27", "2C"), ("i28", "T"), ("i38", "C")])
def test_exile_then_gain(card: str, gain: str) -> None:
    t = Table()
    t.hand(0, [card, "b0fc"]).play(0, ["b0ec"])
    t.do(cmd.PlayCard(card))
    assert {"b0fc", "b0ec", "skip"} <= set(t.options()), "from hand or play area"
    t.choose("b0ec")
    assert "b0ec" not in seat0(t).play and seat0(t).res == R(gain)
    assert card in seat0(t).play, "only the chosen card leaves, not the played one"


def test_army_knife_takes_two_different_options() -> None:
    t = played("i16", hand=("b0fc",))
    assert t.options() == ["0", "1", "2", "3"]
    t.choose("2")  # +1 compass
    assert "2" not in t.options(), "the same option may not be taken twice"
    t.choose("0")  # exile
    t.choose("b0fc")
    assert seat0(t).res == R("C") and seat0(t).hand == []
    assert not t.options()


def test_large_backpack_gains_a_coin_and_draws_from_the_bottom() -> None:
    t = Table()
    t.hand(0, ["i29"]).deck(0, ["b0fc", "b0fs", "b0es"])
    t.do(cmd.PlayCard("i29"))
    t.choose("1")
    assert seat0(t).hand == ["b0es"] and seat0(t).deck == ["b0fc", "b0fs"]
    assert seat0(t).res == R("M")
    drew = [e for e in t.events if isinstance(e, ev.CardsDrawn)]
    assert drew[-1].bottom


# --- digging and discovering --------------------------------------------------------------------


def _dig_targets(t: Table) -> set[str]:
    return {o.partition("=")[0] for o in t.options() if o != "skip"}


def test_sea_turtle_draws_then_digs_with_a_ship_discount() -> None:
    t = Table()
    t.hand(0, ["i01"]).deck(0, ["b0fc"]).res(0, "3C")
    t.do(cmd.PlayCard("i01"))
    t.choose("1")
    assert seat0(t).hand == ["b0fc"]
    targets = _dig_targets(t)
    assert "L1.3" in targets, "a ship site is paid by the discount"
    assert "L1.1" in targets, "a car site is payable with the drawn Funding (car)"
    assert "L2.1" not in targets, "6 compasses are not there"
    t.choose("L1.3")
    assert seat0(t).arch[0] == "L1.3" and seat0(t).res == R("")
    assert t.state.site_tile["L1.3"] is not None, "the site is discovered"
    assert seat0(t).hand == ["b0fc"], "the discount paid all the travel"


def test_ostrich_discount_pays_a_car_but_not_a_ship() -> None:
    t = Table()
    t.hand(0, ["i02"]).res(0, "3C")
    t.do(cmd.PlayCard("i02"))
    if "0" in t.options():
        t.choose("0")
    targets = _dig_targets(t)
    assert "L1.1" in targets and "L1.3" not in targets
    assert "C1.1" in targets, "a car pays a boot"


def test_sturdy_boots_gain_a_compass_and_pay_two_boots() -> None:
    t = Table(players=4)
    t.hand(0, ["i07"])
    t.do(cmd.PlayCard("i07"))
    assert seat0(t).res == R("C")
    targets = _dig_targets(t)
    assert {"C1.1", "C1.2", "C5.2"} <= targets, "both camp spaces are paid by 2 boots"
    assert "L1.1" not in targets
    t.choose("C3.2")
    assert seat0(t).arch[0] == "C3.2" and seat0(t).res == R("C2T")


@pytest.mark.parametrize(("card", "compasses"), [("i11", 0), ("i12", 1)])
def test_balloon_and_aeroplane_fly_and_cut_the_discovery_price(card: str, compasses: int) -> None:
    t = Table()
    t.hand(0, [card]).res(0, f"{compasses}C" if compasses else "")
    t.do(cmd.PlayCard(card))
    targets = _dig_targets(t)
    assert {"L1.1", "L1.3"} <= targets, "a plane pays one car or ship"
    assert "L2.1" not in targets, "a level-II site costs 2 travel and 6 compasses"
    t.choose("L1.3")
    assert seat0(t).arch[0] == "L1.3" and seat0(t).res[1] == 0
    if card == "i11":
        assert "i11" in t.state.item_exile, "the balloon is exiled"
    else:
        assert "i12" in seat0(t).play


def test_aeroplane_without_a_compass_can_only_dig_at_camps() -> None:
    t = Table()
    t.hand(0, ["i12"])
    t.do(cmd.PlayCard("i12"))
    targets = _dig_targets(t)
    assert targets and all(s.startswith("C") for s in targets)


# --- activating sites ------------------------------------------------------------------------


def test_binoculars_activate_any_discovered_level_one_site() -> None:
    t = Table()
    t.hand(0, ["i17"]).site("L1.2", "s02").site("L2.1", "t03").arch(1, ["L1.2"])
    t.do(cmd.PlayCard("i17"))
    assert "L1.2" in t.options(), "another player there does not block it"
    assert "L2.1" not in t.options() and "C1" not in t.options()
    t.choose("L1.2")
    assert seat0(t).res == R("MA")


def test_tent_activates_a_site_of_mine_and_a_level_two_one_costs_two_compasses() -> None:
    t = Table()
    t.hand(0, ["i18"]).site("L2.1", "t03").site("L1.2", "s02").arch(0, ["L2.1", "C1.1"])
    t.res(0, "2C")
    t.do(cmd.PlayCard("i18"))
    assert set(t.options()) >= {"L2.1", "C1"} and "L1.2" not in t.options()
    t.choose("L2.1")
    assert seat0(t).res == R("AJ")


def test_tent_cannot_take_a_level_two_site_without_the_compasses() -> None:
    t = Table()
    t.hand(0, ["i18"]).site("L2.1", "t03").arch(0, ["L2.1"]).res(0, "C")
    t.do(cmd.PlayCard("i18"))
    assert t.options() == ["skip"]


def test_lantern_activates_any_camp_even_an_occupied_one() -> None:
    t = Table()
    t.hand(0, ["i35"]).arch(1, ["C2.1"])
    t.do(cmd.PlayCard("i35"))
    assert {"C1", "C2", "C3", "C4", "C5"} <= set(t.options())
    t.choose("C2")
    assert seat0(t).res == R("2C")


def test_dog_gains_a_compass_and_activates_only_an_unoccupied_camp() -> None:
    t = Table()
    t.hand(0, ["i36"]).arch(1, ["C2.1"]).arch(0, ["C1.1"])
    t.do(cmd.PlayCard("i36"))
    assert seat0(t).res == R("C")
    assert "C2" not in t.options() and "C1" not in t.options()
    t.choose("C3")
    assert seat0(t).res == R("C2T")


# --- the card row ------------------------------------------------------------------------------


def test_fishing_rod_reveals_the_top_item_and_buys_three_coins_cheaper() -> None:
    t = Table()
    t.hand(0, ["i19"]).row(["a01"], ["i12", "i05", "i06", "i07", "i08"]).res(0, "M")
    top, second = t.state.item_deck[:2]
    t.do(cmd.PlayCard("i19"))
    assert t.state.revealed == top
    assert {"i12", top} <= set(t.options()), "the Aeroplane (4) costs 1 coin"
    t.choose("i12")
    assert seat0(t).deck[-1] == "i12" and seat0(t).res == R("")
    assert top in t.state.row_items, "the revealed card fills the row (rulebook 1042-1044)"
    assert t.state.item_deck[0] == second and None not in t.state.row_items


def test_fishing_rod_may_buy_the_revealed_card() -> None:
    t = Table()
    t.hand(0, ["i19"]).row(["a01"], ["i12", "i05", "i06", "i07", "i08"]).res(0, "M")
    top, second = t.state.item_deck[:2]
    t.do(cmd.PlayCard("i19"))
    t.choose(top)
    assert seat0(t).deck == [top] and t.state.item_deck[0] == second
    assert t.state.row_items == ["i12", "i05", "i06", "i07", "i08"]


def test_fishing_rod_may_buy_nothing_and_the_card_goes_back() -> None:
    t = Table()
    t.hand(0, ["i19"]).row(["a01"], [])
    top = t.state.item_deck[0]
    t.do(cmd.PlayCard("i19"))
    t.choose("skip")
    assert t.state.item_deck[0] == top and t.state.revealed is None


def test_precision_compass_reveals_an_artifact_and_buys_three_compasses_cheaper() -> None:
    t = Table()
    t.hand(0, ["i20"]).row(["a04"], []).res(0, "C")
    t.do(cmd.PlayCard("i20"))
    assert "a04" in t.options()
    t.choose("a04")
    assert "a04" in seat0(t).play and seat0(t).res == R("")


def test_whip_buys_an_artifact_four_compasses_cheaper_and_is_exiled() -> None:
    t = Table()
    t.hand(0, ["i23"]).row(["a25"], [])
    t.do(cmd.PlayCard("i23"))
    assert t.options()[0] == "a25"
    t.choose("a25")
    assert "a25" in seat0(t).play and "i23" in t.state.item_exile


def test_airdrop_takes_an_item_from_the_row_into_the_hand() -> None:
    t = Table()
    t.hand(0, ["i25"]).row(["a25"], ["i12", "i03"])
    t.do(cmd.PlayCard("i25"))
    assert set(t.options()) >= {"i12", "i03"} and "a25" not in t.options()
    t.choose("i12")
    assert seat0(t).hand == ["i12"] and "i25" in t.state.item_exile


# --- research ---------------------------------------------------------------------------------


def test_journal_moves_the_notebook_free_but_never_above_the_glass() -> None:
    t = Table()
    t.hand(0, ["i13"]).research(0, glass=1)
    t.do(cmd.PlayCard("i13"))
    moves = [o for o in t.options() if o != "skip"]
    assert moves and all(o.startswith("notebook") for o in moves), "the notebook only"
    assert "notebook>1" in moves and all(o.split(">")[1] in ("1", "2") for o in moves)
    t.choose("notebook>1")
    assert seat0(t).notebook == 1 and seat0(t).res == R("")
    assert "i13" in t.state.item_exile


def test_journal_with_the_glass_at_the_start_cannot_move_the_notebook() -> None:
    t = Table()
    t.hand(0, ["i13"])
    t.do(cmd.PlayCard("i13"))
    assert t.options() == ["skip"], "the notebook may not pass the glass"
    t.choose("skip")
    assert seat0(t).notebook == 0


# --- guardians ---------------------------------------------------------------------------------


def test_bow_and_arrows_count_guardians_at_my_sites_and_overcome_ones_up_to_three() -> None:
    t = Table()
    t.hand(0, ["i21"]).site("L1.1", "s01", guardian="g01").arch(0, ["L1.1"])
    t.guardians(0, ["g02"])
    t.do(cmd.PlayCard("i21"))
    assert seat0(t).res == R("2C")
    t = Table()
    t.hand(0, ["i21"]).guardians(0, ["g02", "g03", "g04", "g05"])
    t.do(cmd.PlayCard("i21"))
    assert seat0(t).res == R("3C"), "at most 3"


def test_revolver_pays_a_compass_to_overcome_a_guardian_at_my_site() -> None:
    t = Table()
    t.hand(0, ["i31"]).site("L1.1", "s01", guardian="g13").arch(0, ["L1.1"]).res(0, "C")
    t.do(cmd.PlayCard("i31"))
    assert t.options() == ["L1.1", "skip"]
    t.choose("L1.1")
    assert seat0(t).guardians == ["g13"] and seat0(t).res == R(""), "3 tablets not paid"
    assert t.state.guardian["L1.1"] is None


def test_bear_trap_overcomes_where_no_other_player_is_even_without_me() -> None:
    t = Table()
    t.hand(0, ["i33"]).site("L1.1", "s01", guardian="g13").site("L1.2", "s02", guardian="g12")
    t.arch(1, ["L1.2"])
    t.do(cmd.PlayCard("i33"))
    assert "L1.1" in t.options() and "L1.2" not in t.options()
    t.choose("L1.1")
    assert seat0(t).guardians == ["g13"] and "i33" in t.state.item_exile


# --- counting -----------------------------------------------------------------------------------


def test_brush_counts_idols_in_crates_and_slots_up_to_three() -> None:
    t = Table()
    t.hand(0, ["i37"]).idols(0, crates=1, slots=1)
    t.do(cmd.PlayCard("i37"))
    assert seat0(t).res == R("2C")
    t = Table()
    t.hand(0, ["i37"]).idols(0, crates=2, slots=2)
    t.do(cmd.PlayCard("i37"))
    assert seat0(t).res == R("3C")


def test_theodolite_gains_a_coin_and_a_compass_per_placed_archaeologist() -> None:
    t = Table()
    t.hand(0, ["i40"]).arch(0, ["C1.1", "L1.1"]).site("L1.1", "s01")
    t.do(cmd.PlayCard("i40"))
    assert seat0(t).res == R("M2C")


def test_a_card_is_played_for_its_effect_or_its_travel_never_both() -> None:
    t = played("i08")  # Gold Pan, free: played for its effect
    assert not any(isinstance(c, cmd.Dig) and "i08" in c.pay for c in t.legal()), (
        "a played card no longer pays travel"
    )
    with pytest.raises(IllegalCommand):
        t.do(cmd.PlayCard("i08"))

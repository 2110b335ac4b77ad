"""Arnak's core rules from built positions: travel payment, one main action a turn, the notebook
never above the glass, the end of a round in the rulebook's order, Fear tiles, scoring and the
tie-break (004, line 226-257, 338-367, 666-693, 835-943)."""

from __future__ import annotations

from core.games.arnak import RULES
from core.games.arnak import catalog as K
from core.games.arnak import commands as cmd
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak.pay import after_discount, covers, leftover, payments
from core.games.arnak.scoring import outcome, parts
from core.games.arnak.state import TEMPLE
from tests.kit import arnak_invariants
from tests.kit.arnak_builder import Table

# --- travel ----------------------------------------------------------------------------------


def test_a_plane_pays_anything_cars_and_ships_pay_their_kind_or_a_boot() -> None:
    assert covers(["car"], ["plane"]) and covers(["ship", "boot"], ["plane", "plane"])
    assert covers(["boot"], ["car"]) and covers(["boot"], ["ship"])
    assert not covers(["car"], ["ship"]) and not covers(["ship"], ["car"])
    assert not covers(["car"], ["boot"]) and not covers(["plane"], ["car"])
    assert leftover(["boot"], ["car", "plane"]) == ["plane"], "the most flexible icon is kept"
    assert after_discount(["car", "car"], ["plane"]) == ["car"]
    assert after_discount(["ship"], ["boot"]) == ["ship"], "a boot discount cannot pay a ship"


def test_digging_lists_each_minimal_payment_and_pilots_for_two_coins() -> None:
    # L1.1 costs a car (bird side); the site is discovered
    t = Table().site("L1.1", "s02").hand(0, ["b0fc", "b0fs", "a03"]).res(0, "2M")
    digs = {c.pay for c in t.legal() if isinstance(c, cmd.Dig) and c.space == "L1.1"}
    assert digs == {("b0fc",), ("a03",), ("pilot",)}, "car card, artifact's plane, 2 coins"
    t.do(cmd.Dig("L1.1", ("pilot",)))
    assert t.state.seats[0].res[0] == 1, "2 coins bought the plane; the site gave 1 coin back"
    assert t.state.seats[0].hand == ["b0fc", "b0fs", "a03"], "no card was spent"


def test_the_ways_to_pay_travel_follow_the_hand_the_pool_the_coins_and_the_ocarina() -> None:
    # travel_options remembers its answers (the bots ask it often): each thing the ways depend
    # on must still change them, as a fresh count of the payments says
    t = Table().hand(0, ["b0fc", "b0fs"]).res(0, "2M")
    s = t.state

    def fresh() -> list[str]:
        ways = payments(s, 0, ["car"], K.travel)
        return ["+".join(p) for p in ways]

    def asked() -> list[str]:
        return fx.travel_options(s, 0, ["car"], [])

    assert asked() == fresh() == ["b0fc", "pilot"]
    s.seats[0].hand = ["b0fs"]
    assert asked() == fresh() == ["pilot"], "the car card left the hand"
    s.seats[0].res[0] = 1
    assert asked() == fresh() == [], "1 coin buys no plane"
    s.pool = ["car"]
    assert asked() == fresh() == [""], "this turn's pool pays the car"
    s.pool = []
    s.seats[0].all_planes = True
    assert asked() == fresh() == ["b0fs"], "the Ocarina makes the ship card a plane"
    assert fx.travel_options(s, 0, ["car"], ["car"]) == [""], "a car discount pays it"


def test_a_ship_card_cannot_reach_a_car_site_and_travel_is_lost_at_the_turn_end() -> None:
    t = Table().site("L1.1", "s02").hand(0, ["b0fs", "i05"])  # i05 Steam Boat: 2 ships
    assert not [c for c in t.legal() if isinstance(c, cmd.Dig) and c.space == "L1.1"]
    t.do(cmd.Dig("C1.1", ("i05",)))  # one boot paid with a ship; a ship is left over
    assert t.state.pool == ["ship"] and "i05" in t.state.seats[0].play
    t.do(cmd.EndTurn())
    assert t.state.pool == [], "unused travel is lost at the end of the turn"


def test_a_turn_needs_exactly_one_main_action() -> None:
    t = Table().hand(0, ["b0fc", "i14", "b0ec"])
    assert cmd.EndTurn() not in t.legal(), "a turn of free actions only is not allowed"
    t.do(cmd.PlayCard("b0fc"))  # free
    assert cmd.Pass() in t.legal() and cmd.EndTurn() not in t.legal()
    t.do(cmd.PlayCard("i14")).choose("b0ec")  # Parrot: the main action
    legal = t.legal()
    assert cmd.EndTurn() in legal and cmd.Pass() not in legal
    assert not [c for c in legal if isinstance(c, cmd.Dig | cmd.Buy | cmd.Research)]


def test_passing_ends_the_round_for_that_player_only() -> None:
    t = Table().hand(0, ["b0fc"]).hand(1, ["b1fc"])
    t.do(cmd.Pass())
    assert cmd.PlayCard("b0fc") in t.legal(), "free actions may follow a pass"
    t.do(cmd.EndTurn())
    t.choose("keep")  # leftover cards may stay in hand for the next round
    assert t.state.active == 1
    t.do(cmd.Pass()).do(cmd.EndTurn()).choose("keep")
    assert t.state.round == 2


# --- research --------------------------------------------------------------------------------


def test_the_notebook_never_goes_above_the_glass() -> None:
    t = Table().res(0, "2J2C2A")
    moves = {(c.token, c.to) for c in t.legal() if isinstance(c, cmd.Research)}
    assert moves == {("glass", "1"), ("glass", "2")}, "the glass moves first"
    t.do(cmd.Research("glass", "2"))  # the bridge costs a jewel; row 1 gives the glass a coin
    assert t.state.seats[0].glass == 2 and t.state.seats[0].res == [1, 2, 0, 2, 1]


def test_the_notebook_may_share_the_glass_row_but_not_pass_it() -> None:
    t = Table().research(0, glass=1).res(0, "3J3C3A3T")
    moves = {(c.token, c.to) for c in t.legal() if isinstance(c, cmd.Research)}
    assert ("notebook", "1") in moves and ("notebook", "2") in moves
    assert not [m for m in moves if m[0] == "notebook" and int(m[1]) > 2]
    t.research(0, glass=1, notebook=1)
    moves = {(c.token, c.to) for c in t.legal() if isinstance(c, cmd.Research)}
    assert not [m for m in moves if m[0] == "notebook"], "row 2 would pass the glass"


def test_the_glass_arrives_at_the_temple_and_later_buys_temple_tiles() -> None:
    t = Table().research(0, glass=12).res(0, "2M2C2J2T")
    t.do(cmd.Research("glass", str(TEMPLE)))
    player = t.state.seats[0]
    assert player.glass == TEMPLE and player.temple_vp == 23
    assert t.state.temple_order == [0]


# --- the end of a round ------------------------------------------------------------------------


def test_round_end_fear_for_guarded_sites_then_shuffle_row_and_start_player() -> None:
    t = Table().site("L1.1", "s02", guardian="g04").arch(0, ["L1.1", "C1.1"])
    t.row(["a01"], ["i01", "i02", "i03", "i04", "i05"])
    fear_before = len(t.state.fear_deck)
    t.do(cmd.Pass()).do(cmd.EndTurn())
    t.do(cmd.Pass()).do(cmd.EndTurn())
    s = t.state
    assert s.round == 2 and s.start_player == 1, "the start player passes to the left"
    assert s.seats[0].arch == [None, None] and s.occupant["L1.1"] is None
    assert len(s.fear_deck) == fear_before - 1, "one Fear for the guarded site, none for camp"
    fear = next(c for c in s.seats[0].hand + s.seats[0].deck if c.startswith("f"))
    assert fear, "the Fear was shuffled under the deck and drawn"
    assert s.staff == 2 and "a01" in s.art_exile and "i01" in s.item_exile
    assert [c for c in s.row_items if c] == ["i02", "i03", "i04", "i05"]
    events = [type(e) for e in t.events]
    assert events.index(ev.RoundEnded) < events.index(ev.PileShuffled) < events.index(ev.CardsDrawn)
    arnak_invariants.check(s)


def test_fear_tiles_once_the_fear_deck_is_empty() -> None:
    t = Table().site("L1.1", "s08").res(0, "3C").hand(0, ["b0fc"])  # s08: Fear, tablet, jewel
    t.state.fear_deck.clear()  # (a test position: the Fear cards are simply gone)
    t.do(cmd.Dig("L1.1", ("b0fc",)))
    assert t.state.seats[0].fear_tiles == 1 and t.state.fear_tiles == 9
    assert parts(t.state, 0)["fear"] == -2


def test_an_exiled_fear_card_returns_to_the_fear_deck() -> None:
    t = Table().hand(0, ["i38", "f01"])  # Axe: exile a card, +1 compass
    t.do(cmd.PlayCard("i38")).choose("f01")
    assert "f01" in t.state.fear_deck and t.state.seats[0].res[1] == 1


# --- scoring ---------------------------------------------------------------------------------


def test_every_scoring_part() -> None:
    t = Table().research(0, glass=TEMPLE, notebook=6)
    t.state.seats[0].temple_vp = 21
    t.state.seats[0].temple_tiles = [0, 3, 5]  # 2 + 6 + 11
    t.state.temple_stacks[0] -= 1
    t.state.temple_stacks[3] -= 1
    t.state.temple_stacks[5] -= 1
    t.idols(0, crates=2, slots=1).guardians(0, ["g01", "g02"])
    t.deck(0, ["i12", "a04", "f01"]).play(0, ["f02"])
    t.state.seats[0].fear_tiles = 1
    t.state.fear_tiles = 9
    arnak_invariants.check(t.state)
    got = parts(t.state, 0)
    assert got == {
        "research": 21 + 4,  # temple arrival 21; notebook on row 4 (bird): 4
        "temple_tiles": 19,
        "idols": 3 * 3 + 2 + 3 + 4,  # three idols, the last three slots empty
        "guardians": 10,
        "items_and_artifacts": 3 + 3,  # Aeroplane 3, Treasure Chest 3
        "fear": -1 - 1 - 2,  # two Fear cards and a Fear tile: Fear is a line of its own
    }


def test_ties_go_to_the_first_in_the_temple_then_research_then_stay() -> None:
    s = Table().state
    s.phase = "over"
    res = outcome(s)
    assert res is not None and res.winners == (0, 1) and res.tiebreak == "draw"
    s.seats[1].glass = 1  # 1 research point more: no tie
    res = outcome(s)
    assert res is not None and res.winners == (1,) and res.tiebreak == ""
    # equal totals (10 for the empty idol slots each): seat 0 scores 1 by a card, seat 1 by
    # research
    t2 = Table().deck(0, ["i01"])
    t2.research(1, glass=1)
    t2.state.phase = "over"
    res = outcome(t2.state)
    assert res is not None and res.scores == (11, 11)
    assert res.winners == (1,) and res.tiebreak == "research points"
    t2.state.temple_order = [0]
    res = outcome(t2.state)
    assert res is not None and res.winners == (0,) and res.tiebreak == "first to the Lost Temple"


def test_the_json_position_names_every_scoring_part_and_the_result() -> None:
    t = Table().deck(0, ["i01"])
    t.state.phase = "over"
    doc = RULES.dump_position(t.state)
    assert set(doc["summary"]["players"][0]["score"]) == {
        "research",
        "temple_tiles",
        "idols",
        "guardians",
        "items_and_artifacts",
        "fear",
    }
    assert doc["result"]["scores"] == [11, 10] and doc["result"]["winners"] == [0]


def test_covering_travel_by_counting_agrees_with_trying_every_assignment() -> None:
    """``leftover`` decides by counting; every cost of up to 3 icons against every set of up to
    4 icons agrees with a brute-force search over assignments."""
    from itertools import combinations_with_replacement, permutations

    icons = ("boot", "car", "ship", "plane")
    pays = {"boot": set(icons), "car": {"car", "plane"}, "ship": {"ship", "plane"}}
    pays["plane"] = {"plane"}

    def brute(cost: tuple[str, ...], have: tuple[str, ...]) -> bool:
        return any(
            all(have[i] in pays[c] for c, i in zip(cost, perm, strict=True))
            for perm in permutations(range(len(have)), len(cost))
        )

    for n in range(4):
        for cost in combinations_with_replacement(icons, n):
            for m in range(5):
                for have in combinations_with_replacement(icons, m):
                    left = leftover(list(cost), list(have))
                    assert (left is not None) == brute(cost, have), (cost, have)
                    if left is not None:
                        assert len(left) == m - n


def test_fitting_counts_agrees_with_leftover() -> None:
    from itertools import combinations_with_replacement

    from core.games.arnak.pay import counts, fits

    icons = ("boot", "car", "ship", "plane")
    for n in range(4):
        for cost in combinations_with_replacement(icons, n):
            for m in range(5):
                for have in combinations_with_replacement(icons, m):
                    expected = leftover(list(cost), list(have)) is not None
                    assert fits(counts(list(cost)), counts(list(have))) == expected

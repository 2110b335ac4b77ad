"""The rulebook's "Rules for advanced players": cards, the secret draft, action cards, spent
tiles leaving the game, the earlier ending, and task scoring with the best assignment."""

from __future__ import annotations

import pytest

from core.bots import RandomBot
from core.codec import encode_envelope
from core.errors import IllegalCommand
from core.games.maunakea import RULES
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.scoring import best_tasks, score_parts
from core.games.maunakea.state import HIDDEN, Phase, Quake, Status
from core.referee import Referee
from tests.kit.maunakea_builder import Builder, Driver, lava_id, sl, sp


def adv(players: int = 2) -> Builder:
    return Builder(players=players, advanced=True)


# -- setup and the secret draft ---------------------------------------------------------------


def drafted(players: int = 3, seed: str = "draft") -> Referee:
    config = RULES.config(players, {"advanced": True, "start_player": 0})
    referee = Referee(RULES, config, ["R", "B", "Y", "G"][:players], seed=seed)
    referee.begin()
    return referee


def test_six_cards_dealt_to_each_the_rest_leave_unseen() -> None:
    referee = drafted(3)
    dealt = next(e.event for e in referee.log if isinstance(e.event, ev.CardsDealt))
    assert [len(h) for h in dealt.hands] == [6, 6, 6] and len(dealt.undealt) == 12
    assert referee.state.phase is Phase.DRAFT
    assert RULES.to_move(referee.state) == (0, 1, 2), "the draft is simultaneous"


def test_each_player_keeps_four_in_any_order_then_the_game_goes_on() -> None:
    referee = drafted(3)
    hands = [list(h) for h in referee.state.dealt]
    referee.submit(2, cmd.KeepCards(tuple(hands[2][:4])))
    assert RULES.to_move(referee.state) == (0, 1)
    with pytest.raises(IllegalCommand, match="already chosen"):
        RULES.decide(referee.state, 2, cmd.KeepCards(tuple(hands[2][:4])))
    with pytest.raises(IllegalCommand, match="keep 4"):
        referee.submit(0, cmd.KeepCards(tuple(hands[0][:3])))
    with pytest.raises(IllegalCommand, match="keep 4"):
        referee.submit(0, cmd.KeepCards((*hands[0][:3], hands[1][0])))
    referee.submit(0, cmd.KeepCards(tuple(hands[0][2:])))
    referee.submit(1, cmd.KeepCards(tuple(hands[1][1:5])))
    state = referee.state
    assert state.cards == [hands[0][2:], hands[1][1:5], hands[2][:4]]
    assert state.discarded == [hands[0][:2], [hands[1][0], hands[1][5]], hands[2][4:]]
    assert state.phase is Phase.PLACEMENT


def test_the_draft_is_secret_from_the_others_and_from_spectators() -> None:
    referee = drafted(3)
    hands = [list(h) for h in referee.state.dealt]
    for seat in range(3):
        referee.submit(seat, cmd.KeepCards(tuple(hands[seat][:4])))
    for seat in (0, 1, 2, None):
        visible = b"".join(
            encode_envelope(type(env)(env.seq, RULES.project(env.event, seat), env.prev))
            for env in referee.log
        )
        for other in range(3):
            for card in hands[other]:
                assert (card.encode() in visible) == (other == seat), (seat, other, card)
        view = RULES.view(referee.state, seat)
        for other in range(3):
            expected = hands[other][:4] if other == seat else [HIDDEN] * 4
            assert view.cards[other] == expected
        assert set(view.undealt) == {HIDDEN}


# -- action cards -----------------------------------------------------------------------------


def jungle_board(card: str) -> Builder:
    """A row of jungle: e5..h5 on D3/E3... with water at c5; Red's explorer on c5 (water)."""
    b = adv()
    b.tile("B3", "JJJW", turn=1)  # c5 water, d5 jungle, d6 jungle, c6 jungle
    b.tile("C3", "JJJJ")  # e5 f5 f6 e6
    b.tile("D3", "JJWW", turn=0)  # g5 h5 jungle, h6 g6 water
    b.explorer(0, 0, "c5")
    b.explorer(1, 0, "e6")
    b.cards(0, card)
    return b


def test_jungle_movement_any_distance_over_connected_jungle_from_water() -> None:
    b = jungle_board("jungle-1")
    b.artifacts("g5", "white")
    d = Driver(b.state())
    targets = {c.to for c in RULES.legal_commands(d.state, 0) if isinstance(c, cmd.PlayMoveCard)}
    assert sp("h5") not in targets, "entering g5 with its artifact ends the move"
    assert {sp("d5"), sp("e5"), sp("f5"), sp("f6"), sp("g5"), sp("d6"), sp("c6")} <= targets
    assert sp("e6") not in targets, "occupied"
    assert sp("g6") not in targets, "water"
    (moved,) = d.do(0, cmd.PlayMoveCard("jungle-1", 0, sp("g5")))
    assert isinstance(moved, ev.CardMoved) and moved.path[-1] == sp("g5")
    assert d.state.pool == 0, "free of movement points"
    assert "jungle-1" not in d.state.cards[0] and "jungle-1" in d.state.played
    assert "not in your hand" in d.refused(0, cmd.PlayMoveCard("jungle-1", 0, sp("g5")))


def test_water_movement_stops_on_an_artifact_and_ends_on_water() -> None:
    b = adv()
    b.tile("B2", "WWWW")  # c3 d3 d4 c4
    b.tile("C2", "WWWW")  # e3 f3 f4 e4
    b.tile("D2", "JJJJ")  # g3 h3 h4 g4
    b.explorer(0, 0, "g3")  # starts on jungle
    b.explorer(1, 0, "h4")
    b.artifacts("e3", "grey")
    b.cards(0, "water-1")
    d = Driver(b.state())
    moves = {c.to for c in RULES.legal_commands(d.state, 0) if isinstance(c, cmd.PlayMoveCard)}
    water = {sp(n) for n in ("c3", "d3", "d4", "c4", "e3", "f3", "f4", "e4")}
    assert moves == water, "every water space, none of the jungle"
    (to_d3,) = d.apply(RULES.decide(d.state, 0, cmd.PlayMoveCard("water-1", 0, sp("d3"))))
    assert isinstance(to_d3, ev.CardMoved)
    assert sp("e3") not in to_d3.path, "the artifact on e3 would have stopped it"
    assert to_d3.path == (sp("f3"), sp("f4"), sp("e4"), sp("d4"), sp("d3"))


def test_mountain_movement_over_mountains_from_and_to_walkable_spaces() -> None:
    b = adv()
    b.tile("B2", "JJMM", turn=1)  # turn 1: TL M, TR J, BR J, BL M -> c3 M, d3 J, d4 J, c4 M
    b.tile("B3", "JMMM", turn=0)  # c5 J, d5 M, d6 M, c6 M
    b.explorer(0, 0, "d3")
    b.explorer(1, 0, "d4")
    b.cards(0, "mountain-1")
    d = Driver(b.state())
    targets = {c.to for c in RULES.legal_commands(d.state, 0) if isinstance(c, cmd.PlayMoveCard)}
    assert targets == {sp("c5")}, "over c3, c4 (mountain) down to c5; d4 is occupied"
    (moved,) = d.do(0, cmd.PlayMoveCard("mountain-1", 0, sp("c5")))
    assert moved.path == (sp("c3"), sp("c4"), sp("c5"))
    b = adv()
    b.tile("B2", "JJJJ")
    b.explorer(0, 0, "d3")
    b.explorer(1, 0, "d4")
    b.cards(0, "mountain-1")
    assert not [c for c in RULES.legal_commands(b.state(), 0) if isinstance(c, cmd.PlayMoveCard)]


def quake_board() -> Builder:
    b = adv()
    b.tile("B2", "JJJW", turn=0)  # c3 J, d3 J, d4 J, c4 W
    b.tile("H8", "JJJJ")
    b.artifacts("c3", "white", "grey")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    b.cards(0, "earthquake-1")
    return b


def test_earthquake_turns_a_tile_and_its_artifacts_ride_along() -> None:
    d = Driver(quake_board().state())
    d.do(0, cmd.PlayEarthquake("earthquake-1", sl("B2"), 1))
    assert d.state.board[sl("B2")].turn == 1
    assert d.state.artifacts == {sp("d3"): ["white", "grey"]}, "TL moved to TR"
    assert d.state.quake is Quake.DECIDE
    assert RULES.legal_commands(d.state, 0) == [cmd.QuakeDraw(False), cmd.QuakeDraw(True)]
    assert "first decide" in d.refused(0, cmd.EndTurn())


def test_earthquake_not_on_an_explorer_a_start_tile_or_the_same_orientation() -> None:
    b = quake_board()
    state = b.state()
    assert "new orientation" in Driver(state).refused(
        0, cmd.PlayEarthquake("earthquake-1", sl("H8"), 1)
    ), "an explorer stands on H8"
    assert "new orientation" in Driver(state).refused(
        0, cmd.PlayEarthquake("earthquake-1", sl("B2"), 0)
    )
    targets = {c.slot for c in RULES.legal_commands(state, 0) if isinstance(c, cmd.PlayEarthquake)}
    assert targets == {sl("B2")}


def test_earthquake_draw_a_terrain_tile_must_be_placed() -> None:
    b = quake_board()
    d = Driver(b.state())
    tile = next(t.id for t in C.terrain if t.id not in b._used)
    d.do(0, cmd.PlayEarthquake("earthquake-1", sl("B2"), 2))
    d.draws(tile)
    d.do(0, cmd.QuakeDraw(True))
    assert d.state.quake is Quake.PLACE and d.state.quake_tile == tile
    legal = RULES.legal_commands(d.state, 0)
    assert legal and all(isinstance(c, cmd.PlaceTile) and c.tile == tile for c in legal)
    d.do(0, cmd.PlaceTile(tile, sl("A9"), 1))
    assert d.state.board[sl("A9")].tile == tile and d.state.quake is None
    assert tile not in d.state.hands[0]


def test_earthquake_draw_lava_is_placed_by_the_lava_rules() -> None:
    d = Driver(quake_board().state())
    d.do(0, cmd.PlayEarthquake("earthquake-1", sl("B2"), 2))
    d.draws(lava_id("▲", "straight"))
    events = d.do(0, cmd.QuakeDraw(True))
    assert any(isinstance(e, ev.LavaPlaced) and e.slot == sl("D4") for e in events)
    assert d.state.quake is None and d.state.phase is Phase.TURN


def test_helicopter_rescues_an_explorer_with_artifacts_but_never_the_last() -> None:
    b = adv()
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15", ["grey", "black"])
    b.explorer(0, 1, "p15")
    b.explorer(1, 0, "p16")
    b.cards(0, "helicopter-1", "helicopter-2")
    d = Driver(b.state())
    d.do(0, cmd.PlayHelicopter("helicopter-1", 0))
    assert d.state.explorers[0][0].status is Status.RESCUED
    assert score_parts(d.state, 0)["helicopter"] == 5, "grey 2 + black 3, the explorer 0"
    assert score_parts(d.state, 0)["explorers"] == 0
    assert "last explorer" in d.refused(0, cmd.PlayHelicopter("helicopter-2", 1))


def test_spent_tiles_leave_the_game() -> None:
    b = adv()
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    (tile,) = b.hand(0, 2)
    d = Driver(b.state())
    d.do(0, cmd.SpendTile(tile))
    assert tile not in d.state.bag and tile in d.state.spent_out


# -- the end and scoring ---------------------------------------------------------------------


def test_no_explorer_left_ends_at_once_after_the_active_players_tiles() -> None:
    b = adv(players=3)
    b.tile("B1", "JJJJ")
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "c1", ["white"])
    b.explorer(1, 0, "p16")
    b.explorer(2, 0, "o16")
    b.pool(1)
    (spare,) = b.hand(0, 3)
    b.cards(0, "task-no-penalty-a", "jungle-2")
    b.cards(1, "task-black")
    d = Driver(b.state())
    events = d.do(0, cmd.Board(0, ("white",)))
    assert ev.EndTriggered("no_explorers", 0, ()) in events
    d.do(0, cmd.SpendTile(spare))
    events = d.do(0, cmd.EndTurn())
    names = [type(e).__name__ for e in events]
    assert names[-3:] == ["TurnEnded", "TasksRevealed", "FinalScoring"], "no extra round"
    revealed = next(e for e in events if isinstance(e, ev.TasksRevealed))
    assert revealed.hands == (("task-no-penalty-a", "jungle-2"), ("task-black",), ())
    result = RULES.outcome(d.state)
    assert result is not None
    boat = C.boats[d.state.taken[-1].boat]
    assert boat.places - 1 == 2, "two empty places on the brown boat…"
    assert result.parts[0]["empty places"] == 0, "…cost nothing with the no-penalty card"
    assert result.scores[0] == 3 + 1


def test_the_tile_supply_running_out_ends_the_game() -> None:
    b = adv()
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    rest = [t for t in range(C.island_tiles) if t not in b._used]
    b.doc["spent_out"] = rest[1:]
    b._used.update(rest[1:])
    d = Driver(b.state())
    d.draws(rest[0])
    events = d.do(0, cmd.EndTurn())
    names = [type(e).__name__ for e in events]
    assert names == [
        "TurnPlayed",
        "TileDrawn",
        "EndTriggered",
        "TurnEnded",
        "TasksRevealed",
        "FinalScoring",
    ]
    assert next(e for e in events if isinstance(e, ev.EndTriggered)).reason == "tiles_out"


def scored(cards: list[str], cargo: list[tuple[str, list[str]]]) -> Builder:
    """A finished advanced game: seat 0 holds ``cards`` and took boats (colour, cargo)."""
    b = adv()
    b.doc["phase"] = "over"
    b.doc["active"] = None
    b.doc["revealed"] = True
    b.tile("H8", "JJJJ")
    b.explorer(1, 0, "p16")
    b.cards(0, *cards)
    taken = []
    for index, (colour, load) in enumerate(cargo):
        b.doc["explorers"][0][index] = {"status": "boat", "space": None, "carried": []}
        taken.append({"seat": 0, "boat": colour, "explorer": index, "cargo": load})
        landing = next(k for k, v in b.doc["docked"].items() if v == colour)
        del b.doc["docked"][landing]
    b.doc["taken"] = taken
    return b


def test_the_best_assignment_beats_a_greedy_one() -> None:
    # 6 whites: "4 white: +3" first (greedy by points) leaves 2 whites and 3 points;
    # two "3 white: +2" cards use all six for 4 points
    b = scored(
        ["task-4-white", "task-3-white-a", "task-3-white-b"],
        [("brown", ["white"] * 3), ("teal", ["white"] * 3)],
    )
    tasks = {t.card: t for t in best_tasks(b.state(), 0)}
    assert not tasks["task-4-white"].fulfilled
    assert tasks["task-3-white-a"].fulfilled and tasks["task-3-white-b"].fulfilled
    assert tasks["task-3-white-a"].served == (("white", 3),)
    assert score_parts(b.state(), 0)["tasks"] == 4


def test_each_artifact_and_explorer_serves_one_task_only() -> None:
    b = scored(
        ["task-3-white-a", "task-white-grey"],
        [("brown", ["white", "white", "white"]), ("blue", ["grey"])],
    )
    tasks = {t.card: t for t in best_tasks(b.state(), 0)}
    assert tasks["task-3-white-a"].fulfilled and not tasks["task-white-grey"].fulfilled
    b = scored(
        ["task-2-explorers-a", "task-2-explorers-b"],
        [("green", []), ("purple", []), ("yellow", [])],
    )
    assert sum(t.fulfilled for t in best_tasks(b.state(), 0)) == 1


def test_boat_cards_and_helicopter_artifacts_count() -> None:
    b = scored(["task-green-boat", "task-black", "task-red-boat"], [("green", ["white"])])
    b.rescue(0, 3, "helicopter-1", ["black"])
    state = b.state()
    tasks = {t.card: t for t in best_tasks(state, 0)}
    assert tasks["task-green-boat"].fulfilled and tasks["task-black"].fulfilled
    assert not tasks["task-red-boat"].fulfilled
    parts = score_parts(state, 0)
    assert parts == {
        "explorers": 3,
        "white": 1,
        "grey": 0,
        "black": 0,
        "empty places": 0,
        "helicopter": 3,
        "tasks": 3,
        "total": 10,
    }


def test_random_advanced_game_hides_every_unplayed_card_from_other_seats() -> None:
    """Every projected event, byte by byte: no seat (nor a spectator) ever receives the id of a
    card another seat holds or set aside, nor of a card never dealt, until it is played."""
    for game in range(3):
        config = RULES.config(3, {"advanced": True})
        referee = Referee(RULES, config, ["R", "B", "Y"], seed=f"leak{game}")
        referee.begin()
        bots = {s: RandomBot(f"leak{game}/{s}") for s in range(3)}
        while not referee.ended:
            seat = RULES.to_move(referee.state)[0]
            referee.submit(seat, bots[seat].choose(RULES, RULES.view(referee.state, seat), seat))
        log = referee.log
        dealt = next(e.event for e in log if isinstance(e.event, ev.CardsDealt))
        owner = {card: seat for seat, hand in enumerate(dealt.hands) for card in hand}
        reveal = next(i for i, e in enumerate(log) if isinstance(e.event, ev.TasksRevealed))
        public: set[str] = set()
        for env in log[:reveal]:
            card = getattr(env.event, "card", None)
            if isinstance(card, str):
                public.add(card)  # the event that plays a card shows it
            for viewer in (0, 1, 2, None):
                seen = RULES.project(env.event, viewer)
                data = encode_envelope(type(env)(env.seq, seen, env.prev))
                for card_id in C.cards_by_id:
                    if card_id in public or owner.get(card_id, -1) == viewer:
                        continue
                    assert card_id.encode() not in data, (viewer, env.seq, card_id)
                if isinstance(seen, ev.CardsDealt) and viewer is not None:
                    assert seen.hands[viewer] == dealt.hands[viewer], "own cards are shown"


def test_a_game_cannot_start_from_a_seats_view_of_a_position() -> None:
    from core.errors import PositionError

    referee = drafted(2)
    hands = [list(h) for h in referee.state.dealt]
    for seat in range(2):
        referee.submit(seat, cmd.KeepCards(tuple(hands[seat][:4])))
    whole = RULES.dump_position(referee.state)
    seen = RULES.dump_position(RULES.view(referee.state, 0))
    config = RULES.config(2, {"advanced": True})
    Referee(RULES, config, ["R", "B"], position=whole)  # the referee's own: fine
    with pytest.raises(PositionError, match="one seat's view"):
        Referee(RULES, config, ["R", "B"], position=seen)

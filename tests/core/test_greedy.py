"""Mauna Kea's greedy bot: registered, legal, deterministic, and clearly better than random."""

from __future__ import annotations

from statistics import mean

from core.bots import RandomBot, bot_kinds, make_bot, play_out
from core.games import get_rules
from core.games.maunakea import commands as cmd
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.greedy import GreedyBot, choose
from core.games.maunakea.state import MaunaKeaState
from core.messages import Command
from core.referee import Referee
from tests.kit.maunakea_builder import Builder, sp

RULES = get_rules("maunakea")
SEEDS = ("g0", "g1", "g2", "g3")  # fixed: the greedy bot takes seat 1 and seat 2 in turn


def _duel(seed: str, greedy_seat: int) -> tuple[int, int]:
    """One 2-player game, greedy against random; the referee rejects any illegal command."""
    referee = Referee(RULES, RULES.config(2, {"turn_limit": 60}), ["A", "B"], seed=seed)
    referee.begin()
    bots = {greedy_seat: make_bot("maunakea", "greedy", seed), 1 - greedy_seat: RandomBot(seed)}
    play_out(referee, bots)
    outcome = referee.outcome()
    assert outcome is not None
    return outcome.scores[greedy_seat], outcome.scores[1 - greedy_seat]


def test_greedy_is_registered_with_the_game() -> None:
    assert "greedy" in bot_kinds("maunakea")
    assert isinstance(make_bot("maunakea", "greedy", "s"), GreedyBot)


def test_greedy_beats_random_on_average() -> None:
    results = [_duel(seed, i % 2) for i, seed in enumerate(SEEDS)]
    greedy = [g for g, _ in results]
    rand = [r for _, r in results]
    # a clear margin, not a coin flip: random rarely saves anything in 60 turns
    assert mean(greedy) >= mean(rand) + 10, results
    assert sum(g > r for g, r in results) == len(SEEDS), results


def test_greedy_games_replay_identically() -> None:
    def log() -> list[object]:
        config = RULES.config(3, {"turn_limit": 6})
        referee = Referee(RULES, config, "ABC", seed="same", salt="fixed")
        referee.begin()
        play_out(referee, {s: make_bot("maunakea", "greedy", str(s)) for s in range(3)})
        return [env.event for env in referee.log]

    assert log() == log()


# -- the advanced game: the greedy bot drafts and plays action cards --------------------------


def _corridor(*cards: str, artifact_at: str = "k5", pool: int = 0) -> Builder:
    """Jungle from c5 to l5 above water (slots B3–F3); Red's explorer on c5, Blue's on d11."""
    b = Builder(players=2, advanced=True)
    for slot in ("B3", "C3", "D3", "E3", "F3"):
        b.tile(slot, "JJWW")
    b.tile("B6", "JJJJ")
    b.explorer(0, 0, "c5")
    b.explorer(0, 1, "c11")  # a second explorer, so a helicopter may fly the first
    b.explorer(1, 0, "d11")
    b.artifacts(artifact_at, "grey")
    b.hand(0, 2)
    b.pool(pool)
    b.cards(0, *cards)
    return b


def _greedy(state: MaunaKeaState, *, cards: bool = True) -> Command:
    command = choose(state, 0, cards=cards)
    assert command in RULES.legal_commands(state, 0)
    return command


def test_greedy_keeps_movement_cards_over_an_earthquake() -> None:
    for seed in ("k0", "k1", "k2", "k3", "k4", "k5"):
        referee = Referee(RULES, RULES.config(2, {"advanced": True}), ["A", "B"], seed=seed)
        referee.begin()
        dealt = referee.state.dealt[0]
        kept = _greedy(referee.state)
        assert isinstance(kept, cmd.KeepCards) and len(kept.cards) == 4
        left = set(dealt) - set(kept.cards)
        movement = {c for c in dealt if C.card(c).action in ("jungle", "water", "helicopter")}
        if any(C.card(c).action == "earthquake" for c in kept.cards):
            assert not movement & left, (dealt, kept.cards)


def test_greedy_plays_a_jungle_card_that_carries_it_to_a_far_artifact() -> None:
    state = _corridor("jungle-1").state()
    assert _greedy(state) == cmd.PlayMoveCard("jungle-1", 0, sp("k5"))
    assert not isinstance(_greedy(state, cards=False), cmd.PlayMoveCard)


def test_greedy_walks_rather_than_spend_a_card_on_a_short_way() -> None:
    state = _corridor("jungle-1", artifact_at="e5", pool=2).state()
    assert _greedy(state) == cmd.Move(0, sp("e5"))


def test_greedy_flies_a_loaded_explorer_out_when_the_bag_runs_dry() -> None:
    b = _corridor("helicopter-1", artifact_at="l6")
    b.explorer(0, 0, "c5", carrying=("grey", "black"))
    doc = b.position()
    doc["bag"], doc["spent_out"] = doc["bag"][:3], doc["bag"][3:]
    state = RULES.load_position(doc)
    assert _greedy(state) == cmd.PlayHelicopter("helicopter-1", 0)
    plenty = _corridor("helicopter-1", artifact_at="l6")
    plenty.explorer(0, 0, "c5", carrying=("grey", "black"))
    assert not isinstance(_greedy(plenty.state()), cmd.PlayHelicopter), "no hurry yet"


def test_greedy_taking_over_after_an_earthquake_answers_the_earthquake() -> None:
    """A bot may take a dropped player's seat right after their earthquake: it must answer the
    earthquake (no draw), not play a tile from the hand it still holds."""
    b = _corridor("jungle-1", pool=1)
    doc = b.position()
    doc["quake"] = "decide"
    state = RULES.load_position(doc)
    assert state.hands[0], "tiles still in hand"
    assert _greedy(state) == cmd.QuakeDraw(False)


def test_a_tiles_fit_is_counted_square_by_square_as_laid() -> None:
    """The greedy bot's fit of a tile (its squares' worth, turned, weighed by the path) is the
    fit of the tile as the board turns and lays it, for every tile, turn, slot and path."""
    from core.games.maunakea.board import quadrant_of, rotated, spaces_of
    from core.games.maunakea.components import COMPONENTS
    from core.games.maunakea.greedy import FIT, _fit

    for tile in range(len(COMPONENTS.terrain)):
        for rotation in range(4):
            squares = rotated(COMPONENTS.terrain[tile].squares, rotation)
            for slot in ((0, 0), (3, 2), (5, 7)):
                spaces = spaces_of(slot)
                for chosen in range(16):
                    path = tuple(s for i, s in enumerate(spaces) if chosen >> i & 1)
                    laid = sum(
                        (3 if space in path else 1) * FIT.get(squares[quadrant_of(space)], 0)
                        for space in spaces
                    )
                    assert _fit(tile, rotation, slot, path) == laid

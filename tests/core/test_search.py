"""The search bots: fair (a seat's view is all they use), dealing legal positions that give the
view exactly, reproducible with an iteration budget, and better than random in every game."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from random import Random
from typing import Any

import pytest

from core.bots import RandomBot, bot_kinds, make_bot
from core.games import get_rules
from core.referee import Referee
from core.search import LEVELS, Hooks, SearchBot
from tests.kit import arnak_invariants

VARIANTS = {
    "maunakea": ("maunakea", {}),
    "maunakea-advanced": ("maunakea", {"advanced": True}),
    "kilauea": ("kilauea", {}),
    "arnak": ("arnak", {"side": "snake"}),
}


def hooks_of(game: str) -> Hooks[Any]:
    from importlib import import_module

    hooks: Hooks[Any] = import_module(f"core.games.{game}.search").HOOKS
    return hooks


def greedy_game(variant: str, seed: str, commands: int) -> Referee[Any]:
    """A 2-player game between greedy bots, stopped after ``commands`` commands."""
    game, options = VARIANTS[variant]
    rules = get_rules(game)
    referee: Referee[Any] = Referee(rules, rules.config(2, options), ["A", "B"], seed=seed)
    referee.begin()
    bots = {s: make_bot(game, "greedy", f"{seed}/{s}") for s in range(2)}
    for _ in range(commands):
        if referee.ended:
            break
        seat = rules.to_move(referee.state)[0]
        view = rules.view(referee.state, seat)
        referee.submit(seat, bots[seat].choose(rules, view, seat))
    return referee


def searched(game: str, seed: str, iterations: int = 12) -> SearchBot:
    bot = make_bot(game, "hard", seed)
    assert isinstance(bot, SearchBot)
    bot.timed = False
    bot.level = bot.level.budget(iterations)
    return bot


def test_every_game_offers_the_levels_weakest_first() -> None:
    for variant in VARIANTS:
        game = VARIANTS[variant][0]
        assert bot_kinds(game) == ["random", "easy", "greedy", "medium", "hard"]
    assert list(LEVELS) == ["easy", "medium", "hard"]
    assert LEVELS["medium"].seconds == pytest.approx(0.6)  # ~0.2 s a decision, at most 0.6
    assert LEVELS["hard"].seconds == pytest.approx(3.0)  # ~1 s a decision, at most 3


def a_decision(referee: Referee[Any]) -> int:
    """Play on greedily until a seat has more than one legal command; that seat."""
    rules = referee.rules
    while True:
        seat = rules.to_move(referee.state)[0]
        view = rules.view(referee.state, seat)
        if len(rules.legal_commands(view, seat)) > 1:
            return int(seat)
        referee.submit(seat, rules.legal_commands(view, seat)[0])


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_two_true_states_with_the_same_view_get_the_same_choice(variant: str) -> None:
    """Fairness: a state whose hidden parts are dealt otherwise (or, in a game that hides
    nothing, whose referee draws otherwise from here on) gives the seat the same view, and the
    bot, with the same seed and budget, the same command."""
    game = VARIANTS[variant][0]
    rules = get_rules(game)
    referee = greedy_game(variant, f"fair-{variant}", 60)
    seat = a_decision(referee)
    view = rules.view(referee.state, seat)
    other = hooks_of(game).determinize(view, seat, Random(7), None)  # the hidden parts dealt anew
    if variant in ("maunakea-advanced", "arnak"):
        assert rules.dump_position(other) != rules.dump_position(referee.state)
    again = Referee(
        rules, referee.started.config, ["A", "B"], position=rules.dump_position(other), seed="x"
    )
    assert rules.dump_position(rules.view(again.state, seat)) == rules.dump_position(view)
    first = searched(game, "same-seed").choose(rules, view, seat)
    second = searched(game, "same-seed").choose(rules, rules.view(again.state, seat), seat)
    assert first == second


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_deal_is_a_legal_position_that_gives_the_view_exactly(variant: str) -> None:
    game = VARIANTS[variant][0]
    rules = get_rules(game)
    hooks = hooks_of(game)
    referee = greedy_game(variant, f"deal-{variant}", 0)
    rng = Random(3)
    seen = 0
    while not referee.ended and seen < 200:
        seat = rules.to_move(referee.state)[0]
        view = rules.view(referee.state, seat)
        if seen % 7 == 0:
            before = rules.dump_position(view)
            dealt = hooks.determinize(view, seat, rng, None)
            assert rules.dump_position(view) == before  # the deal is a copy: the view is intact
            assert rules.fully_known(dealt)
            again = rules.load_position(rules.dump_position(dealt))  # a position the game reads
            assert rules.dump_position(rules.view(again, seat)) == rules.dump_position(view)
            assert rules.legal_commands(dealt, seat) == rules.legal_commands(view, seat)
            if game == "arnak":
                arnak_invariants.check(dealt)
        referee.submit(seat, make_bot(game, "greedy", "d").choose(rules, view, seat))
        seen += 1


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_search_beats_random(variant: str) -> None:
    """``hard`` with a small budget wins against the random bot (the search's own workings are
    tested on games with known answers, in test_search_tree)."""
    game, options = VARIANTS[variant]
    rules = get_rules(game)
    limited = {"turn_limit": 16} if game != "arnak" else {}
    seat = list(VARIANTS).index(variant) % 2  # the bot sits first in two games, second in two
    config = rules.config(2, {**options, **limited})
    referee: Referee[Any] = Referee(rules, config, ["A", "B"], seed=f"duel-{variant}")
    referee.begin()
    bot = searched(game, f"duel/{seat}", iterations=8)
    bot.level = dataclasses.replace(bot.level, horizon=2)
    rival = RandomBot(f"duel/{seat}")
    while not referee.ended:
        mover = rules.to_move(referee.state)[0]
        view = rules.view(referee.state, mover)
        player = bot if mover == seat else rival
        referee.submit(mover, player.choose(rules, view, mover))
    outcome = referee.outcome()
    assert outcome is not None
    assert outcome.winners == (seat,), (seat, outcome.scores)


def test_arnak_deals_remembered_cards_back_to_their_players() -> None:
    """Cards a seat saw a player hold (then shuffled back unseen into that player's deck) are
    dealt to that player, where the true state has them too."""
    from core.games.arnak.search import _cards_seen, remember
    from core.games.arnak.state import HIDDEN

    rules = get_rules("arnak")
    referee = greedy_game("arnak", "remember", 0)
    memory: Any = None
    bot = make_bot("arnak", "greedy", "r")
    checked = 0
    while not referee.ended:
        seat = rules.to_move(referee.state)[0]
        view = rules.view(referee.state, seat)
        if seat == 0:
            memory = remember(memory, view, 0)
            if referee.state.round >= 3:
                dealt = hooks_of("arnak").determinize(view, 0, Random(checked), memory)
                arnak_invariants.check(dealt)
                assert rules.dump_position(rules.view(dealt, 0)) == rules.dump_position(view)
                for p, player in enumerate(view.seats):
                    hidden = [c for c in [*player.deck, *player.hand] if c != HIDDEN]
                    true = referee.state.seats[p]
                    for card in memory[p]:
                        if card in _cards_seen(view):
                            continue  # in sight (a fear card may go back to the fear deck)
                        where = [*dealt.seats[p].deck, *dealt.seats[p].hand, *dealt.seats[p].aside]
                        assert card in where, (p, card, hidden)
                        assert card in [*true.deck, *true.hand, *true.aside]
                        checked += 1
        referee.submit(seat, bot.choose(rules, view, seat))
    assert checked > 20


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_easy_slips_are_legal_reproducible_and_only_easys(variant: str) -> None:
    """``easy`` plays some decisions at random (its blunder rate, per game), drawn from the
    decision's seed: legal, the same with the same seed; the other levels never slip."""
    game = VARIANTS[variant][0]
    easy = make_bot(game, "easy", "slips")
    assert isinstance(easy, SearchBot)
    assert 0 < easy.level.blunder < 1
    for name in ("medium", "hard"):
        other = make_bot(game, name, "slips")
        assert isinstance(other, SearchBot) and other.level.blunder == 0
    referee = greedy_game(variant, "slips", 6)
    seat = a_decision(referee)
    rules = referee.rules
    view = rules.view(referee.state, seat)
    legal = rules.legal_commands(view, seat)
    slips = []
    for n in range(8):
        bot = make_bot(game, "easy", f"slips/{n}")
        assert isinstance(bot, SearchBot)
        bot.timed = False
        bot.level = dataclasses.replace(bot.level, blunder=1.0)
        decision = bot.decide(rules, view, seat)
        assert decision.command in legal and decision.iterations == 0
        again = make_bot(game, "easy", f"slips/{n}")
        assert isinstance(again, SearchBot)
        again.level = bot.level
        assert again.decide(rules, view, seat).command == decision.command
        slips.append(decision.command)
    assert len(set(slips)) > 1  # drawn at random, not the search's one favourite


def test_arnak_search_weighs_coins_and_compasses_as_the_games_fit_them() -> None:
    """The search weighs a position by what its things turned into by the game's end in the
    policy's own games (``bench/arnak_fit.py``): a compass kept above a coin, and both above
    the greedy bot's worth of them, whose guesses the search's playouts left unspent."""
    from core.games.arnak import greedy, search

    state = greedy_game("arnak", "spend", 10).state
    assert state.phase != "over"

    def gain(worth: Callable[[Any, int], float], kind: int) -> float:
        richer = state.copy()
        richer.seats[0].res[kind] += 1
        return worth(richer, 0) - worth(state, 0)

    coin, compass = gain(search.worth, 0), gain(search.worth, 1)
    assert 0 < gain(greedy.value, 0) < coin < compass
    assert gain(greedy.value, 1) < compass

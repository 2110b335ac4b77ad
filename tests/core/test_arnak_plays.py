"""Arnak's search weights by plays (:data:`core.games.arnak.search.BY_PLAYS`) value a bought
card by the hands it will still be played in.

By the search's weights a card bought counts 0.1 point plus 0.2 a coin or compass it cost, while
a coin kept counts 0.9 and a compass 1.4: buying early looks worse than keeping the resources,
so ``hard`` passes with coins while a card it could afford lies in the row. By plays a player's
cards are worth what each does when played times the times the draws of the rounds after this
one reach it (:mod:`core.games.arnak.plays`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.bots import make_bot
from core.games import get_rules
from core.games.arnak import catalog as K
from core.games.arnak import commands as cmd
from core.games.arnak import search
from core.games.arnak.plays import Prices, play_worth
from core.games.arnak.state import ArnakState
from core.games.arnak.worth import Worth
from core.referee import Referee
from core.search import Hooks, SearchBot

RULES = get_rules("arnak")
PLAYS = search.BY_PLAYS


def until(seed: str, side: str, turn: int) -> ArnakState:
    """Seat 1's view at its main action of ``turn`` in a greedy 2-player game from ``seed``."""
    referee: Referee[Any] = Referee(RULES, RULES.config(2, {"side": side}), ["A", "B"], seed=seed)
    referee.begin()
    bots = {s: make_bot("arnak", "greedy", f"{seed}/{s}") for s in range(2)}
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        view: ArnakState = RULES.view(referee.state, seat)
        if seat == 0 and not view.stack and not view.main_done and view.turn == turn:
            return view
        referee.submit(seat, bots[seat].choose(RULES, view, seat))
    raise AssertionError(f"game {seed} never reached turn {turn}")


def hard(seed: str, hooks: Hooks[Any], iterations: int = 40) -> SearchBot:
    bot = make_bot("arnak", "hard", seed)
    assert isinstance(bot, SearchBot)
    bot.timed = False
    bot.level = bot.level.budget(iterations)
    bot.hooks = hooks
    return bot


def test_hard_by_plays_buys_a_card_in_the_first_round_rather_than_pass_with_two_coins() -> None:
    """Round 1, an empty hand, 2 coins: Airdrop or Bear Trap for 2 coins, or pass. ``hard``
    weighing by plays buys at every seed; by the search's weights it passes at half of them (so
    this fails if a bought card is again worth less than its price)."""
    view = until("scan-11", "snake", 13)
    player = view.seats[0]
    assert view.round == 1 and player.res[0] == 2 and not player.hand
    legal = RULES.legal_commands(view, 0)
    assert set(legal) == {cmd.Buy("i25"), cmd.Buy("i33"), cmd.Pass()}
    plays = search.hooks_weighing(PLAYS)
    now = [hard(f"buy/{n}", plays).choose(RULES, view, 0) for n in range(4)]
    assert all(isinstance(c, cmd.Buy) for c in now), now
    old = [hard(f"buy/{n}", search.HOOKS).choose(RULES, view, 0) for n in range(4)]
    assert old.count(cmd.Pass()) >= 2, old


def test_a_card_bought_is_worth_more_than_its_price_early_and_less_in_the_last_round() -> None:
    """The worth by plays of the same position with a 2-coin card bought instead of the 2
    coins kept: more in round 1 (it will be played in later hands), less in round 5 (no hand is
    left to play it in; only its points count). By the search's weights it is less in round 1."""
    view = until("scan-11", "snake", 13)
    by_weights = Worth(search.SEARCH_WEIGHTS)
    assert bought_gain(view, 1, by_weights) < 0
    worth = Worth(PLAYS)
    gains = [bought_gain(view, round_, worth) for round_ in (1, 5)]
    assert gains[0] > 1.0 > gains[1], gains


def bought_gain(view: ArnakState, round_: int, worth: Worth) -> float:
    """What Bear Trap bought for 2 coins (under the deck) adds to ``view`` in ``round_``."""
    kept = view.copy()
    kept.round = round_
    bought = kept.copy()
    bought.seats[0].res[0] -= 2
    bought.seats[0].deck = [*bought.seats[0].deck, "i33"]
    return worth(bought, 0) - worth(kept, 0)


def test_a_card_bought_in_the_fourth_round_under_a_long_deck_is_never_drawn_again() -> None:
    """Round 4: the draws of the last round reach 5 cards; under 5 others in the deck, a card
    bought adds only its points."""
    view = until("scan-11", "snake", 13)
    view.seats[0].deck = ["b0ec", "b0fs", "b0fc", "f01", "f02"]
    view.seats[0].play = []
    worth = Worth(PLAYS)
    gain = bought_gain(view, 4, worth)
    coins = 2 * PLAYS.coin * worth.growth[4]
    assert abs(gain - (K.card("i33").vp - coins)) < 1e-9, gain


def test_a_card_played_is_worth_its_effect_at_the_valuations_prices() -> None:
    """Gold Pan (+2 coins, a free action) is worth more played than Funding (+1 coin), which
    is worth more than a Fear card (only its boot); an artifact's worth pays its tablet."""
    w = PLAYS
    prices = Prices(w.coin, w.compass, w.tablet, w.arrowhead, w.jewel)
    pan, funding, fear = (play_worth(K.card(c), prices) for c in ("i08", "b0fc", "f01"))
    assert pan > funding > fear > 0
    horn = K.card("a25")  # Stone Jar: draw 1, less the tablet an artifact's play costs
    assert play_worth(horn, prices) == max(prices.draw - w.tablet, prices.travel(horn.travel))


def test_the_hooks_weighing_the_search_weights_choose_as_the_search_does() -> None:
    """``hooks_weighing`` (a duel's bots, each with its own weights) with the search's own
    weights decides as the registered hooks do, seed for seed."""
    view = until("scan-11", "snake", 13)
    own = search.hooks_weighing(search.SEARCH_WEIGHTS)
    assert own is not search.HOOKS
    for n in range(2):
        a = hard(f"same/{n}", search.HOOKS, 20).decide(RULES, view, 0)
        b = hard(f"same/{n}", own, 20).decide(RULES, view, 0)
        assert a.choices == b.choices


def test_a_card_in_hand_counts_its_share_of_a_play() -> None:
    """With ``in_hand``, a card in hand counts that share of its worth played (it is played
    this round), in the last round too; without it, nothing in the last round."""
    view = until("scan-11", "snake", 13)
    view.round = 5
    view.seats[0].hand = ["i08"]
    pan = play_worth(
        K.card("i08"), Prices(PLAYS.coin, PLAYS.compass, PLAYS.tablet, PLAYS.arrowhead, PLAYS.jewel)
    )
    empty = view.copy()
    empty.seats[0].hand = []
    for share in (0.0, 0.5):
        worth = Worth(replace(PLAYS, in_hand=share, hand_card=0.0, travel_kept=0.0))
        assert abs(worth(view, 0) - worth(empty, 0) - (share * pan + K.card("i08").vp)) < 1e-9

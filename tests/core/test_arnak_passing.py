"""Arnak's search bot does not pass with coins or compasses that could still buy points.

Its playouts stop after a number of turns (the level's horizon). Counted as changes of the seat
to move, a pass stretched them: the rival's turns after it were one turn, so only the playouts
after a pass reached the next round, whose fresh hand made passing look several points better
than buying (``hard`` passed with 8 coins and 8 compasses). Counted by the game's own turns
(``core.games.arnak.search.turns``), every command's playouts stop as far ahead.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.bots import make_bot
from core.games import get_rules
from core.games.arnak import catalog as K
from core.games.arnak import commands as cmd
from core.games.arnak import search
from core.games.arnak.state import ArnakState
from core.referee import Referee
from core.search import SearchBot

RULES = get_rules("arnak")


def until(seed: str, side: str, ready: Any) -> tuple[Referee[Any], ArnakState]:
    """A greedy 2-player game from ``seed``, stopped at seat 1's first own move (no question
    open, its main action to come) where ``ready(view)`` holds; and that seat's view."""
    referee: Referee[Any] = Referee(RULES, RULES.config(2, {"side": side}), ["A", "B"], seed=seed)
    referee.begin()
    bots = {s: make_bot("arnak", "greedy", f"{seed}/{s}") for s in range(2)}
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        view = RULES.view(referee.state, seat)
        if seat == 0 and not view.stack and not view.main_done and ready(view):
            return referee, view
        referee.submit(seat, bots[seat].choose(RULES, view, seat))
    raise AssertionError(f"game {seed} never reached the position")


def hard(seed: str, iterations: int = 40, turns: Any = search.turns) -> SearchBot:
    bot = make_bot("arnak", "hard", seed)
    assert isinstance(bot, SearchBot)
    bot.timed = False
    bot.level = bot.level.budget(iterations)
    bot.hooks = replace(bot.hooks, turns=turns)
    return bot


def test_hard_buys_an_artifact_for_points_rather_than_pass_with_its_compasses() -> None:
    """Round 1, an empty hand, both archaeologists out, 3 compasses: an artifact worth 2 points
    for 3 compasses, or pass. ``hard`` buys at every seed; counting a pass's rivals' turns as
    one (the horizon before) it passed at every seed, so this fails without the fix."""
    _, view = until("idle-2", "snake", lambda v: v.turn == 9 and not v.seats[0].hand)
    player = view.seats[0]
    assert view.round == 1 and player.res[1] == 3 and all(player.arch)
    legal = RULES.legal_commands(view, 0)
    assert set(legal) == {cmd.Buy("a19"), cmd.Pass()} and K.card("a19").vp == 2
    for n in range(4):
        assert hard(f"buy/{n}").choose(RULES, view, 0) == cmd.Buy("a19"), n
    # the position is one the old horizon got wrong (else this test would prove nothing)
    old = [hard(f"buy/{n}", turns=None).choose(RULES, view, 0) for n in range(4)]
    assert old.count(cmd.Pass()) >= 3, old


def test_hard_spends_its_compasses_for_points_in_the_last_round() -> None:
    """The last round: no cards in hand, no coins, 8 compasses (what ``hard`` passed with
    against a player): an artifact bought scores its points, compasses kept score nothing, so
    ``hard`` at a small budget buys one rather than pass."""
    for seed, side in (("last-0", "bird"), ("last-1", "snake"), ("last-3", "bird")):
        referee, _ = until(seed, side, lambda v: v.round == 5)
        truth = referee.state
        player = truth.seats[0]
        player.deck = [*player.deck, *player.hand]  # (the hand played out, cards back to draw)
        player.deck_seen = [*player.deck_seen, *[0] * len(player.hand)]
        player.hand, player.hand_public = [], []
        player.res[0], player.res[1] = 0, 8
        view = RULES.view(truth, 0)
        legal = RULES.legal_commands(view, 0)
        offered = [c for c in legal if isinstance(c, cmd.Buy) and K.card(c.card).vp > 0]
        assert offered and cmd.Pass() in legal
        choice = hard(f"last/{seed}").choose(RULES, view, 0)
        assert isinstance(choice, cmd.Buy), (seed, choice)

"""Mauna Kea's greedy bot in the advanced game: playing action cards against never playing them.

Two-player duels from the same seeds, each bot taking each seat in turn, so seat order and deals
cancel out. Prints the card player's wins and its mean score beside the other's. A figure, not a
pass/fail: it tells whether the card rules in ``greedy.py`` earn their keep.
"""

from __future__ import annotations

import sys
import time
from statistics import mean

from core.bots import play_out
from core.games import get_rules
from core.games.maunakea.greedy import GreedyBot
from core.referee import Referee


def duel(seed: str, card_seat: int) -> tuple[int, int]:
    """(card player's score, other's score) in one advanced 2-player game."""
    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(2, {"advanced": True}), ["A", "B"], seed=seed)
    referee.begin()
    bots = {card_seat: GreedyBot(seed), 1 - card_seat: GreedyBot(seed, cards=False)}
    play_out(referee, bots)
    outcome = referee.outcome()
    assert outcome is not None
    return outcome.scores[card_seat], outcome.scores[1 - card_seat]


def main(pairs: int = 50) -> None:
    start = time.perf_counter()
    results = [duel(f"strength-{i}", seat) for i in range(pairs) for seat in (0, 1)]
    elapsed = time.perf_counter() - start
    wins = sum(a > b for a, b in results)
    ties = sum(a == b for a, b in results)
    print(f"maunakea advanced, greedy with cards vs greedy without, {len(results)} games")
    print(
        f"  with cards wins {wins}, ties {ties}, loses {len(results) - wins - ties}; "
        f"mean score {mean(a for a, _ in results):.2f} vs {mean(b for _, b in results):.2f}"
        f"   ({elapsed:.1f} s)"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))

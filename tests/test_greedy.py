"""Mauna Kea's greedy bot: registered, legal, deterministic, and clearly better than random."""

from __future__ import annotations

from statistics import mean

from core.bots import RandomBot, bot_kinds, make_bot, play_out
from core.games import get_rules
from core.games.maunakea.greedy import GreedyBot
from core.referee import Referee

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
        referee = Referee(RULES, RULES.config(3, {"turn_limit": 6}), "ABC", seed="same")
        referee.begin()
        play_out(referee, {s: make_bot("maunakea", "greedy", str(s)) for s in range(3)})
        return [env.event for env in referee.log]

    assert log() == log()

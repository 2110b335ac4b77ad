"""Mauna Kea under the generic conformance check, for many seeds and every player count."""

from __future__ import annotations

import pytest

from core.games.maunakea import RULES
from core.games.maunakea.state import MaunaKeaState
from tests.kit import maunakea_invariants
from tests.kit.conformance import check_playout

SEEDS = range(100)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_reach_the_end(players: int) -> None:
    """Hundreds of short games (turn limit 30) with sampled decide checks."""
    for seed in SEEDS:
        config = RULES.config(players, {"turn_limit": 30})
        referee = check_playout(
            RULES, config, f"conf-{players}-{seed}", listed_sample=2, unlisted_sample=2
        )
        assert RULES.outcome(referee.state) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_games_every_listed_command_is_accepted(players: int) -> None:
    """Full-length games, every event checked for conservation, every listed command decided
    at regular steps."""
    for seed in range(2):
        config = RULES.config(players, {"turn_limit": 150})
        check_playout(
            RULES,
            config,
            f"long-{players}-{seed}",
            invariant=maunakea_invariants.check,
            check_all_every=25,
        )


def test_position_round_trips_at_many_events() -> None:
    config = RULES.config(3, {"turn_limit": 60})
    referee = check_playout(RULES, config, "positions")
    from core.fold import fold

    for cut in range(1, len(referee.log), 37):
        _, state = fold(referee.log[:cut])
        assert isinstance(state, MaunaKeaState)
        doc = RULES.dump_position(state)
        again = RULES.load_position(doc)
        assert RULES.dump_position(again) == doc


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_games_reach_the_end(players: int) -> None:
    """The advanced game ends by itself (spent tiles leave, so the bag runs out)."""
    reasons = set()
    for seed in range(25):
        config = RULES.config(players, {"advanced": True})
        referee = check_playout(
            RULES,
            config,
            f"adv-{players}-{seed}",
            listed_sample=2,
            unlisted_sample=2,
            invariant=maunakea_invariants.check if seed < 3 else None,
        )
        assert referee.state.end is not None
        reasons.add(referee.state.end.reason)
    assert reasons <= {"tiles_out", "no_explorers"}

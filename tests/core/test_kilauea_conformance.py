"""Kilauea under the generic conformance check, for many seeds and every player count, with the
invariants (72 Tikis, 16 Sacred Stones, every limit) checked after every event."""

from __future__ import annotations

import pytest

from core.fold import fold
from core.games.kilauea import RULES
from core.games.kilauea.state import KilaueaState
from tests.kit import kilauea_invariants
from tests.kit.conformance import check_playout

SEEDS = range(40)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_reach_the_end(players: int) -> None:
    """Whole games (no turn limit): they end by emptying a third forest, every event checked."""
    for seed in SEEDS:
        referee = check_playout(
            RULES,
            RULES.config(players),
            f"kilauea-{players}-{seed}",
            invariant=kilauea_invariants.check,
            listed_sample=2,
            unlisted_sample=3,
        )
        assert referee.state.end == "forests"
        assert len(referee.state.emptied) >= 3
        assert referee.state.scorings == ["intermediate", "final"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_listed_command_is_accepted(players: int) -> None:
    """At every step, decide accepts every listed command and rejects 10 nearby unlisted ones."""
    for seed in range(4):
        check_playout(
            RULES,
            RULES.config(players),
            f"kilauea-all-{players}-{seed}",
            check_all_every=1,
            unlisted_sample=10,
        )


def test_the_turn_limit_ends_the_game_with_the_final_scoring() -> None:
    referee = check_playout(RULES, RULES.config(3, {"turn_limit": 12}), "kilauea-limit")
    assert referee.state.end == "turn_limit"
    assert referee.state.turn == 12
    assert "final" in referee.state.scorings


def test_table_options_fix_the_start_player_and_forest_sides() -> None:
    config = RULES.config(4, {"start_player": 2, "forest_sides": "BBABA"})
    referee = check_playout(RULES, config, "kilauea-options", invariant=kilauea_invariants.check)
    state = referee.state
    assert state.start_player == 2
    assert [state.sides[k] for k in range(5)] == ["BBABA"[b] for b in state.boards]


def test_position_round_trips_at_many_events() -> None:
    referee = check_playout(RULES, RULES.config(3), "kilauea-positions")
    for cut in range(1, len(referee.log), 7):
        _, state = fold(referee.log[:cut])
        assert isinstance(state, KilaueaState)
        doc = RULES.dump_position(state)
        again = RULES.load_position(doc)
        assert RULES.dump_position(again) == doc

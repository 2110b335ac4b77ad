"""Arnak under the generic conformance check: hundreds of random games, 2-4 players, both
sides, every event checked for conservation in some of them."""

from __future__ import annotations

import pytest

from core.fold import fold
from core.games.arnak import RULES
from tests import arnak_invariants
from tests.conformance import check_playout

SEEDS = range(25)


@pytest.mark.parametrize("side", ["bird", "snake"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_reach_the_end(players: int, side: str) -> None:
    for seed in SEEDS:
        config = RULES.config(players, {"side": side})
        referee = check_playout(
            RULES, config, f"arnak-{players}-{side}-{seed}", listed_sample=1, unlisted_sample=1
        )
        assert RULES.outcome(referee.state) is not None


@pytest.mark.parametrize("side", ["bird", "snake"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_event_conserves_the_components(players: int, side: str) -> None:
    for seed in range(3):
        config = RULES.config(players, {"side": side})
        check_playout(
            RULES,
            config,
            f"arnak-cons-{players}-{side}-{seed}",
            invariant=arnak_invariants.check,
            check_all_every=20,
        )


def test_position_round_trips_at_many_events() -> None:
    config = RULES.config(3, {"side": "snake"})
    referee = check_playout(RULES, config, "arnak-positions")
    for cut in range(1, len(referee.log), 17):
        _, state = fold(referee.log[:cut])
        doc = RULES.dump_position(state)
        again = RULES.load_position(doc)
        assert RULES.dump_position(again) == doc

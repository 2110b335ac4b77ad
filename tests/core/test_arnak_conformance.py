"""Arnak under the generic conformance check: hundreds of random games, 2-4 players, both
sides, every event checked for conservation in some of them."""

from __future__ import annotations

import pytest

from core.bots import RandomBot
from core.fold import fold
from core.games.arnak import RULES
from core.games.arnak import commands as cmd
from core.games.arnak.play import is_legal
from core.games.arnak.state import ArnakState
from core.messages import Command
from core.referee import Referee
from core.rng import Rng
from tests.kit import arnak_invariants
from tests.kit.conformance import check_playout, mutations

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


def test_the_referees_check_agrees_with_the_list_of_legal_commands() -> None:
    """``is_legal`` (what ``decide`` checks, building only the part of the list a command's
    kind can be in) says yes exactly to the listed commands: every listed one, their near
    misses, and a probe of each kind, at every step of random games on both sides."""
    probes: list[Command] = [
        cmd.EndTurn(),
        cmd.Pass(),
        cmd.Choose("skip"),
        cmd.Choose("row"),
        cmd.SlotIdol(),
        cmd.UseAssistant(0),
        cmd.UseBoon("g01"),
        cmd.PlayCard("b0fc"),
        cmd.Buy("i01"),
        cmd.Research("glass", "2"),
        cmd.Dig("C1.1", ()),
    ]
    checked = 0
    for side in ("bird", "snake"):
        config = RULES.config(3, {"side": side})
        referee: Referee[ArnakState] = Referee(RULES, config, ["a", "b", "c"], seed=side)
        referee.begin()
        bot = RandomBot(f"legal-{side}")
        pick = Rng(f"legal-{side}")
        while not referee.ended:
            state = referee.state
            for seat in range(3):
                listed = RULES.legal_commands(state, seat)
                near = [m for c in listed[:3] for m in mutations(c, pick)]
                for command in [*listed, *near, *probes]:
                    assert is_legal(state, seat, command) == (command in listed), command
                    checked += 1
            seat = RULES.to_move(state)[0]
            referee.submit(seat, bot.choose(RULES, state, seat))
    assert checked > 10_000

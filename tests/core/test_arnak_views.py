"""A seat that folds only its projected events (what a client over the network receives) ends
each game knowing every public fact the referee knows, and its own hand exactly."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from core.fold import start_state
from core.games.arnak import RULES
from core.games.arnak.state import ArnakState
from core.lifecycle import GameEnded
from core.referee import Referee
from tests.kit.conformance import check_playout


def public(state: ArnakState) -> dict[str, Any]:
    players = [
        {
            "res": p.res,
            "arch": p.arch,
            "glass": p.glass,
            "notebook": p.notebook,
            "idols": (p.idols, p.slots),
            "guardians": p.guardians,
            "boons": p.boons_used,
            "assistants": [(a.id, a.gold, a.exhausted) for a in p.assistants],
            "play": p.play,
            "sizes": (len(p.deck), len(p.hand), len(p.aside)),
            "fear_tiles": p.fear_tiles,
            "temple": (p.temple_tiles, p.temple_vp),
        }
        for p in state.seats
    ]
    return {
        "players": players,
        "row": (state.row_art, state.row_items, state.staff),
        "board": (state.occupant, state.site_tile, state.guardian, state.idol_up),
        "exile": (state.item_exile, state.art_exile, sorted(state.fear_deck)),
        "research": (state.bonus, state.temple_stacks, state.temple_order),
        "flow": (state.phase, state.round, state.active, state.passed, state.main_done),
        "supply": [stack[:1] for stack in state.supply],
    }


def check_every_seat(referee: Referee[ArnakState]) -> None:
    """Each seat folds its projection of the whole log and must end knowing the public game."""
    for seat in range(referee.state.players):
        started = RULES.project(referee.log[0].event, seat)
        state = start_state(RULES, started)  # type: ignore[arg-type]
        for env in referee.log[1:]:
            if not isinstance(env.event, GameEnded):
                state = RULES.evolve(state, RULES.project(env.event, seat))
        mine, truth = public(state), public(referee.state)
        for k, (a, b) in enumerate(zip(mine["players"], truth["players"], strict=True)):
            assert a == b, f"seat {seat + 1}'s view of seat {k + 1}"
        assert mine == truth, f"seat {seat + 1}"
        assert Counter(state.seats[seat].hand) == Counter(referee.state.seats[seat].hand)


@pytest.mark.parametrize("side", ["bird", "snake"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_folding_its_projection_knows_the_public_game(players: int, side: str) -> None:
    for game in range(4):
        config = RULES.config(players, {"side": side})
        seed = f"views-{players}-{side}-{game}"
        check_every_seat(check_playout(RULES, config, seed, listed_sample=1, unlisted_sample=0))


@pytest.mark.parametrize("side", ["bird", "snake"])
def test_the_same_in_rich_games_that_reach_the_temple_and_the_rescue(side: str) -> None:
    """Games started with plenty of every resource and biased toward effects (the canary's),
    so research, the temple, assistants and the odd cards come up."""
    from tests.core.test_arnak_secrecy import play

    for game in range(6):
        check_every_seat(play(3, side, f"rich-views-{side}-{game}", rich=True))


@pytest.mark.parametrize("side", ["bird", "snake"])
def test_in_rich_games_a_folded_projection_is_exactly_the_seats_view(side: str) -> None:
    """The whole JSON position, every 11 events, for every seat and a spectator: what a seat knows
    from its events (a bought item under its deck, an Airdrop card in a hand, a tile put under its
    stack, a stack looked through) is what its view shows, no more and no less."""
    from core.fold import fold
    from tests.core.test_arnak_secrecy import play
    from tests.core.test_games_conformance import projected

    for game in range(2):
        log = play(3, side, f"rich-exact-{side}-{game}", rich=True).log
        for seat in (0, 1, 2, None):
            mine = projected(RULES, log, seat)
            for cut in range(1, len(log) + 1, 11):
                _, whole = fold(log[:cut])
                _, seen = fold(mine[:cut])
                expected = RULES.dump_position(RULES.view(whole, seat))
                assert RULES.dump_position(seen) == expected, f"seat {seat}, {cut} events"

"""The fold's shortcut (``evolve_alone``: the commonest events' handlers called directly, with no
``evolve`` running the effects after them) changes no state: at every event of random and
greedy games running the effects after the handler changes nothing (the stack is left settled,
as ``evolve`` leaves it), and a whole log folds to the referee's state."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from core.bots import make_bot, play_out
from core.fold import fold
from core.games import get_rules
from core.games.arnak import RULES
from core.games.arnak import catalog as K
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak.effects import run
from core.games.arnak.evolve import ALONE
from core.games.arnak.pay import spend
from core.games.arnak.research import PLAIN_STEPS, plain_step
from core.lifecycle import GameEnded
from core.referee import Referee


def played(kind: str, seed: int) -> Referee[Any]:
    players = 2 + seed % 3
    config = RULES.config(players, {"side": ("bird", "snake")[seed % 2]})
    referee: Referee[Any] = Referee(
        get_rules("arnak"), config, [f"P{i}" for i in range(players)], seed=f"alone-{seed}"
    )
    referee.begin()
    play_out(referee, {s: make_bot("arnak", kind, f"alone-{seed}/{s}") for s in range(players)})
    return referee


@pytest.mark.parametrize(("kind", "seed"), [("random", 0), ("random", 1), ("greedy", 2)])
def test_every_shortcut_event_evolves_as_evolve_does(kind: str, seed: int) -> None:
    referee = played(kind, seed)
    assert referee.ended
    state = fold(referee.log[:1])[1]
    shortcuts = 0
    for env in referee.log[1:]:
        event = env.event
        if isinstance(event, GameEnded):
            continue
        alone = ALONE.get(type(event))
        if alone is not None:
            shortcuts += 1
            state = alone(state, event)
            settled = RULES.dump_position(state)
            run(state)  # what evolve did after every handler before the shortcut
            assert RULES.dump_position(state) == settled, event
        else:
            state = RULES.evolve(state, event)
    assert shortcuts > len(referee.log) // 3  # turns' starts and ends, passes, refills, shuffles
    assert RULES.dump_position(fold(referee.log)[1]) == RULES.dump_position(referee.state)
    assert RULES.dump_position(state) == RULES.dump_position(referee.state)


@pytest.mark.parametrize(("kind", "seed"), [("random", 3), ("greedy", 4)])
def test_inlined_digs_buys_and_research_change_what_the_general_functions_do(
    kind: str, seed: int
) -> None:
    """The fold's digs (paid from an empty pool: the outcome looked up), buys and research
    steps short of the temple are inlined; each leaves the state ``spend`` and ``start_dig``,
    ``buy`` and ``do_research`` (then ``run``) leave from the same state."""
    referee = played(kind, seed)
    state = fold(referee.log[:1])[1]
    seen: Counter[type] = Counter()
    for env in referee.log[1:]:
        event = env.event
        if isinstance(event, GameEnded):
            continue
        general = state.copy()
        state = RULES.evolve(state, event)
        if type(event) is ev.SiteDug:
            spend(
                general, event.seat, K.space_travel(general.side, event.space), event.pay, K.travel
            )
            general.main_done = True
            fx.start_dig(general, event.seat, event.space)
        elif type(event) is ev.CardBought:
            general.main_done = True
            fx.buy(general, event.seat, event.card, 0)
        elif type(event) is ev.ResearchAdvanced:
            general.main_done = True
            fx.do_research(general, event.seat, event.token, event.to)
        else:
            continue
        seen[type(event)] += 1
        run(general)
        assert general == state, event
    assert seen[ev.SiteDug] and seen[ev.CardBought] and seen[ev.ResearchAdvanced], seen


def test_only_plain_research_steps_are_kept() -> None:
    """What a log could say besides a token's step to a space (a stack, another spelling of the
    space, another token) is answered but not kept: the memo stays as small as the board."""
    assert plain_step("bird", "glass", "t0") is None
    before = dict(PLAIN_STEPS)
    assert plain_step("bird", "glass", "03") == plain_step("bird", "glass", "3")
    plain_step("bird", "spoon", "3")
    assert set(PLAIN_STEPS) - set(before) <= {("bird", "glass", "3")}

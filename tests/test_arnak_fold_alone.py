"""The fold's shortcut (``evolve_alone``: the commonest events' handlers called directly, with no
``evolve`` running the effects after them) changes no state: at every event of random and
greedy games running the effects after the handler changes nothing (the stack is left settled,
as ``evolve`` leaves it), and a whole log folds to the referee's state."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import make_bot, play_out
from core.fold import fold
from core.games import get_rules
from core.games.arnak import RULES
from core.games.arnak.effects import run
from core.games.arnak.evolve import ALONE
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

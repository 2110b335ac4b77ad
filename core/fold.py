"""State is a fold of events: the first event names the game and its start, the rest evolve it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.codec import Envelope
from core.errors import ReplayError
from core.games import get_rules
from core.lifecycle import GameEnded, GameStarted
from core.protocol import Rules


def rules_of(started: GameStarted) -> Rules[Any]:
    try:
        return get_rules(started.game)
    except KeyError as exc:
        raise ReplayError(str(exc.args[0])) from None


def start_state(rules: Rules[Any], started: GameStarted) -> Any:
    """The state right after ``GameStarted``: from its saved position, or the initial one, to
    be played by the rules version the log was recorded under."""
    if started.position is not None:
        state = rules.load_position(started.position)
    else:
        state = rules.initial(started.config)
    return rules.recorded_under(state, started.rules_version)


def fold(envelopes: Iterable[Envelope]) -> tuple[Rules[Any], Any]:
    """Fold a whole log from its ``GameStarted``; returns the rules and the final state."""
    it = iter(envelopes)
    first = next(it, None)
    if first is None or not isinstance(first.event, GameStarted):
        raise ReplayError("a game log must begin with core.game_started")
    rules = rules_of(first.event)
    state = start_state(rules, first.event)
    evolve = rules.evolve
    for env in it:
        event = env.event
        if type(event) is not GameEnded:  # it only reveals the seed
            state = evolve(state, event)
    return rules, state

"""State is a fold of events: the first event names the game and its start, the rest evolve it.

``Undone(seat, back_to)`` is the one event the games never see: after it the state is again the
state right before event ``back_to``, refolded from the events still in effect (:func:`live`).
Undos are rare and follow a person's keypress, so they pay for the refold; the fold's common
path pays one lookup per event.

A game's rules may offer ``evolve_alone``, a map from event types to functions that evolve the
state by such an event exactly as ``evolve`` would (for Arnak, its commonest events, which
need nothing after their own handler): the fold calls them directly, a Python call less each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from core.codec import Envelope
from core.errors import ReplayError
from core.games import get_rules
from core.lifecycle import NOT_FOLDED, GameEnded, GameStarted, Undone
from core.messages import EVENTS, Event
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
    envs = envelopes if isinstance(envelopes, Sequence) else list(envelopes)
    first = envs[0] if envs else None
    if first is None or not isinstance(first.event, GameStarted):
        raise ReplayError("a game log must begin with core.game_started")
    rules = rules_of(first.event)
    state = start_state(rules, first.event)
    evolve = rules.evolve
    steps = _steps(rules)
    for env in envs[1:]:
        event = env.event
        try:
            step = steps[type(event)]
        except KeyError:  # an undo, or a kind registered after the table was made
            if type(event) is Undone:
                state = state_before(rules, envs, event.back_to)
            else:
                state = evolve(state, event)
            continue
        state = step(state, event)
    return rules, state


Step = Callable[[Any, Any], Any]
_STEPS: dict[int, tuple[Rules[Any], dict[type, Step]]] = {}  # by id(rules): see _steps


def _steps(rules: Rules[Any]) -> dict[type, Step]:
    """The fold's step for each event type registered, made once per rules: the handler
    ``evolve_alone`` gives (what ``evolve`` would call, a Python call less), else ``evolve``
    (a table's own events, clocks and who sits where, go to it, which ignores them); nothing
    for ``GameEnded`` (it only reveals the seed). Not ``Undone``: the fold refolds for it."""
    found = _STEPS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    steps: dict[type, Step] = {EVENTS.kind_of(tag): rules.evolve for tag in EVENTS.tags()}
    steps.update(getattr(rules, "evolve_alone", None) or {})
    steps[GameEnded] = _unchanged
    steps.pop(Undone, None)
    _STEPS[id(rules)] = (rules, steps)
    return steps


def _unchanged(state: Any, event: Any) -> Any:
    return state


def live(envelopes: Sequence[Envelope], end: int) -> list[Envelope]:
    """The events of ``envelopes[:end]`` still in effect, in order: ``GameStarted`` and every
    event no later ``Undone`` took back (an ``Undone`` at ``u`` removes ``back_to`` … ``u``)."""
    out: list[Envelope] = []
    k = min(end, len(envelopes)) - 1
    while k > 0:
        event = envelopes[k].event
        if type(event) is Undone:
            if not 0 < event.back_to < k:
                raise ReplayError(f"event {k} takes back event {event.back_to}, not before it")
            k = event.back_to - 1
            continue
        out.append(envelopes[k])
        k -= 1
    if envelopes:
        out.append(envelopes[0])
    out.reverse()
    return out


def state_before(rules: Rules[Any], envelopes: Sequence[Envelope], seq: int) -> Any:
    """A fresh state as it was right before event ``seq`` (what an ``Undone`` goes back to)."""
    events = live(envelopes, seq)
    if not events or not isinstance(events[0].event, GameStarted):
        raise ReplayError("a game log must begin with core.game_started")
    state = start_state(rules, events[0].event)
    evolve = rules.evolve
    for env in events[1:]:
        if type(env.event) not in NOT_FOLDED:
            state = evolve(state, env.event)
    return state


def apply(rules: Rules[Any], state: Any, event: Event, log: Sequence[Envelope]) -> Any:
    """``state`` after ``event`` (an incremental fold: a referee's, a client's, a screen's);
    ``log`` holds the envelopes before it, which an ``Undone`` refolds from."""
    if isinstance(event, Undone):
        return state_before(rules, log, event.back_to)
    if type(event) in NOT_FOLDED or isinstance(event, GameStarted):
        return state
    return rules.evolve(state, event)

"""What issue 11's two rules do to bot games, and what the Mauna Kea check costs.

Kilauea: random-bot games. A pass (no main action in the canoe's sector) is *avoidable* when
another step count of the same canoe move would have stopped where a main action is possible.
Mauna Kea: greedy-bot games with the self-play turn limit of 200: how each game ended, on which
turn, and the first turn on which nobody could leave the island. Then the cost of that check
(``someone_can_leave``) per call, beside the fold of one event, over the states of those games.

Run it on two checkouts to compare rules; it prints figures, it asserts nothing.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from statistics import mean, median
from typing import Any

from core.bots import RandomBot, make_bot, play_out
from core.fold import start_state
from core.games import get_rules
from core.games.kilauea import events as kev
from core.games.kilauea import play as kplay
from core.games.kilauea import track
from core.games.maunakea import events as mev
from core.lifecycle import GameEnded, GameStarted
from core.referee import Referee

try:  # the check this issue adds; absent from older checkouts
    from core.games.maunakea.leaving import someone_can_leave
except ImportError:  # pragma: no cover - only when measuring an older checkout
    someone_can_leave = None  # type: ignore[assignment]

TURN_LIMIT = 200


def game(name: str, players: int, seed: str, bot: str) -> Referee[Any]:
    rules = get_rules(name)
    config = rules.config(players, {"turn_limit": TURN_LIMIT})
    referee: Referee[Any] = Referee(rules, config, [f"P{i}" for i in range(players)], seed=seed)
    referee.begin()
    bots = {
        s: RandomBot(f"{seed}/{s}") if bot == "random" else make_bot(name, bot, f"{seed}/{s}")
        for s in range(players)
    }
    play_out(referee, bots)
    return referee


def states(referee: Referee[Any]) -> Any:
    """(event, state before it) for every event after ``GameStarted``."""
    rules = referee.rules
    first = referee.log[0].event
    assert isinstance(first, GameStarted)
    state = start_state(rules, first)
    for env in referee.log[1:]:
        if isinstance(env.event, GameEnded):
            continue
        yield env.event, state
        state = rules.evolve(state, env.event)


def kilauea_passes(games: int) -> None:
    rules = get_rules("kilauea")
    passes = avoidable = turns = events = 0
    hit: set[int] = set()
    for i in range(games):
        players = 2 + i % 3
        referee = game("kilauea", players, f"issue11-k{i}", "random")
        events += len(referee.log)
        turns += referee.state.turn
        before_move: Any = None
        for event, state in states(referee):
            if isinstance(event, kev.CanoeMoved):
                before_move = state.copy()
            elif isinstance(event, kev.Passed):
                passes += 1
                if _a_move_allowed_a_main_action(rules, before_move, event.seat):
                    avoidable += 1
                    hit.add(i)
    print(f"kilauea, {games} random-bot games (2/3/4 players in turn)")
    print(
        f"  passes {passes}, avoidable {avoidable} in {len(hit)} games; "
        f"mean {turns / games:.1f} turns, {events / games:.0f} events a game"
    )


def _a_move_allowed_a_main_action(rules: Any, state: Any, seat: int) -> bool:
    for steps in range(1, kplay.most_steps(state, seat) + 1):
        paid = max(0, steps - kplay.free_steps(state, seat))
        after = rules.evolve(
            state.copy(),
            kev.CanoeMoved(seat, steps, track.advance(state.players, state.canoe, steps), paid),
        )
        if kplay.main_actions(after, seat):
            return True
    return False


def maunakea_endings(games: int) -> list[Any]:
    print(f"maunakea, {games} greedy-bot games (2/3/4 players in turn), turn limit {TURN_LIMIT}")
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    walled: list[tuple[int, int]] = []  # (first turn nobody could leave, last turn)
    sample: list[Any] = []
    for i in range(games):
        referee = game("maunakea", 2 + i % 3, f"issue11-m{i}", "greedy")
        log = [env.event for env in referee.log]
        trigger = next(e for e in log if isinstance(e, mev.EndTriggered))
        reasons[trigger.reason] += 1
        last = max(e.turn for e in log if isinstance(e, mev.TurnStarted))
        lengths.append(last)
        if someone_can_leave is not None:
            first = _first_walled_off_turn(referee)
            if first is not None:
                walled.append((first, last))
            sample.extend(s for _, s in states(referee) if s.phase.value in ("turn", "refill"))
    print(f"  ended by {dict(sorted(reasons.items()))}")
    print(f"  turns a game: mean {mean(lengths):.1f}, median {median(lengths):.0f}")
    if walled:
        idle = [last - first for first, last in walled]
        print(
            f"  {len(walled)} games had a turn when nobody could leave; from it to the last "
            f"turn: mean {mean(idle):.1f} turns, max {max(idle)} (first such turns "
            f"{sorted(first for first, _ in walled)})"
        )
    return sample


def _first_walled_off_turn(referee: Referee[Any]) -> int | None:
    for _, state in states(referee):
        live = state.phase.value in ("turn", "refill") and state.end is None
        if live and not someone_can_leave(state):
            return int(state.turn)
    return None


def check_cost(sample: list[Any]) -> None:
    """The flood fill alone over sampled states, then the end check as the rules run it (after
    every event, remembered until a tile, lava or a boat changes it) beside the fold."""
    from core.games.maunakea.flow import end_reason

    if someone_can_leave is not None and sample:
        sample = [s.copy() for s in sample[:: max(1, len(sample) // 20_000)]]
        start = time.perf_counter()
        for state in sample:
            someone_can_leave(state)
        flood = (time.perf_counter() - start) / len(sample)
        print(f"  the flood fill: {flood * 1e6:.1f} µs a call ({len(sample)} states above)")
    rules = get_rules("maunakea")
    referee = game("maunakea", 4, "issue11-fold", "random")
    first = referee.log[0].event
    assert isinstance(first, GameStarted)
    body = [env.event for env in referee.log[1:] if not isinstance(env.event, GameEnded)]
    best = {False: float("inf"), True: float("inf")}
    for _ in range(3):
        for check in (False, True):
            state = start_state(rules, first)
            start = time.perf_counter()
            for event in body:
                rules.evolve(state, event)
                if check:
                    end_reason(state)
            best[check] = min(best[check], (time.perf_counter() - start) / len(body))
    fold, with_check = best[False], best[True]
    print(
        f"  a {len(body)}-event random game: fold {fold * 1e6:.2f} µs an event, with the end "
        f"check (flow.end_reason) after each {with_check * 1e6:.2f} µs"
    )


def main(kilauea: int = 120, maunakea: int = 90) -> None:
    started = time.perf_counter()
    if kilauea:
        kilauea_passes(kilauea)
    if maunakea:
        check_cost(maunakea_endings(maunakea))
    else:
        check_cost([])
    print(f"  ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))

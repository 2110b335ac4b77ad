"""Mauna Kea's fast searches give exactly what the plain ones they replaced gave.

``movement.reachable`` rebuilds paths from costs, and the greedy bot's ``Planner.plan`` stops
its search early; each is compared here, over the positions of whole bot games, with a plain
Dijkstra that records every predecessor and searches the whole board. The bot's
``PlanMemory`` must change none of its moves either.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from typing import Any

from core.bots import RandomBot, make_bot, play_out
from core.games.maunakea import RULES
from core.games.maunakea.board import neighbours, slot_of
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.components import Space, Terrain
from core.games.maunakea.greedy import GreedyBot, choose
from core.games.maunakea.movement import reachable
from core.games.maunakea.planning import (
    CROWD_COST,
    DANGER_COST,
    GAP_COST,
    MP_WEIGHT,
    Planner,
    boat_value,
    vp,
)
from core.games.maunakea.state import Explorer, MaunaKeaState, Phase
from core.messages import Command
from core.protocol import Rules
from core.referee import Referee

Found = tuple[dict[Space, int], dict[Space, Space]]


def dijkstra(start: Space, enter: dict[Space, int], budget: int = 1 << 30) -> Found:
    """Cheapest cost and predecessor of every space, over a heap ordered by (cost, space)."""
    best = {start: 0}
    came: dict[Space, Space] = {}
    heap = [(0, start)]
    while heap:
        cost, space = heapq.heappop(heap)
        if cost > best[space]:
            continue
        for nxt in neighbours(space):
            step = enter.get(nxt)
            if step is None or cost + step > budget:
                continue
            if cost + step < best.get(nxt, budget + 1):
                best[nxt] = cost + step
                came[nxt] = space
                heapq.heappush(heap, (cost + step, nxt))
    return best, came


def path(came: dict[Space, Space], start: Space, target: Space) -> tuple[Space, ...]:
    out = [target]
    while out[-1] != start and came[out[-1]] != start:
        out.append(came[out[-1]])
    return tuple(reversed(out)) if target != start else ()


def plain_reachable(
    state: MaunaKeaState, explorer: Explorer, budget: int
) -> dict[Space, tuple[int, tuple[Space, ...]]]:
    assert explorer.space is not None
    occupied = state.occupied() - {explorer.space}
    enter = {
        space: C.move_cost[state.terrain(space)]
        for space in _every_space()
        if state.terrain(space) in C.move_cost and space not in occupied
    }
    best, came = dijkstra(explorer.space, enter, budget)
    return {s: (c, path(came, explorer.space, s)) for s, c in best.items() if s != explorer.space}


def plain_plan(state: MaunaKeaState, seat: int, explorer: Explorer) -> tuple[object, ...] | None:
    """The greedy bot's plan as first written: a whole-board search, then the best target."""
    assert explorer.space is not None
    danger = Planner(state, seat).danger
    crowd = state.occupied()
    enter: dict[Space, int] = {}
    for space in _every_space():
        terrain = state.terrain(space)
        base = C.move_cost.get(terrain)
        if base is None:
            if terrain is not Terrain.NONE or not state.empty_slot(slot_of(space)):
                continue
            base = GAP_COST
        base += DANGER_COST if slot_of(space) in danger else 0
        enter[space] = base + (CROWD_COST if space in crowd else 0)
    dist, came = dijkstra(explorer.space, enter)
    room = C.carry_limit - len(explorer.carried)
    options: list[tuple[float, Space, bool]] = []
    if room > 0:
        for space, pile in state.artifacts.items():
            if space in dist and pile:
                gain = sum(sorted((vp(c) for c in pile), reverse=True)[:room])
                options.append((gain - MP_WEIGHT * dist[space], space, False))
    if explorer.carried or not options or state.end is not None:
        bonus = 1.0 if explorer.carried else 0.0
        for landing, boat in state.docked.items():
            value = boat_value(explorer.carried, C.boats[boat].places)
            for space in C.landings[landing].spaces:
                if space in dist:
                    score = value + bonus - MP_WEIGHT * (dist[space] + C.board_cost)
                    options.append((score, space, True))
    if not options:
        return None
    score, target, boat = max(options, key=lambda o: (o[0], -o[1][1], -o[1][0]))
    return target, path(came, explorer.space, target), score, boat, dist[target]


def _every_space() -> Iterator[Space]:
    return ((x, y) for x in range(18) for y in range(18))


def positions(bot: str, seeds: tuple[str, ...], every: int) -> Iterator[MaunaKeaState]:
    """Every ``every``-th turn position of whole 2-4 player games between ``bot`` bots."""
    for i, seed in enumerate(seeds):
        players = 2 + i % 3
        config = RULES.config(players, {"turn_limit": 60, "advanced": i % 2 == 1})
        referee: Referee[Any] = Referee(RULES, config, [f"P{s}" for s in range(players)], seed=seed)
        referee.begin()
        bots = {
            s: RandomBot(f"{seed}/{s}") if bot == "random" else make_bot("maunakea", bot, seed)
            for s in range(players)
        }
        found: list[MaunaKeaState] = []
        play_out(referee, bots, on_command=lambda ref, found=found: _sample(ref, found, every))
        yield from found


def _sample(referee: Referee[Any], found: list[MaunaKeaState], every: int) -> None:
    if len(referee.log) % every == 0 and referee.state.phase is Phase.TURN:
        found.append(referee.state.copy())


def test_reachable_gives_the_plain_search_s_costs_and_paths() -> None:
    checked = 0
    for state in positions("random", ("r0", "r1", "r2", "r3"), 7):
        for row in state.explorers:
            for explorer in row:
                if explorer.space is None:
                    continue
                for budget in {0, 1, 3, 6, state.pool}:
                    fast = reachable(state, explorer, budget)
                    assert fast == plain_reachable(state, explorer, budget)
                    assert list(fast) == list(plain_reachable(state, explorer, budget))
                    checked += 1
    assert checked > 1000


def test_plans_stop_early_yet_match_a_whole_board_search() -> None:
    checked = 0
    for state in positions("greedy", ("p0", "p1", "p2", "p3", "p4"), 3):
        assert state.active is not None
        for seat in range(state.players):
            planner = Planner(state, seat)
            for explorer in state.on_island(seat):
                plan = planner.plan(explorer)
                fast = None if plan is None else (*vars(plan).values(),)[1:]
                assert fast == plain_plan(state, seat, explorer)
                checked += 1
    assert checked > 500


class _Checked(GreedyBot):
    """The greedy bot, checking at every decision that each plan its memory gives is the plan
    a fresh search finds."""

    checked = 0

    def choose(self, rules: Rules[Any], state: Any, seat: int) -> Command:
        if state.phase is Phase.TURN and state.active == seat:
            remembered = Planner(state, seat, self.memory)
            fresh = Planner(state, seat)
            for explorer in state.on_island(seat):
                assert remembered.plan(explorer) == fresh.plan(explorer)
                _Checked.checked += 1
        return choose(state, seat, cards=self.cards, memory=self.memory)


def test_a_bot_that_remembers_its_plans_plans_as_one_that_searches_every_time() -> None:
    for i, seed in enumerate(("m0", "m1", "m2", "m3", "m4", "m5")):
        players = 2 + i % 3
        config = RULES.config(players, {"turn_limit": 100, "advanced": i % 2 == 1})
        names = [f"P{s}" for s in range(players)]
        referee: Referee[Any] = Referee(RULES, config, names, seed=seed)
        referee.begin()
        play_out(referee, {s: _Checked(seed) for s in range(players)})
    assert _Checked.checked > 3000

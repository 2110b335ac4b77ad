"""Moving explorers: jungle costs 1, water 2; mountain, lava, empty slots and occupied spaces
cannot be entered (nor jumped, since moves go one orthogonal step at a time).

The searches run over space indices (``board.index_of``) and the state's ``grid``: they are
asked for every explorer each time a seat's commands are listed.
"""

from __future__ import annotations

from heapq import heappop, heappush

from core.games.maunakea.board import (
    LANDING_OF_SPACE,
    NEIGHBOUR_INDICES,
    SPACE_AT,
    neighbours,
    trace_path,
)
from core.games.maunakea.components import COMPONENTS, SPACES, Space, Terrain
from core.games.maunakea.state import Explorer, MaunaKeaState, Status

MOVE_COST = COMPONENTS.move_cost
ENTER_COST: tuple[int, ...] = tuple(MOVE_COST.get(t, 0) for t in Terrain)
"""MP to enter a space of each terrain (by its value); 0: it cannot be entered."""
_ISLAND = Status.ISLAND  # looked up once: an enum member costs ~70 ns a lookup on Python 3.11
_INDEX_BITS = 9  # a heap entry is ``cost << 9 | index``: ordered by cost, then by space


def step_cost(state: MaunaKeaState, space: Space) -> int | None:
    """MP to enter ``space`` ignoring explorers, or ``None`` if it can never be entered now."""
    return MOVE_COST.get(state.terrain(space))


def occupied_indices(state: MaunaKeaState) -> set[int]:
    """The indices of the spaces explorers stand on (``state.occupied``)."""
    return {
        SPACES * e.space[0] + e.space[1]
        for row in state.explorers
        for e in row
        if e.status is _ISLAND and e.space is not None
    }


def move_costs(
    state: MaunaKeaState, explorer: Explorer, budget: int, blocked: set[int] | None = None
) -> dict[int, int]:
    """The cheapest cost of every space index ``explorer`` can reach with ``budget`` MP, its own
    space (cost 0) first, then in the order a Dijkstra ordered by (cost, space) finds them.
    ``blocked``: ``occupied_indices(state)``, when the caller has it already."""
    start = explorer.space
    if start is None:
        return {}
    origin = SPACES * start[0] + start[1]
    best = {origin: 0}
    if budget < 1:
        return best
    if blocked is None:
        blocked = occupied_indices(state)
    grid = state.grid
    limit = budget + 1
    heap = [origin]
    while heap:
        key = heappop(heap)
        cost = key >> _INDEX_BITS
        here = key & 511
        if cost > best[here]:
            continue
        for nxt in NEIGHBOUR_INDICES[here]:
            enter = ENTER_COST[grid[nxt]]
            if enter and nxt not in blocked:
                total = cost + enter
                if total < best.get(nxt, limit):
                    best[nxt] = total
                    heappush(heap, total << _INDEX_BITS | nxt)
    return best


def costs_within(
    state: MaunaKeaState,
    explorer: Explorer,
    budget: int,
    blocked: set[int] | None = None,
    until: int = -1,
) -> dict[int, int]:
    """:func:`move_costs`'s costs, its own space's first, the others in no order to rely on:
    the spaces wait in buckets by cost (a step costs 1 or 2), not in a heap, for the callers
    that ask only what can be reached and for how much. ``until``: a space whose cost alone is
    wanted; the search stops once it is settled (every cheaper space is, with its final cost,
    which is all :func:`path_to` reads)."""
    start = explorer.space
    if start is None:
        return {}
    origin = SPACES * start[0] + start[1]
    best = {origin: 0}
    if budget < 1:
        return best
    if blocked is None:
        blocked = occupied_indices(state)
    grid = state.grid
    limit = budget + 1
    levels: list[list[int]] = [[] for _ in range(limit)]
    levels[0].append(origin)
    for cost, level in enumerate(levels):
        for here in level:
            if best[here] != cost:
                continue  # reached again more cheaply: settled already
            if here == until:
                return best
            for nxt in NEIGHBOUR_INDICES[here]:
                enter = ENTER_COST[grid[nxt]]
                if enter and nxt not in blocked:
                    total = cost + enter
                    if total < best.get(nxt, limit):
                        best[nxt] = total
                        levels[total].append(nxt)
    return best


def path_to(state: MaunaKeaState, best: dict[int, int], target: int) -> tuple[Space, ...]:
    """The cheapest way to ``target`` found by ``move_costs`` (``best``), every space entered;
    of equally cheap ways, the one a Dijkstra ordered by (cost, space) records."""
    grid = state.grid
    return trace_path(next(iter(best)), target, best.get, lambda i: ENTER_COST[grid[i]])


def reach(state: MaunaKeaState, explorer: Explorer, budget: int) -> dict[Space, int]:
    """Every space ``explorer`` can reach with ``budget`` MP, with its cheapest cost."""
    best = move_costs(state, explorer, budget)
    return {SPACE_AT[i]: cost for i, cost in best.items() if cost}


def route(
    state: MaunaKeaState, explorer: Explorer, budget: int, to: Space
) -> tuple[int, tuple[Space, ...]] | None:
    """The cost and path of ``explorer``'s cheapest way to ``to`` within ``budget``, if any."""
    if not (0 <= to[0] < SPACES and 0 <= to[1] < SPACES) or to == explorer.space:
        return None
    target = SPACES * to[0] + to[1]
    best = costs_within(state, explorer, budget, until=target)
    if target not in best:
        return None
    return best[target], path_to(state, best, target)


def reachable(
    state: MaunaKeaState, explorer: Explorer, budget: int
) -> dict[Space, tuple[int, tuple[Space, ...]]]:
    """Every space ``explorer`` can reach with ``budget`` MP: its cheapest cost and path.

    Ties between equally cheap paths are broken the same way every time (Dijkstra over a heap
    ordered by cost, then space), so a move can be re-decided identically from its event.
    """
    best = move_costs(state, explorer, budget)
    return {SPACE_AT[i]: (cost, path_to(state, best, i)) for i, cost in best.items() if cost}


def landing_at(state: MaunaKeaState, explorer: Explorer) -> int | None:
    """The landing whose boat ``explorer`` may board from where it stands, if a boat is there."""
    if explorer.space is None:
        return None
    landing = LANDING_OF_SPACE.get(explorer.space)
    if landing is None or landing not in state.docked:
        return None
    return landing


def card_reach(
    state: MaunaKeaState, explorer: Explorer, action: str
) -> dict[Space, tuple[Space, ...]]:
    """Where a movement card can take ``explorer``, with the path (fewest steps).

    Jungle and water cards: any number of connected spaces of that kind, starting from either
    walkable kind; entering a space with an artifact ends the move there. Mountain card: over
    connected mountain spaces only (at least one), from a jungle or water space to another.
    """
    start = explorer.space
    if start is None:
        return {}
    occupied = state.occupied()
    if action == "mountain":
        return _mountain_reach(state, start, occupied)
    kind = Terrain.JUNGLE if action == "jungle" else Terrain.WATER
    paths: dict[Space, tuple[Space, ...]] = {start: ()}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for space in frontier:
            if space != start and space in state.artifacts:
                continue  # entering a space with an artifact ends the move
            for nxt in neighbours(space):
                if nxt in paths or nxt in occupied or state.terrain(nxt) is not kind:
                    continue
                paths[nxt] = (*paths[space], nxt)
                nxt_frontier.append(nxt)
        frontier = sorted(nxt_frontier)
    del paths[start]
    return paths


def _mountain_reach(
    state: MaunaKeaState, start: Space, occupied: set[Space]
) -> dict[Space, tuple[Space, ...]]:
    walkable = (Terrain.JUNGLE, Terrain.WATER)
    over: dict[Space, tuple[Space, ...]] = {}
    frontier = []
    for nxt in neighbours(start):
        if state.terrain(nxt) is Terrain.MOUNTAIN:
            over[nxt] = (nxt,)
            frontier.append(nxt)
    while frontier:
        nxt_frontier = []
        for space in frontier:
            for nxt in neighbours(space):
                if nxt not in over and state.terrain(nxt) is Terrain.MOUNTAIN:
                    over[nxt] = (*over[space], nxt)
                    nxt_frontier.append(nxt)
        frontier = sorted(nxt_frontier)
    out: dict[Space, tuple[Space, ...]] = {}
    for mountain in sorted(over, key=lambda s: (len(over[s]), s)):
        for nxt in neighbours(mountain):
            if (
                nxt != start
                and nxt not in out
                and nxt not in occupied
                and state.terrain(nxt) in walkable
            ):
                out[nxt] = (*over[mountain], nxt)
    return out

"""Moving explorers: jungle costs 1, water 2; mountain, lava, empty slots and occupied spaces
cannot be entered (nor jumped, since moves go one orthogonal step at a time)."""

from __future__ import annotations

import heapq

from core.games.maunakea.board import LANDING_OF_SPACE, neighbours
from core.games.maunakea.components import COMPONENTS, Space, Terrain
from core.games.maunakea.state import Explorer, MaunaKeaState

MOVE_COST = COMPONENTS.move_cost


def step_cost(state: MaunaKeaState, space: Space) -> int | None:
    """MP to enter ``space`` ignoring explorers, or ``None`` if it can never be entered now."""
    return MOVE_COST.get(state.terrain(space))


def reachable(
    state: MaunaKeaState, explorer: Explorer, budget: int
) -> dict[Space, tuple[int, tuple[Space, ...]]]:
    """Every space ``explorer`` can reach with ``budget`` MP: its cheapest cost and path.

    Ties between equally cheap paths are broken the same way every time (Dijkstra over a heap
    ordered by cost, then space), so a move can be re-decided identically from its event.
    """
    start = explorer.space
    if start is None:
        return {}
    blocked = state.occupied()
    blocked.discard(start)
    best: dict[Space, int] = {start: 0}
    came_from: dict[Space, Space] = {}
    heap: list[tuple[int, Space]] = [(0, start)]
    while heap:
        cost, space = heapq.heappop(heap)
        if cost > best[space]:
            continue
        for nxt in neighbours(space):
            if nxt in blocked:
                continue
            enter = step_cost(state, nxt)
            if enter is None or cost + enter > budget:
                continue
            if cost + enter < best.get(nxt, budget + 1):
                best[nxt] = cost + enter
                came_from[nxt] = space
                heapq.heappush(heap, (cost + enter, nxt))
    out: dict[Space, tuple[int, tuple[Space, ...]]] = {}
    for space, cost in best.items():
        if space == start:
            continue
        path = [space]
        while path[-1] in came_from and came_from[path[-1]] != start:
            path.append(came_from[path[-1]])
        out[space] = (cost, tuple(reversed(path)))
    return out


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

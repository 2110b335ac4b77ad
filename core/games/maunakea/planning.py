"""The greedy bot's plans: where each explorer should head, and the cheapest way there.

A *plan* is the cheapest path over the board as it could become: jungle costs 1, water 2, and a
slot still without a tile counts as ``GAP_COST`` (a tile could be laid there); a space where
lava flows next costs ``DANGER_COST`` more, one another explorer stands on ``CROWD_COST`` more.
A target (the artifacts on a space, a boat to board) scores its value less ``MP_WEIGHT`` per
point of that cost; the best score wins, then the topmost, then the leftmost space.

The searches run over space indices (``board.index_of``, which sort as spaces do): a Dijkstra
(its spaces waiting in buckets by cost: the costs are small whole numbers) settles the spaces
one cost at a time and stops as soon as nothing still unsettled could score as much as the best
target found. A plan is the same as that of a search
over the whole board, found in a fifth of the work.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import ne

from core.games.maunakea.board import (
    NEIGHBOUR_INDICES,
    NEIGHBOURS_BY_INDEX,
    SLOT_INDICES,
    SPACE_AT,
    START_TILE_SLOTS,
    index_of,
)
from core.games.maunakea.components import COMPONENTS, SPACES, Slot, Space, Terrain
from core.games.maunakea.lava import target_of
from core.games.maunakea.state import Explorer, MaunaKeaState
from core.protocol import Seat

C = COMPONENTS
GAP_COST = 3  # planning cost of a space in an empty slot: a tile must be laid there first
CROWD_COST = 4  # planning cost of a space another explorer stands on (they move)
DANGER_COST = 3  # extra cost of a space where lava will flow next
MP_WEIGHT = 0.15  # points of value one movement point of distance is worth
UNSEEN = BLOCKED = 1 << 30  # the cost of a space not reached yet, of entering one never
PLAN_COST: tuple[int, ...] = tuple(
    {Terrain.JUNGLE: 1, Terrain.WATER: 2, Terrain.NONE: GAP_COST}.get(t, BLOCKED) for t in Terrain
)
"""Planning cost of entering a space of each terrain (by its value)."""


def vp(colour: str) -> int:
    return C.artifact_vp[colour]


def boat_value(carried: Sequence[str], places: int) -> int:
    """Points for boarding a boat of ``places`` with the best of ``carried``."""
    best = sorted((vp(c) for c in carried), reverse=True)[:places]
    return C.explorer_vp + sum(best) + C.empty_place_vp * (places - len(best))


@dataclass(frozen=True)
class Plan:
    """Where one explorer is heading, the path there and how much that is worth."""

    explorer: Explorer
    target: Space
    path: tuple[Space, ...]  # spaces entered, the target last
    score: float
    boat: bool  # the target is a boat's landing space
    cost: int  # planning cost of the whole path


_new_plan = object.__new__


def _plan(explorer: Explorer, found: Found) -> Plan:
    """``Plan(explorer, *found)``, its fields written straight into its ``__dict__`` (a frozen
    dataclass's ``__init__`` sets each through ``object.__setattr__``: three times the cost,
    and a plan is made for every explorer at every decision). Equal, and alike in every way,
    to the one the constructor makes."""
    out: Plan = _new_plan(Plan)
    fields = out.__dict__
    fields["explorer"] = explorer
    fields["target"], fields["path"], fields["score"], fields["boat"], fields["cost"] = found
    return out


Target = tuple[float, int, bool]  # value, planning cost to add (boarding), a boat
Targets = dict[int, tuple[Target, ...]]  # by space index; artifacts before a boat
Choice = tuple[tuple[float, int, int], int, bool]  # ((score, -y, -x), space index, a boat)


RING = 16
"""Buckets of a search's ring (Dial's algorithm): more than the dearest step, 3 + 3 + 4."""


def settle(step: list[int], origin: int, dist: list[int]) -> Iterator[tuple[int, int]]:
    """Dijkstra from ``origin``, entering index ``i`` costing ``step[i]``: yields
    ``(cost, index)`` as each space is settled, cheapest first (the spaces of one cost in the
    order they were reached). ``dist`` (all ``UNSEEN``) receives every cost found; the caller
    may stop at any time, and every space settled by then has its final cost.

    The costs are small whole numbers, so the spaces wait in a ring of buckets by cost (each
    step costs less than :data:`RING`) instead of a heap."""
    ring: list[list[int]] = [[] for _ in range(RING)]
    dist[origin] = 0
    ring[0].append(origin)
    pending = 1
    cost = 0
    while pending:
        bucket = ring[cost % RING]
        if bucket:
            pending -= len(bucket)
            for here in bucket:
                if dist[here] != cost:
                    continue  # reached again more cheaply: settled already
                yield cost, here
                for nxt in NEIGHBOUR_INDICES[here]:
                    total = cost + step[nxt]
                    if total < dist[nxt]:
                        dist[nxt] = total
                        ring[total % RING].append(nxt)
                        pending += 1
            bucket.clear()
        cost += 1


def way_to(step: list[int], dist: list[int], origin: int, target: int) -> tuple[Space, ...]:
    """The spaces entered from ``origin`` to settled ``target``, from ``dist`` of
    :func:`settle`: ``board.trace_path`` written out for the two lists (its calls of the
    lookups it is given cost more than the walk)."""
    path = []
    here = target
    while here != origin:
        path.append(SPACE_AT[here])
        before = dist[here] - step[here]
        for n in NEIGHBOURS_BY_INDEX[here]:  # the lowest such index
            if dist[n] == before:
                here = n
                break
    path.reverse()
    return tuple(path)


def cost_grid(state: MaunaKeaState, danger: set[Slot]) -> list[int]:
    """The planning cost of entering each space (by index), lava's next slots costing more."""
    return with_danger(terrain_costs(state), danger)


def terrain_costs(state: MaunaKeaState) -> list[int]:
    """The planning cost of entering each space (by index) by what lies there alone."""
    cost = list(map(PLAN_COST.__getitem__, state.grid))
    for slot in START_TILE_SLOTS:  # no tile there yet, but none may be laid either
        if slot not in state.board:
            for i in SLOT_INDICES[slot]:
                cost[i] = BLOCKED
    return cost


def with_danger(terrain: list[int], danger: set[Slot]) -> list[int]:
    """``terrain_costs`` with lava's next slots (``danger``) costing more: a new list."""
    cost = list(terrain)
    for slot in danger:
        for i in SLOT_INDICES[slot]:
            if cost[i] < BLOCKED:
                cost[i] += DANGER_COST
    return cost


def step_grid(cost: list[int], crowd: set[Space]) -> list[int]:
    """``cost`` with each space another explorer stands on costing ``CROWD_COST`` more."""
    step = list(cost)
    for x, y in crowd:
        i = SPACES * x + y
        if step[i] < BLOCKED:
            step[i] += CROWD_COST
    return step


class Planner:
    """The board as a cost grid for the seat's explorers, computed once per decision.

    With a bot's ``PlanMemory``, a plan whose search read nothing that has changed since is
    taken from the memory instead of searched again.
    """

    def __init__(self, state: MaunaKeaState, seat: Seat, memory: PlanMemory | None = None) -> None:
        self.state = state
        self.seat = seat
        self.memory = memory
        self.danger = self._danger_slots()
        self.crowd = state.occupied()
        self._targets: dict[tuple[str, ...], tuple[Targets, Targets]] = {}
        self._sought: dict[tuple[tuple[str, ...], bool], tuple[Targets, dict[int, float]]] = {}
        if memory is None:
            self.cost = cost_grid(state, self.danger)
            self.step = step_grid(self.cost, self.crowd)
        else:
            self.cost, self.step = memory.grids(state, self.danger, self.crowd)
            self._targets, self._sought = memory.targets_of(state)

    def _danger_slots(self) -> set[Slot]:
        out: set[Slot] = set()
        for heads in self.state.heads:
            for head in heads:
                slot = target_of(self.state, head)
                if slot is not None:
                    out.add(slot)
        return out

    def distances(self, start: Space) -> list[int]:
        """Cheapest planning cost of every space index from ``start`` (``UNSEEN``: none)."""
        dist = [UNSEEN] * len(self.step)
        for _ in settle(self.step, index_of(start), dist):
            pass
        return dist

    def targets(self, carried: Sequence[str]) -> tuple[Targets, Targets]:
        """What an explorer carrying ``carried`` may head for: the spaces where it would pick
        up artifacts, and those where it would board a boat."""
        key = tuple(carried)
        found = self._targets.get(key)
        if found is None:
            state = self.state
            room = C.carry_limit - len(carried)
            fetch: Targets = {}
            if room > 0:
                for space, pile in state.artifacts.items():
                    if pile:
                        gain = sum(sorted((vp(c) for c in pile), reverse=True)[:room])
                        fetch[index_of(space)] = ((gain, 0, False),)
            bonus = 1.0 if carried else 0.0
            boats: Targets = {}
            for landing, boat in state.docked.items():
                value = boat_value(carried, C.boats[boat].places) + bonus
                for space in C.landings[landing].spaces:
                    boats[index_of(space)] = ((value, C.board_cost, True),)
            found = self._targets[key] = (fetch, boats)
        return found

    def _sought_targets(
        self, carried: Sequence[str], with_boats: bool
    ) -> tuple[Targets, dict[int, float]]:
        """The targets a search looks for, and the best value among them per cost to add."""
        key = (tuple(carried), with_boats)
        found = self._sought.get(key)
        if found is None:
            fetch, boats = self.targets(carried)
            if with_boats:
                sought = dict(fetch)
                for here, options in boats.items():
                    sought[here] = sought.get(here, ()) + options
            else:
                sought = fetch
            tops: dict[int, float] = {}
            for options in sought.values():
                for value, extra, _ in options:
                    tops[extra] = max(value, tops.get(extra, value))
            found = self._sought[key] = (sought, tops)
        return found

    def plan(self, explorer: Explorer) -> Plan | None:
        """The explorer's best target: an artifact to fetch or a boat to board. Boats count
        only for a loaded explorer, near the end, or with no artifact to fetch."""
        assert explorer.space is not None
        targets = self.targets(explorer.carried)
        with_boats = bool(explorer.carried) or self.state.end is not None or not targets[0]
        key = (index_of(explorer.space), tuple(explorer.carried), with_boats)
        memory = self.memory
        known = memory.plans.get(key) if memory is not None else None
        if known is not None and known.targets == targets:
            found = known.found
        else:
            found, reached, read = self._search(explorer, with_boats)
            if memory is not None:
                memory.plans[key] = _Remembered(targets, reached, read, found)
        return None if found is None else _plan(explorer, found)

    def _search(self, explorer: Explorer, with_boats: bool) -> tuple[Found | None, int, int]:
        """The plan's target, path, score, a boat, and cost (``None``: nothing to head for);
        then, as bit masks of indices (:data:`BIT`), the spaces the search settled and those
        whose step cost it read (around the settled ones)."""
        assert explorer.space is not None
        boats = self.targets(explorer.carried)[1]
        sought, tops = self._sought_targets(explorer.carried, with_boats)
        origin = index_of(explorer.space)
        step = self.step
        dist = [UNSEEN] * len(step)
        settled = bytearray(len(step))  # 1 at each index settled
        best: Choice | None = None
        stop = UNSEEN  # the cost from which nothing can score as much as ``best``
        around = NEIGHBOUR_INDICES
        # :func:`settle` inline (a generator's resumption per space settled was a sixth of
        # the search): the same spaces settled, the same costs found. All the spaces of one
        # cost are settled before any dearer one, and the stop is always dearer than the space
        # that set it, so the order within one cost changes nothing (a target's score and
        # space order it against any other: the best is the same in any order)
        ring: list[list[int]] = [[] for _ in range(RING)]
        adds = [bucket.append for bucket in ring]
        dist[origin] = 0
        adds[0](origin)
        pending = 1
        cost = 0
        while pending and cost < stop:
            bucket = ring[cost % RING]
            if bucket:
                pending -= len(bucket)
                for here in bucket:
                    if dist[here] != cost:
                        continue  # reached again more cheaply: settled already
                    settled[here] = 1
                    options = sought.get(here)
                    if options is not None:
                        better = _better(best, here, cost, options)
                        if better is not None:
                            best = better
                            stop = _hopeless_from(cost, best[0][0], tops)
                    for nxt in around[here]:
                        total = cost + step[nxt]
                        if total < dist[nxt]:
                            dist[nxt] = total
                            adds[total % RING](nxt)
                            pending += 1
                bucket.clear()
            cost += 1
        if best is None and not with_boats:  # no artifact within reach: the search went to
            for here, options in boats.items():  # the end, so every cost is known
                if dist[here] < UNSEEN:
                    best = _better(best, here, dist[here], options) or best
        reached = int.from_bytes(settled, "little")
        read = around_of(reached)
        if best is None:
            return None, reached, read
        (score, _, _), target, boat = best
        path = way_to(self.step, dist, origin, target)
        return (SPACE_AT[target], path, score, boat, dist[target]), reached, read


Found = tuple[Space, tuple[Space, ...], float, bool, int]  # a Plan but its explorer
BIT: tuple[int, ...] = tuple(1 << 8 * i for i in range(SPACES * SPACES))
"""Each index as a bit mask: a set of indices is the int of a ``bytearray`` holding 1 at each
(``int.from_bytes``, little-endian: index ``i`` is bit ``8 * i``), made in C."""
_NOT_TOP = sum(BIT[i] for i in range(SPACES * SPACES) if i % SPACES)
_NOT_BOTTOM = sum(BIT[i] for i in range(SPACES * SPACES) if i % SPACES != SPACES - 1)
_EVERY = sum(BIT)


def around_of(indices: int) -> int:
    """The orthogonal neighbours of a set of indices (a mask of :data:`BIT`): what settling
    those spaces reads. A neighbour north or south is one index away in the same column, east
    or west ``SPACES`` away."""
    row = 8 * SPACES
    return (
        (indices & _NOT_TOP) >> 8
        | (indices & _NOT_BOTTOM) << 8
        | indices >> row
        | (indices << row & _EVERY)
    )


@dataclass(frozen=True)
class _Remembered:
    targets: tuple[Targets, Targets]  # what the search looked for
    reached: int  # the indices it settled, as a bit mask
    read: int  # the indices whose step cost it read
    found: Found | None


class PlanMemory:
    """One bot's past plans, each kept while nothing its search depends on has changed.

    A search looks for the targets of its explorer's load, settles spaces from the nearest
    on, and reads the step cost of the spaces around those it settled; it stops before the
    others. Its plan stands while its targets are the same, no settled space costs otherwise
    and no space it read got cheaper (one that got dearer and was not settled would still be
    left unsettled). So a later decision that finds the same explorer on the same space, the
    board changed elsewhere (another explorer moved away, a tile laid out of reach), has the
    same plan without searching again.
    """

    def __init__(self) -> None:
        self.plans: dict[tuple[int, tuple[str, ...], bool], _Remembered] = {}
        self._artifacts: dict[Space, list[str]] = {}
        self._docked: dict[int, int] = {}
        self._targets: dict[tuple[str, ...], tuple[Targets, Targets]] = {}
        self._sought: dict[tuple[tuple[str, ...], bool], tuple[Targets, dict[int, float]]] = {}
        self._grid: list[Terrain] = []
        self._danger: set[Slot] = set()
        self._crowd: set[Space] = set()
        self._terrain: list[int] = []  # ``terrain_costs`` of ``_grid``
        self._cost: list[int] = []
        self._step: list[int] = []

    def targets_of(
        self, state: MaunaKeaState
    ) -> tuple[
        dict[tuple[str, ...], tuple[Targets, Targets]],
        dict[tuple[tuple[str, ...], bool], tuple[Targets, dict[int, float]]],
    ]:
        """The planners' caches of targets, kept while no artifact and no boat has moved."""
        if state.artifacts != self._artifacts or state.docked != self._docked:
            self._artifacts = {space: list(pile) for space, pile in state.artifacts.items()}
            self._docked = dict(state.docked)
            self._targets, self._sought = {}, {}
        return self._targets, self._sought

    def grids(
        self, state: MaunaKeaState, danger: set[Slot], crowd: set[Space]
    ) -> tuple[list[int], list[int]]:
        """This decision's ``cost_grid`` and ``step_grid``, forgetting every plan that a step
        cost changed since the last decision may change."""
        rose = fell = 0  # the indices whose step cost rose, fell (or may have)
        if state.grid == self._grid:  # no tile laid: only explorers and lava heads moved
            if danger == self._danger and crowd == self._crowd:  # nor those: every plan
                return self._cost, self._step  # stands (the planners only read the grids)
            cost = self._cost if danger == self._danger else with_danger(self._terrain, danger)
            step = step_grid(cost, crowd)
            for x, y in crowd - self._crowd:
                rose |= BIT[SPACES * x + y]
            for x, y in self._crowd - crowd:
                fell |= BIT[SPACES * x + y]
            for slot in danger - self._danger:
                for i in SLOT_INDICES[slot]:
                    rose |= BIT[i]
            for slot in self._danger - danger:
                for i in SLOT_INDICES[slot]:
                    fell |= BIT[i]
        else:
            self._terrain = terrain_costs(state)
            cost = with_danger(self._terrain, danger)
            step = step_grid(cost, crowd)
            before = self._step
            if len(before) != len(step):
                rose = fell = -1  # everything
            else:  # the indices that differ found in C, then each weighed
                for i in compress(range(len(step)), map(ne, before, step)):
                    if before[i] < step[i]:
                        rose |= BIT[i]
                    else:
                        fell |= BIT[i]
            self._grid = list(state.grid)
        if rose or fell:
            self.plans = {
                key: plan
                for key, plan in self.plans.items()
                if not (plan.reached & (rose | fell) or plan.read & fell)
            }
        self._danger, self._crowd, self._cost, self._step = danger, crowd, cost, step
        return cost, step


def _better(
    best: Choice | None, here: int, cost: int, options: tuple[Target, ...]
) -> Choice | None:
    """A target at ``here`` (reached for ``cost``) that beats ``best``, else ``None``; of two
    equal ones the first listed stays."""
    x, y = SPACE_AT[here]
    better = None
    for value, extra, boat in options:
        key = (value - MP_WEIGHT * (cost + extra), -y, -x)
        if best is None or key > best[0]:
            best = better = (key, here, boat)
    return better


def _hopeless_from(cost: int, score: float, tops: dict[int, float]) -> int:
    """A cost from which no target could score ``score`` or more, ``tops`` being the best
    value per cost to add (a score only falls as its cost grows): found from a first guess
    by the very sums a score is made of, so rounding cannot cut a search short."""

    pairs = tops.items()
    guess = None  # (loops, not generators: a generator's resumptions cost more)
    for extra, top in pairs:
        first = (top - score) / MP_WEIGHT - extra
        if guess is None or first > guess:
            guess = first
    assert guess is not None
    at = max(cost, int(guess) - 1)
    while True:  # until no target scores ``score`` or more from ``at`` on
        for extra, top in pairs:
            if top - MP_WEIGHT * (at + extra) >= score:
                break
        else:
            return at
        at += 1

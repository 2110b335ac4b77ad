"""What Mauna Kea gives the search bots (:mod:`core.search`): a deal of the advanced game's
unseen cards, a position's worth, the greedy bot as the playout policy, and the commands worth
weighing (a turn may lay a tile in hundreds of ways; a few are sensible).

The base game hides nothing (the bag is drawn by chance, which the search draws itself), so a
deal is the view. In the advanced game the cards a view hides (another player's hand, the two
each set aside, those never dealt) are dealt from the cards the view shows nowhere.

A position is worth the points already saved, plus each explorer still on the island: what it
would bring aboard the best boat docked (itself and the best of what it carries), the more
likely the closer it stands to a boat (by the greedy bot's planning costs, a space without a
tile counting as a tile still to lay).
"""

from __future__ import annotations

from heapq import heappop, heappush
from random import Random

from core.games.maunakea import commands as cmd
from core.games.maunakea import greedy
from core.games.maunakea.board import NEIGHBOUR_INDICES, index_of
from core.games.maunakea.components import COMPONENTS, Slot, Space
from core.games.maunakea.planning import (
    UNSEEN,
    PlanMemory,
    Planner,
    boat_value,
    cost_grid,
    vp,
)
from core.games.maunakea.scoring import score_parts
from core.games.maunakea.state import HIDDEN, MaunaKeaState, Phase
from core.messages import Command
from core.protocol import Seat
from core.search import Hooks

C = COMPONENTS
CARDS = tuple(card.id for card in C.cards)
REACH = 12.0  # planning cost at which an explorer's chance to reach a boat has halved
TILE_OPTIONS = 6  # the tile placements weighed in a turn, best fitting first


def determinize(
    view: MaunaKeaState, seat: Seat, rng: Random, memory: object = None
) -> MaunaKeaState:
    """A whole position that gives ``seat`` exactly ``view``: the hidden cards dealt from
    those the view shows nowhere."""
    s = view.copy()
    if not s.advanced:
        return s
    seen = [*s.played, *(r.card for r in s.rescued)]
    for piles in (s.dealt, s.cards, s.discarded):
        for pile in piles:
            seen += pile
    seen += s.undealt
    shown = set(seen)  # a helicopter card lies both among the played and under its rescue
    left = [card for card in CARDS if card not in shown]
    rng.shuffle(left)
    for pile in [*s.dealt, *s.cards, *s.discarded, s.undealt]:
        for i, card in enumerate(pile):
            if card == HIDDEN:
                pile[i] = left.pop()
    return s


def boat_distances(state: MaunaKeaState) -> list[int]:
    """Each space's planning cost to a space of a docked boat's landing (``UNSEEN``: none),
    from one search outward from the landings."""
    step = cost_grid(state, set())
    dist = [UNSEEN] * len(step)
    heap: list[tuple[int, int]] = []
    for landing in state.docked:
        for space in C.landings[landing].spaces:
            i = index_of(space)
            if step[i] < UNSEEN:
                dist[i] = C.board_cost
                heap.append((C.board_cost, i))
    heap.sort()
    while heap:
        cost, here = heappop(heap)
        if cost > dist[here]:
            continue
        enter = cost + step[here]  # stepping into ``here`` from a neighbour costs its terrain
        for nxt in NEIGHBOUR_INDICES[here]:
            if enter < dist[nxt]:
                dist[nxt] = enter
                heappush(heap, (enter, nxt))
    return dist


def evaluate(state: MaunaKeaState) -> list[float]:
    """Each seat's points saved, plus its explorers' chances (see the module docstring)."""
    values = [float(score_parts(state, seat)["total"]) for seat in range(state.players)]
    if state.phase is Phase.OVER or not state.docked:
        return values
    dist = boat_distances(state)
    places = max(C.boats[boat].places for boat in state.docked.values())
    for seat, row in enumerate(state.explorers):
        for explorer in row:
            if explorer.space is None or explorer.status.value != "island":
                continue
            d = dist[index_of(explorer.space)]
            if d >= UNSEEN:
                continue
            chance = 1.0 / (1.0 + (d / REACH) ** 2)
            values[seat] += chance * boat_value(explorer.carried, places)
    return values


MEMORIES: dict[Seat, PlanMemory] = {}
"""The playouts' plans by seat, kept while nothing they read changed (a plan from memory is the
plan searched again, so playouts choose the same with or without it)."""


def playout(state: MaunaKeaState, seat: Seat, legal: list[Command] | None, rng: Random) -> Command:
    """The greedy bot's command (it draws no random numbers, and lists in a turn only the
    commands it weighs, not every way to lay a tile: ``legal`` is not needed, ``lists_own``)."""
    memory = MEMORIES.get(seat)
    if memory is None:
        memory = MEMORIES[seat] = PlanMemory()
    return greedy.choose(state, seat, memory=memory)


def _swap(state: MaunaKeaState, seat: Seat, command: Command) -> bool:
    """A drop that makes room for something worth more lying on the same space (any other
    drop only starts a turn's pick-up-and-drop loop)."""
    if not isinstance(command, cmd.Drop):
        return False
    explorer = state.explorers[seat][command.explorer]
    if len(explorer.carried) < C.carry_limit or explorer.space is None:
        return False
    here = state.artifacts.get(explorer.space, [])
    return any(vp(colour) > vp(command.colour) for colour in here)


def candidates(state: MaunaKeaState, seat: Seat, legal: list[Command]) -> list[Command]:
    """The commands worth weighing, likeliest first: the greedy bot's command; boardings,
    pick-ups and action cards; the placements on the first gap of each explorer's plan, best
    fitting first; spending a tile; moves, those ending nearer a boat first; a drop only to
    make room for something worth more (any other starts a pick-up-and-drop loop)."""
    first = greedy.choose(state, seat)
    if state.phase is not Phase.TURN:
        return [first, *(c for c in legal if c != first)]
    moves = [c for c in legal if isinstance(c, cmd.Move)]
    if moves:
        dist = boat_distances(state)
        moves.sort(key=lambda c: dist[index_of(c.to)])
    tiles = [c for c in legal if isinstance(c, cmd.PlaceTile)]
    placed = _placements(state, seat, tiles) if tiles else []
    early = [c for c in legal if not isinstance(c, LATER)]
    spends = [c for c in legal if isinstance(c, cmd.SpendTile)]
    drops = [c for c in legal if isinstance(c, cmd.Drop) and _swap(state, seat, c)]
    ordered = [first, *early, *placed, *spends, *moves, *drops]
    return list(dict.fromkeys(ordered))  # each once, the first place it was named


LATER = (cmd.Move, cmd.PlaceTile, cmd.SpendTile, cmd.Drop)


def _placements(state: MaunaKeaState, seat: Seat, tiles: list[cmd.PlaceTile]) -> list[Command]:
    """The ``TILE_OPTIONS`` placements that fit the first gap of an explorer's plan best."""
    planner = Planner(state, seat)
    plans = [p for e in state.on_island(seat) if (p := planner.plan(e)) is not None]
    gaps: dict[Slot, tuple[Space, ...]] = {}
    for plan in plans:
        gap = greedy._gap(planner, plan)
        if gap is not None:
            gaps.setdefault(gap[0], gap[2])
    fits = [
        (greedy._fit(c.tile, c.rotation, c.slot, gaps[c.slot]) - 4 * C.mp(c.tile), c)
        for c in tiles
        if c.slot in gaps
    ]
    fits.sort(key=lambda fit: -fit[0])
    return [c for _, c in fits[:TILE_OPTIONS]]


ITERATIONS = {"medium": 24, "hard": 110}
"""The levels' budgets in this game: what fits their seconds (``bench/search_speed.py``: about
8 ms of CPU an iteration here, on this 2-core machine under load)."""
TUNING = {"easy": {"blunder": 0.12}}
"""The levels' other parameters in this game: ``easy`` plays this share of its decisions at
random, so it loses to greedy in most games yet still plays (``bench/bot_ladder.py``)."""
HOOKS: Hooks[MaunaKeaState] = Hooks(determinize, evaluate, playout, candidates, lists_own=True)

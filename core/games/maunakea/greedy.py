"""The greedy bot: each explorer heads for the best artifact or boat, tiles pave its way.

Every decision is one legal command, chosen with a few plain rules in order (in a turn the bot
asks the rules for the kinds of command it weighs, ``play.boarding_commands`` and the like,
rather than every way to lay a tile; a tile may be laid on any empty slot):

1. board a boat when the explorer's best plan is that boat (or the game is ending);
2. pick up the most valuable artifact an explorer stands on;
3. (advanced game) play an action card: a helicopter for a loaded explorer that lava threatens
   or the game's end would strand far from any boat; a movement card that takes an explorer
   well closer to its target than the turn's pool could;
4. move an explorer as far along its planned path as the turn's pool allows;
5. play a tile: lay the least useful one on the first gap of a planned path, else spend the
   richest one for movement points;
6. end the turn.

In the draft it keeps the four cards it values most (``card_worth``); it never plays an
earthquake (taking over a seat right after one, it draws no tile, or lays the drawn one on the
first place offered).

A *plan* (``planning``) is the cheapest path over the board as it could become: jungle costs 1,
water 2, and a slot still without a tile counts as ``GAP_COST`` (a tile could be laid there).
The bot reads only the seat's view and the rules' public functions, and draws no random numbers,
so it is deterministic whatever its seed; its ``PlanMemory`` only spares it searching again for
a plan nothing has changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.games.maunakea import commands as cmd
from core.games.maunakea import play
from core.games.maunakea.board import (
    LANDING_OF_SPACE,
    index_of,
    slot_of,
    spaces_of,
)
from core.games.maunakea.components import COMPONENTS, Slot, Space, Terrain
from core.games.maunakea.lava import colour_key
from core.games.maunakea.movement import costs_within, occupied_indices
from core.games.maunakea.planning import (
    CROWD_COST,
    UNSEEN,
    Plan,
    PlanMemory,
    Planner,
    boat_value,
    vp,
)
from core.games.maunakea.state import Explorer, MaunaKeaState, Phase
from core.messages import Command
from core.protocol import Rules, Seat

C = COMPONENTS
FIT = {Terrain.JUNGLE: 3, Terrain.WATER: 1, Terrain.MOUNTAIN: -12}
ACTION_WORTH = {"jungle": 3.0, "water": 2.5, "helicopter": 2.5, "mountain": 2.0, "earthquake": 0.0}
CARD_GAIN = 4  # planning cost a movement card must save beyond the pool's reach to be played


def best_start(state: MaunaKeaState, legal: Sequence[Command]) -> Command:
    """The free start space with the most artifact value close by."""
    piles = [(ax, ay, sum(vp(c) for c in pile)) for (ax, ay), pile in state.artifacts.items()]

    def appeal(command: Command) -> tuple[float, Space]:
        assert isinstance(command, cmd.PlaceExplorer)
        x, y = command.space
        near = 0.0
        for ax, ay, worth in piles:  # each pile's VP summed once, not once a space
            near += worth / (1 + abs(ax - x) + abs(ay - y))
        return near, (-y, -x)

    return max(legal, key=appeal)


def _boarding(
    state: MaunaKeaState, seat: Seat, plans: dict[int, Plan], legal: Sequence[Command]
) -> Command | None:
    """The best boarding, if an explorer's plan is that boat (or the game is ending)."""
    best: tuple[int, cmd.Board] | None = None
    for command in legal:
        if not isinstance(command, cmd.Board):
            continue
        space = state.explorers[seat][command.explorer].space
        assert space is not None
        places = C.boats[state.docked[LANDING_OF_SPACE[space]]].places
        value = boat_value(command.cargo, places)
        plan = plans.get(command.explorer)
        wanted = (
            plan is not None
            and plan.boat
            and LANDING_OF_SPACE.get(plan.target) == LANDING_OF_SPACE[space]
        )
        if (wanted or (state.end is not None and value > 0)) and (best is None or value > best[0]):
            best = (value, command)
    return best[1] if best else None


def _pick_up(state: MaunaKeaState, explorers: Sequence[Explorer]) -> Command | None:
    """The most valuable artifact an explorer can pick up where it stands: the first of the
    most valuable ``PickUp`` that ``play.artifact_commands`` lists (explorer by explorer, each
    colour once, in colour order), found without listing the others or the drops."""
    best: tuple[int, str] | None = None
    top = 0
    for explorer in explorers:
        assert explorer.space is not None
        if len(explorer.carried) < C.carry_limit:
            pile = state.artifacts.get(explorer.space)
            if pile:
                for colour in sorted(set(pile), key=colour_key):
                    worth = vp(colour)
                    if best is None or worth > top:
                        best, top = (explorer.index, colour), worth
    return None if best is None else cmd.PickUp(*best)


def _move(state: MaunaKeaState, plans: Sequence[Plan]) -> Command | None:
    """Move the most promising explorer as far along its path as the pool allows (a move is
    legal exactly when the rules' ``reach`` finds its space within the pool)."""
    blocked = occupied_indices(state)
    for plan in plans:  # ``reach`` by index (a path never holds the explorer's own space)
        within = costs_within(state, plan.explorer, state.pool, blocked)
        for space in reversed(plan.path):
            if index_of(space) in within:
                return cmd.Move(plan.explorer.index, space)
    return None


def _gap(planner: Planner, plan: Plan) -> tuple[Slot, int, tuple[Space, ...]] | None:
    """The first empty slot on the plan's path, the planning cost to reach it, its path spaces."""
    spent = 0
    grid, cost, gap = planner.state.grid, planner.cost, Terrain.NONE  # (a path's spaces all lie
    for i, space in enumerate(plan.path):  # on the board: ``grid`` is ``state.terrain`` there)
        at = index_of(space)
        if grid[at] is gap:
            slot = slot_of(space)
            inside = tuple(s for s in plan.path[i:] if slot_of(s) == slot)
            return slot, spent, inside
        spent += cost[at]
    return None


def _fit(tile: int, rotation: int, slot: Slot, path: tuple[Space, ...]) -> int:
    """How well a tile laid this way carries the path through ``slot``."""
    return _fits(_weights(slot, path), _terrain_fits(tile), rotation)


def _weights(slot: Slot, path: tuple[Space, ...]) -> tuple[int, ...]:
    """What each square of ``slot`` weighs in :func:`_fit`, in (TL, TR, BR, BL) order: a
    square on the path thrice the others."""
    return tuple(3 if space in path else 1 for space in spaces_of(slot))


def _terrain_fits(tile: int) -> tuple[int, ...]:
    """How each square of ``tile`` (unturned, TL, TR, BR, BL) suits a path."""
    return TERRAIN_FITS[tile]


TERRAIN_FITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(FIT.get(terrain, 0) for terrain in tile.squares) for tile in C.terrain
)
""":func:`_terrain_fits` of every terrain tile, by its id, worked out once."""


def _fits(weights: tuple[int, ...], fits: tuple[int, ...], rotation: int) -> int:
    """:func:`_fit` from its parts: square ``q`` of a tile turned ``rotation`` quarter turns
    clockwise is its square ``q - rotation`` (``board.rotated``); the four squares written
    out (a generator's resumptions cost more: the bot weighs every tile in every turn)."""
    r = rotation % 4
    w0, w1, w2, w3 = weights
    return (
        w0 * fits[-r % 4] + w1 * fits[(1 - r) % 4] + w2 * fits[(2 - r) % 4] + w3 * fits[(3 - r) % 4]
    )


def _tile(state: MaunaKeaState, seat: Seat, planner: Planner, plans: Sequence[Plan]) -> Command:
    """Lay the least useful tile on the first gap of a plan, or spend the richest tile (any
    tile in hand may be laid on an empty slot, in any orientation, or spent)."""
    hand = sorted(state.hands[seat])
    mps = [C.mp(t) for t in hand]
    spare_mp = sum(mps) - min(mps)
    for plan in plans[:2]:
        gap = _gap(planner, plan)
        if gap is None:
            continue
        slot, walk, inside = gap
        if walk > state.pool + spare_mp and len(hand) > 1:
            continue  # too far to reach this turn: spend for movement first
        if not state.empty_slot(slot):
            continue
        best: tuple[int, int, int, int] | None = None  # (worth, fit, tile, rotation)
        weights = _weights(slot, inside)
        for tile, mp in zip(hand, mps, strict=True):
            fits = _terrain_fits(tile)
            for rotation in range(4):
                fit = _fits(weights, fits, rotation)
                option = (fit - 4 * mp, fit, -tile, -rotation)
                best = option if best is None or option > best else best
        if best is not None and best[1] > 0:
            return cmd.PlaceTile(-best[2], slot, -best[3])
    return cmd.SpendTile(max(hand, key=lambda t: (C.mp(t), -t)))


def card_worth(card_id: str) -> float:
    """How much the bot wants a dealt card: action cards for tempo, tasks by their points."""
    card = C.card(card_id)
    if card.action is not None:
        return ACTION_WORTH[card.action]
    needs = dict(card.needs)
    if "no_penalty" in needs:
        return 1.0
    if card.boat is not None:
        return 0.5  # one boat of five: rarely the one that is reached
    pieces = sum(needs.values())
    return card.vp - (1.0 if pieces >= 3 else 0.0)


def _keep(legal: Sequence[Command]) -> Command:
    """The draft: the four cards worth most."""
    options = [c for c in legal if isinstance(c, cmd.KeepCards)]
    return max(options, key=lambda c: (sum(card_worth(card) for card in c.cards), c.cards))


def _budget(state: MaunaKeaState, seat: Seat) -> int:
    """Movement points this turn could still bring: the pool and every tile in hand."""
    return state.pool + sum(C.mp(t) for t in state.hands[seat])


def _helicopter(
    state: MaunaKeaState,
    seat: Seat,
    planner: Planner,
    plans: dict[int, Plan],
    legal: Sequence[Command],
) -> Command | None:
    """Fly out a loaded explorer that would otherwise lose its artifacts."""
    ending = state.end is not None or len(state.bag) <= 2 * state.players
    budget = _budget(state, seat)
    best: tuple[int, cmd.PlayHelicopter] | None = None
    for command in legal:
        if not isinstance(command, cmd.PlayHelicopter):
            continue
        explorer = state.explorers[seat][command.explorer]
        assert explorer.space is not None
        value = sum(vp(c) for c in explorer.carried)
        plan = plans.get(command.explorer)
        boat_near = plan is not None and plan.boat and plan.cost <= budget
        threatened = slot_of(explorer.space) in planner.danger
        wanted = value >= 2 and (ending or threatened) and not boat_near
        if wanted and (best is None or value > best[0]):
            best = (value, command)
    return best[1] if best else None


def _move_card(
    state: MaunaKeaState, planner: Planner, plans: Sequence[Plan], legal: Sequence[Command]
) -> Command | None:
    """A movement card that brings an explorer well closer to its target than the pool can."""
    cards = [c for c in legal if isinstance(c, cmd.PlayMoveCard)]
    if not cards:
        return None
    for plan in plans:
        assert plan.explorer.space is not None
        mine = [c for c in cards if c.explorer == plan.explorer.index]
        if not mine:
            continue
        to_target = planner.distances(plan.target)
        # the explorer's own space counts as crowded from the target's side; it will not be
        back = to_target[index_of(plan.explorer.space)]
        here = (back if back < UNSEEN else plan.cost + CROWD_COST) - CROWD_COST
        best: tuple[int, cmd.PlayMoveCard] | None = None
        for command in mine:
            left = to_target[index_of(command.to)]
            if left >= UNSEEN or slot_of(command.to) in planner.danger:
                continue
            gain = here - left
            if gain >= state.pool + CARD_GAIN and (best is None or gain > best[0]):
                best = (gain, command)
        if best is not None:
            return best[1]
    return None


def choose(
    state: MaunaKeaState, seat: Seat, *, cards: bool = True, memory: PlanMemory | None = None
) -> Command:
    """The greedy bot's command for ``seat``, a legal one; ``cards=False`` never plays a card.

    In a turn it asks the rules for only the commands it weighs (boardings, pick-ups, cards),
    not the hundreds of ways to lay a tile, and plans only when a rule needs the plans (with
    ``memory``, reusing the past plans nothing has changed since).
    """
    if state.phase is not Phase.TURN or seat != state.active or state.quake is not None:
        legal = play.legal_commands(state, seat)
        if not legal:
            raise RuntimeError(f"seat {seat} has no legal command")
        if state.phase is Phase.DRAFT:
            return _keep(legal)
        if state.phase is Phase.PLACEMENT:
            return best_start(state, legal)
        return legal[0]  # after an earthquake: no draw, or the drawn tile's first place
    explorers = state.on_island(seat)
    cards = cards and state.advanced
    card_plays = play.card_commands(state, seat) if cards else []
    boardings = play.boarding_commands(state, explorers)
    planned: list[tuple[Planner, list[Plan]]] = []

    def plans() -> tuple[Planner, list[Plan]]:
        if not planned:
            planner = Planner(state, seat, memory)
            found = [p for e in explorers if (p := planner.plan(e)) is not None]
            planned.append((planner, sorted(found, key=lambda p: (-p.score, p.explorer.index))))
        return planned[0]

    def by_explorer() -> dict[int, Plan]:
        return {p.explorer.index: p for p in plans()[1]}

    pick = (
        (_boarding(state, seat, by_explorer(), boardings) if boardings else None)
        or _pick_up(state, explorers)
        or (_helicopter(state, seat, plans()[0], by_explorer(), card_plays) if cards else None)
        or (_move_card(state, *plans(), card_plays) if cards else None)
        or (_move(state, plans()[1]) if state.pool > 0 else None)
    )
    if pick is not None:
        return pick
    if state.hands[seat]:
        return _tile(state, seat, *plans())
    return cmd.EndTurn()


class GreedyBot:
    """Carries artifacts to the best boat (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: str, *, cards: bool = True) -> None:
        self.seed = seed  # kept for the Bot interface; the greedy bot never draws
        self.cards = cards
        self.memory = PlanMemory()

    def choose(self, rules: Rules[Any], state: Any, seat: Seat) -> Command:
        return choose(state, seat, cards=self.cards, memory=self.memory)

"""The action tiles (secondary actions): which uses are open now, and what a use does.

A turn earns the right to use a tile: the reef tile next to the canoe after cutting, the canoe
sector's slope tile after building on the volcano, and a volcano tile at once by whoever unlocked
it. Each earned tile may be used once (in any order), until the turn ends. Effects are data (see
``components.toml``): gain VP, take stones, copy another tile (3A/3B), or move one Tiki from a
source area to a target area, maybe sending another one back (10A/10B).

Decisions where the rulebook is open (see docs/rules-kilauea.md):
- a use must do something: 2A needs a stone it can take (crater not empty, player below 5);
- 3A/3B never use themselves; the copied tile's cost is paid on top of theirs, first;
- stones taken (2A, 8A) are limited by the crater and the 5-stone cap, after paying the cost;
- 10A/10B need a Tiki of another colour to send back: the swap is never half done, so a forest
  space emptied by 10A is always filled again (10A never unlocks a tile or empties a forest).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import IllegalCommand
from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea import forest
from core.games.kilauea.components import COMPONENTS, Area, Face
from core.games.kilauea.state import (
    COLOUR,
    ISLAND_COLUMNS,
    SECTORS,
    VOLCANO_COLUMNS,
    KilaueaState,
    Place,
)
from core.messages import Event

C = COMPONENTS
CANOE = Place(Area.CANOE.value)
_SECTOR_COUNT = len(C.sectors)
COLUMN_LIMIT = C.column_limit
_FOREST, _VOLCANO, _ISLAND = Area.FOREST.value, Area.VOLCANO.value, Area.ISLAND.value
# (a member's value is a lookup)


@dataclass(frozen=True)
class Pick:
    """A Tiki an effect may move: where it stands and its colour."""

    place: Place
    colour: str


# -- what can be used -------------------------------------------------------------------------


def copy_targets(state: KilaueaState, tile: int, face: Face) -> list[int]:
    """The tiles 3A/3B may use: reef tiles (and slope tiles for 3B), never itself."""
    pool: set[int] = set()
    if "reef" in face.copy:
        pool.update(state.reef)
    if "slope" in face.copy:
        pool.update(state.slope_tiles())
    pool.discard(tile)
    return sorted(pool)


def stones_gained(state: KilaueaState, seat: int, wanted: int, paid: int) -> int:
    """Stones taken from the crater after paying ``paid``: as many as there are, up to 5 held."""
    held = state.stones[seat] - paid
    return max(0, min(wanted, state.crater + paid, C.stone_limit - held))


def sources(state: KilaueaState, seat: int, area: Area) -> list[Pick]:
    """Every Tiki of ``area`` an effect may take, in a fixed order."""
    if area is Area.FOREST:
        return [
            Pick(Place(area.value, k, space), state.forests[k][space])
            for k in SECTORS
            for space in state.accessible(k)
        ]
    if area is Area.VOLCANO:
        return [
            Pick(Place(area.value, k), colour)
            for k in SECTORS
            for colour in C.colours
            if state.height(k, colour) > 0
        ]
    if area is Area.ISLAND:
        return [
            Pick(Place(area.value, k), colour)
            for k in SECTORS
            for colour in C.colours
            if colour in state.islands[seat][k]
        ]
    return [Pick(CANOE, colour) for colour in C.colours if colour in state.canoes[seat]]


def _distance_ok(face: Face, source: Place, sector: int) -> bool:
    if source.area != _VOLCANO:
        return True
    d = (sector - source.sector) % _SECTOR_COUNT
    if face.distance == "adjacent":
        return d in (1, _SECTOR_COUNT - 1)
    if face.distance == "non-adjacent":
        return d not in (0, 1, _SECTOR_COUNT - 1)
    return d != 0


def targets(state: KilaueaState, seat: int, face: Face, pick: Pick) -> list[Place]:
    """Where ``face`` may put ``pick``: a column with room, at the right distance."""
    assert face.move is not None
    area = face.move[1]
    if area is Area.VOLCANO:
        colour = COLOUR[pick.colour]
        return [
            VOLCANO_COLUMNS[k]
            for k in SECTORS
            if state.volcano[k][colour] < COLUMN_LIMIT and _distance_ok(face, pick.place, k)
        ]
    if area is Area.ISLAND:
        island = state.islands[seat]
        return [
            ISLAND_COLUMNS[k]
            for k in SECTORS
            if len(island[k]) < COLUMN_LIMIT
            and not (pick.place.area == _ISLAND and pick.place.sector == k)
        ]
    return [CANOE] if state.room_in_canoe(seat) > 0 else []


def backs(state: KilaueaState, face: Face, pick: Pick, target: Place) -> list[str]:
    """10A/10B: the colours that may go back from the target sector to where ``pick`` was."""
    if not face.swap:
        return [""]
    return [
        colour
        for colour in C.colours
        if colour != pick.colour
        and state.height(target.sector, colour) > 0
        and (
            pick.place.area != Area.VOLCANO
            or state.height(pick.place.sector, colour) < C.column_limit
        )
    ]


def _command(tile: int, copy: int, pick: Pick, target: Place, back: str) -> cmd.UseTile:
    from_forest = pick.place.area == Area.FOREST
    return cmd.UseTile(
        tile,
        copy,
        sector=pick.place.sector,
        space=pick.place.space,
        colour="" if from_forest else pick.colour,
        to=target.sector,
        back=back,
    )


def _uses(
    state: KilaueaState, seat: int, tile: int, copy: int, effect: Face, cost: int
) -> list[cmd.UseTile]:
    if cost > state.stones[seat]:
        return []
    if effect.points:
        return [cmd.UseTile(tile, copy)]
    if effect.move is None:
        return [cmd.UseTile(tile, copy)] if stones_gained(state, seat, effect.stones, cost) else []
    return [
        _command(tile, copy, pick, target, back)
        for pick in sources(state, seat, effect.move[0])
        for target in targets(state, seat, effect, pick)
        for back in backs(state, effect, pick, target)
    ]


def options(state: KilaueaState, seat: int) -> list[cmd.UseTile]:
    """Every legal tile use for the active player, tile by tile."""
    out: list[cmd.UseTile] = []
    for tile in sorted(state.may_use):
        face = state.face(tile)
        if face.copy:
            for other in copy_targets(state, tile, face):
                effect = state.face(other)
                out.extend(_uses(state, seat, tile, other, effect, face.cost + effect.cost))
        else:
            out.extend(_uses(state, seat, tile, 0, face, face.cost))
    return out


# -- using one ---------------------------------------------------------------------------------


def decide(state: KilaueaState, seat: int, command: cmd.UseTile) -> list[Event]:
    """The events of a tile use, or ``IllegalCommand`` saying what is wrong with it."""
    tile = command.tile
    if tile not in state.may_use:
        earned = ", ".join(state.face(t).code for t in sorted(state.may_use))
        reason = f"you may use {earned}" if earned else "this turn earned no action tile"
        raise IllegalCommand(f"tile {tile} cannot be used now ({reason})")
    face = state.face(tile)
    effect, cost = face, face.cost
    if face.copy:
        allowed = copy_targets(state, tile, face)
        if command.copy not in allowed:
            names = ", ".join(state.face(t).code for t in allowed) or "none"
            raise IllegalCommand(f"{face.code} uses one of these tiles: {names}")
        effect = state.face(command.copy)
        cost += effect.cost
    elif command.copy != 0:
        raise IllegalCommand(f"only 3A and 3B use another tile ({face.code} does not)")
    if cost > state.stones[seat]:
        raise IllegalCommand(
            f"{face.code} costs {cost} Sacred Stone(s); you have {state.stones[seat]}"
        )
    if effect.move is None:
        if command != cmd.UseTile(tile, command.copy):
            raise IllegalCommand(f"{effect.code} moves no Tiki: give only the tile")
        if effect.points:
            result: list[Event] = [ev.PointsGained(seat, effect.points)]
        else:
            gained = stones_gained(state, seat, effect.stones, cost)
            if not gained:
                raise IllegalCommand(f"{effect.code} would take no stone (crater empty or 5 held)")
            result = [ev.StonesTaken(seat, gained)]
    else:
        result = _move_events(state, seat, effect, cost, command)
    return [_used(seat, command, face, effect, cost), *result]


def _used(seat: int, command: cmd.UseTile, face: Face, effect: Face, cost: int) -> ev.TileUsed:
    return ev.TileUsed(
        seat,
        command.tile,
        face.code,
        command.copy,
        effect.code,
        cost,
        command.sector,
        command.space,
        command.colour,
        command.to,
        command.back,
    )


def trusted(state: KilaueaState, seat: int, command: cmd.UseTile) -> list[Event]:
    """The events :func:`decide` gives for a use :func:`options` lists, without its checks
    (the greedy bot weighs every listed use; a use not listed gives wrong events)."""
    face = state.face(command.tile)
    effect, cost = face, face.cost
    if face.copy:
        effect = state.face(command.copy)
        cost += effect.cost
    used = _used(seat, command, face, effect, cost)
    if effect.move is None:
        if effect.points:
            return [used, ev.PointsGained(seat, effect.points)]
        return [used, ev.StonesTaken(seat, stones_gained(state, seat, effect.stones, cost))]
    source, target = effect.move
    if source is Area.CANOE:
        pick = Pick(CANOE, command.colour)
    elif source is Area.FOREST:
        space = command.space
        pick = Pick(Place(_FOREST, command.sector, space), state.forests[command.sector][space])
    else:
        pick = Pick(Place(source.value, command.sector), command.colour)
    to = CANOE if target is Area.CANOE else Place(target.value, command.to)
    return [used, *_moved(state, seat, effect, cost, pick, to, command.back)]


def _move_events(
    state: KilaueaState, seat: int, effect: Face, cost: int, command: cmd.UseTile
) -> list[Event]:
    assert effect.move is not None
    pick = _pick(state, seat, effect, command)
    allowed = targets(state, seat, effect, pick)
    target = CANOE if effect.move[1] is Area.CANOE else Place(effect.move[1].value, command.to)
    if target not in allowed:
        raise IllegalCommand(_why_not_target(state, seat, effect, pick, command.to))
    back = command.back
    if back not in backs(state, effect, pick, target):
        if not effect.swap:
            raise IllegalCommand(f"{effect.code} sends no Tiki back")
        raise IllegalCommand(
            f"{effect.code} sends back a Tiki of another colour than {pick.colour} that is in "
            f"{C.sectors[target.sector]} and fits where the first one was"
        )
    canonical = _command(command.tile, command.copy, pick, target, back)
    if canonical != command:
        raise IllegalCommand(f"{effect.code}: give the Tiki and where it goes, nothing else")
    return _moved(state, seat, effect, cost, pick, target, back)


def _moved(
    state: KilaueaState, seat: int, effect: Face, cost: int, pick: Pick, target: Place, back: str
) -> list[Event]:
    """The Tiki moved (and the one sent back), then the stones taken."""
    out: list[Event] = [ev.TikiMoved(seat, pick.colour, pick.place, target)]
    if effect.swap:
        out.append(ev.TikiMoved(seat, back, Place(Area.VOLCANO.value, target.sector), pick.place))
    if effect.stones:
        gained = stones_gained(state, seat, effect.stones, cost)
        if gained:
            out.append(ev.StonesTaken(seat, gained))
    return out


def _pick(state: KilaueaState, seat: int, effect: Face, command: cmd.UseTile) -> Pick:
    """The Tiki the command names, checked against the effect's source area."""
    assert effect.move is not None
    area = effect.move[0]
    sector, colour = command.sector, command.colour
    if area is Area.CANOE:
        pick = Pick(CANOE, colour)
        if colour not in state.canoes[seat]:
            raise IllegalCommand(f"your canoe holds no {colour or 'such'} Tiki")
    elif sector not in SECTORS:
        raise IllegalCommand(f"{effect.code} takes a Tiki from a sector 0-4 ({area.value})")
    elif area is Area.FOREST:
        tikis = state.forests[sector]
        pick = Pick(Place(area.value, sector, command.space), tikis.get(command.space, ""))
        if command.space not in tikis:
            raise IllegalCommand(f"the {C.sectors[sector]} forest has no Tiki on {command.space!r}")
        if not forest.is_accessible(state.template(sector), tikis, command.space):
            blocked = ", ".join(forest.blocking(state.template(sector), tikis, command.space))
            raise IllegalCommand(f"the Tiki on {command.space} is not accessible ({blocked})")
    else:
        pick = Pick(Place(area.value, sector), colour)
        where = "the volcano's" if area is Area.VOLCANO else "your island's"
        if colour not in COLOUR:
            raise IllegalCommand(f"name the colour of the Tiki: {', '.join(C.colours)}")
        there = (
            state.height(sector, colour) > 0
            if area is Area.VOLCANO
            else colour in state.islands[seat][sector]
        )  # what ``sources`` lists for that sector and colour
        if not there:
            raise IllegalCommand(f"{where} {C.sectors[sector]} sector has no {colour} Tiki")
    return pick


def _why_not_target(state: KilaueaState, seat: int, effect: Face, pick: Pick, to: int) -> str:
    assert effect.move is not None
    area = effect.move[1]
    if area is Area.CANOE:
        return "your canoe is full (4 Tikis)" if to == -1 else "that Tiki goes into your canoe"
    if to not in SECTORS:
        return f"{effect.code} puts the Tiki in a sector 0-4 ({area.value})"
    name = C.sectors[to]
    if area is Area.VOLCANO:
        if state.height(to, pick.colour) >= C.column_limit:
            return f"the {pick.colour} column in {name} is full ({C.column_limit})"
        return f"{effect.code} moves a Tiki to a sector that is {effect.distance or 'different'}"
    if pick.place.area == Area.ISLAND and pick.place.sector == to:
        return "move the Tiki to another sector of your island"
    return f"your island's {name} column is full ({C.column_limit})"

"""The JSON position: a readable snapshot of a whole game that a new game can start from.

Sectors, colours and canoe spaces go by name ("orchid", "red", "orchid a"); forest boards are
numbered 1-5 and action tiles 1-10. ``summary`` (what a screen shows: each sector's columns and
worth, each forest's accessible Tikis, the canoe and its reef tile, each player's score) and
``result`` (who won and how, once the game is over) are written for readers and ignored on load;
everything else is checked on load, down to the conservation of the 72 Tikis and 16 Sacred
Stones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.errors import PositionError
from core.games.kilauea import forest, scoring, track
from core.games.kilauea.components import COMPONENTS, SIDES
from core.games.kilauea.state import COLOUR, POINT_PARTS, SECTORS, KilaueaState, Phase
from core.position import read_document, result_section

C = COMPONENTS
FORMAT = 1


# -- the schema, checked by msgspec on load ------------------------------------------------


@dataclass
class _Config:
    players: int
    turn_limit: int | None = None
    start_player: int | None = None
    forest_sides: str | None = None


@dataclass
class _Forest:
    sector: str
    board: int
    side: str
    tikis: dict[str, str]


@dataclass
class _Player:
    stones: int
    canoe: list[str]
    island: dict[str, list[str]]
    points: dict[str, int]


@dataclass
class _Doc:
    game: str
    format: int
    config: _Config
    phase: str
    canoe: str
    crater: int
    supply: dict[str, int]
    box: dict[str, int]
    stone_box: int
    volcano: dict[str, dict[str, int]]
    players: list[_Player]
    prepared: bool = True
    forests: list[_Forest] = field(default_factory=list)
    reef: list[int] = field(default_factory=list)
    centres: list[int | None] = field(default_factory=list)
    slope: list[int | None] = field(default_factory=lambda: [None] * len(C.sectors))
    start_player: int | None = None
    drafted: int = 0
    active: int | None = None
    turn: int = 0
    cuts: int = 0
    may_use: list[int] = field(default_factory=list)
    emptied: list[str] = field(default_factory=list)
    scorings: list[str] = field(default_factory=list)
    end: str | None = None
    bonuses_scored: bool = False
    summary: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None


# -- dump -------------------------------------------------------------------------------------


def _by_colour(counts: list[int]) -> dict[str, int]:
    return dict(zip(C.colours, counts, strict=True))


def dump(state: KilaueaState) -> dict[str, Any]:
    return {
        "game": "kilauea",
        "format": FORMAT,
        "config": {
            "players": state.players,
            "turn_limit": state.turn_limit,
            "start_player": state.start_player_option,
            "forest_sides": state.forest_sides_option,
        },
        "phase": state.phase.value,
        "start_player": state.start_player,
        "drafted": state.drafted,
        "active": state.active,
        "turn": state.turn,
        "cuts": state.cuts,
        "may_use": list(state.may_use),
        "canoe": track.name(state.canoe),
        "crater": state.crater,
        "prepared": state.prepared,
        "supply": _by_colour(state.supply),
        "box": _by_colour(state.box),
        "stone_box": state.stone_box,
        "forests": [
            {
                "sector": C.sectors[k],
                "board": state.boards[k] + 1,
                "side": state.sides[k],
                "tikis": {
                    s: state.forests[k][s] for s in state.template(k).names if s in state.forests[k]
                },
            }
            for k in range(len(state.boards))
        ],
        "volcano": {C.sectors[k]: _by_colour(state.volcano[k]) for k in SECTORS},
        "reef": list(state.reef),
        "centres": list(state.centres),
        "slope": list(state.slope),
        "players": [
            {
                "stones": state.stones[seat],
                "canoe": list(state.canoes[seat]),
                "island": {C.sectors[k]: list(state.islands[seat][k]) for k in SECTORS},
                "points": dict(state.points[seat]),
            }
            for seat in range(state.players)
        ],
        "emptied": [C.sectors[k] for k in state.emptied],
        "scorings": list(state.scorings),
        "end": state.end,
        "bonuses_scored": state.bonuses_scored,
        "summary": summary(state),
        "result": result_section(scoring.outcome(state), state.end or ""),
    }


def _tile_name(state: KilaueaState, tile: int | None) -> str | None:
    return None if tile is None else state.face(tile).code


def summary(state: KilaueaState) -> dict[str, Any]:
    """For readers and screens: the volcano's sectors (columns, worth, slope tile, forest), the
    canoe track and reef tiles, each player's pieces and score, and where every piece is."""
    laid = len(state.boards) == len(C.sectors)
    dealt = len(state.reef) == len(C.sectors)
    sectors = []
    for k in SECTORS:
        entry: dict[str, Any] = {
            "sector": C.sectors[k],
            "columns": _by_colour(state.volcano[k]),
            "worth": dict(zip(C.colours, scoring.worth(state.volcano[k]), strict=True)),
            "slope": _tile_name(state, state.slope[k]),
        }
        if laid:
            template = state.template(k)
            tikis = state.forests[k]
            entry["forest"] = {
                "board": state.boards[k] + 1,
                "template": template.name,
                "spaces": {
                    s.name: {
                        "tiki": tikis.get(s.name),
                        "after": list(s.before),
                        "accessible": forest.is_accessible(template, tikis, s.name),
                    }
                    for s in template.spaces
                    if state.players > 2 or not s.three_plus
                },
                "tikis": len(tikis),
                "volcano_tile": _tile_name(state, state.centres[k]) if dealt else None,
                "middle_cleared": forest.middle_cleared(template, tikis),
                "emptied": k in state.emptied,
            }
        sectors.append(entry)
    reef = [
        {
            "between": [C.sectors[k], C.sectors[(k + 1) % len(C.sectors)]],
            "tile": f"{tile}A",
            "text": C.face(tile, "A").text,
        }
        for k, tile in enumerate(state.reef)
    ]
    return {
        "canoe": {
            "space": track.name(state.canoe),
            "sector": C.sectors[state.sector] if state.sector >= 0 else None,
            "reef_tile": (
                f"{state.reef[track.reef_next_to(state.canoe)]}A"
                if dealt and state.canoe != track.DOCK
                else None
            ),
            "spaces": [track.name(p) for p in track.spaces(state.players)],
        },
        "sectors": sectors,
        "reef": reef,
        "may_use": [f"{state.face(t).code}: {state.face(t).text}" for t in state.may_use],
        "players": [
            {
                "seat": seat,
                "stones": state.stones[seat],
                "canoe": list(state.canoes[seat]),
                "island": {C.sectors[k]: list(state.islands[seat][k]) for k in SECTORS},
                "score": {**state.points[seat], "total": state.score(seat)},
                "a scoring now": scoring.island_value(state, seat),
            }
            for seat in range(state.players)
        ],
        "pieces": {
            "tikis": {
                "forests": sum(len(f) for f in state.forests),
                "volcano": sum(map(sum, state.volcano)),
                "islands": sum(state.island_tikis(s) for s in range(state.players)),
                "canoes": sum(len(c) for c in state.canoes),
                "supply": sum(state.supply),
                "box": sum(state.box),
            },
            "stones": {
                "crater": state.crater,
                "players": sum(state.stones),
                "box": state.stone_box,
            },
        },
    }


# -- load -------------------------------------------------------------------------------------


def _fail(message: str) -> PositionError:
    return PositionError(f"bad Kilauea position: {message}")


def _sector(name: str, what: str) -> int:
    if name not in C.sectors:
        raise _fail(f"{what}: {name!r} is not a sector ({', '.join(C.sectors)})")
    return C.sectors.index(name)


def _colours(colours: list[str], what: str) -> list[str]:
    for colour in colours:
        if colour not in COLOUR:
            raise _fail(f"{what}: {colour!r} is not a Tiki colour")
    return list(colours)


def _counts(data: dict[str, int], what: str) -> list[int]:
    if set(data) != set(C.colours) or any(n < 0 for n in data.values()):
        raise _fail(f"{what}: a count of 0 or more for each colour ({', '.join(C.colours)})")
    return [data[colour] for colour in C.colours]


def load(data: Any) -> KilaueaState:
    doc = read_document(data, _Doc, "kilauea", FORMAT, _fail)
    players = doc.config.players
    if not 2 <= players <= len(C.stones_by_turn_order):
        raise _fail("2 to 4 players")
    seats = range(players)
    for what, seat in [
        ("start_player", doc.start_player),
        ("active", doc.active),
        ("config.start_player", doc.config.start_player),
    ]:
        if seat is not None and seat not in seats:
            raise _fail(f"{what} {seat} is not a seat")
    sides_option = doc.config.forest_sides
    if sides_option is not None and (
        len(sides_option) != len(C.boards) or set(sides_option) - set(SIDES)
    ):
        raise _fail("config.forest_sides: one letter A or B per board")
    try:
        phase = Phase(doc.phase)
        canoe = track.parse(doc.canoe)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    if canoe != track.DOCK and canoe not in track.spaces(players):
        raise _fail(f"{doc.canoe} is covered by a Sea tile with 2 players")
    state = KilaueaState(
        players=players,
        turn_limit=doc.config.turn_limit,
        start_player_option=doc.config.start_player,
        forest_sides_option=sides_option,
        phase=phase,
        prepared=doc.prepared,
        crater=doc.crater,
        canoe=canoe,
        supply=_counts(doc.supply, "supply"),
        box=_counts(doc.box, "box"),
        stone_box=doc.stone_box,
        start_player=doc.start_player,
        drafted=doc.drafted,
        active=doc.active,
        turn=doc.turn,
        cuts=doc.cuts,
        end=doc.end,
        bonuses_scored=doc.bonuses_scored,
        scorings=list(doc.scorings),
    )
    if phase in (Phase.MOVE, Phase.MAIN, Phase.CUTTING, Phase.ACTIONS, Phase.HANDOVER) and (
        doc.active is None
    ):
        raise _fail(f"phase {phase.value} needs an active seat")
    if not 0 <= doc.drafted <= 2 * players or not 0 <= doc.cuts <= C.cut_at_most:
        raise _fail("drafted is 0 to 2 per player, cuts 0 to 2")
    if set(doc.scorings) - {"intermediate", "final"} or doc.end not in (None, *REASONS):
        raise _fail(
            "scorings are 'intermediate' and 'final'; end is null, 'forests' or 'turn_limit'"
        )
    _load_forests(state, doc)
    if set(doc.volcano) != set(C.sectors):
        raise _fail(f"volcano: one entry per sector ({', '.join(C.sectors)})")
    state.volcano = [_counts(doc.volcano[name], f"volcano {name}") for name in C.sectors]
    if any(h > C.column_limit for column in state.volcano for h in column):
        raise _fail(f"a volcano column holds at most {C.column_limit} Tikis")
    _load_tiles(state, doc)
    _load_players(state, doc)
    state.emptied = [_sector(name, "emptied") for name in doc.emptied]
    if len(set(state.emptied)) != len(state.emptied):
        raise _fail("a forest is listed twice as emptied")
    if any(state.forests[k] for k in state.emptied):
        raise _fail("an emptied forest still holds Tikis")
    _check_conservation(state)
    return state


REASONS = ("forests", "turn_limit")


def _load_forests(state: KilaueaState, doc: _Doc) -> None:
    state.forests = [{} for _ in SECTORS]
    if not doc.forests:
        return
    if [f.sector for f in doc.forests] != list(C.sectors):
        raise _fail(f"forests: one per sector, in order ({', '.join(C.sectors)})")
    boards = [f.board - 1 for f in doc.forests]
    if sorted(boards) != list(range(len(C.boards))):
        raise _fail("forests: boards 1 to 5, each once")
    state.boards = boards
    state.sides = []
    for k, entry in enumerate(doc.forests):
        if entry.side not in SIDES:
            raise _fail(f"forest {entry.sector}: side A or B")
        state.sides.append(entry.side)
        template = state.template(k)
        for space in entry.tikis:
            found = template.space(space)
            if found is None:
                raise _fail(f"forest {entry.sector} ({template.name}) has no space {space!r}")
            if found.three_plus and state.players == 2:
                raise _fail(f"forest {entry.sector}: {space} stays empty with 2 players")
        _colours(list(entry.tikis.values()), f"forest {entry.sector}")
        state.forests[k] = {s: entry.tikis[s] for s in template.names if s in entry.tikis}


def _tile(tile: int | None, what: str) -> int | None:
    if tile is not None and not 1 <= tile <= len(C.tiles):
        raise _fail(f"{what}: action tiles are numbered 1 to {len(C.tiles)}")
    return tile


def _load_tiles(state: KilaueaState, doc: _Doc) -> None:
    n = len(C.sectors)
    if len(doc.slope) != n or (
        (doc.reef or doc.centres) and (len(doc.reef) != n or len(doc.centres) != n)
    ):
        raise _fail(f"reef, centres and slope: {n} entries each (or no reef and centres yet)")
    state.reef = [t for t in (_tile(t, "reef") for t in doc.reef) if t is not None]
    state.centres = [_tile(t, "centres") for t in doc.centres]
    state.slope = [_tile(t, "slope") for t in doc.slope]
    if not state.reef:
        if any(t is not None for t in state.slope) or doc.may_use:
            raise _fail("no action tile is on the slope or usable before they are dealt")
        return
    placed = state.reef + [t for t in state.centres + state.slope if t is not None]
    if sorted(placed) != list(range(1, len(C.tiles) + 1)):
        raise _fail("the 10 action tiles must each be in one place (reef, forest or slope)")
    for k in SECTORS:
        if (state.centres[k] is None) == (state.slope[k] is None):
            raise _fail(f"{C.sectors[k]}: its volcano tile is in the forest or on the slope")
    in_play = set(state.reef) | set(state.slope_tiles())
    if not set(doc.may_use) <= in_play or len(set(doc.may_use)) != len(doc.may_use):
        raise _fail("may_use lists reef or slope tiles, each once")
    state.may_use = list(doc.may_use)


def _load_players(state: KilaueaState, doc: _Doc) -> None:
    if len(doc.players) != state.players:
        raise _fail("one entry per player")
    for seat, p in enumerate(doc.players):
        what = f"player {seat}"
        if not 0 <= p.stones <= C.stone_limit:
            raise _fail(f"{what}: 0 to {C.stone_limit} Sacred Stones")
        if len(p.canoe) > C.canoe_limit:
            raise _fail(f"{what}: a canoe holds at most {C.canoe_limit} Tikis")
        if set(p.island) != set(C.sectors):
            raise _fail(f"{what}: one island column per sector ({', '.join(C.sectors)})")
        island = [_colours(p.island[name], f"{what} island") for name in C.sectors]
        if any(len(column) > C.column_limit for column in island):
            raise _fail(f"{what}: an island column holds at most {C.column_limit} Tikis")
        if set(p.points) != set(POINT_PARTS):
            raise _fail(f"{what}: points by {', '.join(POINT_PARTS)}")
        state.stones.append(p.stones)
        state.canoes.append(sorted(_colours(p.canoe, f"{what} canoe"), key=COLOUR.__getitem__))
        state.islands.append(island)
        state.points.append({part: p.points[part] for part in POINT_PARTS})


def _check_conservation(state: KilaueaState) -> None:
    """72 Tikis (18 of each colour) and 16 Sacred Stones, each somewhere exactly once."""
    for colour, where in zip(C.colours, state.tikis_by_colour(), strict=True):
        if where != C.tikis_per_colour:
            raise _fail(f"{where} {colour} Tikis instead of {C.tikis_per_colour}")
    stones = state.crater + state.stone_box + sum(state.stones)
    if min(state.crater, state.stone_box) < 0 or stones != C.stones_total:
        raise _fail(f"{stones} Sacred Stones instead of {C.stones_total}")

"""The JSON position: a readable snapshot of a whole game that a new game can start from.

Slots are named ``A1``…``I9`` and spaces ``a1``…``r18`` (column letter, row number from the
north). ``summary`` (boats, scores and where every piece is) and ``result`` (who won, once the
game is over) are written for readers and ignored on load; everything else is checked on load,
down to the conservation of pieces.

Format 2 keeps the whole final round in ``end.final_turns``, with ``end.to_play`` (who has yet
to play their final turn) and ``end.turn`` (the turn the end was triggered on). Format 1, which
replays started from a position may hold, listed only who had yet to play, as ``final_turns``:
it loads as format 2 (the rest follows from the triggering seat, see ``_from_format_1``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from core.errors import PositionError
from core.games.maunakea.board import parse_slot, parse_space, slot_name, space_name
from core.games.maunakea.components import ARTIFACT_COLOURS, COMPONENTS, Direction, Slot
from core.games.maunakea.flow import final_turns
from core.games.maunakea.lava import colour_key
from core.games.maunakea.scoring import best_tasks, outcome, score_parts
from core.games.maunakea.state import (
    HIDDEN,
    EndState,
    Explorer,
    Head,
    Kind,
    MaunaKeaState,
    Phase,
    Placed,
    Quake,
    Rescue,
    Status,
    TakenBoat,
)
from core.position import read_document, result_section

C = COMPONENTS
FORMAT = 2
LANDING_NAMES = [landing.name for landing in C.landings]
BOAT_COLOURS = [boat.colour for boat in C.boats]
FLOW_NAMES = [flow.name for flow in C.flows]


# -- the schema, checked by msgspec on load ------------------------------------------------


@dataclass
class _Config:
    players: int
    advanced: bool = False
    turn_limit: int | None = None
    start_player: int | None = None


@dataclass
class _Explorer:
    status: str
    space: str | None = None
    carried: list[str] = field(default_factory=list)


@dataclass
class _Taken:
    seat: int
    boat: str
    explorer: int
    cargo: list[str]


@dataclass
class _Head:
    slot: str
    travel: str
    length: int
    dot: bool
    age: int


@dataclass
class _Rescue:
    seat: int
    card: str
    explorer: int
    artifacts: list[str]


@dataclass
class _End:
    reason: str
    seat: int
    turn: int
    final_turns: list[int]
    to_play: list[int]


@dataclass
class _Doc:
    game: str
    format: int
    config: _Config
    phase: str
    board: dict[str, dict[str, int | str]]
    explorers: list[list[_Explorer]]
    hands: list[list[int]]
    bag: list[int]
    heads: dict[str, list[_Head]]
    start_player: int | None = None
    placer: int | None = None
    last_placer: int | None = None
    drawer: int | None = None
    active: int | None = None
    turn: int = 0
    pool: int = 0
    covered: list[dict[str, int | str]] = field(default_factory=list)
    artifacts: dict[str, list[str]] = field(default_factory=dict)
    lost_artifacts: list[str] = field(default_factory=list)
    docked: dict[str, str] = field(default_factory=dict)
    taken: list[_Taken] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    pending_lava: int | None = None
    lava_lost: list[int] = field(default_factory=list)
    spent_out: list[int] = field(default_factory=list)
    head_age: int = 0
    boats_laid: bool = True
    end: _End | None = None
    cards_dealt: bool = False
    dealt: list[list[str]] = field(default_factory=list)
    cards: list[list[str]] = field(default_factory=list)
    discarded: list[list[str]] = field(default_factory=list)
    undealt: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    rescued: list[_Rescue] = field(default_factory=list)
    quake: str | None = None
    quake_tile: int | None = None
    revealed: bool = False
    summary: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None


# -- dump -------------------------------------------------------------------------------------


# What ``dump`` writes often, looked up rather than asked of an enum (``.value`` and ``.name``
# are descriptors; ``_value_`` and ``_name_`` plain attributes) or formatted: the state hash
# dumps every busy table's position once a second.
_LAVA = Kind.LAVA
_TRAVEL_NAMES = {d.value: d.name for d in Direction}


class _SlotNames(dict[Slot, str]):
    """Slot names by slot, each formatted once."""

    def __missing__(self, slot: Slot) -> str:
        self[slot] = name = slot_name(slot)
        return name


_SLOT_NAMES = _SlotNames()


def _placed(p: Placed) -> dict[str, int | str]:
    if p.kind is _LAVA:
        return {"lava": p.tile, "travel": _TRAVEL_NAMES[p.turn]}
    return {p.kind._value_: p.tile, "turn": p.turn}


def dump(state: MaunaKeaState) -> dict[str, Any]:
    return {
        "game": "maunakea",
        "format": FORMAT,
        "config": {
            "players": state.players,
            "advanced": state.advanced,
            "turn_limit": state.turn_limit,
            "start_player": state.start_player_option,
        },
        "phase": state.phase._value_,
        "start_player": state.start_player,
        "placer": state.placer,
        "last_placer": state.last_placer,
        "drawer": state.drawer,
        "active": state.active,
        "turn": state.turn,
        "pool": state.pool,
        "board": {_SLOT_NAMES[s]: _placed(p) for s, p in sorted(state.board.items())},
        "covered": [_placed(p) for p in state.covered],
        "artifacts": {space_name(s): list(a) for s, a in sorted(state.artifacts.items()) if a},
        "lost_artifacts": list(state.lost_artifacts),
        "explorers": [
            [
                {
                    "status": e.status._value_,
                    "space": space_name(e.space) if e.space is not None else None,
                    "carried": list(e.carried),
                }
                for e in row
            ]
            for row in state.explorers
        ],
        "docked": {LANDING_NAMES[i]: BOAT_COLOURS[b] for i, b in sorted(state.docked.items())},
        "taken": [
            {
                "seat": t.seat,
                "boat": BOAT_COLOURS[t.boat],
                "explorer": t.explorer,
                "cargo": list(t.cargo),
            }
            for t in state.taken
        ],
        "hands": [sorted(h) for h in state.hands],
        "bag": list(state.bag),
        "set_aside": list(state.set_aside),
        "pending_lava": state.pending_lava,
        "lava_lost": list(state.lava_lost),
        "spent_out": list(state.spent_out),
        "heads": {
            FLOW_NAMES[f]: [
                {
                    "slot": _SLOT_NAMES[h.slot],
                    "travel": h.travel._name_,
                    "length": h.length,
                    "dot": h.dot,
                    "age": h.age,
                }
                for h in heads
            ]
            for f, heads in enumerate(state.heads)
        },
        "head_age": state.head_age,
        "boats_laid": state.boats_laid,
        "end": None
        if state.end is None
        else {
            "reason": state.end.reason,
            "seat": state.end.seat,
            "turn": state.end.turn,
            "final_turns": list(state.end.final_turns),
            "to_play": list(state.end.to_play),
        },
        **_dump_cards(state),
        "summary": summary(state),
        "result": result_section(outcome(state), state.end.reason if state.end else ""),
    }


def _dump_cards(state: MaunaKeaState) -> dict[str, Any]:
    if not state.advanced:
        return {}
    return {
        "cards_dealt": state.cards_dealt,
        "dealt": [list(h) for h in state.dealt],
        "cards": [list(h) for h in state.cards],
        "discarded": [list(h) for h in state.discarded],
        "undealt": list(state.undealt),
        "played": list(state.played),
        "rescued": [
            {"seat": r.seat, "card": r.card, "explorer": r.explorer, "artifacts": list(r.artifacts)}
            for r in state.rescued
        ],
        "quake": state.quake.value if state.quake is not None else None,
        "quake_tile": state.quake_tile,
        "revealed": state.revealed,
    }


def summary(state: MaunaKeaState) -> dict[str, Any]:
    """For readers: each player's boats and score parts, and where every piece is."""
    explorers = Counter(e.status._value_ for row in state.explorers for e in row)
    carried = sum(len(e.carried) for row in state.explorers for e in row)
    in_boats = sum(len(t.cargo) for t in state.taken)
    island_on_board = sum(1 for p in state.board.values() if p.kind is not Kind.START)
    island_covered = sum(1 for p in state.covered if p.kind is not Kind.START)
    return {
        "players": [
            {
                "seat": seat,
                "boats": [
                    {
                        "colour": BOAT_COLOURS[t.boat],
                        "places": C.boats[t.boat].places,
                        "explorer": t.explorer,
                        "artifacts": list(t.cargo),
                    }
                    for t in state.taken
                    if t.seat == seat
                ],
                "score": score_parts(state, seat),
                **(
                    {
                        "tasks": [
                            {
                                "card": t.card,
                                "fulfilled": t.fulfilled,
                                "served": dict(t.served),
                                "vp": t.vp,
                            }
                            for t in best_tasks(state, seat)
                        ]
                    }
                    if state.advanced
                    else {}
                ),
            }
            for seat in range(state.players)
        ],
        "tiles": {
            "bag": len(state.bag),
            "hands": sum(len(h) for h in state.hands),
            "board": island_on_board,
            "set_aside": len(state.set_aside)
            + (state.pending_lava is not None)
            + (state.quake_tile is not None),
            "out": island_covered + len(state.lava_lost) + len(state.spent_out),
        },
        "artifacts": {
            "spaces": sum(len(a) for a in state.artifacts.values()),
            "carried": carried,
            "boats": in_boats,
            "helicopter": sum(len(r.artifacts) for r in state.rescued),
            "out": len(state.lost_artifacts),
        },
        "explorers": {
            "supply": explorers.get("supply", 0),
            "island": explorers.get("island", 0),
            "boats": explorers.get("boat", 0),
            "helicopter": explorers.get("rescued", 0),
            "out": explorers.get("lost", 0),
        },
    }


# -- load -------------------------------------------------------------------------------------


def _fail(message: str) -> PositionError:
    return PositionError(f"bad Mauna Kea position: {message}")


def _name(parse: Any, name: str, what: str) -> Any:
    try:
        return parse(name)
    except ValueError as exc:
        raise _fail(f"{what}: {exc}") from None


def _enum(kind: Any, value: str, what: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        raise _fail(f"{what}: unknown value {value!r}") from None


def _load_placed(data: dict[str, int | str], what: str) -> Placed:
    for kind in Kind:
        if kind.value in data:
            tile = data[kind.value]
            if not isinstance(tile, int):
                raise _fail(f"{what}: tile must be a number")
            if kind is Kind.LAVA:
                travel = data.get("travel")
                if not C.is_lava(tile) or tile >= C.island_tiles:
                    raise _fail(f"{what}: {tile} is not a lava tile")
                return Placed(kind, tile, _direction(str(travel), f"{what} travel"))
            turn = data.get("turn", 0)
            if not isinstance(turn, int) or turn not in range(4):
                raise _fail(f"{what}: turn must be 0..3")
            limit = len(C.start_tiles) if kind is Kind.START else len(C.terrain)
            if not 0 <= tile < limit:
                raise _fail(f"{what}: no {kind.value} tile {tile}")
            return Placed(kind, tile, turn)
    raise _fail(f"{what}: expected one of start/terrain/lava")


def _from_format_1(data: Any) -> Any:
    """A format-1 position as format 2. Its ``end.final_turns`` named only who had yet to play
    a final turn; the whole round follows from the triggering seat (everybody else, clockwise,
    one turn each), and so does the turn the end was triggered on."""
    if not isinstance(data, dict) or data.get("format") != 1:
        return data
    data = {**data, "format": FORMAT}
    end, config, turn = data.get("end"), data.get("config"), data.get("turn", 0)
    if not isinstance(end, dict) or not isinstance(config, dict):
        return data
    seat, left, players = end.get("seat"), end.get("final_turns"), config.get("players")
    if not (isinstance(seat, int) and isinstance(left, list) and isinstance(players, int)):
        return data  # left for the schema check to report
    if not isinstance(turn, int):
        return data
    whole = list(final_turns(players, bool(config.get("advanced")), seat))
    if whole[len(whole) - len(left) :] != left:
        raise _fail(f"end.final_turns {left} is not what remains of the final round {whole}")
    played = len(whole) - len(left)
    data["end"] = {**end, "turn": turn - played, "final_turns": whole, "to_play": left}
    return data


def load(data: Any) -> MaunaKeaState:
    doc = read_document(_from_format_1(data), _Doc, "maunakea", FORMAT, _fail)
    players = doc.config.players
    if players not in C.explorers_per_player:
        raise _fail("2 to 4 players")
    seats = range(players)
    for what, seat in [
        ("start_player", doc.start_player),
        ("placer", doc.placer),
        ("last_placer", doc.last_placer),
        ("drawer", doc.drawer),
        ("active", doc.active),
        ("config.start_player", doc.config.start_player),
    ]:
        if seat is not None and seat not in seats:
            raise _fail(f"{what} {seat} is not a seat")
    state = MaunaKeaState(
        players=players,
        advanced=doc.config.advanced,
        turn_limit=doc.config.turn_limit,
        start_player_option=doc.config.start_player,
        phase=_enum(Phase, doc.phase, "phase"),
        start_player=doc.start_player,
        placer=doc.placer,
        last_placer=doc.last_placer,
        drawer=doc.drawer,
        active=doc.active,
        turn=doc.turn,
        pool=doc.pool,
        head_age=doc.head_age,
        boats_laid=doc.boats_laid,
        pending_lava=doc.pending_lava,
    )
    for name, placed in doc.board.items():
        state.lay(_name(parse_slot, name, "board"), _load_placed(placed, f"board {name}"))
    state.covered = [_load_placed(p, "covered") for p in doc.covered]
    for name, pile in doc.artifacts.items():
        _colours(pile, f"artifacts {name}")
        if pile:
            state.artifacts[_name(parse_space, name, "artifacts")] = sorted(pile, key=colour_key)
    state.lost_artifacts = sorted(_colours(doc.lost_artifacts, "lost_artifacts"), key=colour_key)
    per_player = C.explorers_per_player[players]
    if len(doc.explorers) != players or any(len(r) != per_player for r in doc.explorers):
        raise _fail(f"{players} players have {per_player} explorers each")
    for seat, row in enumerate(doc.explorers):
        explorers = []
        for index, e in enumerate(row):
            status = _enum(Status, e.status, f"explorer {seat}/{index}")
            space = _name(parse_space, e.space, "explorer space") if e.space else None
            if (status is Status.ISLAND) != (space is not None):
                raise _fail(f"explorer {seat}/{index}: only explorers on the island have a space")
            if len(e.carried) > C.carry_limit or (e.carried and status is not Status.ISLAND):
                raise _fail(f"explorer {seat}/{index} carries too much")
            carried = sorted(_colours(e.carried, "carried"), key=colour_key)
            explorers.append(Explorer(seat, index, status, space, carried))
        state.explorers.append(explorers)
    spaces = [e.space for row in state.explorers for e in row if e.space is not None]
    if len(spaces) != len(set(spaces)):
        raise _fail("two explorers on one space")
    for landing, colour in doc.docked.items():
        if landing not in LANDING_NAMES or colour not in BOAT_COLOURS:
            raise _fail(f"docked: unknown landing {landing!r} or boat {colour!r}")
        state.docked[LANDING_NAMES.index(landing)] = BOAT_COLOURS.index(colour)
    for t in doc.taken:
        if t.boat not in BOAT_COLOURS or t.seat not in seats:
            raise _fail(f"taken: unknown boat {t.boat!r} or seat {t.seat}")
        boat = BOAT_COLOURS.index(t.boat)
        if len(t.cargo) > C.boats[boat].places:
            raise _fail(f"the {t.boat} boat holds {C.boats[boat].places} artifact(s)")
        cargo = tuple(sorted(_colours(t.cargo, "cargo"), key=colour_key))
        state.taken.append(TakenBoat(t.seat, boat, t.explorer, cargo))
    boats = list(state.docked.values()) + [t.boat for t in state.taken]
    if len(boats) != len(set(boats)):
        raise _fail("a boat is both docked and taken, or taken twice")
    if len(doc.hands) != players:
        raise _fail("one hand per player")
    state.hands = [list(h) for h in doc.hands]
    state.bag = sorted(doc.bag)
    state.set_aside = list(doc.set_aside)
    state.lava_lost = list(doc.lava_lost)
    state.spent_out = list(doc.spent_out)
    if set(doc.heads) != set(FLOW_NAMES):
        raise _fail(f"heads must list the flows {FLOW_NAMES}")
    for flow in FLOW_NAMES:
        state.heads.append(
            [
                Head(
                    _name(parse_slot, h.slot, "head"),
                    _direction(h.travel, "head travel"),
                    h.length,
                    h.dot,
                    h.age,
                )
                for h in doc.heads[flow]
            ]
        )
    if doc.end is not None:
        state.end = _load_end(doc.end, players)
    _load_cards(doc, state)
    _check_conservation(state)
    return state


def _load_end(end: _End, players: int) -> EndState:
    if any(seat not in range(players) for seat in [end.seat, *end.final_turns]):
        raise _fail(f"end: seats are 0 to {players - 1}")
    rest = end.final_turns[len(end.final_turns) - len(end.to_play) :]
    if rest != end.to_play:
        raise _fail("end.to_play must be the last of end.final_turns")
    return EndState(end.reason, end.seat, end.turn, tuple(end.final_turns), tuple(end.to_play))


def _card_ids(cards: list[str], what: str) -> list[str]:
    for card in cards:
        if card != HIDDEN and card not in C.cards_by_id:
            raise _fail(f"{what}: unknown card {card!r}")
    return list(cards)


def _load_cards(doc: _Doc, state: MaunaKeaState) -> None:
    players = state.players
    for name in ("dealt", "cards", "discarded"):
        hands = getattr(doc, name) or [[] for _ in range(players)]
        if len(hands) != players:
            raise _fail(f"{name}: one list per player")
        setattr(state, name, [_card_ids(h, name) for h in hands])
    if (doc.cards_dealt or any(state.cards)) and not state.advanced:
        raise _fail("cards belong to the advanced game")
    state.cards_dealt = doc.cards_dealt
    state.undealt = _card_ids(doc.undealt, "undealt")
    state.played = _card_ids(doc.played, "played")
    state.revealed = doc.revealed
    state.quake = _enum(Quake, doc.quake, "quake") if doc.quake is not None else None
    state.quake_tile = doc.quake_tile
    for r in doc.rescued:
        if r.seat not in range(players) or not 0 <= r.explorer < len(state.explorers[r.seat]):
            raise _fail(f"rescued: no explorer {r.seat}/{r.explorer}")
        if state.explorers[r.seat][r.explorer].status is not Status.RESCUED:
            raise _fail(f"rescued: explorer {r.seat}/{r.explorer} is not marked rescued")
        artifacts = tuple(sorted(_colours(r.artifacts, "rescued"), key=colour_key))
        state.rescued.append(
            Rescue(r.seat, _card_ids([r.card], "rescued")[0], r.explorer, artifacts)
        )
    rescued = sum(1 for row in state.explorers for e in row if e.status is Status.RESCUED)
    if rescued != len(state.rescued):
        raise _fail("every rescued explorer sits on a helicopter card")
    if state.cards_dealt:
        every = [c for h in state.dealt + state.cards + state.discarded for c in h]
        every += state.undealt + state.played
        known = [c for c in every if c != HIDDEN]
        if len(known) != len(set(known)) or len(every) != len(C.cards):
            raise _fail(f"the {len(C.cards)} cards must each be somewhere once")


def _direction(name: str | None, what: str) -> Direction:
    if name not in Direction.__members__:
        raise _fail(f"{what}: expected N, E, S or W, not {name!r}")
    return Direction[str(name)]


def _colours(colours: list[str], what: str) -> list[str]:
    for colour in colours:
        if colour not in ARTIFACT_COLOURS:
            raise _fail(f"{what}: {colour!r} is not an artifact colour")
    return list(colours)


def _check_conservation(state: MaunaKeaState) -> None:
    """Every island tile, start tile, artifact and explorer is somewhere, exactly once."""
    island = state.island_tiles()
    if sorted(island) != list(range(C.island_tiles)):
        dup = sorted(t for t, n in Counter(island).items() if n > 1)
        missing = sorted(set(range(C.island_tiles)) - set(island))
        raise _fail(f"island tiles must each be somewhere once (twice: {dup}, missing: {missing})")
    for p in state.board.values():
        if p.kind is Kind.TERRAIN and C.is_lava(p.tile):
            raise _fail("a lava tile is listed as terrain")
    for h in state.hands:
        if any(C.is_lava(t) for t in h):
            raise _fail("lava never stays in a hand")
    starts = [p.tile for p in [*state.board.values(), *state.covered] if p.kind is Kind.START]
    if starts and sorted(starts) != list(range(len(C.start_tiles))):
        raise _fail("start tiles must each be on the board or under lava once")
    colours = state.artifact_colours()
    if starts and dict(colours) != {c: n for c, n in C.artifact_counts.items()}:
        raise _fail(f"artifacts must add up to {C.artifact_counts}, found {dict(colours)}")

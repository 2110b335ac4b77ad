"""Mauna Kea's components, read once from ``components.toml`` into typed tables."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any

Slot = tuple[int, int]
Space = tuple[int, int]
SIZE = 9  # slots per side
SPACES = 18  # spaces per side
QUADRANTS = ("TL", "TR", "BR", "BL")


class Terrain(IntEnum):
    """What a space is; only jungle and water can be entered."""

    NONE = 0
    JUNGLE = 1
    WATER = 2
    MOUNTAIN = 3
    LAVA = 4
    VOLCANO = 5


TERRAIN_LETTER = {"J": Terrain.JUNGLE, "W": Terrain.WATER, "M": Terrain.MOUNTAIN}


class Direction(IntEnum):
    """Travel directions on the grid, clockwise from north."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def step(self) -> tuple[int, int]:
        return ((0, -1), (1, 0), (0, 1), (-1, 0))[self]

    @property
    def opposite(self) -> Direction:
        return Direction((self + 2) % 4)

    @property
    def left(self) -> Direction:
        return Direction((self + 3) % 4)

    @property
    def right(self) -> Direction:
        return Direction((self + 1) % 4)


@dataclass(frozen=True)
class TerrainTile:
    id: int
    squares: tuple[Terrain, Terrain, Terrain, Terrain]  # TL, TR, BR, BL before rotation
    mp: int


@dataclass(frozen=True)
class StartTile:
    id: int
    squares: tuple[Terrain, Terrain, Terrain, Terrain]
    markers: tuple[tuple[int, str], ...]  # (quadrant index before rotation, artifact colour)


@dataclass(frozen=True)
class Flow:
    index: int
    name: str
    glyph: str
    head: Slot
    travel: Direction


@dataclass(frozen=True)
class LavaTile:
    id: int
    flow: int
    shape: str
    exits: tuple[str, ...]  # "straight" | "left" | "right", relative to travel
    dot: str | None


@dataclass(frozen=True)
class Boat:
    index: int
    colour: str
    places: int


@dataclass(frozen=True)
class Landing:
    index: int
    name: str
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class Card:
    """An advanced-game card: an action (``action``) or a task (``needs`` and ``vp``)."""

    id: str
    action: str | None = None
    needs: tuple[tuple[str, int], ...] = ()  # (white|grey|black|explorers|no_penalty, count)
    boat: str | None = None  # boat cards: the colour of boat needed
    vp: int = 0

    @property
    def is_task(self) -> bool:
        return self.action is None

    def title(self) -> str:
        """A short readable name ("jungle movement", "3 white: +2")."""
        if self.action is not None:
            return (
                "helicopter rescue"
                if self.action == "helicopter"
                else ("earthquake" if self.action == "earthquake" else f"{self.action} movement")
            )
        if self.boat is not None:
            return f"{self.boat} boat: +{self.vp}"
        needs = dict(self.needs)
        if "no_penalty" in needs:
            return "no penalty for empty places"
        if "explorers" in needs:
            return f"{needs['explorers']} saved explorers: +{self.vp}"
        parts = [f"{n} {colour}" for colour, n in self.needs]
        return f"{' + '.join(parts)}: +{self.vp}"


ACTIONS = ("jungle", "water", "mountain", "earthquake", "helicopter")


@dataclass(frozen=True)
class Components:
    volcano: Slot
    start_fields: tuple[Slot, ...]
    start_tile_slots: tuple[Slot, ...]
    landings: tuple[Landing, ...]
    boats: tuple[Boat, ...]
    artifact_counts: dict[str, int]
    artifact_vp: dict[str, int]
    explorer_vp: int
    empty_place_vp: int
    move_cost: dict[Terrain, int]
    board_cost: int
    carry_limit: int
    hand_minimum: int
    explorers_per_player: dict[int, int]
    terrain: tuple[TerrainTile, ...]
    start_tiles: tuple[StartTile, ...]
    flows: tuple[Flow, ...]
    lava: tuple[LavaTile, ...]
    cards: tuple[Card, ...]
    cards_by_id: dict[str, Card]
    cards_dealt: int
    cards_kept: int

    def card(self, card_id: str) -> Card:
        return self.cards_by_id[card_id]

    @property
    def island_tiles(self) -> int:
        return len(self.terrain) + len(self.lava)

    def is_lava(self, tile: int) -> bool:
        return tile >= len(self.terrain)

    def mp(self, tile: int) -> int:
        return 0 if self.is_lava(tile) else self.terrain[tile].mp

    def lava_tile(self, tile: int) -> LavaTile:
        return self.lava[tile - len(self.terrain)]


ARTIFACT_COLOURS = ("white", "grey", "black")
NEED_ORDER = (*ARTIFACT_COLOURS, "explorers", "no_penalty")


def _card(entry: dict[str, Any]) -> Card:
    if "action" in entry:
        if entry["action"] not in ACTIONS:
            raise ValueError(f"card {entry['id']}: unknown action {entry['action']!r}")
        return Card(entry["id"], action=entry["action"])
    task = dict(entry["task"])
    boat = task.pop("boat", None)
    unknown = set(task) - set(NEED_ORDER)
    if unknown:
        raise ValueError(f"card {entry['id']}: unknown task needs {sorted(unknown)}")
    needs = tuple((need, int(task[need])) for need in NEED_ORDER if need in task)
    return Card(entry["id"], needs=needs, boat=boat, vp=entry["vp"])


def _squares(text: str) -> tuple[Terrain, Terrain, Terrain, Terrain]:
    if len(text) != 4 or any(ch not in TERRAIN_LETTER for ch in text):
        raise ValueError(f"a tile has 4 squares of J/W/M, not {text!r}")
    a, b, c, d = (TERRAIN_LETTER[ch] for ch in text)
    return a, b, c, d


def _pair(value: Any) -> tuple[int, int]:
    a, b = value
    return int(a), int(b)


def load(path: Path | None = None) -> Components:
    """Parse the data file; every count the rulebook gives is checked on the way in."""
    raw = tomllib.loads((path or Path(__file__).with_name("components.toml")).read_text("utf-8"))
    board = raw["board"]
    terrain: list[TerrainTile] = []
    for entry in raw["terrain"]:
        for _ in range(entry["count"]):
            terrain.append(TerrainTile(len(terrain), _squares(entry["squares"]), entry["mp"]))
    start_tiles = [
        StartTile(
            i,
            _squares(entry["squares"]),
            tuple(sorted((QUADRANTS.index(q), colour) for q, colour in entry["markers"].items())),
        )
        for i, entry in enumerate(raw["start_tiles"])
    ]
    flows = [
        Flow(i, f["name"], f["glyph"], _pair(f["head"]), Direction[f["travel"]])
        for i, f in enumerate(raw["flows"])
    ]
    lava: list[LavaTile] = []
    for flow in flows:
        for shape in raw["lava_shapes"]:
            for _ in range(shape["count"]):
                lava.append(
                    LavaTile(
                        len(terrain) + len(lava),
                        flow.index,
                        shape["shape"],
                        tuple(shape["exits"]),
                        shape.get("dot"),
                    )
                )
    art = raw["artifacts"]
    moves = raw["movement"]
    comps = Components(
        volcano=_pair(board["volcano"]),
        start_fields=tuple(_pair(s) for s in board["start_fields"]),
        start_tile_slots=tuple(_pair(s) for s in board["start_tile_slots"]),
        landings=tuple(
            Landing(i, entry["name"], tuple(_pair(s) for s in entry["spaces"]))
            for i, entry in enumerate(raw["landings"])
        ),
        boats=tuple(Boat(i, b["colour"], b["places"]) for i, b in enumerate(raw["boats"])),
        artifact_counts={c: art[c]["count"] for c in ARTIFACT_COLOURS},
        artifact_vp={c: art[c]["vp"] for c in ARTIFACT_COLOURS},
        explorer_vp=raw["scoring"]["explorer_vp"],
        empty_place_vp=raw["scoring"]["empty_place_vp"],
        move_cost={Terrain.JUNGLE: moves["jungle"], Terrain.WATER: moves["water"]},
        board_cost=moves["board_boat"],
        carry_limit=moves["carry_limit"],
        hand_minimum=moves["hand_minimum_mp"],
        explorers_per_player={int(k): v for k, v in raw["explorers"]["per_player"].items()},
        terrain=tuple(terrain),
        start_tiles=tuple(start_tiles),
        flows=tuple(flows),
        lava=tuple(lava),
        cards=(cards := tuple(_card(entry) for entry in raw["cards"])),
        cards_by_id={card.id: card for card in cards},
        cards_dealt=raw["advanced"]["dealt"],
        cards_kept=raw["advanced"]["kept"],
    )
    _check(comps)
    return comps


def _check(c: Components) -> None:
    """The counts the rulebook gives; a wrong edit of the data file fails loudly here."""
    assert len(c.terrain) == 70 and len(c.lava) == 24 and c.island_tiles == 94
    assert len(c.start_tiles) == 24 == len(c.start_tile_slots)
    assert len(c.boats) == 8 == len(c.landings)
    assert all(len(landing.spaces) == 4 for landing in c.landings)
    markers: dict[str, int] = {}
    for tile in c.start_tiles:
        for quadrant, colour in tile.markers:
            assert tile.squares[quadrant] != Terrain.MOUNTAIN, "markers sit on walkable squares"
            markers[colour] = markers.get(colour, 0) + 1
    assert markers == c.artifact_counts, f"start tile markers {markers} != {c.artifact_counts}"
    assert len(c.cards) == 30 and len({card.id for card in c.cards}) == 30
    actions = [card.action for card in c.cards if card.action is not None]
    assert sorted(actions) == sorted(ACTIONS * 3), "3 of each action card"
    tasks = [card for card in c.cards if card.is_task]
    assert len(tasks) == 15 and sum(card.boat is not None for card in tasks) == 4
    assert any(card.boat == "green" and card.vp == 1 for card in tasks)
    assert all(card.boat in (None, *(b.colour for b in c.boats)) for card in tasks)
    taken = {c.volcano, *c.start_fields, *c.start_tile_slots}
    assert len(taken) == 1 + 4 + 24, "volcano, start fields and start-tile slots must differ"


COMPONENTS = load()

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
    taken = {c.volcano, *c.start_fields, *c.start_tile_slots}
    assert len(taken) == 1 + 4 + 24, "volcano, start fields and start-tile slots must differ"


COMPONENTS = load()

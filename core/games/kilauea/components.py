"""Kilauea's components, read once from ``components.toml`` into typed tables."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Any

SIDES = ("A", "B")


class Row(StrEnum):
    """A forest space's row: outer (on the shore), middle (next to the volcano tile), inner."""

    OUTER = "o"
    MIDDLE = "m"
    INNER = "i"


class Area(StrEnum):
    """Where a Tiki can be: what an action tile moves it from and to."""

    FOREST = "forest"
    VOLCANO = "volcano"
    ISLAND = "island"
    CANOE = "canoe"


@dataclass(frozen=True)
class ForestSpace:
    name: str  # "o1", "m2", "i3"
    row: Row
    before: tuple[str, ...]  # the spaces a path to this one comes through (one step back)
    ancestors: frozenset[str]  # every space on every path from the shore to this one
    three_plus: bool  # left empty with 2 players


@dataclass(frozen=True)
class Template:
    """One side of a forest board: a small directed graph from the shore inwards."""

    name: str
    spaces: tuple[ForestSpace, ...]

    def space(self, name: str) -> ForestSpace | None:
        return self.by_name.get(name)

    @cached_property
    def by_name(self) -> dict[str, ForestSpace]:
        return {s.name: s for s in self.spaces}

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.spaces)

    @cached_property
    def middle(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.spaces if s.row is Row.MIDDLE)

    def in_play(self, players: int) -> tuple[str, ...]:
        """The spaces that get a Tiki at setup."""
        return tuple(s.name for s in self.spaces if players > 2 or not s.three_plus)


@dataclass(frozen=True)
class Face:
    """One side of an action tile: its code ("7B"), cost and effect."""

    code: str
    cost: int
    text: str
    points: int = 0
    stones: int = 0
    copy: tuple[str, ...] = ()  # "reef", "slope"
    move: tuple[Area, Area] | None = None
    distance: str = ""  # volcano to volcano: "adjacent", "non-adjacent", "other"
    swap: bool = False


@dataclass(frozen=True)
class Tile:
    number: int  # 1..10
    a: Face  # coral reef side
    b: Face  # volcano side


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    tikis_per_colour: int
    removed_for_two: int
    stones_total: int
    crater_at_start: int
    stones_by_turn_order: tuple[int, ...]
    canoe_limit: int
    stone_limit: int
    column_limit: int
    sectors: tuple[str, ...]
    cut_at_most: int
    stones_after_volcano: int
    island_cost: int
    halves: tuple[str, ...]
    sea_covers: str
    tallest_vp: int
    other_vp: int
    all_sectors_vp: int
    stones_per_vp: int
    canoe_tiki_vp: int
    templates: dict[str, Template]
    boards: tuple[tuple[str, str], ...]  # board i: (side A template, side B template)
    tiles: tuple[Tile, ...]

    def template(self, board: int, side: str) -> Template:
        return self.templates[self.boards[board][SIDES.index(side)]]

    def tile(self, number: int) -> Tile:
        return self.tiles[number - 1]

    def face(self, number: int, side: str) -> Face:
        tile = self.tiles[number - 1]
        return tile.a if side == "A" else tile.b


def _template(name: str, raw: dict[str, Any]) -> Template:
    three_plus = set(raw.get("three_plus", []))
    before = {k: tuple(v) for k, v in raw.items() if k != "three_plus"}
    ancestors: dict[str, frozenset[str]] = {}

    def closure(space: str) -> frozenset[str]:
        if space not in ancestors:
            found: set[str] = set()
            for prev in before[space]:
                found |= {prev, *closure(prev)}
            ancestors[space] = frozenset(found)
        return ancestors[space]

    spaces = tuple(
        ForestSpace(space, Row(space[0]), before[space], closure(space), space in three_plus)
        for space in before
    )
    return Template(name, spaces)


def _face(number: int, side: str, raw: dict[str, Any]) -> Face:
    move = raw.get("move")
    return Face(
        code=f"{number}{side}",
        cost=int(raw["cost"]),
        text=str(raw["text"]),
        points=int(raw.get("points", 0)),
        stones=int(raw.get("stones", 0)),
        copy=tuple(raw.get("copy", ())),
        move=(Area(move[0]), Area(move[1])) if move else None,
        distance=str(raw.get("distance", "")),
        swap=bool(raw.get("swap", False)),
    )


def load(path: Path | None = None) -> Components:
    """Parse the data file; every count the rulebook gives is checked on the way in."""
    raw = tomllib.loads((path or Path(__file__).with_name("components.toml")).read_text("utf-8"))
    tikis, stones, limits = raw["tikis"], raw["stones"], raw["limits"]
    main, track, scoring = raw["main_actions"], raw["track"], raw["scoring"]
    comps = Components(
        colours=tuple(tikis["colours"]),
        tikis_per_colour=tikis["per_colour"],
        removed_for_two=tikis["removed_for_two_players"],
        stones_total=stones["total"],
        crater_at_start=stones["crater_at_start"],
        stones_by_turn_order=tuple(stones["by_turn_order"]),
        canoe_limit=limits["canoe"],
        stone_limit=limits["stones"],
        column_limit=limits["column"],
        sectors=tuple(raw["volcano"]["sectors"]),
        cut_at_most=main["cut_at_most"],
        stones_after_volcano=main["stones_after_volcano"],
        island_cost=main["island_cost"],
        halves=tuple(track["halves"]),
        sea_covers=track["sea_covers"],
        tallest_vp=scoring["tallest"],
        other_vp=scoring["others"],
        all_sectors_vp=scoring["all_sectors"],
        stones_per_vp=scoring["stones_per_vp"],
        canoe_tiki_vp=scoring["canoe_tiki"],
        templates={name: _template(name, t) for name, t in raw["templates"].items()},
        boards=tuple((b["A"], b["B"]) for b in raw["boards"]),
        tiles=tuple(
            Tile(i + 1, _face(i + 1, "A", t["A"]), _face(i + 1, "B", t["B"]))
            for i, t in enumerate(raw["tiles"])
        ),
    )
    _check(comps)
    return comps


def _check(c: Components) -> None:
    """The counts the rulebook gives; a wrong edit of the data file fails loudly here."""
    assert len(c.colours) == 4 and c.tikis_per_colour == 18, "18 Tikis in each of 4 colours"
    assert c.stones_total == 16 and c.crater_at_start == 2, "16 stones, 2 in the crater"
    assert sum(c.stones_by_turn_order) + c.crater_at_start <= c.stones_total
    assert len(c.sectors) == 5 == len(c.boards), "5 sectors, 5 forest boards"
    assert len(c.tiles) == 10, "10 double-sided action tiles"
    assert len(c.halves) == 2 and c.sea_covers in c.halves
    for board in c.boards:
        assert all(side in c.templates for side in board)
    for t in c.templates.values():
        names = set(t.names)
        assert all(set(s.before) <= names for s in t.spaces), f"{t.name}: unknown path"
        assert all(s.name not in s.ancestors for s in t.spaces), f"{t.name}: a path loops"
        assert all((s.row is Row.OUTER) == (not s.before) for s in t.spaces), "only shores open"
        assert all(not s.three_plus for s in t.spaces if s.row is Row.MIDDLE)
    forest_tikis = len(c.colours) * c.tikis_per_colour - len(c.sectors) * len(c.colours)
    for b, sides in enumerate(c.boards):
        # whichever side is up, boards 1-2 hold 11 Tikis and boards 3-5 hold 10: 52 in all
        assert len({len(c.templates[s].spaces) for s in sides}) == 1, f"board {b + 1}"
    assert sum(len(c.templates[s[0]].spaces) for s in c.boards) == forest_tikis, "52 spaces"
    for b in range(5):
        for side in SIDES:
            assert len(c.template(b, side).in_play(2)) == 8, "8 Tikis per forest with 2 players"
    for tile in c.tiles:
        for face in (tile.a, tile.b):
            kinds = [bool(face.points), bool(face.copy), face.move is not None]
            assert sum(kinds) + (face.stones > 0 and face.move is None) == 1, face.code


COMPONENTS = load()

"""Build Kilauea positions for scenario tests, and play commands on them through a referee.

A scenario names only what matters ("Red's canoe holds a red Tiki, the canoe is at orchid a, the
orchid forest has Tikis on o1 and m1"); the builder completes a valid JSON position and the
referee loads it through ``RULES.load_position``. By default: boards 1-5 lie in sectors 0-4 on
the sides given (A: 11A 11B 10A 10A 10A), each forest's middle row is full (its volcano tile stays
locked) and nothing else; each volcano column holds 1 Tiki; reef tiles 1-5 (1A-5A), forest tiles
6-10 (6B-10B); Tikis and stones not placed are out of the game (in the box).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.codec import Envelope
from core.games.kilauea import RULES
from core.games.kilauea.components import COMPONENTS as C
from core.games.kilauea.state import POINT_PARTS, KilaueaState
from core.messages import Command, Event
from core.referee import Referee

SECTOR = {name: k for k, name in enumerate(C.sectors)}
HIBISCUS, PLUMERIA, ORCHID, GINGER, LEHUA = range(5)
NAMES = ("Red", "Blue", "Yellow", "Green")


class Table:
    def __init__(
        self,
        players: int = 3,
        *,
        active: int = 0,
        phase: str = "main",
        canoe: str = "orchid a",
        sides: str = "AAAAA",
        turn: int = 5,
    ) -> None:
        self.players = players
        self.doc: dict[str, Any] = {
            "game": "kilauea",
            "format": 1,
            "config": {
                "players": players,
                "turn_limit": None,
                "start_player": None,
                "forest_sides": None,
            },
            "phase": phase,
            "start_player": 0,
            "drafted": 2 * players,
            "active": active,
            "turn": turn,
            "cuts": 0,
            "may_use": [],
            "canoe": canoe,
            "crater": 2,
            "prepared": True,
            "stone_box": 0,
            "forests": [
                {"sector": name, "board": k + 1, "side": sides[k], "tikis": {}}
                for k, name in enumerate(C.sectors)
            ],
            "volcano": {name: dict.fromkeys(C.colours, 1) for name in C.sectors},
            "reef": [1, 2, 3, 4, 5],
            "centres": [6, 7, 8, 9, 10],
            "slope": [None] * 5,
            "players": [
                {
                    "stones": 0,
                    "canoe": [],
                    "island": {name: [] for name in C.sectors},
                    "points": dict.fromkeys(POINT_PARTS, 0),
                }
                for _ in range(players)
            ],
            "emptied": [],
            "scorings": [],
            "end": None,
            "bonuses_scored": False,
        }
        for k in range(5):
            template = C.template(k, sides[k])
            middle = template.middle
            self.doc["forests"][k]["tikis"] = {
                space: C.colours[(k + i) % len(C.colours)] for i, space in enumerate(middle)
            }

    # -- the table --------------------------------------------------------------------------

    def forest(self, sector: int, **tikis: str) -> Table:
        """Replace a forest's Tikis: ``forest(ORCHID, o1="red", m2="blue")``."""
        self.doc["forests"][sector]["tikis"] = dict(tikis)
        return self

    def volcano(self, sector: int, **heights: int) -> Table:
        self.doc["volcano"][C.sectors[sector]].update(heights)
        return self

    def crater(self, stones: int) -> Table:
        self.doc["crater"] = stones
        return self

    def tiles(
        self,
        reef: Iterable[int],
        centres: Iterable[int | None],
        slope: Iterable[int | None] = (None,) * 5,
    ) -> Table:
        self.doc["reef"] = list(reef)
        self.doc["centres"] = list(centres)
        self.doc["slope"] = list(slope)
        return self

    def on_slope(self, sector: int, tile: int) -> Table:
        """Put ``tile`` on the sector's slope: its forest's middle row is cleared (a red Tiki is
        left on o1, so the forest is not empty)."""
        self.doc["slope"][sector] = tile
        self.doc["centres"][sector] = None
        self.doc["forests"][sector]["tikis"] = {"o1": "red"}
        return self

    def arrange(self, reef: Iterable[int] = (), slope: dict[int, int] | None = None) -> Table:
        """Tiles ``reef`` (reef side up) on the reef, ``slope`` (sector -> tile) on the slope,
        the others wherever is left (reef first, then forest centres)."""
        slope = slope or {}
        rest = [t for t in range(1, 11) if t not in reef and t not in slope.values()]
        on_reef = [*reef, *rest][:5]
        rest = [t for t in rest if t not in on_reef]
        self.doc["reef"] = on_reef
        self.doc["centres"] = [None if k in slope else rest.pop(0) for k in range(5)]
        self.doc["slope"] = [None] * 5
        for sector, tile in slope.items():
            self.on_slope(sector, tile)
        return self

    def may_use(self, *tiles: int) -> Table:
        self.doc["may_use"] = list(tiles)
        return self

    def set(self, **fields: Any) -> Table:
        self.doc.update(fields)
        return self

    # -- a player ------------------------------------------------------------------------------

    def stones(self, seat: int, n: int) -> Table:
        self.doc["players"][seat]["stones"] = n
        return self

    def canoe(self, seat: int, *colours: str) -> Table:
        self.doc["players"][seat]["canoe"] = list(colours)
        return self

    def island(self, seat: int, sector: int, *colours: str) -> Table:
        self.doc["players"][seat]["island"][C.sectors[sector]] = list(colours)
        return self

    def points(self, seat: int, part: str, vp: int) -> Table:
        self.doc["players"][seat]["points"][part] = vp
        return self

    # -- the result ----------------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The JSON position, with every Tiki and stone not placed put in the box."""
        doc = self.doc
        used = dict.fromkeys(C.colours, 0)
        for entry in doc["forests"]:
            for colour in entry["tikis"].values():
                used[colour] += 1
        for column in doc["volcano"].values():
            for colour, n in column.items():
                used[colour] += n
        for p in doc["players"]:
            for colour in p["canoe"]:
                used[colour] += 1
            for column in p["island"].values():
                for colour in column:
                    used[colour] += 1
        doc["supply"] = dict.fromkeys(C.colours, 0)
        doc["box"] = {colour: 18 - n for colour, n in used.items()}
        doc["stone_box"] = 16 - doc["crater"] - sum(p["stones"] for p in doc["players"])
        return doc

    def state(self) -> KilaueaState:
        return RULES.load_position(self.position())

    def referee(self, seed: str = "scenario") -> Driver:
        return Driver(self.position(), self.players, seed)


class Driver:
    """A referee started from a position: commands in, the events they caused out."""

    def __init__(self, position: dict[str, Any], players: int, seed: str) -> None:
        config = RULES.config(players)
        self.referee: Referee[KilaueaState] = Referee(
            RULES, config, NAMES[:players], seed=seed, position=position
        )
        self.referee.begin()

    @property
    def state(self) -> KilaueaState:
        return self.referee.state

    def do(self, seat: int, command: Command) -> list[Event]:
        envelopes: list[Envelope] = self.referee.submit(seat, command)
        return [env.event for env in envelopes]

    def legal(self, seat: int | None = None) -> list[Command]:
        if seat is None:
            seat = self.state.active if self.state.active is not None else 0
        return RULES.legal_commands(self.state, seat)

"""The full state of a Kilauea game: mutable, ``evolve`` updates it in place, ``copy`` forks.

Colours are indices into ``COMPONENTS.colours`` inside the state (``volcano[k][c]``) and names
in events, commands and positions. Forest ``k`` and reef tile ``k`` belong to sector ``k``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from core.games.kilauea import forest, track
from core.games.kilauea.components import COMPONENTS, SIDES, Area, Face, Template

C = COMPONENTS
_new = object.__new__
TEMPLATES = {(b, s): C.template(b, s) for b in range(len(C.boards)) for s in SIDES}
COLOUR = {colour: i for i, colour in enumerate(C.colours)}
SECTORS = range(len(C.sectors))


class Phase(StrEnum):
    SETUP = "setup"  # forests, Tikis, action tiles, start player and stones are laid out
    DRAFT = "draft"  # 2 Tikis each from the volcano: turn order, then reverse turn order
    MOVE = "move"  # the active player must move the canoe
    MAIN = "main"  # ... must take a main action in the canoe's sector (or pass if none)
    CUTTING = "cutting"  # 1 Tiki cut: may cut a second, use tiles, or end the turn
    ACTIONS = "actions"  # may use the action tiles earned this turn, then ends the turn
    HANDOVER = "handover"  # between turns: scoring, then the next turn or the end
    FINAL = "final"  # the game is ending: final scoring and bonuses
    OVER = "over"


class Place(NamedTuple):
    """Where a Tiki stands: a forest space, a volcano column (its colour's), or the acting
    player's island column or canoe. ``sector`` is ``-1`` for a canoe."""

    area: str  # an Area value
    sector: int = -1
    space: str = ""


_FOREST, _VOLCANO, _ISLAND = Area.FOREST.value, Area.VOLCANO.value, Area.ISLAND.value
CANOE = Place(Area.CANOE.value)
VOLCANO_COLUMNS = tuple(Place(_VOLCANO, k) for k in range(len(C.sectors)))
ISLAND_COLUMNS = tuple(Place(_ISLAND, k) for k in range(len(C.sectors)))

RULES_VERSION = 2
"""1: the canoe could stop anywhere, even where only a pass was left. 2 (issue 11): it stops only
where a main action is possible whenever some move allows one."""
POINT_PARTS = ("tiles", "intermediate", "final", "all sectors", "stones", "canoe")


@dataclass(slots=True)
class KilaueaState:
    players: int
    turn_limit: int | None = None
    start_player_option: int | None = None
    forest_sides_option: str | None = None
    phase: Phase = Phase.SETUP
    # the table
    boards: list[int] = field(default_factory=list)  # the board in sector k (0-based)
    sides: list[str] = field(default_factory=list)  # its side up, "A" or "B"
    forests: list[dict[str, str]] = field(default_factory=list)  # occupied space -> colour
    volcano: list[list[int]] = field(default_factory=list)  # [sector][colour] column height
    prepared: bool = False  # the volcano's Tikis and the crater's stones are in place
    crater: int = 0
    reef: list[int] = field(default_factory=list)  # reef tile k, between sector k and k + 1
    centres: list[int | None] = field(default_factory=list)  # volcano tile still in forest k
    slope: list[int | None] = field(default_factory=list)  # volcano tile on sector k's slope
    canoe: int = track.DOCK
    supply: list[int] = field(default_factory=list)  # Tikis still to be laid out, per colour
    box: list[int] = field(default_factory=list)  # Tikis out of the game, per colour
    stone_box: int = 0  # stones never dealt
    # the players
    stones: list[int] = field(default_factory=list)
    canoes: list[list[str]] = field(default_factory=list)  # kept in colour order
    islands: list[list[list[str]]] = field(default_factory=list)  # [seat][sector], bottom first
    points: list[dict[str, int]] = field(default_factory=list)  # VP by source (POINT_PARTS)
    # the turn
    start_player: int | None = None
    drafted: int = 0  # draft picks made so far
    active: int | None = None
    turn: int = 0
    cuts: int = 0  # Tikis cut by this turn's main action
    may_use: list[int] = field(default_factory=list)  # action tiles still usable this turn
    emptied: list[int] = field(default_factory=list)  # forests emptied, in that order
    scorings: list[str] = field(default_factory=list)  # "intermediate", "final" once done
    end: str | None = None  # why the game ends: "forests" or "turn_limit"
    bonuses_scored: bool = False
    rules_version: int = RULES_VERSION  # the rules a log was recorded under (see RULES_VERSION)

    def copy(self) -> KilaueaState:
        """An independent copy, each field set on a bare object (the constructor's matching of
        some 30 keywords cost twice as much; the greedy bot copies every position it weighs).
        A field left out fails at once (an unset slot), and the conformance test compares
        every copy. The boards and their sides are shared: evolve replaces those lists (once,
        at setup), never changes them in place."""
        out = _new(KilaueaState)
        out.players = self.players
        out.turn_limit = self.turn_limit
        out.start_player_option = self.start_player_option
        out.forest_sides_option = self.forest_sides_option
        out.phase = self.phase
        out.boards = self.boards
        out.sides = self.sides
        out.forests = list(map(dict.copy, self.forests))
        out.volcano = list(map(list.copy, self.volcano))
        out.prepared = self.prepared
        out.crater = self.crater
        out.reef = list(self.reef)
        out.centres = list(self.centres)
        out.slope = list(self.slope)
        out.canoe = self.canoe
        out.supply = list(self.supply)
        out.box = list(self.box)
        out.stone_box = self.stone_box
        out.stones = list(self.stones)
        out.canoes = list(map(list.copy, self.canoes))
        out.islands = [list(map(list.copy, island)) for island in self.islands]
        out.points = list(map(dict.copy, self.points))
        out.start_player = self.start_player
        out.drafted = self.drafted
        out.active = self.active
        out.turn = self.turn
        out.cuts = self.cuts
        out.may_use = list(self.may_use)
        out.emptied = list(self.emptied)
        out.scorings = list(self.scorings)
        out.end = self.end
        out.bonuses_scored = self.bonuses_scored
        out.rules_version = self.rules_version
        return out

    # -- turn order ------------------------------------------------------------------------

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in turn order, from the start player clockwise."""
        first = self.start_player or 0
        return tuple((first + i) % self.players for i in range(self.players))

    @property
    def drafter(self) -> int | None:
        """Who takes the next Tiki in the draft: turn order, then reverse turn order."""
        if self.phase is not Phase.DRAFT or self.drafted >= 2 * self.players:
            return None
        snake = self.order + tuple(reversed(self.order))
        return snake[self.drafted]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    # -- the table ---------------------------------------------------------------------------

    def template(self, sector: int) -> Template:
        try:
            return TEMPLATES[self.boards[sector], self.sides[sector]]
        except KeyError:
            return C.template(self.boards[sector], self.sides[sector])

    @property
    def sector(self) -> int:
        """The sector the canoe is in (``-1`` at the dock)."""
        return track.sector_of(self.canoe)

    def accessible(self, sector: int) -> list[str]:
        return forest.accessible(self.template(sector), self.forests[sector])

    def face(self, tile: int) -> Face:
        """The face up side of an action tile in play: A on the reef, B in a forest or on the
        slope."""
        return C.face(tile, "A" if tile in self.reef else "B")

    def slope_tiles(self) -> list[int]:
        return [t for t in self.slope if t is not None]

    def height(self, sector: int, colour: str) -> int:
        return self.volcano[sector][COLOUR[colour]]

    def room_in_canoe(self, seat: int) -> int:
        return C.canoe_limit - len(self.canoes[seat])

    def island_tikis(self, seat: int) -> int:
        return sum(len(column) for column in self.islands[seat])

    def score(self, seat: int) -> int:
        return sum(self.points[seat].values())

    # -- moving Tikis (trusted: evolve calls these) ------------------------------------------

    def tikis_by_colour(self) -> list[int]:
        """Every Tiki of each colour wherever it is (supply, box, volcano, forests, canoes,
        islands): 18 each when nothing is lost."""
        return [
            self.supply[c]
            + self.box[c]
            + sum(column[c] for column in self.volcano)
            + sum(list(f.values()).count(colour) for f in self.forests)
            + sum(canoe.count(colour) for canoe in self.canoes)
            + sum(column.count(colour) for island in self.islands for column in island)
            for c, colour in enumerate(C.colours)
        ]

    def take(self, seat: int, place: Place, colour: str) -> None:
        area = place.area
        if area == _FOREST:
            del self.forests[place.sector][place.space]
        elif area == _VOLCANO:
            self.volcano[place.sector][COLOUR[colour]] -= 1
        elif area == _ISLAND:
            column = self.islands[seat][place.sector]
            top = len(column) - 1 - column[::-1].index(colour)
            del column[top]  # the topmost of that colour; the ones above close the gap
        else:
            self.canoes[seat].remove(colour)

    def put(self, seat: int, place: Place, colour: str) -> None:
        area = place.area
        if area == _FOREST:
            self.forests[place.sector][place.space] = colour
        elif area == _VOLCANO:
            self.volcano[place.sector][COLOUR[colour]] += 1
        elif area == _ISLAND:
            self.islands[seat][place.sector].append(colour)
        else:
            self.canoes[seat].append(colour)
            self.canoes[seat].sort(key=COLOUR.__getitem__)

"""The full state of a Mauna Kea game: mutable, ``evolve`` updates it in place, ``copy`` forks."""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from core.games.maunakea.board import SLOT_INDICES, START_TILE_SLOTS, rotated
from core.games.maunakea.components import COMPONENTS, SPACES, Direction, Slot, Space, Terrain

C = COMPONENTS


HIDDEN = "?"  # a card this view may not see
RULES_VERSION = 2
"""1: nobody could leave the island only when no landing with a boat had a space free of lava.
2 (issue 11): when no explorer can reach a space of a docked boat's landing (``leaving``)."""


def _bare_grid() -> tuple[Terrain, ...]:
    """Every space with no tile laid: the volcano, the jungle of the start fields, gaps."""
    grid = [Terrain.NONE] * (SPACES * SPACES)
    for i in SLOT_INDICES[C.volcano]:
        grid[i] = Terrain.VOLCANO
    for slot in C.start_fields:
        for i in SLOT_INDICES[slot]:
            grid[i] = Terrain.JUNGLE
    return tuple(grid)


BARE_GRID = _bare_grid()


class Phase(StrEnum):
    SETUP = "setup"  # start tiles, boats and the start player are being drawn
    DRAFT = "draft"  # advanced game: each player keeps 4 of 6 cards, in secret, all at once
    PLACEMENT = "placement"  # explorers placed one at a time, counter-clockwise
    OPENING = "opening"  # opening hands drawn one tile at a time, counter-clockwise
    TURN = "turn"  # the active player plays every tile in hand
    REFILL = "refill"  # the active player draws back to 5 MP (lava is placed at once)
    HANDOVER = "handover"  # between two turns
    OVER = "over"


class Status(StrEnum):
    SUPPLY = "supply"  # not yet placed
    ISLAND = "island"
    BOAT = "boat"  # saved in a boat
    LOST = "lost"  # covered by lava
    RESCUED = "rescued"  # flown out by helicopter (advanced game)


_ISLAND = Status.ISLAND  # looked up once: an enum member costs ~70 ns a lookup on Python 3.11


class Kind(StrEnum):
    START = "start"
    TERRAIN = "terrain"
    LAVA = "lava"


@dataclass(frozen=True, slots=True)
class Placed:
    """What lies in a slot: a start, terrain or lava tile and its orientation.

    ``turn`` is clockwise quarter turns for start and terrain tiles, and the travel direction
    (``Direction``) for lava tiles.
    """

    kind: Kind
    tile: int
    turn: int


_new_state = object.__new__  # the copies set every field themselves (see MaunaKeaState.copy)


@dataclass(slots=True)
class Explorer:
    seat: int
    index: int
    status: Status = Status.SUPPLY
    space: Space | None = None
    carried: list[str] = field(default_factory=list)

    def clone(self) -> Explorer:
        out: Explorer = _new_state(Explorer)
        out.seat = self.seat
        out.index = self.index
        out.status = self.status
        out.space = self.space
        out.carried = list(self.carried)
        return out


@dataclass(frozen=True, slots=True)
class Head:
    """Where a lava flow's branch grows next: a slot and the direction it travels there."""

    slot: Slot
    travel: Direction
    length: int  # tiles placed on this branch since it split
    dot: bool  # this branch is the one marked "•" at its fork
    age: int  # creation order, oldest first


@dataclass(frozen=True, slots=True)
class TakenBoat:
    seat: int
    boat: int
    explorer: int
    cargo: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rescue:
    """A helicopter rescue: the explorer and its artifacts sit on the played card."""

    seat: int
    card: str
    explorer: int
    artifacts: tuple[str, ...]


class Quake(StrEnum):
    """Where an earthquake card stands: the player decides to draw, draws, then places."""

    DECIDE = "decide"
    DRAW = "draw"
    PLACE = "place"


@dataclass(frozen=True, slots=True)
class EndState:
    """The end was triggered: by what, in whose turn and on which turn; who gets a final turn
    after it, in order (``final_turns``, kept to the end), and who of them is yet to play it."""

    reason: str
    seat: int
    turn: int
    final_turns: tuple[int, ...]
    to_play: tuple[int, ...]


@dataclass(slots=True)
class MaunaKeaState:
    players: int
    advanced: bool = False
    turn_limit: int | None = None
    start_player_option: int | None = None
    phase: Phase = Phase.SETUP
    start_player: int | None = None
    placer: int | None = None
    last_placer: int | None = None
    drawer: int | None = None
    active: int | None = None
    turn: int = 0
    pool: int = 0
    board: dict[Slot, Placed] = field(default_factory=dict)
    covered: list[Placed] = field(default_factory=list)  # tiles buried under lava
    artifacts: dict[Space, list[str]] = field(default_factory=dict)
    lost_artifacts: list[str] = field(default_factory=list)
    explorers: list[list[Explorer]] = field(default_factory=list)
    docked: dict[int, int] = field(default_factory=dict)  # landing -> boat
    taken: list[TakenBoat] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    bag: list[int] = field(default_factory=list)  # always sorted: draw k takes bag[k]
    set_aside: list[int] = field(default_factory=list)
    pending_lava: int | None = None
    lava_lost: list[int] = field(default_factory=list)
    spent_out: list[int] = field(default_factory=list)  # advanced game: spent tiles leave
    heads: list[list[Head]] = field(default_factory=list)
    head_age: int = 0
    end: EndState | None = None
    boats_laid: bool = False
    # advanced game
    cards_dealt: bool = False
    dealt: list[list[str]] = field(default_factory=list)  # the 6 dealt, until 4 are kept
    cards: list[list[str]] = field(default_factory=list)  # cards in hand ("?" when hidden)
    discarded: list[list[str]] = field(default_factory=list)  # the 2 set aside unseen
    undealt: list[str] = field(default_factory=list)  # never dealt, removed unseen
    played: list[str] = field(default_factory=list)  # action cards played, out of the game
    rescued: list[Rescue] = field(default_factory=list)
    quake: Quake | None = None
    quake_tile: int | None = None
    revealed: bool = False  # task cards turned over at scoring
    rules_version: int = RULES_VERSION  # the rules a log was recorded under (see RULES_VERSION)
    # what ``leaving.nobody_can_leave`` last found, and for which board and boats
    exits_memo: tuple[tuple[int, ...], bool] | None = field(default=None, compare=False)
    # what every space is now, by ``board.index_of``: ``board`` seen space by space, kept in
    # step by ``lay`` (the only way a tile reaches the board) for the searches that ask it
    # thousands of times a turn
    grid: list[Terrain] = field(default_factory=lambda: list(BARE_GRID), compare=False, repr=False)

    def copy(self) -> MaunaKeaState:
        """An independent copy, each field set on a bare object (the constructor's matching of
        some 40 keywords cost about twice as much; every bot's view is a copy). A field left
        out fails at once (an unset slot), and the conformance test compares every copy."""
        out: MaunaKeaState = _new_state(MaunaKeaState)
        out.players = self.players
        out.advanced = self.advanced
        out.turn_limit = self.turn_limit
        out.start_player_option = self.start_player_option
        out.phase = self.phase
        out.start_player = self.start_player
        out.placer = self.placer
        out.last_placer = self.last_placer
        out.drawer = self.drawer
        out.active = self.active
        out.turn = self.turn
        out.pool = self.pool
        out.board = dict(self.board)
        out.covered = list(self.covered)
        out.artifacts = {k: list(v) for k, v in self.artifacts.items()}
        out.lost_artifacts = list(self.lost_artifacts)
        out.explorers = [list(map(_clone, row)) for row in self.explorers]
        out.docked = dict(self.docked)
        out.taken = list(self.taken)
        out.hands = [list(h) for h in self.hands]
        out.bag = list(self.bag)
        out.set_aside = list(self.set_aside)
        out.pending_lava = self.pending_lava
        out.lava_lost = list(self.lava_lost)
        out.spent_out = list(self.spent_out)
        out.heads = [list(h) for h in self.heads]
        out.head_age = self.head_age
        out.end = self.end
        out.boats_laid = self.boats_laid
        out.cards_dealt = self.cards_dealt
        out.dealt = [list(h) for h in self.dealt]
        out.cards = [list(h) for h in self.cards]
        out.discarded = [list(h) for h in self.discarded]
        out.undealt = list(self.undealt)
        out.played = list(self.played)
        out.rescued = list(self.rescued)
        out.quake = self.quake
        out.quake_tile = self.quake_tile
        out.revealed = self.revealed
        out.rules_version = self.rules_version
        out.exits_memo = self.exits_memo
        out.grid = list(self.grid)
        return out

    def shallow(self) -> MaunaKeaState:
        """A new state whose fields are this one's own lists and dicts, none copied: for a
        reader that changes nothing and is done before this state changes (``secrecy.look``).
        Each field set by hand, as in :meth:`copy` (a loop of ``setattr`` cost three times as
        much); a field left out fails at once (an unset slot)."""
        out: MaunaKeaState = _new_state(MaunaKeaState)
        out.players = self.players
        out.advanced = self.advanced
        out.turn_limit = self.turn_limit
        out.start_player_option = self.start_player_option
        out.phase = self.phase
        out.start_player = self.start_player
        out.placer = self.placer
        out.last_placer = self.last_placer
        out.drawer = self.drawer
        out.active = self.active
        out.turn = self.turn
        out.pool = self.pool
        out.board = self.board
        out.covered = self.covered
        out.artifacts = self.artifacts
        out.lost_artifacts = self.lost_artifacts
        out.explorers = self.explorers
        out.docked = self.docked
        out.taken = self.taken
        out.hands = self.hands
        out.bag = self.bag
        out.set_aside = self.set_aside
        out.pending_lava = self.pending_lava
        out.lava_lost = self.lava_lost
        out.spent_out = self.spent_out
        out.heads = self.heads
        out.head_age = self.head_age
        out.end = self.end
        out.boats_laid = self.boats_laid
        out.cards_dealt = self.cards_dealt
        out.dealt = self.dealt
        out.cards = self.cards
        out.discarded = self.discarded
        out.undealt = self.undealt
        out.played = self.played
        out.rescued = self.rescued
        out.quake = self.quake
        out.quake_tile = self.quake_tile
        out.revealed = self.revealed
        out.rules_version = self.rules_version
        out.exits_memo = self.exits_memo
        out.grid = self.grid
        return out

    def lay(self, slot: Slot, placed: Placed) -> None:
        """Put ``placed`` on ``slot`` (over whatever lay there), keeping ``grid`` in step."""
        self.board[slot] = placed
        grid = self.grid
        if placed.kind is Kind.LAVA:
            for i in SLOT_INDICES[slot]:
                grid[i] = Terrain.LAVA
        else:
            squares = _SQUARES[placed.kind, placed.tile, placed.turn]
            for i, terrain in zip(SLOT_INDICES[slot], squares, strict=True):
                grid[i] = terrain

    # -- queries -------------------------------------------------------------------------

    def terrain(self, space: Space) -> Terrain:
        """What ``space`` is now (no tile, jungle, water, mountain, lava, volcano)."""
        x, y = space
        if 0 <= x < SPACES and 0 <= y < SPACES:
            return self.grid[SPACES * x + y]
        return Terrain.NONE

    def occupant(self, space: Space) -> Explorer | None:
        for row in self.explorers:
            for e in row:
                if e.space == space and e.status is _ISLAND:
                    return e
        return None

    def occupied(self) -> set[Space]:
        return {
            e.space
            for row in self.explorers
            for e in row
            if e.status is _ISLAND and e.space is not None
        }

    def on_island(self, seat: int) -> list[Explorer]:
        return [e for e in self.explorers[seat] if e.status is _ISLAND]

    def hand_mp(self, seat: int) -> int:
        return sum(C.mp(t) for t in self.hands[seat])

    def empty_slot(self, slot: Slot) -> bool:
        """A slot a terrain tile may be placed on: on the board, no tile, not fixed."""
        return (
            0 <= slot[0] < 9
            and 0 <= slot[1] < 9
            and slot not in self.board
            and slot != C.volcano
            and slot not in C.start_fields
            and slot not in START_TILE_SLOTS
        )

    def island_tiles(self) -> list[int]:
        """Every island tile wherever it is (board, under lava, hands, bag, set aside, out)."""
        return (
            [p.tile for p in self.board.values() if p.kind is not Kind.START]
            + [p.tile for p in self.covered if p.kind is not Kind.START]
            + [t for hand in self.hands for t in hand]
            + self.bag
            + self.set_aside
            + self.lava_lost
            + self.spent_out
            + ([self.pending_lava] if self.pending_lava is not None else [])
            + ([self.quake_tile] if self.quake_tile is not None else [])
        )

    def artifact_colours(self) -> Counter[str]:
        """Every artifact by colour: on spaces, carried, in boats, on helicopter cards, lost."""
        return Counter(
            [a for pile in self.artifacts.values() for a in pile]
            + [a for row in self.explorers for e in row for a in e.carried]
            + [a for t in self.taken for a in t.cargo]
            + [a for r in self.rescued for a in r.artifacts]
            + self.lost_artifacts
        )

    def put_in_bag(self, tile: int) -> None:
        bisect.insort(self.bag, tile)

    def ccw(self, seat: int) -> int:
        """The next seat counter-clockwise (seats are numbered clockwise)."""
        return (seat - 1) % self.players

    def cw(self, seat: int) -> int:
        return (seat + 1) % self.players


_clone = Explorer.clone

_SQUARES: dict[tuple[Kind, int, int], tuple[Terrain, ...]] = {
    **{
        (Kind.START, t.id, turn): rotated(t.squares, turn)
        for t in C.start_tiles
        for turn in range(4)
    },
    **{
        (Kind.TERRAIN, t.id, turn): rotated(t.squares, turn) for t in C.terrain for turn in range(4)
    },
}

"""Build Mauna Kea positions for scenario tests, and drive them with scripted draws.

A scenario names only what matters ("a JJWW tile at D4, Red's explorer on g8 carrying a white
artifact"); the builder completes a valid JSON position (every other island tile in the bag,
every other explorer out of the game) and loads it through ``RULES.load_position``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.errors import IllegalCommand
from core.games.maunakea import RULES
from core.games.maunakea.board import parse_slot, parse_space, space_name
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.position import FORMAT
from core.games.maunakea.state import MaunaKeaState
from core.messages import Command, Event

LETTERS = {"J": 1, "W": 2, "M": 3}
FLOWS = {"▲": 0, "●": 1, "■": 2, "◆": 3}


def terrain_ids(squares: str) -> list[int]:
    """Terrain tile ids whose unturned squares read ``squares`` (e.g. "JJWW")."""
    want = tuple(LETTERS[ch] for ch in squares)
    return [t.id for t in C.terrain if tuple(int(s) for s in t.squares) == want]


def lava_id(glyph: str, shape: str, nth: int = 0) -> int:
    flow = FLOWS[glyph]
    return [t.id for t in C.lava if t.flow == flow and t.shape == shape][nth]


class Builder:
    def __init__(
        self, players: int = 2, active: int = 0, turn: int = 5, advanced: bool = False
    ) -> None:
        self.players = players
        self.advanced = advanced
        self.hand_cards: list[list[str]] = [[] for _ in range(players)]
        self.doc: dict[str, Any] = {
            "game": "maunakea",
            "format": FORMAT,
            "config": {
                "players": players,
                "advanced": advanced,
                "turn_limit": None,
                "start_player": None,
            },
            "phase": "turn",
            "start_player": 0,
            "last_placer": 0,
            "active": active,
            "turn": turn,
            "pool": 0,
            "board": {},
            "covered": [],
            "artifacts": {},
            "lost_artifacts": [],
            "explorers": [
                [
                    {"status": "lost", "space": None, "carried": []}
                    for _ in range(C.explorers_per_player[players])
                ]
                for _ in range(players)
            ],
            "docked": {landing.name: C.boats[landing.index].colour for landing in C.landings},
            "taken": [],
            "hands": [[] for _ in range(players)],
            "bag": [],
            "heads": {
                f.name: [
                    {
                        "slot": _slot_name(f.head),
                        "travel": f.travel.name,
                        "length": 0,
                        "dot": False,
                        "age": f.index,
                    }
                ]
                for f in C.flows
            },
            "head_age": len(C.flows),
            "boats_laid": True,
        }
        self._used: set[int] = set()

    def _take(self, candidates: Iterable[int]) -> int:
        for tile in candidates:
            if tile not in self._used:
                self._used.add(tile)
                return tile
        raise ValueError("no such tile left")

    def tile(self, slot: str, squares: str = "JJJJ", turn: int = 0) -> int:
        tile = self._take(terrain_ids(squares))
        self.doc["board"][slot] = {"terrain": tile, "turn": turn}
        return tile

    def lava(self, slot: str, glyph: str, shape: str = "straight", travel: str = "N") -> int:
        flow = FLOWS[glyph]
        tile = self._take(t.id for t in C.lava if t.flow == flow and t.shape == shape)
        self.doc["board"][slot] = {"lava": tile, "travel": travel}
        return tile

    def heads(self, glyph: str, *heads: tuple[str, str, int, bool]) -> None:
        """Replace a flow's heads: (slot, travel, length, dot), ages in the order given."""
        name = C.flows[FLOWS[glyph]].name
        self.doc["heads"][name] = [
            {"slot": slot, "travel": travel, "length": length, "dot": dot, "age": 10 + i}
            for i, (slot, travel, length, dot) in enumerate(heads)
        ]
        self.doc["head_age"] = 100

    def explorer(self, seat: int, index: int, at: str, carrying: Iterable[str] = ()) -> None:
        self.doc["explorers"][seat][index] = {
            "status": "island",
            "space": at,
            "carried": list(carrying),
        }

    def artifacts(self, space: str, *colours: str) -> None:
        self.doc["artifacts"][space] = list(colours)

    def hand(self, seat: int, *mps: int, lava: Iterable[int] = ()) -> list[int]:
        """Give ``seat`` one terrain tile per MP value (e.g. ``hand(0, 3, 2)``)."""
        tiles = [self._take(t.id for t in C.terrain if t.mp == mp) for mp in mps]
        self.doc["hands"][seat].extend(tiles)
        return tiles

    def hand_tiles(self, seat: int, *squares: str) -> list[int]:
        """Give ``seat`` one terrain tile per pattern of squares (``hand_tiles(0, "JJMM")``)."""
        tiles = [self._take(terrain_ids(pattern)) for pattern in squares]
        self.doc["hands"][seat].extend(tiles)
        return tiles

    def pool(self, mp: int) -> None:
        self.doc["pool"] = mp

    def dock_only(self, **boats: str) -> None:
        """Keep only these landings docked (landing name -> boat colour); the rest taken."""
        self.doc["docked"] = dict(boats)
        free = [b.colour for b in C.boats if b.colour not in boats.values()]
        self.doc["taken"] = [
            {"seat": 0, "boat": colour, "explorer": 0, "cargo": []} for colour in free
        ]

    def cards(self, seat: int, *cards: str) -> None:
        self.hand_cards[seat].extend(cards)

    def rescue(self, seat: int, index: int, card: str, artifacts: Iterable[str] = ()) -> None:
        self.doc["explorers"][seat][index] = {"status": "rescued", "space": None, "carried": []}
        self.doc.setdefault("rescued", []).append(
            {"seat": seat, "card": card, "explorer": index, "artifacts": list(artifacts)}
        )
        self.doc.setdefault("played_extra", []).append(card)

    def position(self) -> dict[str, Any]:
        used_here = set(self._used)
        self.doc["bag"] = [t for t in range(C.island_tiles) if t not in used_here]
        if self.advanced:
            held = {c for hand in self.hand_cards for c in hand}
            played = self.doc.pop("played_extra", [])
            self.doc.update(
                cards_dealt=True,
                cards=[list(h) for h in self.hand_cards],
                dealt=[[] for _ in range(self.players)],
                discarded=[[] for _ in range(self.players)],
                played=played,
                undealt=[c.id for c in C.cards if c.id not in held and c.id not in played],
            )
        return self.doc

    def state(self) -> MaunaKeaState:
        return RULES.load_position(self.position())


def _slot_name(slot: tuple[int, int]) -> str:
    return f"{'ABCDEFGHI'[slot[0]]}{slot[1] + 1}"


class Driver:
    """Applies commands to a state and settles forced events; draws come from a script."""

    def __init__(self, state: MaunaKeaState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.script: list[int] = []

    def draws(self, *tiles: int) -> Driver:
        self.script.extend(tiles)
        return self

    def apply(self, events: Iterable[Event]) -> list[Event]:
        out = []
        for event in events:
            RULES.evolve(self.state, event)
            self.events.append(event)
            out.append(event)
        return out

    def settle(self) -> list[Event]:
        out: list[Event] = []
        while True:
            forced = RULES.forced(self.state)
            if forced:
                out += self.apply(forced)
                continue
            sizes = RULES.chance(self.state)
            if sizes is None or not self.script:
                return out
            tile = self.script.pop(0)
            event = RULES.resolve(self.state, [self.state.bag.index(tile)])
            out += self.apply([event])

    def do(self, seat: int, command: Command) -> list[Event]:
        return self.apply(RULES.decide(self.state, seat, command)) + self.settle()

    def refused(self, seat: int, command: Command) -> str:
        try:
            RULES.decide(self.state, seat, command)
        except IllegalCommand as exc:
            return str(exc)
        raise AssertionError(f"{command!r} was accepted")


def sp(name: str) -> tuple[int, int]:
    return parse_space(name)


def sl(name: str) -> tuple[int, int]:
    return parse_slot(name)


__all__ = ["Builder", "Driver", "lava_id", "sl", "sp", "space_name", "terrain_ids"]

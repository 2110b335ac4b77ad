"""A greedy Kilauea bot: each command is judged by the position it leads to.

The position is valued for the bot's seat as its VP, plus what its island would score in each
scoring still to come (with the volcano as it stands), plus small values for what helps later:
Sacred Stones, Tikis in the canoe, island sectors towards the 15 VP bonus. Moving the canoe is
judged one command deeper, by the best main action it makes possible. Ties go to ending the turn
(no pointless tile uses), then to a seeded draw.

Only a canoe move's position is built (a copy, its events evolved); every other command's value
is counted from its events beside the position's own parts (:func:`value_after`), sector by
sector, with the same sum as :func:`value`, so it plays exactly as when it built each position.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea import flow, scoring, tiles, track
from core.games.kilauea.components import COMPONENTS, Area
from core.games.kilauea.evolve import evolve
from core.games.kilauea.play import decide, free_steps, legal_commands
from core.games.kilauea.state import (
    COLOUR,
    ISLAND_COLUMNS,
    VOLCANO_COLUMNS,
    KilaueaState,
    Phase,
    Place,
)
from core.messages import Command, Event
from core.protocol import Rules, Seat
from core.rng import Rng

C = COMPONENTS
STONE = 0.8
CANOE_TIKI = 1.5
SECTOR_STARTED = 2.5
IN_TURN = (Phase.MAIN, Phase.CUTTING, Phase.ACTIONS)
_SECTORS = len(C.sectors)
_VOLCANO, _ISLAND, _CANOE = Area.VOLCANO.value, Area.ISLAND.value, Area.CANOE.value
_NO_VALUE = (ev.Passed, ev.TurnEnded)
"""Events of a command that change no part of the value."""


def worth(
    score: int, scorings_left: int, island: int, sectors: int, stones: int, canoe: int
) -> float:
    """:func:`value` from its parts: VP, the island's worth in a scoring, sectors with a Tiki,
    Sacred Stones and canoe Tikis (one sum in one order, so equal parts give an equal float)."""
    bonus = C.all_sectors_vp if sectors == _SECTORS else SECTOR_STARTED * sectors
    return (
        score
        + scorings_left * island
        + bonus * (scorings_left > 0)
        + STONE * stones
        + CANOE_TIKI * canoe
    )


def value(state: KilaueaState, seat: int) -> float:
    """How good ``state`` looks for ``seat``."""
    island = state.islands[seat]
    return worth(
        state.score(seat),
        2 - len(state.scorings),
        scoring.island_value(state, seat),
        len(island) - island.count([]),  # the sectors with a Tiki
        state.stones[seat],
        len(state.canoes[seat]),
    )


class Parts(NamedTuple):
    """What :func:`value` is made of in one position, for one seat: each island sector's
    worth apart, so a command that changes one sector recounts only that one."""

    score: int
    scorings_left: int
    sector_worths: list[int]
    island: int
    sectors: int
    stones: int
    canoe: int


def parts(state: KilaueaState, seat: int) -> Parts:
    island = state.islands[seat]
    worths = [scoring.column_worth(h, c) for h, c in zip(state.volcano, island, strict=True)]
    return Parts(
        state.score(seat),
        2 - len(state.scorings),
        worths,
        sum(worths),
        len(island) - island.count([]),
        state.stones[seat],
        len(state.canoes[seat]),
    )


def after(state: KilaueaState, seat: int, command: Command) -> KilaueaState:
    """The position after ``command`` and its in-turn consequences (freed tiles)."""
    s = state.copy()
    for event in events_of(s, seat, command):
        evolve(s, event)
    while s.phase in IN_TURN and (follow := flow.forced(s)):
        for event in follow:
            evolve(s, event)
    return s


def events_of(state: KilaueaState, seat: int, command: Command) -> list[Event]:
    """``decide``'s events for a legal ``command`` (a tile use's and a canoe move's without
    their checks)."""
    kind = type(command)
    if kind is cmd.UseTile:
        return tiles.trusted(state, seat, command)  # type: ignore[arg-type]
    if kind is cmd.MoveCanoe:
        steps = command.steps  # type: ignore[attr-defined]
        paid = max(0, steps - free_steps(state, seat))
        return [ev.CanoeMoved(seat, steps, track.advance(state.players, state.canoe, steps), paid)]
    return decide(state, seat, command)


def value_after(
    state: KilaueaState, seat: int, command: Command, base: Parts | None = None
) -> float:
    """``value(after(state, seat, command), seat)`` for a legal command other than a canoe
    move, without the copy: the parts of the value that the command's events change are
    counted from the events (what follows them in the turn, freed tiles and emptied forests,
    changes none of them). ``base`` is :func:`parts` of ``state`` for ``seat``."""
    if base is None:
        base = parts(state, seat)
    score, stones, canoe = base.score, base.stones, base.canoe
    heights: dict[int, list[int]] = {}  # the volcano's sectors the events change
    columns: dict[int, list[str]] = {}  # the seat's island columns they change
    volcano, island = state.volcano, state.islands[seat]

    def take(place: Place, colour: str) -> int:
        area = place.area
        if area == _VOLCANO:
            k = place.sector
            heights.setdefault(k, list(volcano[k]))[COLOUR[colour]] -= 1
        elif area == _ISLAND:
            k = place.sector
            columns.setdefault(k, list(island[k])).remove(colour)
        elif area == _CANOE:
            return -1
        return 0

    def put(place: Place, colour: str) -> int:
        area = place.area
        if area == _VOLCANO:
            k = place.sector
            heights.setdefault(k, list(volcano[k]))[COLOUR[colour]] += 1
        elif area == _ISLAND:
            k = place.sector
            columns.setdefault(k, list(island[k])).append(colour)
        elif area == _CANOE:
            return 1
        return 0

    events: list[Any] = events_of(state, seat, command)  # told apart by type, not isinstance
    for e in events:
        kind = type(e)
        if kind is ev.TikiMoved:
            canoe += take(e.source, e.colour) + put(e.target, e.colour)
        elif kind is ev.TileUsed:
            stones -= e.paid
        elif kind is ev.StonesTaken:
            stones += e.stones
        elif kind is ev.PointsGained:
            score += e.points
        elif kind is ev.TikiCut:
            canoe += 1
        elif kind is ev.BuiltOnVolcano:
            canoe -= 1
            put(VOLCANO_COLUMNS[e.sector], e.colour)
            stones += e.stones
        elif kind is ev.BuiltOnIsland:
            canoe -= 1
            put(ISLAND_COLUMNS[e.sector], e.colour)
            stones -= e.paid
        elif kind is ev.TikiDrafted:
            take(VOLCANO_COLUMNS[e.sector], e.colour)
            canoe += 1
        elif kind not in _NO_VALUE:
            return value(after(state, seat, command), seat)
    worth_now, sectors = base.island, base.sectors
    if heights or columns:
        worths = base.sector_worths
        for k in heights.keys() | columns.keys():
            column = columns.get(k, island[k])
            worth_now += scoring.column_worth(heights.get(k, volcano[k]), column) - worths[k]
            sectors += (len(column) > 0) - (len(island[k]) > 0)
    return worth(score, base.scorings_left, worth_now, sectors, stones, canoe)


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: str) -> None:
        self._rng = Rng(seed)

    def _judge(
        self, state: KilaueaState, seat: int, command: Command, base: Parts | None = None
    ) -> float:
        """The value of ``command``'s position (``base``: :func:`parts` of ``state``); a canoe
        move's is that of the best main action it makes possible."""
        if isinstance(command, cmd.MoveCanoe):
            nxt = after(state, seat, command)
            follow = legal_commands(nxt, seat)
            moved = parts(nxt, seat)
            return max(value_after(nxt, seat, c, moved) for c in follow)
        return value_after(state, seat, command, base)

    def choose(
        self, rules: Rules[Any], state: Any, seat: Seat, commands: list[Command] | None = None
    ) -> Command:
        """The best of the legal ``commands`` (listed here when not given)."""
        if commands is None:
            commands = legal_commands(state, seat)
        if not commands:
            raise RuntimeError(f"seat {seat} has no legal command")
        if len(commands) == 1:
            return commands[0]
        base = parts(state, seat)
        judged = [
            (self._judge(state, seat, c, base), isinstance(c, cmd.EndTurn), c) for c in commands
        ]
        best = max(v for v, _, _ in judged)
        top = [(end, c) for v, end, c in judged if v >= best - 1e-9]
        if any(end for end, _ in top):
            return next(c for end, c in top if end)
        return top[self._rng.below(len(top))][1]

"""Applying trusted events to the state, in place. Never validates, never raises on a valid log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.games.kilauea import events as ev
from core.games.kilauea import track
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import (
    CANOE,
    COLOUR,
    ISLAND_COLUMNS,
    VOLCANO_COLUMNS,
    KilaueaState,
    Phase,
)
from core.lifecycle import TABLE_EVENT_HANDLERS

C = COMPONENTS
# the phases by name: on Python 3.11 ``Phase.MAIN`` goes through EnumType's ``__getattr__``
# hook (~70 ns), and nearly every event sets one
_ACTIONS = Phase.ACTIONS
_CUTTING = Phase.CUTTING
_DRAFT = Phase.DRAFT
_FINAL = Phase.FINAL
_HANDOVER = Phase.HANDOVER
_MAIN = Phase.MAIN
_MOVE = Phase.MOVE
_OVER = Phase.OVER


def _forests_laid(s: KilaueaState, e: ev.ForestsLaid) -> None:
    s.boards = list(e.boards)
    s.sides = list(e.sides)


def _tikis_boxed(s: KilaueaState, e: ev.TikisBoxed) -> None:
    for c in range(len(C.colours)):
        s.supply[c] -= e.per_colour
        s.box[c] += e.per_colour


def _volcano_prepared(s: KilaueaState, e: ev.VolcanoPrepared) -> None:
    for column in s.volcano:
        for c in range(len(C.colours)):
            column[c] += 1
            s.supply[c] -= 1
    s.crater += e.stones
    s.stone_box -= e.stones
    s.prepared = True


def _forests_filled(s: KilaueaState, e: ev.ForestsFilled) -> None:
    for k, space, colour in e.tikis:
        s.forests[k][space] = colour
        s.supply[COLOUR[colour]] -= 1


def _tiles_dealt(s: KilaueaState, e: ev.ActionTilesDealt) -> None:
    s.reef = list(e.reef)
    s.centres = list(e.centres)


def _start_player(s: KilaueaState, e: ev.StartPlayerChosen) -> None:
    s.start_player = e.seat


def _stones_dealt(s: KilaueaState, e: ev.StonesDealt) -> None:
    s.stones = list(e.stones)
    s.stone_box -= sum(e.stones)
    s.phase = _DRAFT


def _drafted(s: KilaueaState, e: ev.TikiDrafted) -> None:
    s.take(e.seat, VOLCANO_COLUMNS[e.sector], e.colour)
    s.put(e.seat, CANOE, e.colour)
    s.drafted += 1


def _turn_started(s: KilaueaState, e: ev.TurnStarted) -> None:
    s.phase = _MOVE
    s.active = e.seat
    s.turn = e.turn
    s.cuts = 0
    s.may_use = []


def _canoe_moved(s: KilaueaState, e: ev.CanoeMoved) -> None:
    s.canoe = e.space
    s.stones[e.seat] -= e.paid
    s.crater += e.paid
    s.phase = _MAIN


def _tiki_cut(s: KilaueaState, e: ev.TikiCut) -> None:
    del s.forests[e.forest][e.space]
    s.put(e.seat, CANOE, e.colour)
    s.cuts += 1
    if s.cuts == 1:
        s.may_use.append(s.reef[track.reef_next_to(s.canoe)])
    s.phase = _CUTTING if s.cuts < C.cut_at_most else _ACTIONS


def _built_on_volcano(s: KilaueaState, e: ev.BuiltOnVolcano) -> None:
    s.take(e.seat, CANOE, e.colour)
    s.put(e.seat, VOLCANO_COLUMNS[e.sector], e.colour)
    s.stones[e.seat] += e.stones
    s.crater -= e.stones
    slope = s.slope[e.sector]
    if slope is not None:
        s.may_use.append(slope)
    s.phase = _ACTIONS


def _built_on_island(s: KilaueaState, e: ev.BuiltOnIsland) -> None:
    s.stones[e.seat] -= e.paid
    s.crater += e.paid
    s.take(e.seat, CANOE, e.colour)
    s.put(e.seat, ISLAND_COLUMNS[e.sector], e.colour)
    s.phase = _ACTIONS


def _passed(s: KilaueaState, e: ev.Passed) -> None:
    s.phase = _ACTIONS


def _tile_used(s: KilaueaState, e: ev.TileUsed) -> None:
    s.may_use.remove(e.tile)
    s.stones[e.seat] -= e.paid
    s.crater += e.paid
    s.phase = _ACTIONS


def _tiki_moved(s: KilaueaState, e: ev.TikiMoved) -> None:
    s.take(e.seat, e.source, e.colour)
    s.put(e.seat, e.target, e.colour)


def _stones_taken(s: KilaueaState, e: ev.StonesTaken) -> None:
    s.stones[e.seat] += e.stones
    s.crater -= e.stones


def _points_gained(s: KilaueaState, e: ev.PointsGained) -> None:
    s.points[e.seat]["tiles"] += e.points


def _tile_unlocked(s: KilaueaState, e: ev.VolcanoTileUnlocked) -> None:
    s.centres[e.sector] = None
    s.slope[e.sector] = e.tile
    s.may_use.append(e.tile)


def _forest_emptied(s: KilaueaState, e: ev.ForestEmptied) -> None:
    s.emptied.append(e.forest)


def _turn_ended(s: KilaueaState, e: ev.TurnEnded) -> None:
    s.phase = _HANDOVER
    s.cuts = 0
    s.may_use = []


def _scoring_round(s: KilaueaState, e: ev.ScoringRound) -> None:
    for row in e.points:
        for seat, points in enumerate(row):
            s.points[seat][e.kind] += points
    s.scorings.append(e.kind)


def _game_ending(s: KilaueaState, e: ev.GameEnding) -> None:
    s.end = e.reason
    s.phase = _FINAL


def _final_bonuses(s: KilaueaState, e: ev.FinalBonuses) -> None:
    for seat in range(s.players):
        s.points[seat]["all sectors"] += e.all_sectors[seat]
        s.points[seat]["stones"] += e.stones[seat]
        s.points[seat]["canoe"] += e.canoe[seat]
    s.bonuses_scored = True


def _game_over(s: KilaueaState, e: ev.GameOver) -> None:
    s.phase = _OVER
    s.active = None


HANDLERS: dict[type[Any], Callable[[KilaueaState, Any], None]] = {
    **TABLE_EVENT_HANDLERS,  # a table's own events (clocks): nothing changes
    ev.ForestsLaid: _forests_laid,
    ev.TikisBoxed: _tikis_boxed,
    ev.VolcanoPrepared: _volcano_prepared,
    ev.ForestsFilled: _forests_filled,
    ev.ActionTilesDealt: _tiles_dealt,
    ev.StartPlayerChosen: _start_player,
    ev.StonesDealt: _stones_dealt,
    ev.TikiDrafted: _drafted,
    ev.TurnStarted: _turn_started,
    ev.CanoeMoved: _canoe_moved,
    ev.TikiCut: _tiki_cut,
    ev.BuiltOnVolcano: _built_on_volcano,
    ev.BuiltOnIsland: _built_on_island,
    ev.Passed: _passed,
    ev.TileUsed: _tile_used,
    ev.TikiMoved: _tiki_moved,
    ev.StonesTaken: _stones_taken,
    ev.PointsGained: _points_gained,
    ev.VolcanoTileUnlocked: _tile_unlocked,
    ev.ForestEmptied: _forest_emptied,
    ev.TurnEnded: _turn_ended,
    ev.ScoringRound: _scoring_round,
    ev.GameEnding: _game_ending,
    ev.FinalBonuses: _final_bonuses,
    ev.GameOver: _game_over,
}


def evolve(state: KilaueaState, event: Any) -> KilaueaState:
    HANDLERS[type(event)](state, event)
    return state

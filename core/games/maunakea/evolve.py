"""Applying trusted events to the state, in place. Never validates, never raises on a valid log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core.games.maunakea import events as ev
from core.games.maunakea.board import spaces_of
from core.games.maunakea.components import COMPONENTS, Direction
from core.games.maunakea.lava import colour_key, grow
from core.games.maunakea.state import (
    HIDDEN,
    EndState,
    Kind,
    MaunaKeaState,
    Phase,
    Placed,
    Quake,
    Rescue,
    Status,
    TakenBoat,
)
from core.lifecycle import TABLE_EVENT_HANDLERS
from core.messages import Event

C = COMPONENTS
# the members by name: on Python 3.11 ``Phase.TURN`` goes through EnumType's ``__getattr__``
# hook (~70 ns), and the fold pays it on nearly every event
_LAVA = Kind.LAVA
_START = Kind.START
_TERRAIN = Kind.TERRAIN
_DRAFT = Phase.DRAFT
_HANDOVER = Phase.HANDOVER
_OPENING = Phase.OPENING
_OVER = Phase.OVER
_PLACEMENT = Phase.PLACEMENT
_REFILL = Phase.REFILL
_SETUP = Phase.SETUP
_TURN = Phase.TURN
_DECIDE = Quake.DECIDE
_DRAW = Quake.DRAW
_PLACE = Quake.PLACE
_BOAT = Status.BOAT
_ISLAND = Status.ISLAND
_LOST = Status.LOST
_RESCUED = Status.RESCUED
_SUPPLY = Status.SUPPLY


def _start_tiles(s: MaunaKeaState, e: ev.StartTilesLaid) -> None:
    for slot, tile, turn in e.tiles:
        s.lay(slot, Placed(_START, tile, turn))
        spaces = spaces_of(slot)
        for quadrant, colour in C.start_tiles[tile].markers:
            # a marker on square q of the unturned tile lands on square q + turn
            space = spaces[(quadrant + turn) % 4]
            s.artifacts.setdefault(space, []).append(colour)
    for pile in s.artifacts.values():
        pile.sort(key=colour_key)


def _boats(s: MaunaKeaState, e: ev.BoatsDocked) -> None:
    s.docked = dict(enumerate(e.boats))
    s.boats_laid = True


def _start_player(s: MaunaKeaState, e: ev.StartPlayerChosen) -> None:
    s.start_player = e.seat
    s.phase = _PLACEMENT
    s.placer = e.seat


def _explorer_placed(s: MaunaKeaState, e: ev.ExplorerPlaced) -> None:
    explorer = s.explorers[e.seat][e.explorer]
    explorer.status = _ISLAND
    explorer.space = e.space
    s.last_placer = e.seat
    nxt = s.ccw(e.seat)
    if any(x.status is _SUPPLY for x in s.explorers[nxt]):
        s.placer = nxt
    else:
        s.placer = None
        s.phase = _OPENING
        s.drawer = s.start_player


def _tile_drawn(s: MaunaKeaState, e: ev.TileDrawn) -> None:
    s.bag.remove(e.tile)
    if s.phase is _OPENING:
        if C.is_lava(e.tile):
            s.set_aside.append(e.tile)
            return
        s.hands[e.seat].append(e.tile)
        s.drawer = _next_opening_drawer(s, e.seat)
    elif C.is_lava(e.tile):
        s.pending_lava = e.tile
        if s.quake is _DRAW:
            s.quake = None
    elif s.quake is _DRAW:
        s.quake = _PLACE
        s.quake_tile = e.tile
    else:
        s.hands[e.seat].append(e.tile)


def _next_opening_drawer(s: MaunaKeaState, seat: int) -> int | None:
    """Counter-clockwise from ``seat``, the next player still below 5 MP (``seat`` last)."""
    candidate = seat
    for _ in range(s.players):
        candidate = s.ccw(candidate)
        if s.hand_mp(candidate) < C.hand_minimum:
            return candidate
    return None


def _lava_returned(s: MaunaKeaState, e: ev.LavaReturned) -> None:
    for tile in e.tiles:
        s.set_aside.remove(tile)
        s.put_in_bag(tile)


def _turn_started(s: MaunaKeaState, e: ev.TurnStarted) -> None:
    s.phase = _TURN
    s.active = e.seat
    s.turn = e.turn
    s.pool = 0
    if s.end is not None and e.seat in s.end.to_play:
        rest = tuple(x for x in s.end.to_play if x != e.seat)
        s.end = replace(s.end, to_play=rest)


def _tile_placed(s: MaunaKeaState, e: ev.TilePlaced) -> None:
    if s.quake is _PLACE and e.tile == s.quake_tile:
        s.quake = None
        s.quake_tile = None
    else:
        s.hands[e.seat].remove(e.tile)
    s.lay(e.slot, Placed(_TERRAIN, e.tile, e.rotation))


def _tile_spent(s: MaunaKeaState, e: ev.TileSpent) -> None:
    s.hands[e.seat].remove(e.tile)
    s.pool += e.mp
    if s.advanced:
        s.spent_out.append(e.tile)
    else:
        s.put_in_bag(e.tile)


def _explorer_moved(s: MaunaKeaState, e: ev.ExplorerMoved) -> None:
    s.explorers[e.seat][e.explorer].space = e.path[-1]
    s.pool -= e.cost


def _picked_up(s: MaunaKeaState, e: ev.ArtifactPickedUp) -> None:
    explorer = s.explorers[e.seat][e.explorer]
    assert explorer.space is not None
    pile = s.artifacts[explorer.space]
    pile.remove(e.colour)
    if not pile:
        del s.artifacts[explorer.space]
    explorer.carried.append(e.colour)
    explorer.carried.sort(key=colour_key)


def _dropped(s: MaunaKeaState, e: ev.ArtifactDropped) -> None:
    explorer = s.explorers[e.seat][e.explorer]
    assert explorer.space is not None
    explorer.carried.remove(e.colour)
    pile = s.artifacts.setdefault(explorer.space, [])
    pile.append(e.colour)
    pile.sort(key=colour_key)


def _boarded(s: MaunaKeaState, e: ev.BoatBoarded) -> None:
    explorer = s.explorers[e.seat][e.explorer]
    if e.left:
        assert explorer.space is not None
        pile = s.artifacts.setdefault(explorer.space, [])
        pile.extend(e.left)
        pile.sort(key=colour_key)
    explorer.status = _BOAT
    explorer.space = None
    explorer.carried = []
    del s.docked[e.landing]
    s.taken.append(TakenBoat(e.seat, e.boat, e.explorer, e.cargo))
    s.pool -= C.board_cost


def _turn_played(s: MaunaKeaState, e: ev.TurnPlayed) -> None:
    s.pool = 0
    s.phase = _REFILL


def _lava_placed(s: MaunaKeaState, e: ev.LavaPlaced) -> None:
    s.pending_lava = None
    under = s.board.get(e.slot)
    if under is not None:
        s.covered.append(under)
    s.lay(e.slot, Placed(_LAVA, e.tile, Direction(e.travel)))
    for space in spaces_of(e.slot):
        s.artifacts.pop(space, None)
    for seat, index in e.lost_explorers:
        explorer = s.explorers[seat][index]
        explorer.status = _LOST
        explorer.space = None
        explorer.carried = []
    s.lost_artifacts.extend(e.lost_artifacts)
    s.lost_artifacts.sort(key=colour_key)
    grow(s, e)


def _lava_removed(s: MaunaKeaState, e: ev.LavaRemoved) -> None:
    s.pending_lava = None
    s.lava_lost.append(e.tile)


def _turn_ended(s: MaunaKeaState, e: ev.TurnEnded) -> None:
    s.phase = _HANDOVER
    s.pool = 0


def _end_triggered(s: MaunaKeaState, e: ev.EndTriggered) -> None:
    s.end = EndState(e.reason, e.seat, s.turn, e.final_turns, e.final_turns)


def _final_scoring(s: MaunaKeaState, e: ev.FinalScoring) -> None:
    s.phase = _OVER
    s.active = None


def _take_card(hand: list[str], card: str) -> None:
    """Remove ``card`` from a hand; a view that could not see it holds a hidden card instead."""
    hand.remove(card if card in hand else HIDDEN)


def _cards_dealt(s: MaunaKeaState, e: ev.CardsDealt) -> None:
    s.cards_dealt = True
    s.dealt = [list(hand) for hand in e.hands]
    s.undealt = list(e.undealt)
    s.phase = _DRAFT


def _cards_kept(s: MaunaKeaState, e: ev.CardsKept) -> None:
    s.cards[e.seat] = list(e.kept)
    s.discarded[e.seat] = list(e.discarded)
    s.dealt[e.seat] = []
    if not any(s.dealt):
        s.phase = _SETUP


def _card_moved(s: MaunaKeaState, e: ev.CardMoved) -> None:
    _take_card(s.cards[e.seat], e.card)
    s.played.append(e.card)
    s.explorers[e.seat][e.explorer].space = e.path[-1]


def _earthquake(s: MaunaKeaState, e: ev.EarthquakeStruck) -> None:
    _take_card(s.cards[e.seat], e.card)
    s.played.append(e.card)
    placed = s.board[e.slot]
    turn = (e.rotation - placed.turn) % 4
    s.lay(e.slot, Placed(placed.kind, placed.tile, e.rotation))
    spaces = spaces_of(e.slot)
    piles = [s.artifacts.pop(space, None) for space in spaces]
    for quadrant, pile in enumerate(piles):
        if pile:
            s.artifacts[spaces[(quadrant + turn) % 4]] = pile  # artifacts ride along
    s.quake = _DECIDE


def _quake_draw(s: MaunaKeaState, e: ev.QuakeDrawChosen) -> None:
    s.quake = _DRAW if e.draw else None


def _rescued(s: MaunaKeaState, e: ev.ExplorerRescued) -> None:
    _take_card(s.cards[e.seat], e.card)
    s.played.append(e.card)
    explorer = s.explorers[e.seat][e.explorer]
    explorer.status = _RESCUED
    explorer.space = None
    explorer.carried = []
    s.rescued.append(Rescue(e.seat, e.card, e.explorer, e.artifacts))


def _tasks_revealed(s: MaunaKeaState, e: ev.TasksRevealed) -> None:
    s.cards = [list(hand) for hand in e.hands]
    s.revealed = True


HANDLERS: dict[type[Event], Callable[[MaunaKeaState, Any], None]] = {
    **TABLE_EVENT_HANDLERS,  # a table's own events (clocks): nothing changes
    ev.StartTilesLaid: _start_tiles,
    ev.BoatsDocked: _boats,
    ev.StartPlayerChosen: _start_player,
    ev.ExplorerPlaced: _explorer_placed,
    ev.TileDrawn: _tile_drawn,
    ev.LavaReturned: _lava_returned,
    ev.TurnStarted: _turn_started,
    ev.TilePlaced: _tile_placed,
    ev.TileSpent: _tile_spent,
    ev.ExplorerMoved: _explorer_moved,
    ev.ArtifactPickedUp: _picked_up,
    ev.ArtifactDropped: _dropped,
    ev.BoatBoarded: _boarded,
    ev.TurnPlayed: _turn_played,
    ev.LavaPlaced: _lava_placed,
    ev.LavaRemoved: _lava_removed,
    ev.TurnEnded: _turn_ended,
    ev.EndTriggered: _end_triggered,
    ev.FinalScoring: _final_scoring,
    ev.CardsDealt: _cards_dealt,
    ev.CardsKept: _cards_kept,
    ev.CardMoved: _card_moved,
    ev.EarthquakeStruck: _earthquake,
    ev.QuakeDrawChosen: _quake_draw,
    ev.ExplorerRescued: _rescued,
    ev.TasksRevealed: _tasks_revealed,
}


def evolve(state: MaunaKeaState, event: Event) -> MaunaKeaState:
    HANDLERS[type(event)](state, event)
    return state

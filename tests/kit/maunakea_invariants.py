"""What must hold in every Mauna Kea state: pieces conserved and placed where they may be."""

from __future__ import annotations

from collections import Counter

from core.games.maunakea.board import quadrant_of, rotated, slot_of
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.components import SPACES, Space, Terrain
from core.games.maunakea.state import Kind, MaunaKeaState, Phase, Status


def terrain_from_board(state: MaunaKeaState, space: Space) -> Terrain:
    """What ``space`` is, read from ``board`` alone (the state's ``grid`` must agree)."""
    slot = slot_of(space)
    placed = state.board.get(slot)
    if placed is None:
        if slot == C.volcano:
            return Terrain.VOLCANO
        return Terrain.JUNGLE if slot in C.start_fields else Terrain.NONE
    if placed.kind is Kind.LAVA:
        return Terrain.LAVA
    tiles = C.start_tiles if placed.kind is Kind.START else C.terrain
    return rotated(tiles[placed.tile].squares, placed.turn)[quadrant_of(space)]


def check(state: MaunaKeaState) -> None:
    spaces_now = [(x, y) for x in range(SPACES) for y in range(SPACES)]
    assert [state.terrain(s) for s in spaces_now] == [
        terrain_from_board(state, s) for s in spaces_now
    ], "the grid is the board, space by space"
    tiles = state.island_tiles()
    assert sorted(tiles) == list(range(94)), "94 island tiles, each somewhere exactly once"
    assert state.bag == sorted(state.bag)
    assert all(not C.is_lava(t) for hand in state.hands for t in hand), "no lava in a hand"
    if state.board:
        starts = [p.tile for p in [*state.board.values(), *state.covered] if p.kind is Kind.START]
        assert sorted(starts) == list(range(24)), "24 start tiles on the board or under lava"
        assert state.artifact_colours() == Counter(C.artifact_counts), "25 artifacts: 17/7/1"
    per_player = C.explorers_per_player[state.players]
    assert [len(row) for row in state.explorers] == [per_player] * state.players
    spaces = []
    for row in state.explorers:
        for e in row:
            assert len(e.carried) <= C.carry_limit
            if e.status is Status.ISLAND:
                assert e.space is not None
                assert state.terrain(e.space) in (Terrain.JUNGLE, Terrain.WATER)
                spaces.append(e.space)
            else:
                assert e.space is None and not e.carried
    assert len(spaces) == len(set(spaces)), "one explorer per space"
    saved = sum(1 for row in state.explorers for e in row if e.status is Status.BOAT)
    assert saved == len(state.taken), "every saved explorer sits in a taken boat"
    rescued = sum(1 for row in state.explorers for e in row if e.status is Status.RESCUED)
    assert rescued == len(state.rescued), "every rescued explorer sits on a helicopter card"
    if state.cards_dealt:
        cards = (
            [c for hands in (state.dealt, state.cards, state.discarded) for h in hands for c in h]
            + state.undealt
            + state.played
        )
        assert sorted(cards) == sorted(card.id for card in C.cards), "30 cards, each once"
        if state.phase not in (Phase.SETUP, Phase.DRAFT):
            assert all(len(h) <= C.cards_kept for h in state.cards)
    if not state.advanced:
        assert not state.cards_dealt and not state.spent_out and not state.rescued
    if state.boats_laid:
        boats = list(state.docked.values()) + [t.boat for t in state.taken]
        assert sorted(boats) == list(range(8)), "8 boats, docked or taken"
    for taken in state.taken:
        assert len(taken.cargo) <= C.boats[taken.boat].places
    assert state.pool >= 0
    if state.phase is Phase.TURN:
        assert state.active is not None
    for pile in state.artifacts.values():
        assert pile, "no empty piles kept"

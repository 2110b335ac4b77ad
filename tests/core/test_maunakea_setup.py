"""Setup before the first turn: start tiles, boats, explorer placement, opening hands."""

from __future__ import annotations

from collections import Counter

import pytest

from core.bots import RandomBot, play_out
from core.games.maunakea import RULES
from core.games.maunakea import events as ev
from core.games.maunakea.board import START_SPACES, spaces_of
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.state import Phase
from core.referee import Referee


def start(players: int, seed: str, start_player: int | None = 0) -> Referee:
    options = {} if start_player is None else {"start_player": start_player}
    referee = Referee(
        RULES, RULES.config(players, options), ["R", "B", "Y", "G"][:players], seed=seed
    )
    referee.begin()
    return referee


def placements(referee: Referee) -> None:
    """Let bots place every explorer (they stop when the first turn starts)."""
    bots = {s: RandomBot(f"p{s}") for s in range(referee.state.players)}
    while referee.state.phase is Phase.PLACEMENT:
        seat = RULES.to_move(referee.state)[0]
        referee.submit(seat, bots[seat].choose(RULES, referee.state, seat))


def test_start_tiles_and_artifacts_are_laid_on_their_slots() -> None:
    referee = start(2, "setup")
    state = referee.state
    laid = next(e.event for e in referee.log if isinstance(e.event, ev.StartTilesLaid))
    assert sorted(slot for slot, _, _ in laid.tiles) == sorted(C.start_tile_slots)
    assert sorted(tile for _, tile, _ in laid.tiles) == list(range(24))
    assert Counter(a for pile in state.artifacts.values() for a in pile) == Counter(
        white=17, grey=7, black=1
    )
    for slot, tile, turn in laid.tiles:
        spaces = spaces_of(slot)
        expected = Counter(colour for _, colour in C.start_tiles[tile].markers)
        found = Counter(a for s in spaces for a in state.artifacts.get(s, ()))
        assert found == expected
        for quadrant, colour in C.start_tiles[tile].markers:
            assert colour in state.artifacts[spaces[(quadrant + turn) % 4]]


def test_rotations_and_boats_vary_with_the_seed() -> None:
    a, b = start(2, "one").log, start(2, "two").log
    assert a[1].event != b[1].event and a[2].event != b[2].event
    docked = next(e.event for e in a if isinstance(e.event, ev.BoatsDocked))
    assert sorted(docked.boats) == list(range(8))


@pytest.mark.parametrize(("players", "start_player"), [(2, 1), (3, 0), (4, 2)])
def test_explorers_are_placed_counter_clockwise_from_the_start_player(
    players: int, start_player: int
) -> None:
    referee = start(players, f"place{players}", start_player)
    placements(referee)
    placed = [e.event for e in referee.log if isinstance(e.event, ev.ExplorerPlaced)]
    per_player = C.explorers_per_player[players]
    assert len(placed) == players * per_player
    expected = [(start_player - k) % players for k in range(len(placed))]
    assert [p.seat for p in placed] == expected
    assert {p.space for p in placed} <= set(START_SPACES)
    assert len({p.space for p in placed}) == len(placed)
    first_turn = next(e.event for e in referee.log if isinstance(e.event, ev.TurnStarted))
    assert first_turn.seat == placed[-1].seat, "the last player to place starts"


def test_a_start_space_takes_one_explorer_and_only_start_spaces_count() -> None:
    referee = start(2, "taken")
    first = START_SPACES[0]
    from core.errors import IllegalCommand
    from core.games.maunakea.commands import PlaceExplorer

    referee.submit(0, PlaceExplorer(first))
    with pytest.raises(IllegalCommand, match="already holds"):
        referee.submit(1, PlaceExplorer(first))
    with pytest.raises(IllegalCommand, match="start spaces"):
        referee.submit(1, PlaceExplorer((0, 0)))
    with pytest.raises(IllegalCommand):
        referee.submit(0, PlaceExplorer(START_SPACES[1]))  # not seat 0's turn


@pytest.mark.parametrize("seed", [f"open{i}" for i in range(12)])
def test_opening_hands_one_tile_at_a_time_counter_clockwise_until_5_mp(seed: str) -> None:
    referee = start(4, seed, start_player=1)
    placements(referee)
    log = [e.event for e in referee.log]
    first_turn = next(i for i, e in enumerate(log) if isinstance(e, ev.TurnStarted))
    first_draw = next(i for i, e in enumerate(log) if isinstance(e, ev.TileDrawn))
    draws = [e for e in log[first_draw:first_turn] if isinstance(e, ev.TileDrawn)]
    mp = {s: 0 for s in range(4)}
    expected_seat = 1
    for draw in draws:
        assert draw.seat == expected_seat
        if C.is_lava(draw.tile):
            continue  # set aside: the same player draws again
        assert mp[draw.seat] < 5, "nobody draws past 5 MP"
        mp[draw.seat] += C.mp(draw.tile)
        nxt = draw.seat
        for _ in range(4):
            nxt = (nxt - 1) % 4  # counter-clockwise, skipping finished hands
            if mp[nxt] < 5:
                break
        expected_seat = nxt
    assert all(v >= 5 for v in mp.values())
    state = referee.state
    assert [state.hand_mp(s) for s in range(4)] == [mp[s] for s in range(4)]
    lava = [d.tile for d in draws if C.is_lava(d.tile)]
    returned = [e for e in log if isinstance(e, ev.LavaReturned)]
    if lava:
        assert returned and sorted(returned[0].tiles) == sorted(lava)
        assert all(t in state.bag for t in lava)
    else:
        assert not returned
    assert not state.set_aside


def test_some_opening_sets_lava_aside() -> None:
    """Guard for the test above: the seeds used do exercise the set-aside rule."""
    seen = 0
    for i in range(12):
        referee = start(4, f"open{i}", start_player=1)
        placements(referee)
        seen += any(isinstance(e.event, ev.LavaReturned) for e in referee.log)
    assert seen >= 3


def test_play_goes_clockwise_after_the_first_turn() -> None:
    referee = start(3, "order", start_player=0)
    bots = {s: RandomBot(f"b{s}") for s in range(3)}
    play_out(referee, bots, max_commands=400)
    turns = [e.event.seat for e in referee.log if isinstance(e.event, ev.TurnStarted)]
    assert turns[0] == 1  # 0 places first, then 2, 1; 1 placed last
    assert turns[:7] == [(1 + k) % 3 for k in range(7)]

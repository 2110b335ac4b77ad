"""What must hold in every Kilauea state, after every event: pieces conserved, limits kept."""

from __future__ import annotations

from core.games.kilauea import track
from core.games.kilauea.components import COMPONENTS as C
from core.games.kilauea.state import KilaueaState, Phase


def check(state: KilaueaState) -> None:
    assert state.tikis_by_colour() == [18] * 4, "72 Tikis, 18 of each colour, each somewhere"
    assert state.crater + state.stone_box + sum(state.stones) == 16, "16 Sacred Stones"
    assert min(state.crater, state.stone_box, *state.stones) >= 0
    assert all(len(canoe) <= C.canoe_limit for canoe in state.canoes), "4 Tikis in a canoe"
    assert all(stones <= C.stone_limit for stones in state.stones), "5 Sacred Stones held"
    assert all(0 <= h <= C.column_limit for column in state.volcano for h in column)
    assert all(len(column) <= C.column_limit for island in state.islands for column in island), (
        "6 Tikis per island column"
    )
    assert all(sorted(canoe, key=C.colours.index) == canoe for canoe in state.canoes)
    if state.players == 2 and state.phase is not Phase.SETUP:
        assert state.box == [3] * 4, "3 Tikis of each colour stay boxed with 2 players"
    if state.boards:
        for k, tikis in enumerate(state.forests):
            template = state.template(k)
            in_play = set(template.in_play(state.players))
            assert set(tikis) <= in_play, "Tikis only on the forest spaces in play"
    if state.reef:
        placed = state.reef + [t for t in state.centres + state.slope if t is not None]
        assert sorted(placed) == list(range(1, 11)), "10 action tiles, each in one place"
        for k in range(5):
            assert (state.centres[k] is None) != (state.slope[k] is None)
        assert set(state.may_use) <= set(state.reef) | set(state.slope_tiles())
    if state.canoe != track.DOCK:
        assert state.canoe in track.spaces(state.players), "the canoe stops on open spaces"
    assert sorted(set(state.emptied)) == sorted(state.emptied)
    assert all(not state.forests[k] for k in state.emptied), "emptied forests stay empty"
    if state.phase in (Phase.MOVE, Phase.MAIN, Phase.CUTTING, Phase.ACTIONS):
        assert state.active is not None
        assert state.cuts <= C.cut_at_most
    if state.phase is Phase.MOVE:
        assert not state.may_use and state.cuts == 0

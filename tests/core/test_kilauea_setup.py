"""Setup for 2, 3 and 4 players, and the snake draft of 2 Tikis each from the volcano."""

from __future__ import annotations

import pytest

from core.errors import IllegalCommand
from core.games.kilauea import RULES, track
from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea.components import COMPONENTS as C
from core.games.kilauea.state import KilaueaState, Phase
from core.referee import Referee
from tests.kit import kilauea_invariants

NAMES = ("Red", "Blue", "Yellow", "Green")


def started(players: int, seed: str, **options: object) -> Referee[KilaueaState]:
    referee: Referee[KilaueaState] = Referee(
        RULES, RULES.config(players, options), NAMES[:players], seed=seed
    )
    referee.begin()
    return referee


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_is_laid_out_as_the_rulebook_says(players: int) -> None:
    referee = started(players, f"setup-{players}")
    state = referee.state
    kinds = [type(env.event) for env in referee.log[1:]]
    expected = [ev.ForestsLaid, ev.VolcanoPrepared, ev.ForestsFilled, ev.ActionTilesDealt]
    expected += [ev.StartPlayerChosen, ev.StonesDealt]
    if players == 2:
        expected.insert(1, ev.TikisBoxed)
    assert kinds == expected
    assert state.phase is Phase.DRAFT
    kilauea_invariants.check(state)
    # the volcano: 1 Tiki on each of the 20 column spaces, 2 Sacred Stones in the crater
    assert state.volcano == [[1, 1, 1, 1]] * 5
    assert state.crater == 2
    # the forests: boards 1-5 in a random order, every space in play filled
    assert sorted(state.boards) == [0, 1, 2, 3, 4]
    assert all(side in "AB" for side in state.sides)
    for k in range(5):
        assert set(state.forests[k]) == set(state.template(k).in_play(players))
    forest_tikis = sum(len(f) for f in state.forests)
    if players == 2:
        assert forest_tikis == 40 and all(len(f) == 8 for f in state.forests)
        assert state.box == [3, 3, 3, 3], "3 Tikis of each colour removed"
        three_plus = {s.name for k in range(5) for s in state.template(k).spaces if s.three_plus}
        assert three_plus, "the templates mark '3+' spaces"
        for k in range(5):
            for s in state.template(k).spaces:
                assert not (s.three_plus and s.name in state.forests[k]), "3+ spaces stay empty"
    else:
        assert forest_tikis == 52 and state.box == [0, 0, 0, 0]
    assert state.supply == [0, 0, 0, 0]
    # action tiles: 5 reef side up, 5 volcano side up in the forests, none on the slope
    assert sorted(state.reef + [t for t in state.centres if t is not None]) == list(range(1, 11))
    assert state.slope == [None] * 5
    # the canoe waits at the dock; with 2 players Sea tiles cover half the track
    assert state.canoe == track.DOCK
    assert len(track.spaces(players)) == (5 if players == 2 else 10)
    # Sacred Stones by turn order: 2, 3, 4, 5; the others stay in the box
    assert state.start_player is not None
    assert [state.stones[seat] for seat in state.order] == [2, 3, 4, 5][:players]
    assert state.stone_box == 16 - 2 - sum(state.stones)


def test_the_two_player_track_skips_the_sea_covered_spaces() -> None:
    assert [track.name(p) for p in track.spaces(2)] == [f"{sector} b" for sector in C.sectors], (
        "Sea tiles cover every (k, a) space"
    )
    assert track.advance(2, track.DOCK, 1) == 1
    assert track.advance(3, track.DOCK, 1) == 0


def test_setup_draws_vary_with_the_seed() -> None:
    """Forest order and sides, Tiki placement, tiles and start player all come from the draws."""
    layouts, sides, tiles, starts, forests = set(), set(), set(), set(), set()
    for seed in range(30):
        state = started(4, f"vary-{seed}").state
        layouts.add(tuple(state.boards))
        sides.add(tuple(state.sides))
        tiles.add(tuple(state.reef))
        starts.add(state.start_player)
        forests.add(tuple(tuple(sorted(f.items())) for f in state.forests))
    assert len(layouts) > 20 and len(sides) > 15 and len(tiles) > 25 and len(forests) == 30
    assert starts == {0, 1, 2, 3}


def test_options_fix_the_start_player_and_the_forest_sides() -> None:
    state = started(3, "opts", start_player=2, forest_sides="ABBAB").state
    assert state.start_player == 2
    assert state.order == (2, 0, 1)
    assert state.stones == [3, 4, 2]
    assert [state.sides[k] for k in range(5)] == ["ABBAB"[b] for b in state.boards]
    with pytest.raises(ValueError):
        RULES.config(3, {"forest_sides": "ABC"})
    with pytest.raises(ValueError):
        RULES.config(3, {"start_player": 3})
    with pytest.raises(ValueError):
        RULES.config(5)


def test_the_draft_goes_in_turn_order_then_back() -> None:
    referee = started(3, "draft", start_player=1)
    state = referee.state
    picks = [(1, 0, "red"), (2, 0, "yellow"), (0, 1, "red"), (0, 2, "red"), (2, 2, "blue")]
    picks.append((1, 4, "green"))
    for seat, sector, colour in picks:
        assert RULES.to_move(referee.state) == (seat,)
        others = [s for s in range(3) if s != seat]
        assert all(RULES.legal_commands(referee.state, s) == [] for s in others)
        with pytest.raises(IllegalCommand):
            referee.submit(others[0], cmd.DraftTiki(sector, colour))
        referee.submit(seat, cmd.DraftTiki(sector, colour))
    assert state.canoes == [["red", "red"], ["red", "green"], ["yellow", "blue"]]
    assert sum(map(sum, state.volcano)) == 20 - 6
    assert state.volcano[0] == [0, 0, 1, 1] and state.volcano[2][0] == 0
    assert state.phase is Phase.MOVE and state.active == 1 and state.turn == 1
    assert isinstance(referee.log[-1].event, ev.TurnStarted)


def test_a_drafted_column_is_empty() -> None:
    referee = started(2, "draft-empty", start_player=0)
    referee.submit(0, cmd.DraftTiki(3, "blue"))
    assert cmd.DraftTiki(3, "blue") not in RULES.legal_commands(referee.state, 1)
    assert len(RULES.legal_commands(referee.state, 1)) == 19
    with pytest.raises(IllegalCommand, match="empty"):
        referee.submit(1, cmd.DraftTiki(3, "blue"))
    referee.submit(1, cmd.DraftTiki(3, "green"))
    referee.submit(1, cmd.DraftTiki(3, "red"))  # the last player takes twice in a row
    referee.submit(0, cmd.DraftTiki(3, "yellow"))
    assert referee.state.volcano[3] == [0, 0, 0, 0]
    assert referee.state.phase is Phase.MOVE

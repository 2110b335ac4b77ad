"""What happens between commands: setup, freed volcano tiles, emptied forests, scoring, the end.

``forced`` returns deterministic consequences, ``chance`` the draws still needed; the engine
asks ``forced`` first, so ``chance`` is only consulted once nothing is forced.

Setup, in the rulebook's order: forest boards laid (chance: order and sides), 3 Tikis of each
colour boxed (2 players), the volcano's Tikis and the crater's 2 stones, the forests filled
(chance: a shuffle), the action tiles dealt (chance: a shuffle), the start player (chance, unless
the table chose one), the stones dealt by turn order; then the players draft their Tikis.

Decision where the rulebook is open: both scorings wait for the end of the turn that empties the
forest (the garbled line "the player who cuts the last Tiki … (1st / 3rd forest) completes the
turn, including any tile, before scoring"). If one turn empties the first and the third forest,
the intermediate scoring comes first, then the final one.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.chance import shuffle_sizes, shuffled
from core.games.kilauea import events as ev
from core.games.kilauea import scoring
from core.games.kilauea.components import COMPONENTS, SIDES
from core.games.kilauea.state import SECTORS, KilaueaState, Phase
from core.messages import Event

C = COMPONENTS
BOARD_DRAWS = shuffle_sizes(len(C.boards))
TILE_DRAWS = shuffle_sizes(len(C.tiles))
FORESTS_TO_END = 3


def setup_step(state: KilaueaState) -> str:
    """The next setup step: lay, box, prepare, fill, deal, start, stones."""
    if not state.boards:
        return "lay"
    if state.players == 2 and not any(state.box):
        return "box"
    if not state.prepared:
        return "prepare"
    if any(state.supply):
        return "fill"
    if not state.reef:
        return "deal"
    if state.start_player is None:
        return "start"
    return "stones"


def _follow_ups(state: KilaueaState) -> list[Event]:
    """After a command in a turn: freed volcano tiles, then newly emptied forests."""
    assert state.active is not None
    out: list[Event] = []
    forests = state.forests
    for k, tile in enumerate(state.centres):
        # ``forest.middle_cleared`` inline: the greedy bot asks this after each command it weighs
        if tile is not None and forests[k].keys().isdisjoint(state.template(k).middle):
            out.append(ev.VolcanoTileUnlocked(state.active, k, tile))
    count = len(state.emptied)
    for k in SECTORS:
        if not forests[k] and k not in state.emptied:
            count += 1
            out.append(ev.ForestEmptied(state.active, k, count))
    return out


def forced(state: KilaueaState) -> list[Event]:
    phase = state.phase
    if phase is Phase.SETUP:
        step = setup_step(state)
        if step == "box":
            return [ev.TikisBoxed(C.removed_for_two)]
        if step == "prepare":
            return [ev.VolcanoPrepared(C.crater_at_start)]
        if step == "start" and state.start_player_option is not None:
            return [ev.StartPlayerChosen(state.start_player_option)]
        if step == "stones":
            dealt = [0] * state.players
            for position, seat in enumerate(state.order):
                dealt[seat] = C.stones_by_turn_order[position]
            return [ev.StonesDealt(tuple(dealt))]
        return []
    if phase is Phase.DRAFT:
        if state.drafter is None:
            return [ev.TurnStarted(state.order[0], 1)]
        return []
    if phase in (Phase.MAIN, Phase.CUTTING, Phase.ACTIONS):
        return _follow_ups(state)
    if phase is Phase.HANDOVER:
        assert state.active is not None
        if state.emptied and "intermediate" not in state.scorings:
            return [scoring.scoring_round(state, "intermediate")]
        if len(state.emptied) >= FORESTS_TO_END:
            return [ev.GameEnding("forests")]
        if state.turn_limit is not None and state.turn >= state.turn_limit:
            return [ev.GameEnding("turn_limit")]
        return [ev.TurnStarted(state.next_seat(state.active), state.turn + 1)]
    if phase is Phase.FINAL:
        if "final" not in state.scorings:
            return [scoring.scoring_round(state, "final")]
        if not state.bonuses_scored:
            return [scoring.final_bonuses(state)]
        return [scoring.game_over(state)]
    return []


def chance(state: KilaueaState) -> tuple[int, ...] | None:
    if state.phase is not Phase.SETUP:
        return None
    step = setup_step(state)
    if step == "lay":
        if state.forest_sides_option is not None:
            return BOARD_DRAWS
        return BOARD_DRAWS + (len(SIDES),) * len(C.boards)
    if step == "fill":
        return shuffle_sizes(sum(state.supply))
    if step == "deal":
        return TILE_DRAWS
    if step == "start" and state.start_player_option is None:
        return (state.players,)
    return None


def _spaces_in_play(state: KilaueaState) -> list[tuple[int, str]]:
    return [(k, space) for k in SECTORS for space in state.template(k).in_play(state.players)]


def resolve(state: KilaueaState, draws: Sequence[int]) -> Event:
    step = setup_step(state)
    if step == "lay":
        split = len(BOARD_DRAWS)
        boards = shuffled(range(len(C.boards)), draws[:split])
        if state.forest_sides_option is not None:
            sides = [state.forest_sides_option[b] for b in boards]
        else:
            sides = [SIDES[d] for d in draws[split:]]
        return ev.ForestsLaid(tuple(boards), tuple(sides))
    if step == "fill":
        tikis = [colour for c, colour in enumerate(C.colours) for _ in range(state.supply[c])]
        placed = shuffled(tikis, draws)
        spaces = _spaces_in_play(state)
        return ev.ForestsFilled(
            tuple((k, space, colour) for (k, space), colour in zip(spaces, placed, strict=True))
        )
    if step == "deal":
        order = shuffled(range(1, len(C.tiles) + 1), draws)
        half = len(C.sectors)
        return ev.ActionTilesDealt(tuple(order[:half]), tuple(order[half:]))
    return ev.StartPlayerChosen(draws[0])


def to_move(state: KilaueaState) -> tuple[int, ...]:
    if state.phase is Phase.DRAFT:
        drafter = state.drafter
        return () if drafter is None else (drafter,)
    if state.phase in (Phase.MOVE, Phase.MAIN, Phase.CUTTING, Phase.ACTIONS):
        assert state.active is not None
        return (state.active,)
    return ()

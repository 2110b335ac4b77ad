"""What happens between commands: setup draws, opening hands, refills, lava, and the ending.

``forced`` returns deterministic consequences, ``chance`` the draws still needed; the engine
asks ``forced`` first, so ``chance`` is only consulted once nothing is forced.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.chance import shuffle_sizes, shuffled
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.lava import place_lava
from core.games.maunakea.leaving import every_landing_flooded, nobody_can_leave
from core.games.maunakea.scoring import final_outcome
from core.games.maunakea.state import MaunaKeaState, Phase, Quake, Status
from core.messages import Event

C = COMPONENTS
# the members by name: on Python 3.11 ``Phase.TURN`` goes through EnumType's ``__getattr__``
# hook (~70 ns), and the referee asks what comes next after every event
_DRAFT = Phase.DRAFT
_HANDOVER = Phase.HANDOVER
_OPENING = Phase.OPENING
_PLACEMENT = Phase.PLACEMENT
_REFILL = Phase.REFILL
_SETUP = Phase.SETUP
_TURN = Phase.TURN
_DRAW = Quake.DRAW
_ISLAND = Status.ISLAND
START_TILE_DRAWS = shuffle_sizes(len(C.start_tiles)) + (4,) * len(C.start_tile_slots)
BOAT_DRAWS = shuffle_sizes(len(C.boats))
CARD_DRAWS = shuffle_sizes(len(C.cards))


class EndReason:
    """Why the game ends (codes stored in ``EndTriggered.reason``)."""

    NO_EXPLORERS = "no_explorers"  # a player has no explorer left on the island
    NO_WAY_OFF = "no_way_off"  # nobody can leave the island
    TURN_LIMIT = "turn_limit"  # the table's optional turn limit
    TILES_OUT = "tiles_out"  # advanced game: the tile supply is used up


def end_reason(state: MaunaKeaState) -> str | None:
    """The reason the game must end now, or ``None``.

    The advanced game ends on its own two conditions (no explorer, no tiles left), which
    replace the base game's "nobody can leave the island" (``leaving``).
    """
    limit = state.turn_limit
    if limit is not None and state.phase is _TURN and state.turn >= limit:
        return EndReason.TURN_LIMIT
    for row in state.explorers:  # (a loop: a generator's resumptions cost more)
        for e in row:
            if e.status is _ISLAND:
                break
        else:
            return EndReason.NO_EXPLORERS
    if state.advanced:
        return EndReason.TILES_OUT if not state.bag else None
    if state.rules_version < 2 and every_landing_flooded(state):
        return EndReason.NO_WAY_OFF
    if state.rules_version >= 2 and nobody_can_leave(state):
        return EndReason.NO_WAY_OFF  # also when no boat is docked at all
    return None


def setup_done(state: MaunaKeaState) -> bool:
    """Start tiles, boats (and, in the advanced game, the card draft) are settled."""
    return bool(state.board) and state.boats_laid and (not state.advanced or state.cards_dealt)


def final_turns(players: int, advanced: bool, seat: int) -> tuple[int, ...]:
    """Who plays once more after ``seat`` triggers the end: everybody else, clockwise; nobody
    in the advanced game (scoring follows at once)."""
    if advanced:
        return ()
    return tuple((seat + k) % players for k in range(1, players))


def forced(state: MaunaKeaState) -> list[Event]:
    phase = state.phase
    if phase is _SETUP:
        if setup_done(state) and state.start_player_option is not None:
            return [ev.StartPlayerChosen(state.start_player_option)]
        return []
    if phase is _OPENING and state.drawer is None:
        out: list[Event] = []
        if state.set_aside:
            out.append(ev.LavaReturned(tuple(state.set_aside)))
        assert state.last_placer is not None
        out.append(ev.TurnStarted(state.last_placer, 1))
        return out
    if phase in (_TURN, _REFILL) and state.end is None:
        reason = end_reason(state)
        if reason is not None:
            seat = state.active
            assert seat is not None
            return [ev.EndTriggered(reason, seat, final_turns(state.players, state.advanced, seat))]
    if state.pending_lava is not None and phase in (_TURN, _REFILL):
        return [place_lava(state, state.pending_lava)]  # drawn in a refill or an earthquake
    if phase is _REFILL:
        assert state.active is not None
        if state.end is not None or not state.bag or state.hand_mp(state.active) >= C.hand_minimum:
            return [ev.TurnEnded(state.active)]
        return []
    if phase is _HANDOVER:
        assert state.active is not None
        if state.end is None:
            return [ev.TurnStarted(state.cw(state.active), state.turn + 1)]
        if state.end.to_play:
            return [ev.TurnStarted(state.end.to_play[0], state.turn + 1)]
        if state.advanced and not state.revealed:
            return [ev.TasksRevealed(tuple(tuple(hand) for hand in state.cards))]
        result = final_outcome(state)
        return [ev.FinalScoring(result.scores, result.winners)]
    return []


def chance(state: MaunaKeaState) -> tuple[int, ...] | None:
    phase = state.phase
    if phase is _SETUP:
        if not state.board:
            return START_TILE_DRAWS
        if not state.boats_laid:
            return BOAT_DRAWS
        if state.advanced and not state.cards_dealt:
            return CARD_DRAWS
        if state.start_player is None and state.start_player_option is None:
            return (state.players,)
        return None
    if phase is _TURN and state.quake is _DRAW and state.bag:
        return (len(state.bag),)
    if phase is _OPENING and state.drawer is not None and state.bag:
        return (len(state.bag),)
    if (
        phase is _REFILL
        and state.pending_lava is None
        and state.end is None
        and state.bag
        and state.active is not None
        and state.hand_mp(state.active) < C.hand_minimum
    ):
        return (len(state.bag),)
    return None


def resolve(state: MaunaKeaState, draws: Sequence[int]) -> Event:
    if state.phase is _SETUP:
        if not state.board:
            split = len(C.start_tiles) - 1
            order = shuffled(range(len(C.start_tiles)), draws[:split])
            turns = draws[split:]
            return ev.StartTilesLaid(
                tuple((slot, order[i], turns[i]) for i, slot in enumerate(C.start_tile_slots))
            )
        if not state.boats_laid:
            return ev.BoatsDocked(tuple(shuffled(range(len(C.boats)), draws)))
        if state.advanced and not state.cards_dealt:
            deck = shuffled([card.id for card in C.cards], draws)
            n = C.cards_dealt
            hands = tuple(tuple(deck[s * n : (s + 1) * n]) for s in range(state.players))
            return ev.CardsDealt(hands, tuple(deck[state.players * n :]))
        return ev.StartPlayerChosen(draws[0])
    seat = state.drawer if state.phase is _OPENING else state.active
    assert seat is not None
    return ev.TileDrawn(seat, state.bag[draws[0]])


def to_move(state: MaunaKeaState) -> tuple[int, ...]:
    if state.phase is _DRAFT:
        return tuple(seat for seat in range(state.players) if state.dealt[seat])
    if state.phase is _PLACEMENT and state.placer is not None:
        return (state.placer,)
    if state.phase is _TURN and state.active is not None:
        return (state.active,)
    return ()

"""Final scoring (004, line 910-934) and the tie-break (line 937-943).

A score's parts are the lines of 004's scoring list, in its order: research markers (the glass
in the temple by its arrival), temple tiles, idols (and the empty idol slots), guardians,
artifact and item cards, and Fear (-1 a Fear card, -2 a Fear tile).
"""

from __future__ import annotations

from functools import cache

from core.games.arnak import catalog as K
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState
from core.language import N_
from core.protocol import Outcome

R = C.rules
TEMPLE_VP: dict[str, list[int]] = {n: [t.vp for t in s.temple_stacks] for n, s in C.sides.items()}
EMPTY_SLOTS_VP = [sum(R.idol_slot_vp[filled:]) for filled in range(len(R.idol_slot_vp) + 1)]
PARTS = ("research", "temple_tiles", "idols", "guardians", "items_and_artifacts", "fear")
WORDS = {  # each part as a reader reads it (an export's final scores)
    "temple_tiles": "temple tiles",
    "items_and_artifacts": "items and artifacts",
    "fear": "Fear",
}


@cache
def row_vp(side: str, token: str, space: int) -> int:
    """What the glass or the notebook on research ``space`` scores (0: not on the track)."""
    if not space:
        return 0
    board = C.sides[side]  # type: ignore[index]
    row = board.row(board.research_space(space).row)
    return row.glass_vp if token == "glass" else row.notebook_vp


def research_vp(state: ArnakState, seat: int) -> int:
    player = state.seats[seat]
    glass = (
        player.temple_vp if player.glass == TEMPLE else row_vp(state.side, "glass", player.glass)
    )
    return glass + row_vp(state.side, "notebook", player.notebook)


@cache
def card_vp(card: str) -> int:
    return K.card(card).vp


VP: dict[str, int] = {}  # card -> its VP (a hidden card: 0), looked up once


def points(state: ArnakState, seat: int) -> int:
    """A player's points so far: the sum of :func:`parts` (the greedy bot asks it of every
    position it weighs, so without naming them)."""
    if state.final:
        return sum(state.final[seat].values())
    return sum(_counted(state, seat))


def parts(state: ArnakState, seat: int) -> dict[str, int]:
    """Every scoring part of one player, by name (as ``FinalScoring`` counted them, once it
    has: a seat's view does not know every deck card)."""
    if state.final:
        return dict(state.final[seat])
    return dict(zip(PARTS, _counted(state, seat), strict=True))


def _counted(state: ArnakState, seat: int) -> tuple[int, int, int, int, int, int]:
    """The parts in the order of :data:`PARTS`, counted from the state."""
    player = state.seats[seat]
    cards = fear = 0
    for pile in (player.deck, player.hand, player.play, player.aside):
        for card in pile:
            points = vp_of(card)
            if card[0] == "f":
                fear += points
            else:
                cards += points
    research, temple, idols, guardians, tiles = _besides_cards(state, seat)
    return (research, temple, idols, guardians, cards, fear + tiles)


def vp_of(card: str) -> int:
    """A card's VP (a Fear card's are negative, a hidden card's 0)."""
    points = VP.get(card)
    if points is None:
        points = VP[card] = 0 if card == HIDDEN else card_vp(card)
    return points


def _besides_cards(state: ArnakState, seat: int) -> tuple[int, int, int, int, int]:
    """Research, temple tiles, idols, guardians and Fear tiles: every part but the cards'."""
    player = state.seats[seat]
    slots = player.slots
    return (
        research_vp(state, seat),
        sum(TEMPLE_VP[state.side][t] for t in player.temple_tiles) if player.temple_tiles else 0,
        R.idol_vp * (player.idols + slots) + EMPTY_SLOTS_VP[slots],
        R.guardian_vp * len(player.guardians),
        R.fear_tile_vp * player.fear_tiles,
    )


def points_besides_cards(state: ArnakState, seat: int) -> int:
    """A player's points but for the cards' (Fear cards' included), counted from the state:
    the greedy bot counts the cards with what else it weighs them for."""
    return sum(_besides_cards(state, seat))


def outcome(state: ArnakState) -> Outcome | None:
    if state.phase != "over":
        return None
    table = [parts(state, seat) for seat in range(state.players)]
    scores = tuple(sum(p.values()) for p in table)
    for part, total in zip(table, scores, strict=True):
        part["total"] = total

    def rank_key(seat: int) -> tuple[int, int, int]:
        first = state.temple_order.index(seat) if seat in state.temple_order else 99
        return (-scores[seat], first, -table[seat]["research"])

    ranking = tuple(sorted(range(state.players), key=rank_key))
    best = rank_key(ranking[0])
    top = [s for s in ranking if (-scores[s],) == best[:1]]
    winners = tuple(s for s in ranking if rank_key(s) == best)
    tiebreak = ""
    if len(top) > 1:
        if any(s in state.temple_order for s in top):
            # TRANSLATORS: the end screen says "Tie broken by {tiebreak}."
            tiebreak = N_("first to the Lost Temple")
        elif len(winners) < len(top):
            tiebreak = N_("research points")
        else:
            tiebreak = "draw"
    return Outcome(scores, winners, tuple(table), tiebreak, ranking)

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
from core.protocol import Outcome

R = C.rules
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


def points(state: ArnakState, seat: int) -> int:
    """A player's points so far (the sum of :func:`parts`, without naming them)."""
    return sum(parts(state, seat).values())


def parts(state: ArnakState, seat: int) -> dict[str, int]:
    """Every scoring part of one player, by name (as ``FinalScoring`` counted them, once it
    has: a seat's view does not know every deck card)."""
    if state.final:
        return dict(state.final[seat])
    side = C.sides[state.side]  # type: ignore[index]
    player = state.seats[seat]
    cards = fear = 0
    for pile in (player.deck, player.hand, player.play, player.aside):
        for card in pile:
            if card[0] == "f":
                fear += card_vp(card)
            elif card != HIDDEN:
                cards += card_vp(card)
    return {
        "research": research_vp(state, seat),
        "temple_tiles": sum(side.temple_stacks[t].vp for t in player.temple_tiles),
        "idols": R.idol_vp * (player.idols + player.slots) + sum(R.idol_slot_vp[player.slots :]),
        "guardians": R.guardian_vp * len(player.guardians),
        "items_and_artifacts": cards,
        "fear": fear + R.fear_tile_vp * player.fear_tiles,
    }


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
            tiebreak = "first to the Lost Temple"
        elif len(winners) < len(top):
            tiebreak = "research points"
        else:
            tiebreak = "draw"
    return Outcome(scores, winners, tuple(table), tiebreak, ranking)

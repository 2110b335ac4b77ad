"""Scoring: saved explorers and artifacts in each player's boats, minus empty places; ties go to
more explorers on the island, then more artifacts they carry; otherwise the game is a draw."""

from __future__ import annotations

from core.games.maunakea.components import ARTIFACT_COLOURS, COMPONENTS
from core.games.maunakea.state import MaunaKeaState, Phase
from core.protocol import Outcome

C = COMPONENTS


def score_parts(state: MaunaKeaState, seat: int) -> dict[str, int]:
    """The score of ``seat`` by part: explorers, each artifact colour, empty places, total."""
    boats = [t for t in state.taken if t.seat == seat]
    parts = {"explorers": len(boats) * C.explorer_vp}
    for colour in ARTIFACT_COLOURS:
        parts[colour] = sum(t.cargo.count(colour) for t in boats) * C.artifact_vp[colour]
    empty = sum(C.boats[t.boat].places - len(t.cargo) for t in boats)
    parts["empty places"] = empty * C.empty_place_vp
    parts["total"] = sum(parts.values())
    return parts


def tiebreak_key(state: MaunaKeaState, seat: int) -> tuple[int, int, int]:
    on_island = state.on_island(seat)
    return (
        score_parts(state, seat)["total"],
        len(on_island),
        sum(len(e.carried) for e in on_island),
    )


TIEBREAKS = ("score", "explorers on the island", "artifacts carried on the island")


def final_outcome(state: MaunaKeaState) -> Outcome:
    """Scores, ranking and winners, whatever the phase (used when scoring takes place)."""
    seats = range(state.players)
    keys = {seat: tiebreak_key(state, seat) for seat in seats}
    ranking = tuple(sorted(seats, key=lambda s: (tuple(-k for k in keys[s]), s)))
    best = keys[ranking[0]]
    winners = tuple(s for s in seats if keys[s] == best)
    tiebreak = ""
    if len(winners) > 1:
        tiebreak = "draw"
    else:
        rivals = [keys[s] for s in seats if s != winners[0]]
        for level, name in enumerate(TIEBREAKS):
            if all(r[level] != best[level] for r in rivals if r[:level] == best[:level]):
                tiebreak = name
                break
    return Outcome(
        scores=tuple(keys[s][0] for s in seats),
        winners=winners,
        parts=tuple(score_parts(state, s) for s in seats),
        tiebreak=tiebreak,
        ranking=ranking,
    )


def outcome(state: MaunaKeaState) -> Outcome | None:
    return final_outcome(state) if state.phase is Phase.OVER else None

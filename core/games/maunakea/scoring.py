"""Scoring: saved explorers and artifacts in each player's boats, minus empty places; ties go to
more explorers on the island, then more artifacts they carry; otherwise the game is a draw.

The advanced game adds artifacts flown out by helicopter and fulfilled task cards. Each explorer
and artifact serves one task card at most, so the scoring picks the assignment worth most.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from core.games.maunakea.components import ARTIFACT_COLOURS, COMPONENTS, Card
from core.games.maunakea.state import MaunaKeaState, Phase
from core.language import N_
from core.protocol import Outcome

C = COMPONENTS
_OVER = Phase.OVER  # looked up once: the referee asks for the outcome after every event


@dataclass(frozen=True)
class TaskResult:
    """A task card at scoring: whether it is fulfilled, what served it, and its points."""

    card: str
    fulfilled: bool
    served: tuple[tuple[str, int], ...]  # (white|grey|black|explorers|<colour> boat, count)
    vp: int


def saved_pieces(state: MaunaKeaState, seat: int) -> Counter[str]:
    """What lies in front of ``seat``: artifacts by colour (boats and helicopter cards) and
    explorers saved in boats."""
    pieces: Counter[str] = Counter()
    for taken in state.taken:
        if taken.seat == seat:
            pieces.update(taken.cargo)
            pieces["explorers"] += 1
    for rescue in state.rescued:
        if rescue.seat == seat:
            pieces.update(rescue.artifacts)
    return pieces


def best_tasks(state: MaunaKeaState, seat: int) -> list[TaskResult]:
    """The assignment of saved pieces to ``seat``'s task cards that scores the most.

    With at most 4 cards, every subset is tried; the first best one (fewest cards left
    unfulfilled, in hand order) wins, so the result is deterministic.
    """
    tasks = [C.card(card) for card in state.cards[seat] if card in C.cards_by_id]
    tasks = [card for card in tasks if card.is_task]
    pieces = saved_pieces(state, seat)
    boats = {C.boats[t.boat].colour for t in state.taken if t.seat == seat}
    best: tuple[int, tuple[Card, ...]] = (-1, ())
    for size in range(len(tasks), -1, -1):
        for chosen in combinations(tasks, size):
            need: Counter[str] = Counter()
            for card in chosen:
                need.update({k: v for k, v in card.needs if k != "no_penalty"})
            if any(need[k] > pieces[k] for k in need):
                continue
            if any(card.boat is not None and card.boat not in boats for card in chosen):
                continue
            points = sum(card.vp for card in chosen)
            if points > best[0]:
                best = (points, chosen)
    chosen_ids = {card.id for card in best[1]}
    results = []
    for card in tasks:
        served = tuple((k, v) for k, v in card.needs if k != "no_penalty")
        if card.boat is not None:
            served = ((f"{card.boat} boat", 1),)
        ok = card.id in chosen_ids
        results.append(TaskResult(card.id, ok, served if ok else (), card.vp if ok else 0))
    return results


def score_parts(state: MaunaKeaState, seat: int) -> dict[str, int]:
    """The score of ``seat`` by part: explorers, each artifact colour, empty places, and in the
    advanced game helicopter artifacts and task cards; then the total."""
    boats = [t for t in state.taken if t.seat == seat]
    parts = {"explorers": len(boats) * C.explorer_vp}
    for colour in ARTIFACT_COLOURS:
        parts[colour] = sum(t.cargo.count(colour) for t in boats) * C.artifact_vp[colour]
    empty = sum(C.boats[t.boat].places - len(t.cargo) for t in boats)
    parts["empty places"] = empty * C.empty_place_vp
    if state.advanced:
        rescued = [a for r in state.rescued if r.seat == seat for a in r.artifacts]
        parts["helicopter"] = sum(C.artifact_vp[a] for a in rescued)
        tasks = best_tasks(state, seat)
        parts["tasks"] = sum(t.vp for t in tasks)
        if any(t.fulfilled and dict(C.card(t.card).needs).get("no_penalty") for t in tasks):
            parts["empty places"] = 0
    parts["total"] = sum(parts.values())
    return parts


def tiebreak_key(state: MaunaKeaState, seat: int) -> tuple[int, int, int]:
    on_island = state.on_island(seat)
    return (
        score_parts(state, seat)["total"],
        len(on_island),
        sum(len(e.carried) for e in on_island),
    )


# what decides, in order: the score itself (no tie-break), then the rulebook's two tie-breaks
# TRANSLATORS: the end screen says "Tie broken by {tiebreak}."
TIEBREAKS = ("", N_("explorers on the island"), N_("artifacts carried on the island"))


def final_outcome(state: MaunaKeaState) -> Outcome:
    """Scores, ranking and winners, whatever the phase (used when scoring takes place); the
    tie-break that decided, ``""`` if the score alone did, ``"draw"`` if none could."""
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
    return final_outcome(state) if state.phase is _OVER else None

"""Scoring: each volcano sector's columns give a worth per colour (1 VP a Tiki for the tallest
column or columns, 3 for the others, 0 for an empty one), multiplied by the Tikis of that colour
in the same sector of each island. Final bonuses: 15 VP for all 5 island sectors, 1 VP per 2
Sacred Stones, 1 VP per canoe Tiki. Most VP wins; then fewer Tikis on the island; then shared."""

from __future__ import annotations

from core.games.kilauea import events as ev
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import COLOUR, POINT_PARTS, SECTORS, KilaueaState, Phase
from core.language import N_
from core.protocol import Outcome

C = COMPONENTS
TALLEST_VP, OTHER_VP = C.tallest_vp, C.other_vp


def worth(heights: list[int]) -> tuple[int, ...]:
    """What one island Tiki of each colour scores in a sector whose columns are ``heights``."""
    tallest = max(heights)
    return tuple(
        0 if h == 0 else h * (C.tallest_vp if h == tallest else C.other_vp) for h in heights
    )


def sector_points(state: KilaueaState, sector: int, seat: int) -> int:
    values = worth(state.volcano[sector])
    column = state.islands[seat][sector]
    return sum(
        value * column.count(colour) for colour, value in zip(C.colours, values, strict=True)
    )


def island_value(state: KilaueaState, seat: int) -> int:
    """What a scoring would give ``seat`` now (:func:`sector_points` of every sector, counted
    Tiki by Tiki: the greedy bot asks this of every position it weighs)."""
    total = 0
    for heights, column in zip(state.volcano, state.islands[seat], strict=True):
        if column:
            tallest = max(heights)
            for colour in column:
                h = heights[COLOUR[colour]]
                if h:
                    total += h * (TALLEST_VP if h == tallest else OTHER_VP)
    return total


def column_worth(heights: list[int], column: list[str]) -> int:
    """What a scoring would give one island column beside a volcano sector's ``heights``
    (:func:`sector_points`, Tiki by Tiki)."""
    total = 0
    if column:
        tallest = max(heights)
        for colour in column:
            h = heights[COLOUR[colour]]
            if h:
                total += h * (TALLEST_VP if h == tallest else OTHER_VP)
    return total


def scoring_round(state: KilaueaState, kind: str) -> ev.ScoringRound:
    """Score every sector, starting with the canoe's."""
    first = max(state.sector, 0)
    order = tuple((first + i) % len(SECTORS) for i in SECTORS)
    return ev.ScoringRound(
        kind,
        order,
        tuple(worth(state.volcano[k]) for k in order),
        tuple(tuple(sector_points(state, k, s) for s in range(state.players)) for k in order),
    )


def final_bonuses(state: KilaueaState) -> ev.FinalBonuses:
    seats = range(state.players)
    return ev.FinalBonuses(
        tuple(C.all_sectors_vp if all(state.islands[s]) else 0 for s in seats),
        tuple(state.stones[s] // C.stones_per_vp for s in seats),
        tuple(len(state.canoes[s]) * C.canoe_tiki_vp for s in seats),
    )


# TRANSLATORS: the end screen says "Tie broken by {tiebreak}."
TIEBREAK = N_("fewer Tikis on the island")
# ``GameOver`` records what decided in its own words, as every Kilauea log since the first has
EVENT_WORDS = {"": "score", "draw": "shared"}


def ranking_key(state: KilaueaState, seat: int) -> tuple[int, int]:
    return state.score(seat), -state.island_tikis(seat)


def standings(state: KilaueaState) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """Ranking, winners and the tie-break that decided: ``""`` when the score alone did, "fewer
    Tikis on the island", or ``"draw"`` when the winners share the victory."""
    seats = range(state.players)
    keys = {s: ranking_key(state, s) for s in seats}
    ranking = tuple(sorted(seats, key=lambda s: (-keys[s][0], -keys[s][1], s)))
    best = keys[ranking[0]]
    winners = tuple(s for s in seats if keys[s] == best)
    if len(winners) > 1:
        return ranking, winners, "draw"
    rivals = [keys[s] for s in seats if s != winners[0]]
    decided = "" if all(r[0] != best[0] for r in rivals) else TIEBREAK
    return ranking, winners, decided


def game_over(state: KilaueaState) -> ev.GameOver:
    _, winners, tiebreak = standings(state)
    scores = tuple(state.score(s) for s in range(state.players))
    return ev.GameOver(scores, winners, EVENT_WORDS.get(tiebreak, tiebreak))


def outcome(state: KilaueaState) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    ranking, winners, tiebreak = standings(state)
    parts = tuple(
        {**{part: state.points[s].get(part, 0) for part in POINT_PARTS}, "total": state.score(s)}
        for s in range(state.players)
    )
    return Outcome(
        scores=tuple(state.score(s) for s in range(state.players)),
        winners=winners,
        parts=parts,
        tiebreak=tiebreak,
        ranking=ranking,
    )

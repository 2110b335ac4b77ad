"""What a Kilauea player holds, counted, for the review's "why" (:mod:`tui.replay.review_why`):
points, Sacred Stones, the Tikis on the island and in the canoe, each counted as a list names
it (German's "+1 Heiliger Stein", where the log takes "1 Heiligen Stein")."""

from __future__ import annotations

from core.games.kilauea.state import KilaueaState
from core.language import Translator

T = Translator("kilauea")
ngettext = T.ngettext


def held(state: KilaueaState, seat: int) -> dict[str, int]:
    """``seat``'s points and what it holds, by kind (the order the why says them in)."""
    points = state.points[seat] if seat < len(state.points) else {}
    return {
        "vp": sum(points.values()),
        "stone": state.stones[seat],
        "island": sum(len(column) for column in state.islands[seat]),
        "canoe": len(state.canoes[seat]),
    }


def counted(kind: str, n: int) -> str:
    """``n`` of ``kind`` (a key of :func:`held`): ``2 Sacred Stones``, ``3 VP``."""
    if kind == "vp":
        return ngettext("{n} VP", "{n} VP", n).format(n=n)
    if kind == "stone":
        # TRANSLATORS: what a player holds, counted, in the review's list after a colon ("+1
        # Sacred Stone, −2 VP"): the naming case, not the log's "take 1 Sacred Stone"
        return T.npgettext("holdings", "{n} Sacred Stone", "{n} Sacred Stones", n).format(n=n)
    if kind == "island":
        return ngettext("{n} Tiki on the island", "{n} Tikis on the island", n).format(n=n)
    return ngettext("{n} Tiki in the canoe", "{n} Tikis in the canoe", n).format(n=n)

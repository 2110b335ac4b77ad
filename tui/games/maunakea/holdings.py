"""What a Mauna Kea player holds, counted, for the review's "why" (:mod:`tui.replay.review_why`):
points, the artifacts its explorers carry, its explorers saved in boats, its tiles in hand."""

from __future__ import annotations

from core.games.maunakea.scoring import score_parts
from core.games.maunakea.state import MaunaKeaState, Status
from core.language import Translator

T = Translator("maunakea")
ngettext = T.ngettext


def held(state: MaunaKeaState, seat: int) -> dict[str, int]:
    """``seat``'s points and what it holds, by kind (the order the why says them in)."""
    explorers = state.explorers[seat]
    return {
        "vp": score_parts(state, seat)["total"],
        "carried": sum(len(e.carried) for e in explorers if e.status is Status.ISLAND),
        "saved": sum(e.status is Status.BOAT for e in explorers),
        "hand": len(state.hands[seat]),
    }


def counted(kind: str, n: int) -> str:
    """``n`` of ``kind`` (a key of :func:`held`): ``2 artifacts carried``, ``3 VP``."""
    if kind == "vp":
        return ngettext("{n} VP", "{n} VP", n).format(n=n)
    if kind == "carried":
        return ngettext("{n} artifact carried", "{n} artifacts carried", n).format(n=n)
    if kind == "saved":
        return ngettext("{n} explorer saved", "{n} explorers saved", n).format(n=n)
    return ngettext("{n} tile in hand", "{n} tiles in hand", n).format(n=n)

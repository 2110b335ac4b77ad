"""What an Arnak player holds, counted, for the review's "why" (:mod:`tui.replay.review_why`):
points, each resource, idols, guardians and cards, each said in the log's own words."""

from __future__ import annotations

from core.games.arnak import scoring
from core.games.arnak import words as W
from core.games.arnak.state import ArnakState
from core.language import Translator

T = Translator("arnak")
ngettext = T.ngettext


def held(state: ArnakState, seat: int) -> dict[str, int]:
    """``seat``'s points and what it holds, by kind (the order the why says them in)."""
    p = state.seats[seat]
    out = {"vp": scoring.points(state, seat)}
    out.update({one: n for (one, _many), n in zip(W.RES_WORDS, p.res, strict=False)})
    out["idol"] = p.idols
    out["guardian"] = len(p.guardians)
    out["card"] = len(p.deck) + len(p.hand) + len(p.play) + len(p.aside)
    return out


def counted(kind: str, n: int) -> str:
    """``n`` of ``kind`` (a key of :func:`held`): ``2 compasses``, ``3 VP``."""
    if kind == "vp":
        # TRANSLATORS: victory points, as the end screen and the scoring say them
        return ngettext("{n} VP", "{n} VP", n).format(n=n)
    if kind == "guardian":
        return ngettext("{n} guardian", "{n} guardians", n).format(n=n)
    return W.plural(n, kind)

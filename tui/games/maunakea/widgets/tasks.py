"""The advanced game's scoring in words: each player's hand turned over, and for each task card
whether it was fulfilled and which saved pieces served it (``scoring.best_tasks``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.scoring import best_tasks
from core.games.maunakea.state import MaunaKeaState
from tui.games.maunakea.widgets.cards import card_title
from tui.games.maunakea.widgets.glyphs import ARTIFACT_GLYPH
from tui.play.seats import seat_colour

C = COMPONENTS
DONE = Style(color="#5fd35f", bold=True)
MISSED = Style(color="#ff6b6b")


def served_text(served: Sequence[tuple[str, int]]) -> str:
    """``(("white", 2), ("grey", 1))`` -> ``"2 ○ white + 1 ◐ grey"``."""
    parts = []
    for piece, count in served:
        glyph = ARTIFACT_GLYPH.get(piece)
        parts.append(f"{count} {glyph} {piece}" if glyph else f"{count} {piece}")
    return " + ".join(parts)


def task_report(state: MaunaKeaState, names: Sequence[str], order: Sequence[int]) -> Text:
    """For each seat in ``order``: the cards it held at the end, then one line per task card.

    ``state`` is the final state as everyone sees it (the hands are turned over at scoring).
    """
    text = Text()
    for seat in order:
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        hand = state.cards[seat]
        text.append(name, Style(color=seat_colour(seat), bold=True))
        titles = ", ".join(card_title(card) for card in hand) if hand else "none"
        text.append(f"'s hand at the end: {titles}\n")
        rescued = [a for r in state.rescued if r.seat == seat for a in r.artifacts]
        flown = sum(1 for r in state.rescued if r.seat == seat)
        if flown:
            what = served_text([(c, rescued.count(c)) for c in dict.fromkeys(rescued)])
            text.append(f"  ✈ {flown} explorer(s) flown out with {what or 'no artifacts'}\n")
        for task in best_tasks(state, seat):
            title = card_title(task.card)
            if not task.fulfilled:
                text.append("  ✗ ", MISSED)
                text.append(f"{title} — not fulfilled\n")
                continue
            text.append("  ✓ ", DONE)
            if task.served:
                text.append(f"{title} — served by {served_text(task.served)}\n")
            else:
                text.append(f"{title} — empty boat places cost nothing\n")
    text.rstrip()
    return text

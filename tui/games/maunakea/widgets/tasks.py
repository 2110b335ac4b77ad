"""The advanced game's scoring in words: each player's hand turned over, and for each task card
whether it was fulfilled and which saved pieces served it (``scoring.best_tasks``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.scoring import best_tasks
from core.games.maunakea.state import MaunaKeaState
from core.games.maunakea.transcript import artifact_colour
from core.language import Translator
from tui.games.maunakea.widgets.cards import card_title
from tui.games.maunakea.widgets.glyphs import ARTIFACT_GLYPH
from tui.play.seats import seat_colour

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
DONE = Style(color="#5fd35f", bold=True)
MISSED = Style(color="#ff6b6b")


def served_text(served: Sequence[tuple[str, int]]) -> str:
    """``(("white", 2), ("grey", 1))`` -> ``"2 ○ white + 1 ◐ grey"``."""
    parts = []
    for piece, count in served:
        glyph = ARTIFACT_GLYPH.get(piece)
        said = artifact_colour(piece, "alone") if glyph else piece
        parts.append(f"{count} {glyph} {said}" if glyph else f"{count} {said}")
    return " + ".join(parts)


def task_report(state: MaunaKeaState, names: Sequence[str], order: Sequence[int]) -> Text:
    """For each seat in ``order``: the cards it held at the end, then one line per task card.

    ``state`` is the final state as everyone sees it (the hands are turned over at scoring).
    """
    text = Text()
    for seat in order:
        name = names[seat] if seat < len(names) else _("Seat {n}").format(n=seat + 1)
        hand = state.cards[seat]
        titles = ", ".join(card_title(card) for card in hand) if hand else _("none")
        # TRANSLATORS: the scores' task report; the player's name is in their colour
        head = _("{player}'s hand at the end: {cards}").format(player="\0", cards=titles)
        before, _sep, after = head.partition("\0")
        text.append(before)
        text.append(name, Style(color=seat_colour(seat), bold=True))
        text.append(after + "\n")
        rescued = [a for r in state.rescued if r.seat == seat for a in r.artifacts]
        flown = sum(1 for r in state.rescued if r.seat == seat)
        if flown:
            what = served_text([(c, rescued.count(c)) for c in dict.fromkeys(rescued)])
            # TRANSLATORS: "✈ 2 explorers flown out with 2 ○ white + 1 ◐ grey" (the English
            # keeps its old "(s)": translate each form as the number asks)
            said = ngettext(
                "{n} explorer(s) flown out with {artifacts}",
                "{n} explorer(s) flown out with {artifacts}",
                flown,
            )
            text.append("  ✈ " + said.format(n=flown, artifacts=what or _("no artifacts")) + "\n")
        for task in best_tasks(state, seat):
            title = card_title(task.card)
            if not task.fulfilled:
                text.append("  ✗ ", MISSED)
                text.append(_("{card} — not fulfilled").format(card=title) + "\n")
                continue
            text.append("  ✓ ", DONE)
            if task.served:
                served = served_text(task.served)
                text.append(_("{card} — served by {pieces}").format(card=title, pieces=served))
                text.append("\n")
            else:
                # TRANSLATORS: the task card that spares a player the empty boat places' cost
                text.append(_("{card} — empty boat places cost nothing").format(card=title))
                text.append("\n")
    text.rstrip()
    return text

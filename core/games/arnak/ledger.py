"""What an event paid and gained, in words, read from the positions before and after it: the
log's sentences end with it ("Red dug at camp 2 paying with Fear: +2 compasses").

Only what every player may know is compared (resources, idols and slots, guardians and boons,
Fear, temple tiles, research tokens, assistants, cards exiled or put in the play area): a hand
or a deck is never looked into, so a sentence never tells a secret card.
"""

from __future__ import annotations

from core.games.arnak import board_words as B
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, ArnakState, Player


def change(before: ArnakState, after: ArnakState, seat: int, tokens: bool = True) -> str:
    """What ``seat`` paid (−) and gained (+) from ``before`` to ``after``, or ``""``
    (``tokens``: where the research tokens went, unless the sentence says it already)."""
    if seat >= len(before.seats) or seat >= len(after.seats):
        return ""
    old, new = before.seats[seat], after.seats[seat]
    parts = _resources(old, new)
    if new.idols != old.idols:
        parts.append(_signed(new.idols - old.idols, "idol"))
    if new.slots > old.slots:
        parts.append(_signed(new.slots - old.slots, "idol slot") + " filled")
    for g in new.guardians:
        if g not in old.guardians:
            parts.append(f"+guardian (boon: {B.boon(g)})")
    for g in new.boons_used:
        if g not in old.boons_used:
            parts.append(f"boon of a guardian used ({B.boon(g)})")
    fear = _fear(new) - _fear(old)
    if fear > 0:
        parts.append(_signed(fear, "Fear card"))
    if new.fear_tiles != old.fear_tiles:
        parts.append(_signed(new.fear_tiles - old.fear_tiles, "Fear tile"))
    if len(new.temple_tiles) > len(old.temple_tiles):
        parts.append(_signed(len(new.temple_tiles) - len(old.temple_tiles), "temple tile"))
    board = W.side(after)
    if tokens and new.glass != old.glass:
        parts.append(f"glass to {B.research_space_name(board, new.glass)}")
    if tokens and new.notebook != old.notebook:
        parts.append(f"notebook to {B.research_space_name(board, new.notebook)}")
    parts += _assistants(old, new)
    exiled = [c for c in new.exiled if c not in old.exiled]
    if exiled:
        parts.append("exiled " + ", ".join(C.name(c) for c in exiled))
    return ", ".join(parts)


def _signed(n: int, word: str) -> str:
    return ("+" if n > 0 else "−") + W.plural(abs(n), word)


def _resources(old: Player, new: Player) -> list[str]:
    out = []
    for (one, many), was, now in zip(W.RES_WORDS, old.res, new.res, strict=True):
        if now != was:
            out.append(_signed(now - was, one).replace(f" {one}s", f" {many}"))
    return out


def _fear(player: Player) -> int:
    """Fear cards in the play area (a Fear card taken lands there)."""
    return sum(1 for c in player.play if c != HIDDEN and c.startswith("f"))


def _assistants(old: Player, new: Player) -> list[str]:
    out = []
    had = {a.id: a for a in old.assistants}
    for a in new.assistants:
        was = had.get(a.id)
        if was is None:
            out.append(f"+assistant {int(a.id[1:])} ({'gold' if a.gold else 'silver'})")
        elif a.gold and not was.gold:
            out.append(f"assistant {int(a.id[1:])} upgraded to gold")
        elif was.exhausted and not a.exhausted:
            out.append(f"assistant {int(a.id[1:])} refreshed")
    mine = {a.id for a in new.assistants}
    out += [f"−assistant {int(aid[1:])}" for aid in had if aid not in mine]
    return out


def said_in(gained: str, sentence: str) -> bool:
    """Whether every part of ``gained`` is already in ``sentence`` (an answer that names
    its gains: ``+1 coin, 1 compass``), so it is not said twice."""
    return all(part.lstrip("+") in sentence for part in gained.split(", "))

"""Plain sentences for the event log ("Blue bought Whip", "Red dug at camp site 5")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.games.arnak import board_words as B
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak import scoring
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, ArnakState
from core.messages import Event

PILES = {
    "items": "the item deck",
    "artifacts": "the artifact deck",
    "sites1": "the level I site tiles",
    "sites2": "the level II site tiles",
    "guardians": "the guardians",
    "supply0": "the first assistant stack",
    "supply1": "the second assistant stack",
    "supply2": "the third assistant stack",
    "rescue": "the rescue stack",
    "temple": "the temple's bonus tiles",
}
SETUP = {
    "items": "The item deck was shuffled",
    "artifacts": "The artifact deck was shuffled",
    "sites1": "The level I site tiles were shuffled",
    "sites2": "The level II site tiles were shuffled",
    "guardians": "The guardians were shuffled",
    "idols": "The idols were shuffled and laid on the sites",
    "assistants": "The assistants were shuffled into their stacks",
    "bonus": "The research bonus tiles were shuffled and dealt",
}
TOKENS = {"glass": "magnifying glass", "notebook": "notebook"}


def _name(cid: str) -> str:
    if cid == HIDDEN:
        return "a hidden card"
    if cid[:1] == "b" and cid[1:2].isdigit():  # Funding and Exploration come by car and by ship
        return f"{C.name(cid)} ({W.travel(C.card(cid).travel)})"
    return C.name(cid)


def answered(state: ArnakState, event: ev.AnswerGiven, names: Sequence[str]) -> str | None:
    """``Idol slot: which effect? Red: +1 arrowhead`` -- an answer beside the question it
    answers, read in the position it was given in; ``None`` when that position asks this seat
    nothing (or the answer is hidden from the reader)."""
    top = fx.current(state)
    if top is None or top[0].seat != event.seat or event.value == HIDDEN:
        return None
    who = names[event.seat] if event.seat < len(names) else f"Seat {event.seat + 1}"
    try:
        return f"{W.question(state)} {who}: {W.answer(state, event.value)}"
    except (KeyError, ValueError, IndexError):  # not an answer to this question: say it plainly
        return None


def space_words(space: str) -> str:
    """``C5.1`` -> "camp 5", ``L1.3`` -> "site 1.3" (the names the map and the keys use)."""
    return W.site_name(space)


def _pay(pay: tuple[str, ...]) -> str:
    if not pay:
        return ""
    words = ["a plane for 2 coins" if p == "pilot" else _name(p) for p in pay]
    return " paying with " + " and ".join(words)


def _value(value: str) -> str:
    """An answer in words where it names a component or a space (``f08`` -> Fear)."""
    words = []
    text = value.replace(">", " > ").replace("=", " paying with ").replace("+", " and ")
    for part in text.split():
        if part in TOKENS:
            words.append(TOKENS[part])
        elif part[:1] in "CL" and "." in part:
            words.append(space_words(part))
        elif part == "pilot":
            words.append("a plane for 2 coins")
        elif part[:1].isalpha() and part[1:2].isdigit():
            words.append(_name(part))
        else:
            words.append(part)
    return " ".join(words)


def _research_place(state: ArnakState | None, space: str) -> str:
    """Research space ``space`` as the board numbers it: ``research row 3`` (the rows differ
    between the sides: without the position, ``research space 5``)."""
    if state is None or not space.isdigit():
        return f"research space {space}"
    return f"research row {W.side(state).research_space(int(space)).row}"


def describe(event: Event, names: Sequence[str], state: ArnakState | None = None) -> str:
    """``event`` in a sentence; ``state``, the position it happens in, names research rows."""

    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    match event:
        case ev.PileShuffled(pile=pile, cards=cards):
            if pile.startswith("deck:"):
                return f"{who(int(pile[5:]))} shuffled their starting cards"
            if pile.startswith("play:"):
                return f"{who(int(pile[5:]))} shuffled their play area under their deck"
            if pile == "blocking":
                camps = ", ".join(c[1] for c in sorted(cards[:3]))
                return f"Blocking tiles cover the second space of camp sites {camps}"
            return SETUP.get(pile, f"The {pile} were shuffled")
        case ev.StartPlayerChosen(seat=seat):
            return f"{who(seat)} starts"
        case ev.RowRefilled(artifacts=arts, items=items):
            dealt = [_name(c) for c in (*arts, *items)]
            return "The card row was refilled: " + (", ".join(dealt) or "nothing")
        case ev.CardsDrawn(seat=seat, cards=cards, bottom=bottom):
            n = len(cards)
            where = " from the bottom of their deck" if bottom else ""
            return f"{who(seat)} drew {n} card{'s' if n != 1 else ''}{where}"
        case ev.CardRevealed(pile=pile, card=card):
            if pile == "guardians" and card != HIDDEN:
                return f"A guardian was turned up: {B.guardian(card)}"
            if pile in ("sites1", "sites2") and card != HIDDEN:
                level = "I" if pile == "sites1" else "II"
                return f"A level-{level} site tile was turned up: {W.effect(C.site(card).effect)}"
            return f"{_name(card)} was turned up from {PILES.get(pile, pile)}"
        case ev.PileViewed(seat=seat, pile=pile):
            return f"{who(seat)} looked through {PILES.get(pile, pile)}"
        case ev.CardsLaidAside(seat=seat, cards=cards):
            laid = ", ".join(_name(c) for c in cards)
            return f"{who(seat)} laid {laid} into their play area unused"
        case ev.TurnStarted(seat=seat):
            return f"{who(seat)}'s turn"
        case ev.RoundEnded(round=rnd):
            return f"Round {rnd} ended: the archaeologists went home"
        case ev.CardPlayed(seat=seat, card=card):
            return f"{who(seat)} played {_name(card)}"
        case ev.SiteDug(seat=seat, space=space, pay=pay):
            return f"{who(seat)} dug at {space_words(space)}{_pay(pay)}"
        case ev.SiteDiscovered(seat=seat, space=space, pay=pay):
            return f"{who(seat)} discovered {space_words(space)}{_pay(pay)}"
        case ev.GuardianOvercome(seat=seat, space=space, pay=pay):
            return f"{who(seat)} overcame the guardian at {space_words(space)}{_pay(pay)}"
        case ev.CardBought(seat=seat, card=card):
            return f"{who(seat)} bought {_name(card)}"
        case ev.ResearchAdvanced(seat=seat, token=token, to=to):
            if to.startswith("t"):
                return f"{who(seat)} bought a temple tile"
            if to == "14":
                return f"{who(seat)}'s magnifying glass reached the Lost Temple"
            where = _research_place(state, to)
            return f"{who(seat)} moved the {TOKENS.get(token, token)} to {where}"
        case ev.AssistantUsed(seat=seat):
            return f"{who(seat)} used an assistant"
        case ev.BoonUsed(seat=seat, guardian=g):
            return f"{who(seat)} used the boon of {_name(g)}"
        case ev.IdolSlotted(seat=seat):
            return f"{who(seat)} placed an idol in a slot"
        case ev.Passed(seat=seat):
            return f"{who(seat)} passed"
        case ev.TurnEnded(seat=seat):
            return f"{who(seat)} ended the turn"
        case ev.SecretAnswerGiven(seat=seat):
            return f"{who(seat)} chose a card in secret"
        case ev.AnswerGiven(seat=seat, value=value):
            if value == "skip":
                return f"{who(seat)} chose nothing"
            return f"{who(seat)} chose {_value(value)}"
        case ev.FinalScoring(parts=parts):
            return "Final scoring: " + "; ".join(
                f"{who(seat)} {final_words(points)}" for seat, points in enumerate(parts)
            )
    return type(event).__name__


def final_words(points: Mapping[str, int]) -> str:
    """``40 VP (research 13, temple tiles 0, …, Fear -1)``: a total and 004's scoring list."""
    each = ", ".join(f"{scoring.WORDS.get(part, part)} {n}" for part, n in points.items())
    return f"{sum(points.values())} VP ({each})"

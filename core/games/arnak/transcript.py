"""Plain sentences for the event log ("Blue bought Whip", "Red dug at camp site 5").

Each sentence is one template of the ``arnak`` catalogue with named arguments, in the reader's
language (:mod:`core.language`); a count goes through ``ngettext``. Still in English inside
them: the cards' names (the publishers' names in each language are not at hand yet) and what
:mod:`.words` says (effects, questions and answers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.games.arnak import board_words as B
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, ArnakState
from core.language import N_, Translator, listed
from core.lifecycle import Undone
from core.messages import Event
from core.transcript import Who, namer

T = Translator("arnak")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

PILES = {
    "items": N_("the item deck"),
    "artifacts": N_("the artifact deck"),
    "sites1": N_("the level I site tiles"),
    "sites2": N_("the level II site tiles"),
    "guardians": N_("the guardians"),
    "supply0": N_("the first assistant stack"),
    "supply1": N_("the second assistant stack"),
    "supply2": N_("the third assistant stack"),
    "rescue": N_("the rescue stack"),
    "temple": N_("the temple's bonus tiles"),
}


def piles_from() -> dict[str, str]:
    """Each pile as the place a card is turned up from, with the language's preposition where
    it needs one (English says it in the sentence: "turned up from the item deck")."""
    return {
        # TRANSLATORS: a pile in "{card} was turned up from {pile}"; add the preposition your
        # sentence needs to this word, not to the sentence (German "vom", Italian "dal").
        "items": pgettext("turned up from", "the item deck"),
        "artifacts": pgettext("turned up from", "the artifact deck"),
        "sites1": pgettext("turned up from", "the level I site tiles"),
        "sites2": pgettext("turned up from", "the level II site tiles"),
        "guardians": pgettext("turned up from", "the guardians"),
        "supply0": pgettext("turned up from", "the first assistant stack"),
        "supply1": pgettext("turned up from", "the second assistant stack"),
        "supply2": pgettext("turned up from", "the third assistant stack"),
        "rescue": pgettext("turned up from", "the rescue stack"),
        "temple": pgettext("turned up from", "the temple's bonus tiles"),
    }


SETUP = {
    "items": N_("The item deck was shuffled"),
    "artifacts": N_("The artifact deck was shuffled"),
    "sites1": N_("The level I site tiles were shuffled"),
    "sites2": N_("The level II site tiles were shuffled"),
    "guardians": N_("The guardians were shuffled"),
    "idols": N_("The idols were shuffled and laid on the sites"),
    "assistants": N_("The assistants were shuffled into their stacks"),
    "bonus": N_("The research bonus tiles were shuffled and dealt"),
}
TOKENS = {"glass": N_("magnifying glass"), "notebook": N_("notebook")}
PARTS = {
    "research": N_("research"),
    "temple_tiles": N_("temple tiles"),
    "idols": N_("idols"),
    "guardians": N_("guardians"),
    "items_and_artifacts": N_("items and artifacts"),
    "fear": N_("Fear"),
}
"""Each scoring part as the log says it (:data:`scoring.PARTS`, marked)."""


def travel_word(t: str) -> str:
    """A travel icon's name (``car``) in the reader's language."""
    words = {"boot": _("boot"), "car": _("car"), "ship": _("ship"), "plane": _("plane")}
    return words.get(t, t)


def _name(cid: str) -> str:
    if cid == HIDDEN:
        return _("a hidden card")
    if cid[:1] == "b" and cid[1:2].isdigit():  # Funding and Exploration come by car and by ship
        return f"{name(cid)} ({travel_word(W.travel(C.card(cid).travel))})"
    return name(cid)


def name(cid: str) -> str:
    """A component by its name in the reader's language: a card by its own
    (:mod:`core.games.arnak.card_names`), the rest by kind and number (``guardian 3``)."""
    try:
        card = C.card(cid).name
    except KeyError:
        pass
    else:
        return _(card)
    said = C.name(cid)
    number = cid[1:]
    if not number.isdigit() or said == cid:
        return said
    numbered = NUMBERED.get(cid[:1])
    return said if numbered is None else _(numbered).format(n=int(number))


NUMBERED: dict[str, str] = {  # a component named by its kind and number, by its id's letter
    "g": N_("guardian {n}"),
    "s": N_("level-I site {n}"),
    "t": N_("level-II site {n}"),
    "c": N_("camp {n}"),
    "d": N_("idol {n}"),
    "h": N_("assistant {n}"),
    "r": N_("research bonus {n}"),
}


def who_of(names: Sequence[str]) -> Who:
    """``who(seat)``: the player's name, ``Seat N`` past the known names."""
    return namer(names, _("Seat {n}"))


def answered(state: ArnakState, event: ev.AnswerGiven, names: Sequence[str]) -> str | None:
    """``Idol slot: which effect? Red: +1 arrowhead`` -- an answer beside the question it
    answers, read in the position it was given in; ``None`` when that position asks this seat
    nothing (or the answer is hidden from the reader)."""
    top = fx.current(state)
    if top is None or top[0].seat != event.seat or event.value == HIDDEN:
        return None
    who = who_of(names)(event.seat)
    try:
        return f"{W.question(state)} {who}: {W.answer(state, event.value)}"
    except (KeyError, ValueError, IndexError):  # not an answer to this question: say it plainly
        return None


def space_words(space: str) -> str:
    """``C5.1`` -> "camp 5", ``L1.3`` -> "site 1.3" (the names the map and the keys use)."""
    if space.startswith("C"):
        return _("camp {n}").format(n=space[1:].split(".")[0])
    return _("site {n}").format(n=space[1:])


def _payment(pay: tuple[str, ...]) -> str:
    return listed([_("a plane for 2 coins") if p == "pilot" else _name(p) for p in pay])


def _value(value: str) -> str:
    """An answer in words where it names a component or a space (``f08`` -> Fear)."""
    words = []
    text = value.replace(">", " > ").replace("=", " \x01 ").replace("+", " \x02 ")
    for part in text.split():
        if part in TOKENS:
            words.append(_(TOKENS[part]))
        elif part == "\x01":
            words.append(_("paying with"))
        elif part == "\x02":
            words.append(_("and"))
        elif part[:1] in "CL" and "." in part:
            words.append(space_words(part))
        elif part == "pilot":
            words.append(_("a plane for 2 coins"))
        elif part[:1].isalpha() and part[1:2].isdigit():
            words.append(_name(part))
        else:
            words.append(part)
    return " ".join(words)


def _research_place(state: ArnakState | None, space: str) -> str:
    """Research space ``space`` as the board numbers it: ``research row 3`` (the rows differ
    between the sides: without the position, ``research space 5``)."""
    if state is None or not space.isdigit():
        return _("research space {n}").format(n=space)
    return _("research row {n}").format(n=W.side(state).research_space(int(space)).row)


def _with_pay(plain: str, paying: str, player: str, space: str, pay: tuple[str, ...]) -> str:
    if pay:
        return _(paying).format(player=player, site=space_words(space), cards=_payment(pay))
    return _(plain).format(player=player, site=space_words(space))


def describe(event: Event, names: Sequence[str], state: ArnakState | None = None) -> str:
    """``event`` in a sentence; ``state``, the position it happens in, names research rows."""
    who = who_of(names)
    match event:
        case ev.PileShuffled(pile=pile, cards=cards):
            if pile.startswith("deck:"):
                return _("{player} shuffled their starting cards").format(player=who(int(pile[5:])))
            if pile.startswith("play:"):
                return _("{player} shuffled their play area under their deck").format(
                    player=who(int(pile[5:]))
                )
            if pile == "blocking":
                camps = ", ".join(c[1] for c in sorted(cards[:3]))
                return _("Blocking tiles cover the second space of camp sites {camps}").format(
                    camps=camps
                )
            if pile in SETUP:
                return _(SETUP[pile])
            return _("The {pile} were shuffled").format(pile=pile)
        case ev.StartPlayerChosen(seat=seat):
            return _("{player} starts").format(player=who(seat))
        case ev.RowRefilled(artifacts=arts, items=items):
            dealt = [_name(c) for c in (*arts, *items)]
            return _("The card row was refilled: {cards}").format(
                cards=", ".join(dealt) or _("nothing")
            )
        case ev.CardsDrawn(seat=seat, cards=cards, bottom=bottom):
            n = len(cards)
            if bottom:
                text = ngettext(
                    "{player} drew {n} card from the bottom of their deck",
                    "{player} drew {n} cards from the bottom of their deck",
                    n,
                )
            else:
                text = ngettext("{player} drew {n} card", "{player} drew {n} cards", n)
            return text.format(player=who(seat), n=n)
        case ev.CardRevealed(pile=pile, card=card):
            if pile == "guardians" and card != HIDDEN:
                return _("A guardian was turned up: {guardian}").format(guardian=B.guardian(card))
            if pile in ("sites1", "sites2") and card != HIDDEN:
                effect = W.effect(C.site(card).effect)
                if pile == "sites1":
                    return _("A level-I site tile was turned up: {effect}").format(effect=effect)
                return _("A level-II site tile was turned up: {effect}").format(effect=effect)
            where = piles_from().get(pile, pile)
            return _("{card} was turned up from {pile}").format(card=_name(card), pile=where)
        case ev.PileViewed(seat=seat, pile=pile):
            where = _(PILES[pile]) if pile in PILES else pile
            return _("{player} looked through {pile}").format(player=who(seat), pile=where)
        case ev.CardsLaidAside(seat=seat, cards=cards):
            laid = ", ".join(_name(c) for c in cards)
            return _("{player} laid {cards} into their play area unused").format(
                player=who(seat), cards=laid
            )
        case ev.TurnStarted(seat=seat):
            return _("{player}'s turn").format(player=who(seat))
        case ev.RoundEnded(round=rnd):
            return _("Round {n} ended: the archaeologists went home").format(n=rnd)
        case ev.CardPlayed(seat=seat, card=card):
            return _("{player} played {card}").format(player=who(seat), card=_name(card))
        case ev.SiteDug(seat=seat, space=space, pay=pay):
            return _with_pay(
                N_("{player} dug at {site}"),
                N_("{player} dug at {site} paying with {cards}"),
                who(seat),
                space,
                pay,
            )
        case ev.SiteDiscovered(seat=seat, space=space, pay=pay):
            return _with_pay(
                N_("{player} discovered {site}"),
                N_("{player} discovered {site} paying with {cards}"),
                who(seat),
                space,
                pay,
            )
        case ev.GuardianOvercome(seat=seat, space=space, pay=pay):
            return _with_pay(
                N_("{player} overcame the guardian at {site}"),
                N_("{player} overcame the guardian at {site} paying with {cards}"),
                who(seat),
                space,
                pay,
            )
        case ev.CardBought(seat=seat, card=card):
            return _("{player} bought {card}").format(player=who(seat), card=_name(card))
        case ev.ResearchAdvanced(seat=seat, token=token, to=to):
            if to.startswith("t"):
                return _("{player} bought a temple tile").format(player=who(seat))
            if to == "14":
                return _("{player}'s magnifying glass reached the Lost Temple").format(
                    player=who(seat)
                )
            where = _research_place(state, to)
            if token == "glass":
                text = _("{player} moved the magnifying glass to {where}")
            elif token == "notebook":
                text = _("{player} moved the notebook to {where}")
            else:
                text = _("{player} moved the {token} to {where}")
            return text.format(player=who(seat), token=token, where=where)
        case ev.AssistantUsed(seat=seat):
            return _("{player} used an assistant").format(player=who(seat))
        case ev.BoonUsed(seat=seat, guardian=g):
            return _("{player} used the boon of {guardian}").format(
                player=who(seat), guardian=_name(g)
            )
        case ev.IdolSlotted(seat=seat):
            return _("{player} placed an idol in a slot").format(player=who(seat))
        case ev.Passed(seat=seat):
            return _("{player} passed").format(player=who(seat))
        case ev.TurnEnded(seat=seat):
            return _("{player} ended the turn").format(player=who(seat))
        case ev.SecretAnswerGiven(seat=seat):
            return _("{player} chose a card in secret").format(player=who(seat))
        case ev.AnswerGiven(seat=seat, value=value):
            if value == "skip":
                return _("{player} chose nothing").format(player=who(seat))
            return _("{player} chose {value}").format(player=who(seat), value=_value(value))
        case ev.FinalScoring(parts=parts):
            return _("Final scoring: {scores}").format(
                scores="; ".join(
                    f"{who(seat)} {final_words(points)}" for seat, points in enumerate(parts)
                )
            )
        case Undone(seat=seat, back_to=back_to):
            return _("{player} took back their last move (from event {n} on)").format(
                player=who(seat), n=back_to
            )
    return type(event).__name__


def final_words(points: Mapping[str, int]) -> str:
    """``40 VP (research 13, temple tiles 0, …, Fear -1)``: a total and 004's scoring list."""
    each = ", ".join(
        f"{_(PARTS[part]) if part in PARTS else part} {n}" for part, n in points.items()
    )
    return _("{total} VP ({parts})").format(total=sum(points.values()), parts=each)

"""Hidden information: hands, deck order, face-down idols, the site, guardian and assistant stacks
below what was revealed, the temple bonus and rescue stacks. A seat sees its own hand and the
cards it is looking at now (an earring's cards, the rescue or temple stack it looks through)."""

from __future__ import annotations

from collections.abc import Set
from functools import cache
from typing import Any

import msgspec

from core.games.arnak import events as ev
from core.games.arnak.flow import setup_steps, steps_for
from core.games.arnak.state import HIDDEN, PUBLIC, ArnakState, seen_by
from core.lifecycle import GameStarted
from core.messages import Event


@cache
def every_step(players: int) -> frozenset[str]:
    """The setup's steps, all done."""
    return frozenset(steps_for(players))


def _hide(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def _top_only(cards: list[str], shown: bool) -> list[str]:
    """A stack whose top alone is seen (when ``shown``): the rest hidden."""
    if shown and cards:
        return [cards[0], *[HIDDEN] * (len(cards) - 1)]
    return [HIDDEN] * len(cards)


DECK_STEPS = tuple(f"deck:{seat}" for seat in range(8))
"""Each seat's setup step that shuffles its deck, named once (a look asks it for every seat)."""


def view(state: ArnakState, seat: int | None) -> ArnakState:
    """A copy of ``state`` holding only what ``seat`` (``None``: a spectator) may know. During
    setup a pile is hidden only once it is shuffled (before, it lies in its box order)."""
    return _hidden(state.copy(), state, seat)


def look(state: ArnakState, seat: int | None) -> ArnakState:
    """:func:`view` without the copy: a state (and players) sharing ``state``'s lists and
    dicts, save the piles ``seat`` may not see, which are fresh lists (so it holds no hidden
    card). Read it only, and only until ``state`` changes (see ``Rules.look``)."""
    return _hidden(state.shallow(), state, seat)


def _hidden(out: ArnakState, state: ArnakState, seat: int | None) -> ArnakState:
    """``out`` (a copy of ``state``, or a shallow one) with what ``seat`` may not know hidden:
    every hidden part is a new list or dict set on ``out`` or its players, never a change to
    one in place (so a shallow ``out`` leaves ``state`` as it was)."""
    if state.phase == "setup":
        done: Set[str] = set(setup_steps(state)[: state.setup_step])
    else:
        done = every_step(state.players)

    def hide(pile: str, cards: list[str]) -> list[str]:
        return _hide(cards) if pile in done else cards

    known = PUBLIC if seat is None else PUBLIC | seen_by(seat)  # deck cards this view knows
    for other, player in enumerate(out.seats):
        if DECK_STEPS[other] in done:
            player.deck = [
                card if mask & known else HIDDEN
                for card, mask in zip(player.deck, player.deck_seen, strict=True)
            ]
        if other != seat:
            player.hand = [c if c in player.hand_public else HIDDEN for c in player.hand]
            player.aside = _hide(player.aside)
    out.item_deck = _known_top(hide("items", out.item_deck), state.item_deck, state.top_known[0])
    out.art_deck = _known_top(hide("artifacts", out.art_deck), state.art_deck, state.top_known[1])
    out.sites1 = _known_bottom(hide("sites1", out.sites1), state.sites1, state.sites_known[0])
    out.sites2 = _known_bottom(hide("sites2", out.sites2), state.sites2, state.sites_known[1])
    out.guardians = hide("guardians", out.guardians)
    out.bonus_box = hide("bonus", out.bonus_box)
    if "idols" in done:
        down = out.idol_down = dict.fromkeys(out.idol_down, HIDDEN)
        for space, idol in state.idol_down.items():  # (a loop: a comprehension's call costs
            if idol is None:  # more than the few spaces it makes)
                down[space] = None
    if "assistants" in done:
        out.supply = list(map(_top_only, out.supply, out.supply_shown))
        if seat not in state.looked["rescue"]:
            out.rescue = _top_only(out.rescue, out.rescue_shown)
    if "bonus" in done and seat not in state.looked["temple"]:
        out.temple_bonus = _hide(out.temple_bonus)
    return out


def _known_top(shown: list[str], cards: list[str], known: bool) -> list[str]:
    """A deck whose top card all saw go back there (Fishing Rod, Precision Compass)."""
    return [cards[0], *shown[1:]] if known and cards else shown


def _known_bottom(shown: list[str], cards: list[str], known: int) -> list[str]:
    """A site stack's bottom tiles that everyone saw go there (Guiding Stone, Guiding Skull)."""
    if not known:
        return shown
    return [*shown[: len(cards) - known], *cards[len(cards) - known :]]


def fully_known(state: ArnakState) -> bool:
    piles: list[list[str]] = [
        state.item_deck,
        state.art_deck,
        state.sites1,
        state.sites2,
        state.guardians,
        state.rescue,
        state.temple_bonus,
        state.bonus_box,
        state.idol_box,
        *state.supply,
    ]
    for player in state.seats:
        piles += [player.deck, player.hand, player.aside]
    if any(HIDDEN in pile for pile in piles):
        return False
    return HIDDEN not in state.idol_down.values()


def project(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it."""
    if isinstance(event, ev.PileShuffled) and event.secret:
        hidden = set(event.secret)
        cards = tuple(HIDDEN if i in hidden else c for i, c in enumerate(event.cards))
        return ev.PileShuffled(event.pile, cards, event.secret)
    if isinstance(event, ev.CardsDrawn) and event.seat != seat:
        return ev.CardsDrawn(event.seat, (HIDDEN,) * len(event.cards), event.bottom)
    if isinstance(event, ev.SecretAnswerGiven) and event.seat != seat and event.value != "skip":
        return ev.SecretAnswerGiven(event.seat, HIDDEN)
    if isinstance(event, ev.PileViewed) and event.seat != seat:
        return ev.PileViewed(event.seat, event.pile, (HIDDEN,) * len(event.cards))
    if isinstance(event, GameStarted) and event.position is not None:
        return msgspec.structs.replace(event, position=redact_position(event.position, seat))
    return event


def redact_position(doc: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A JSON position with what ``seat`` may not see replaced by ``?``."""
    from core.games.arnak.position import dump, load

    return dump(view(load(doc), seat))

"""Hidden information: hands, deck order, face-down idols, the site, guardian and assistant stacks
below what was revealed, the temple bonus and rescue stacks. A seat sees its own hand and the
cards it is looking at now (an earring's cards, the rescue or temple stack it looks through)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.arnak import events as ev
from core.games.arnak import ops as o
from core.games.arnak.effects import current
from core.games.arnak.state import HIDDEN, ArnakState
from core.lifecycle import GameStarted
from core.messages import Event


def _hide(cards: list[str]) -> list[str]:
    return [HIDDEN] * len(cards)


def _peeking(state: ArnakState, seat: int | None, kind: type) -> bool:
    top = current(state)
    if top is None or seat is None:
        return False
    frame, op = top
    return frame.seat == seat and isinstance(op, kind) and "seen" in frame.ctx


def view(state: ArnakState, seat: int | None) -> ArnakState:
    """A copy of ``state`` holding only what ``seat`` (``None``: a spectator) may know."""
    out = state.copy()
    if state.phase == "setup" and state.setup_step == 0:
        return out  # nothing is shuffled yet: every pile is in its box order
    for other, player in enumerate(out.seats):
        player.deck = _hide(player.deck)
        if other != seat:
            player.hand = _hide(player.hand)
            player.aside = _hide(player.aside)
    out.item_deck = _hide(out.item_deck)
    out.art_deck = _hide(out.art_deck)
    out.sites1 = _hide(out.sites1)
    out.sites2 = _hide(out.sites2)
    out.guardians = _hide(out.guardians)
    out.idol_box = _hide(out.idol_box)
    out.bonus_box = _hide(out.bonus_box)
    out.idol_down = {k: (HIDDEN if v is not None else None) for k, v in out.idol_down.items()}
    out.supply = [
        [c if i == 0 and shown else HIDDEN for i, c in enumerate(stack)]
        for stack, shown in zip(out.supply, out.supply_shown, strict=False)
    ]
    if not _peeking(state, seat, o.Rescue):
        out.rescue = [
            c if i == 0 and out.rescue_shown else HIDDEN for i, c in enumerate(out.rescue)
        ]
    if not _peeking(state, seat, o.TemplePick):
        out.temple_bonus = _hide(out.temple_bonus)
    return out


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
    if isinstance(event, ev.Shuffled) and event.secret:
        hidden = set(event.secret)
        cards = tuple(HIDDEN if i in hidden else c for i, c in enumerate(event.cards))
        return ev.Shuffled(event.pile, cards, event.secret)
    if isinstance(event, ev.Drew) and event.seat != seat:
        return ev.Drew(event.seat, (HIDDEN,) * len(event.cards), event.bottom)
    if isinstance(event, ev.ChoseSecretly) and event.seat != seat and event.value != "skip":
        return ev.ChoseSecretly(event.seat, HIDDEN)
    if isinstance(event, ev.Peeked) and event.seat != seat:
        return ev.Peeked(event.seat, event.pile, (HIDDEN,) * len(event.cards))
    if isinstance(event, GameStarted) and event.position is not None:
        return msgspec.structs.replace(event, position=redact_position(event.position, seat))
    return event


def redact_position(doc: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A JSON position with what ``seat`` may not see replaced by ``?``."""
    from core.games.arnak.position import dump, load

    return dump(view(load(doc), seat))

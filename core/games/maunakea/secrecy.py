"""Hidden information in the advanced game: a player's cards are seen only by that player until
played or revealed at scoring; the cards set aside or never dealt are seen by nobody."""

from __future__ import annotations

from typing import Any

import msgspec

from core.games.maunakea import events as ev
from core.games.maunakea.state import HIDDEN, MaunaKeaState
from core.lifecycle import GameStarted
from core.messages import Event


def _hide(cards: list[str] | tuple[str, ...]) -> list[str]:
    return [HIDDEN] * len(cards)


def view(state: MaunaKeaState, seat: int | None) -> MaunaKeaState:
    """A copy of ``state`` holding only what ``seat`` (``None``: a spectator) may know."""
    out = state.copy()
    if not state.advanced:
        return out
    for other in range(state.players):
        if other == seat:
            continue
        out.dealt[other] = _hide(out.dealt[other])
        out.discarded[other] = _hide(out.discarded[other])
        if not state.revealed:
            out.cards[other] = _hide(out.cards[other])
    out.undealt = _hide(out.undealt)
    return out


def look(state: MaunaKeaState, seat: int | None) -> MaunaKeaState:
    """:func:`view` without the copy: a state sharing ``state``'s lists and dicts, save the
    hands ``seat`` may not see, which are fresh lists of "?" (so it holds no hidden card). Read
    it only, and only until ``state`` changes (see ``Rules.look``)."""
    out = state.shallow()
    if not state.advanced:
        return out
    out.dealt = [hand if other == seat else _hide(hand) for other, hand in enumerate(state.dealt)]
    out.discarded = [
        hand if other == seat else _hide(hand) for other, hand in enumerate(state.discarded)
    ]
    if not state.revealed:
        out.cards = [
            hand if other == seat else _hide(hand) for other, hand in enumerate(state.cards)
        ]
    out.undealt = _hide(state.undealt)
    return out


def fully_known(state: MaunaKeaState) -> bool:
    """No card in the state is hidden (it is the referee's, not a seat's view)."""
    hands = [*state.dealt, *state.cards, *state.discarded, state.undealt]
    return not any(HIDDEN in hand for hand in hands)


def project(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it."""
    if isinstance(event, ev.CardsDealt):
        hands = tuple(
            hand if other == seat else tuple(_hide(hand)) for other, hand in enumerate(event.hands)
        )
        return ev.CardsDealt(hands, tuple(_hide(event.undealt)))
    if isinstance(event, ev.CardsKept) and event.seat != seat:
        return ev.CardsKept(event.seat, tuple(_hide(event.kept)), tuple(_hide(event.discarded)))
    if isinstance(event, GameStarted) and event.position is not None:
        position = redact_position(event.position, seat)
        return msgspec.structs.replace(event, position=position)
    return event


def redact_position(doc: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A JSON position with the cards ``seat`` may not see replaced by "?"."""
    if not doc.get("config", {}).get("advanced"):
        return doc
    out = dict(doc)
    for key in ("dealt", "discarded", "cards"):
        if key == "cards" and doc.get("revealed"):
            continue
        hands = doc.get(key)
        if isinstance(hands, list):
            out[key] = [
                hand if other == seat or not isinstance(hand, list) else _hide(hand)
                for other, hand in enumerate(hands)
            ]
    if isinstance(doc.get("undealt"), list):
        out["undealt"] = _hide(doc["undealt"])
    out.pop("summary", None)  # it would show task cards
    return out

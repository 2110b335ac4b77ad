"""Cards: the card row, buying and gaining cards, drawing and peeking, exile and Fear,
an artifact's use on arrival and the passer's leftover hand (the effect engine's asks and steps
about cards).
"""

from __future__ import annotations

from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.frames import SKIP, KeepCards, UseNow, advance, push, with_skip
from core.games.arnak.resources import forget_left_hand, hand_options, take_card
from core.games.arnak.state import COIN, COMPASS, HIDDEN, PUBLIC, ArnakState, Frame, seen_by


def to_exile(state: ArnakState, seat: int, card: str) -> None:
    """A card leaves the game: items and artifacts to their exile piles, Fear back to the Fear
    deck, basic cards beside the player's board."""
    if card.startswith("i"):  # (piles set anew, never changed in place: copies share them)
        state.item_exile = [*state.item_exile, card]
    elif card.startswith("a"):
        state.art_exile = [*state.art_exile, card]
    elif card.startswith("f"):
        state.fear_deck = [*state.fear_deck, card]  # replaced, never changed: copies share it
    else:
        player = state.seats[seat]
        player.exiled = [*player.exiled, card]  # replaced, never changed: copies share it


def take_fear(state: ArnakState, seat: int) -> None:
    """A Fear card into the play area, a Fear tile once the Fear deck is empty."""
    player = state.seats[seat]
    fear = state.fear_deck
    if fear:
        player.play.append(fear[0])
        state.fear_deck = fear[1:]  # replaced, never changed: copies share it
    else:
        player.fear_tiles += 1
        state.fear_tiles -= 1


def exile_options(state: ArnakState, seat: int) -> list[str]:
    player = state.seats[seat]
    out: list[str] = []
    fear_seen = False
    for card in [*player.hand, *player.play]:
        if card == HIDDEN or card in out:
            continue
        if card.startswith("f"):
            if fear_seen:
                continue
            fear_seen = True
        out.append(card)
    if player.fear_tiles:
        out.append("fear_tile")
    return out


def do_exile(state: ArnakState, seat: int, value: str) -> None:
    player = state.seats[seat]
    if value == "fear_tile":
        player.fear_tiles -= 1
        state.fear_tiles += 1
        return
    if value in player.play:
        player.play.remove(value)
    else:  # from the hand (a view of another seat's hand only sees a hidden card go)
        take_card(player.hand, value)
    to_exile(state, seat, value)


def row_cards(state: ArnakState, kind: str) -> list[str]:
    out: list[str] = []
    if kind in ("artifact", "any"):
        out.extend(c for c in state.row_art if c is not None)
    if kind in ("item", "any"):
        out.extend(c for c in state.row_items if c is not None)
    return out


def price(card: str) -> tuple[int, int]:
    """(coins, compasses) a card costs."""
    cost = K.card_cost(card)
    return (cost, 0) if card.startswith("i") else (0, cost)


def buy_options(
    state: ArnakState, seat: int, kind: str, discount: int, revealed: str | None
) -> list[str]:
    res = state.seats[seat].res
    cards = row_cards(state, kind)
    if revealed is not None:
        cards.append(revealed)
    out = []
    for card in cards:
        coins, compasses = price(card)
        if res[COIN] >= coins - discount and res[COMPASS] >= compasses - discount:
            out.append(card)
    return out


def take_from_row(state: ArnakState, card: str) -> bool:
    """Remove ``card`` from the row (``False`` if it is not there). The row is set anew, not
    changed in place: the bots' copies share it."""
    if card in state.row_art:
        state.row_art = gap_at(state.row_art, card)
    elif card in state.row_items:
        state.row_items = gap_at(state.row_items, card)
    else:
        return False
    state.refill_due = True
    return True


def gap_at(row: list[str | None], card: str) -> list[str | None]:
    """``row`` with a gap where ``card`` was (a new list)."""
    out = row[:]
    out[out.index(card)] = None
    return out


def buy(state: ArnakState, seat: int, card: str, discount: int) -> None:
    """Pay (less the discount) and take ``card``: an item to the deck's bottom, an artifact to
    the play area with its effect now (no tablet)."""
    coins, compasses = price(card)
    if discount:  # (prices are never negative: without one, the price itself)
        coins = max(0, coins - discount)
        compasses = max(0, compasses - discount)
    res = state.seats[seat].res
    res[COIN] -= coins
    res[COMPASS] -= compasses
    gain_card(state, seat, card, "bottom")


def gain_card(state: ArnakState, seat: int, card: str, to: str) -> None:
    if not take_from_row(state, card):
        if card in state.item_exile:
            state.item_exile = without(state.item_exile, card)
        elif state.revealed == card:
            state.revealed = None
    player = state.seats[seat]
    if card.startswith("a"):
        player.play.append(card)
        push(state, "usenow:" + card, seat)
    elif to == "hand":  # (the piles set anew, not changed in place: copies share them)
        player.hand.append(card)
        player.hand_public = [*player.hand_public, card]  # taken from the row in plain sight
    elif to == "top":
        player.deck = [card, *player.deck]
        player.deck_seen = [PUBLIC, *player.deck_seen]
    else:
        player.deck = [*player.deck, card]
        player.deck_seen = [*player.deck_seen, PUBLIC]


def without(cards: list[str], card: str) -> list[str]:
    """``cards`` less the first ``card`` (a new list)."""
    out = cards[:]
    out.remove(card)
    return out


def _ask_buy(state: ArnakState, frame: Frame, op: o.Buy) -> list[str]:
    return with_skip(buy_options(state, frame.seat, op.kind, op.discount, state.revealed))


def _answer_buy(state: ArnakState, frame: Frame, op: o.Buy, value: str) -> None:
    advance(frame)
    revealed = state.revealed
    if value != SKIP:
        buy(state, frame.seat, value, op.discount)
    if revealed is not None and state.revealed == revealed:
        # not bought: it goes back face down on its deck
        # all saw it go back (new lists, not changed in place: the bots' copies share them)
        if revealed.startswith("i"):
            state.item_deck = [revealed, *state.item_deck]
            state.top_known = [True, state.top_known[1]]
        else:
            state.art_deck = [revealed, *state.art_deck]
            state.top_known = [state.top_known[0], True]
        state.revealed = None


def _ask_get(state: ArnakState, frame: Frame, op: o.Get) -> list[str]:
    found = sorted(set(state.item_exile)) if op.source == "exile" else row_cards(state, op.kind)
    return found or [SKIP]


def _answer_get(state: ArnakState, frame: Frame, op: o.Get, value: str) -> None:
    advance(frame)
    if value != SKIP:
        gain_card(state, frame.seat, value, op.to)


def _row_exile(state: ArnakState, frame: Frame, op: o.RowExile) -> bool:
    for i in range(len(state.row_items) - 1, -1, -1):
        card = state.row_items[i]
        if card is not None:  # (set anew, not changed in place: the bots' copies share them)
            row = state.row_items[:]
            row[i] = None
            state.row_items = row
            state.item_exile = [*state.item_exile, card]
            state.refill_due = True
            break
    advance(frame)
    return True


def _reveal_card(state: ArnakState, frame: Frame, op: o.Reveal) -> bool:
    deck = state.item_deck if op.kind == "item" else state.art_deck
    if not deck:
        advance(frame)
        return True
    frame.ctx["need"] = "reveal"
    return False


def _ask_draw(state: ArnakState, frame: Frame, op: o.Draw) -> list[str]:
    deck = len(state.seats[frame.seat].deck)
    return [str(n) for n in range(min(op.n, deck), -1, -1)]


def _answer_draw(state: ArnakState, frame: Frame, op: o.Draw, value: str) -> None:
    n = int(value)
    if n == 0:
        advance(frame)
    else:
        frame.ctx["need"] = "draw"
        frame.ctx["n"] = n


def _ask_exile(state: ArnakState, frame: Frame, op: o.Exile) -> list[str]:
    return with_skip(exile_options(state, frame.seat))


def _answer_exile(state: ArnakState, frame: Frame, op: o.Exile, value: str) -> None:
    if value != SKIP:
        do_exile(state, frame.seat, value)
    advance(frame)


def _ask_peek_count(state: ArnakState, frame: Frame, op: o.Peek) -> list[str]:
    if "aside" in frame.ctx:
        return peek_keep_options(state, frame, op)
    deck = len(state.seats[frame.seat].deck)
    most = min(op.most, deck)
    return [str(n) for n in range(op.least, most + 1)] or [SKIP]


def peek_keep_options(state: ArnakState, frame: Frame, op: o.Peek) -> list[str]:
    aside = state.seats[frame.seat].aside
    stage = frame.ctx["aside"]
    cards = [c for c in aside if c != HIDDEN]
    if stage == "keep":
        return sorted(set(cards)) or [SKIP]
    return with_skip(sorted(set(cards)))  # put one back on top


def _answer_peek(state: ArnakState, frame: Frame, op: o.Peek, value: str) -> None:
    player = state.seats[frame.seat]
    stage = frame.ctx.get("aside")
    if stage is None:
        if value == SKIP:
            advance(frame)
            return
        frame.ctx["need"] = "draw"
        frame.ctx["n"] = int(value)
        frame.ctx["aside"] = "keep"
        return
    if stage == "keep":
        if value != SKIP:
            player.aside = aside = player.aside[:]  # (set anew: the bots' copies share it)
            take_card(aside, value)
            forget_left_hand(player)
            player.hand.append(value)
        if op.back and player.aside:
            frame.ctx["aside"] = "back"
            return
    elif stage == "back" and value != SKIP:
        player.aside = aside = player.aside[:]  # (set anew: the bots' copies share them)
        take_card(aside, value)
        player.deck = [value, *player.deck]
        player.deck_seen = [seen_by(frame.seat), *player.deck_seen]  # only its owner saw which
    frame.ctx.pop("aside", None)
    frame.ctx.pop("n", None)
    if player.aside:
        frame.ctx["need"] = "aside"  # the rest go face up into the play area: all see them
    else:
        advance(frame)


def _ask_use_now(state: ArnakState, frame: Frame, op: UseNow) -> list[str]:
    return ["use", SKIP]


def _answer_use_now(state: ArnakState, frame: Frame, op: UseNow, value: str) -> None:
    advance(frame)
    if value == "use":
        push(state, op.card, frame.seat, {"main": True})


def _ask_keep(state: ArnakState, frame: Frame, op: KeepCards) -> list[str]:
    return ["keep", *hand_options(state, frame.seat)]


def _answer_keep(state: ArnakState, frame: Frame, op: KeepCards, value: str) -> None:
    if value == "keep":
        advance(frame)
        return
    player = state.seats[frame.seat]
    take_card(player.hand, value)
    player.play.append(value)


STEPS: dict[type, Any] = {o.RowExile: _row_exile, o.Reveal: _reveal_card}
ASKS: dict[type, Any] = {
    o.Draw: _ask_draw,
    o.Exile: _ask_exile,
    o.Buy: _ask_buy,
    o.Get: _ask_get,
    o.Peek: _ask_peek_count,
    UseNow: _ask_use_now,
    KeepCards: _ask_keep,
}
ANSWERS: dict[type, Any] = {
    o.Draw: _answer_draw,
    o.Exile: _answer_exile,
    o.Buy: _answer_buy,
    o.Get: _answer_get,
    o.Peek: _answer_peek,
    UseNow: _answer_use_now,
    KeepCards: _answer_keep,
}

"""What an event paid and gained, in words, read from the positions before and after it: the
log's sentences end with it ("Red dug at camp 2 paying with Fear: +2 compasses").

Everything is a difference of what the seat holds (resources, idols and slots, guardians and
boons, Fear cards and tiles, temple tiles, research tokens, assistants, cards): a card that
moves between the seat's own hand, play area and deck is neither gained nor lost (a Fear card
paid for a boot is still the seat's). Only what every player may know is compared: a Fear card
is counted as it leaves or joins the Fear deck, an item or artifact as it comes from or goes
to a pile outside the seat's cards, so a sentence never tells a secret card.
"""

from __future__ import annotations

from core.games.arnak import board_words as B
from core.games.arnak import words as W
from core.games.arnak.components import Side
from core.games.arnak.state import HIDDEN, ArnakState, Player
from core.games.arnak.transcript import name
from core.language import Translator

T = Translator("arnak")
_, ngettext = T.gettext, T.ngettext


def change(
    before: ArnakState,
    after: ArnakState,
    seat: int,
    tokens: bool = True,
    said: str = "",
    refreshed: bool = True,
) -> str:
    """What ``seat`` paid (−) and gained (+) from ``before`` to ``after``, or ``""``
    (``tokens``: where the research tokens went, unless the sentence says it already; a card
    gained that ``said``, the sentence so far, names is not named again: ``bought Whip``;
    ``refreshed``: the assistants refreshed, not said of a round's end, which refreshes all)."""
    if seat >= len(before.seats) or seat >= len(after.seats):
        return ""
    old, new = before.seats[seat], after.seats[seat]
    parts = _resources(old, new)
    if new.idols != old.idols:
        parts.append(_signed(new.idols - old.idols, "idol"))
    if new.slots > old.slots:
        n = new.slots - old.slots
        parts.append(ngettext("+{n} idol slot filled", "+{n} idol slots filled", n).format(n=n))
    elif new.slots < old.slots:  # an idol taken back (Stone Key)
        n = old.slots - new.slots
        parts.append(ngettext("{n} idol slot emptied", "{n} idol slots emptied", n).format(n=n))
    for g in new.guardians:
        if g not in old.guardians:
            parts.append(_("+guardian (boon: {boon})").format(boon=B.boon(g)))
    for g in new.boons_used:
        if g not in old.boons_used:
            parts.append(_("boon of a guardian used ({boon})").format(boon=B.boon(g)))
    fear = _fear_moved(before, after, seat)
    if fear:
        parts.append(_signed(fear, "fear_card"))
    if new.fear_tiles != old.fear_tiles:
        parts.append(_signed(new.fear_tiles - old.fear_tiles, "fear_tile"))
    if len(new.temple_tiles) > len(old.temple_tiles):
        parts.append(_signed(len(new.temple_tiles) - len(old.temple_tiles), "temple_tile"))
    board = W.side(after)
    if tokens and new.glass != old.glass:
        where = research_space_name(board, new.glass)
        parts.append(_("glass to {where}").format(where=where))
    if tokens and new.notebook != old.notebook:
        where = research_space_name(board, new.notebook)
        parts.append(_("notebook to {where}").format(where=where))
    parts += _assistants(old, new, refreshed)
    gained, lost = _cards_moved(before, after, seat)
    parts += [f"+{name(c)}" for c in gained if name(c) not in said]
    parts += [_("exiled {card}").format(card=name(c)) for c in lost]
    return ", ".join(parts)


def counted(n: int, word: str) -> str:
    """``2 compasses``: ``n`` of what a seat holds (a resource of :data:`W.RES_WORDS`, an idol,
    a Fear card…) in the reader's language."""
    match word:  # the resources and idols: as words.plural says them
        case "fear_card":
            return ngettext("{n} Fear card", "{n} Fear cards", n).format(n=n)
        case "fear_tile":
            return ngettext("{n} Fear tile", "{n} Fear tiles", n).format(n=n)
        case "temple_tile":
            return ngettext("{n} temple tile", "{n} temple tiles", n).format(n=n)
    return W.plural(n, word)


def research_space_name(board: Side, space: int) -> str:
    """``row 3`` (``the temple``, ``the start``): how a research space is named
    (:func:`B.research_space_name`, in the reader's language)."""
    if space == 0:
        return _("the start")
    spot = board.research_space(space)
    if spot.row > len(board.rows):
        return _("the temple")
    return _("row {n}").format(n=spot.row)


def _signed(n: int, word: str) -> str:
    return ("+" if n > 0 else "−") + counted(abs(n), word)


def _resources(old: Player, new: Player) -> list[str]:
    out = []
    for (one, _many), was, now in zip(W.RES_WORDS, old.res, new.res, strict=True):
        if now != was:
            out.append(_signed(now - was, one))
    return out


def _cards(player: Player) -> list[str]:
    """The seat's cards this position shows (deck, hand, play area, an earring's cards)."""
    return [c for c in (*player.deck, *player.hand, *player.play, *player.aside) if c != HIDDEN]


def _holder(state: ArnakState, card: str, acting: int) -> int:
    """The seat whose cards hold ``card`` (``acting``, the seat whose event it is, when no
    position shows it: a card in a hidden hand can only be the acting seat's)."""
    for seat, player in enumerate(state.seats):
        if card in player.play or card in player.hand or card in player.aside:
            return seat
        if card in player.deck:
            return seat
    return acting


def _fear_moved(before: ArnakState, after: ArnakState, seat: int) -> int:
    """Fear cards that left the Fear deck for ``seat``'s cards, less those that went back."""
    was, now = set(before.fear_deck), set(after.fear_deck)
    taken = sum(1 for f in before.fear_deck if f not in now and _holder(after, f, -1) == seat)
    back = sum(1 for f in after.fear_deck if f not in was and _holder(before, f, seat) == seat)
    return taken - back


def _outside(state: ArnakState) -> set[str]:
    """The items, artifacts and basic cards no seat holds, where a position shows them."""
    out = {c for c in (*state.row_items, *state.row_art) if c is not None}
    out.update(state.item_deck, state.art_deck, state.item_exile, state.art_exile)
    for player in state.seats:
        out.update(player.exiled)
    out.discard(HIDDEN)
    return out


def _cards_moved(before: ArnakState, after: ArnakState, seat: int) -> tuple[list[str], list[str]]:
    """The items and artifacts ``seat`` gained from outside its cards, and the cards it lost
    to an exile pile (Fear cards are counted by :func:`_fear_moved`)."""
    had, has = _cards(before.seats[seat]), _cards(after.seats[seat])
    if had == has and before.seats[seat].exiled == after.seats[seat].exiled:
        return [], []
    old, new = set(had), set(has)
    came = [c for c in has if c not in old and c[:1] != "f" and c in _outside(before)]
    outside = _outside(after)
    went = [c for c in had if c not in new and c[:1] != "f" and c in outside]
    exiled = after.seats[seat].exiled  # a basic card exiled from a hidden hand
    went += [c for c in exiled if c not in before.seats[seat].exiled and c not in went]
    return came, went


def _assistants(old: Player, new: Player, refreshed: bool) -> list[str]:
    out = []
    had = {a.id: a for a in old.assistants}
    for a in new.assistants:
        was = had.get(a.id)
        n = int(a.id[1:])
        if was is None and a.gold:
            out.append(_("+assistant {n} (gold)").format(n=n))
        elif was is None:
            out.append(_("+assistant {n} (silver)").format(n=n))
        elif a.gold and not was.gold:
            out.append(_("assistant {n} upgraded to gold").format(n=n))
        elif refreshed and was.exhausted and not a.exhausted:
            out.append(_("assistant {n} refreshed").format(n=n))
    mine = {a.id for a in new.assistants}
    out += [_("−assistant {n}").format(n=int(aid[1:])) for aid in had if aid not in mine]
    return out


def said_in(gained: str, sentence: str) -> bool:
    """Whether ``sentence``, an answer, is ``gained`` itself (an answer that names exactly
    its gains: ``Idol slot: which effect? Red: +1 coin, 1 compass``), so it is not said twice.
    An answer that only mentions them (a card's effect, an option's cost) still gets them."""
    answer = sentence.rpartition(": ")[2]
    return [p.lstrip("+") for p in answer.split(", ")] == [
        p.lstrip("+") for p in gained.split(", ")
    ]

"""What an Arnak position is worth to the search bots: their leaf score and their playout
policy's yardstick, and with the default weights the greedy bot's
(:data:`core.games.arnak.greedy.value`).

The points a player has now, plus what helps it score later, by round: resources, the cards it
bought (a card's worth fades as fewer shuffles remain), idols, guardians' boons, assistants and
the research track's rows. Every weight is a field of :class:`Weights`, so ``bench/arnak_worth.py``
can measure one against another, seed for seed.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak.catalog import research_row
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.plays import Prices, play_worth, rounds_after, times_drawn
from core.games.arnak.scoring import EMPTY_SLOTS_VP, TEMPLE_VP, points, row_vp, vp_of
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState


@dataclass(frozen=True)
class Weights:
    """What each thing that helps later is worth, in points, while rounds remain."""

    coin: float = 0.45
    compass: float = 0.55
    tablet: float = 0.8
    arrowhead: float = 1.4
    jewel: float = 2.2
    glass_row: float = 6.0  # each row the magnifying glass climbs, beyond its points
    notebook_row: float = 2.0
    in_temple: float = 6.0
    card: float = 0.6  # a bought card, plus ``card_cost`` a coin or compass it cost
    card_cost: float = 0.35
    fear: float = 0.8  # a Fear card clogs the deck (beyond its -1 point)
    hand_card: float = 0.3
    travel_kept: float = 0.6
    assistant: float = 2.5
    gold: float = 1.5
    idol: float = 1.2
    boon: float = 0.8
    rounds: float = 3.0  # things that help later keep their worth while this many rounds remain
    late: float = 0.0  # what resources keep in the last round, at least
    deck: float = 0.0  # the hands a player's cards still deal, by what each card does played
    in_hand: float = 0.0  # the share of its worth played a card in hand counts (played soon)


WEIGHTS = Weights()
RESEARCH_ROWS: dict[str, tuple[int, ...]] = {
    side: tuple(research_row(side, space) for space in range(len(board.research) + 1))
    for side, board in C.sides.items()
}
"""``research_row`` by side and space (0: off the track), looked up once."""
ROW_VP: dict[tuple[str, str], tuple[int, ...]] = {
    (side, token): tuple(
        row_vp(side, token, space) if rows[space] <= len(board.rows) else 0
        for space in range(len(board.research) + 1)
    )
    for side, board in C.sides.items()
    for rows in [RESEARCH_ROWS[side]]
    for token in ("glass", "notebook")
}
"""``scoring.row_vp`` by side, token and space, looked up once (the temple's space has no row:
the glass there scores its arrival's VP instead)."""
R = C.rules
PILES = 4096
"""The players' piles a :class:`Worth` keeps counted (forgotten all at once when full)."""
Piles = tuple[float, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""A growth, and a player's deck, hand and play area."""
Known = tuple[int, float, float]
"""A card's VP, its worth at a growth and its worth played."""
Dealt = tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""The rounds after this one, and a player's deck, hand, play area and cards set aside."""
Counted = tuple[int, float, int, float]
"""A player's piles counted: their VP, the worth of their cards at a growth, how many cards they
hold and the sum of what those cards are worth played (:mod:`core.games.arnak.plays`)."""


def with_changes(weights: Weights, pairs: list[str]) -> Weights:
    """``weights`` with ``NAME=VALUE`` changes (``bench/arnak_worth.py --set``)."""
    names = {f.name for f in fields(Weights)}
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in names:
            raise SystemExit(f"no weight {name!r} (one of {', '.join(sorted(names))})")
        changes[name] = float(text)
    return replace(weights, **changes)


def growth(weights: Weights, round_: int) -> float:
    """How much of their worth things that help later keep in ``round_`` (fading over the
    last ``weights.rounds`` rounds)."""
    left = max(0, C.rules.rounds - round_) + 0.5
    return min(1.0, left / weights.rounds)


def growths(weights: Weights) -> tuple[float, ...]:
    """:func:`growth` by round (0 to the round after the last), worked out once."""
    return tuple(growth(weights, round_) for round_ in range(C.rules.rounds + 2))


class Worth:
    """A position's worth to a seat under ``weights`` (called as a function)."""

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.w = weights
        self.growth = growths(weights)
        self.cards: dict[float, dict[str, Known]] = {}
        self.piles: dict[Piles, Counted] = {}
        self.decks: dict[tuple[float, tuple[str, ...]], Counted] = {}
        w = weights
        self._res = (w.coin, w.compass, w.tablet, w.arrowhead, w.jewel)
        self.prices = Prices(w.coin, w.compass, w.tablet, w.arrowhead, w.jewel)
        self.dealt: dict[Dealt, float] = {}

    def play_term(self, card: str) -> float:
        """What ``card`` is worth each time its owner plays it (a hidden card: a basic's)."""
        if not self.w.deck:
            return 0.0
        info = K.card("b0fc" if card == HIDDEN else card)
        return play_worth(info, self.prices)

    def _card(self, cards: dict[str, Known], card: str, growth: float) -> Known:
        """``card``'s VP, its worth at ``growth`` and its worth played, kept in ``cards``."""
        known = cards[card] = (vp_of(card), self.card_term(card, growth), self.play_term(card))
        return known

    def _hands(self, dealt: Dealt) -> float:
        """What a player's cards are worth in the hands still to be dealt (``dealt``: the rounds
        after this one, the deck top first, the hand, the play area, the cards set aside),
        kept for the next position with the same cards: each card's worth played, times the
        times the draws of the rounds after this one reach it
        (:func:`core.games.arnak.plays.times_drawn`; the hand, the play area and the cards
        aside go under the deck in an order not known yet)."""
        after, deck, hand, play, aside = dealt
        under = len(hand) + len(play) + len(aside)
        held = len(deck) + under
        total = 0.0
        if self.w.in_hand:
            for card in hand:
                total += self.w.in_hand * self.play_term(card)
        for place, card in enumerate(deck):
            times = times_drawn(place, held, after)
            if times:
                total += times * self.play_term(card)
        if under:
            mean = sum(times_drawn(q, held, after) for q in range(len(deck), held)) / under
            if mean:
                for pile in (hand, play, aside):
                    for card in pile:
                        total += mean * self.play_term(card)
        if len(self.dealt) >= PILES:
            self.dealt.clear()
        out = self.dealt[dealt] = self.w.deck * total
        return out

    def growth_of(self, state: ArnakState) -> float:
        """:func:`growth` in ``state``'s round."""
        r = state.round
        return self.growth[r] if 0 <= r < len(self.growth) else growth(self.w, r)

    def card_term(self, card: str, growth: float) -> float:
        """What ``card`` adds to a position's value at ``growth`` (a Fear card's is
        negative)."""
        info = None if card == HIDDEN else K.card(card)
        if info is None or info.kind not in ("fear", "item", "artifact"):
            return 0.0
        if info.kind == "fear":
            return -self.w.fear * growth
        return growth * (self.w.card + self.w.card_cost * info.cost)

    def _piles(self, key: Piles) -> Counted:
        """The VP and the worth of the cards in a player's deck, hand and play area at a
        growth (``key``), card by card in that order, kept for the next position with the same
        piles (most commands move no card): at most ``PILES`` of them."""
        growth, deck, hand, play = key
        cards = self.cards.get(growth)
        if cards is None:
            cards = self.cards[growth] = {}
        # the deck's own sums are kept too: a card played or drawn changes the hand and the
        # play area, seldom the deck; the hand's and play area's cards are then added after
        # them, one by one as before (so the same float)
        decks = self.decks
        counted = decks.get((growth, deck))
        if counted is None:
            vp = 0
            terms = 0.0
            plays = 0.0
            for card in deck:
                known = cards.get(card)
                if known is None:
                    known = self._card(cards, card, growth)
                vp += known[0]
                terms += known[1]
                plays += known[2]
            if len(decks) >= PILES:
                decks.clear()
            decks[growth, deck] = vp, terms, len(deck), plays
        else:
            vp, terms, _, plays = counted
        for pile in (hand, play):
            for card in pile:
                known = cards.get(card)
                if known is None:
                    known = self._card(cards, card, growth)
                vp += known[0]
                terms += known[1]
                plays += known[2]
        out = (vp, terms, len(deck) + len(hand) + len(play), plays)
        if len(self.piles) >= PILES:
            self.piles.clear()
        self.piles[key] = out
        return out

    def __call__(self, state: ArnakState, seat: int) -> float:
        """The position's worth to ``seat``: what it scores now, and what helps it later.

        Its points but the cards' are counted here as ``scoring.points_besides_cards`` counts
        them (each weight read once, not through the calls it makes: the greedy bot asks this of
        every position it weighs); the sums are added in the same order, so the same float."""
        w = self.w
        player = state.seats[seat]
        if state.phase == "over":
            return float(points(state, seat))
        r = state.round
        growth = self.growth[r] if 0 <= r < len(self.growth) else self.growth_of(state)
        key = (growth, tuple(player.deck), tuple(player.hand), tuple(player.play))
        counted = self.piles.get(key)
        if counted is None:
            counted = self._piles(key)
        vp, terms, _, _ = counted
        for card in player.aside:
            vp += vp_of(card)
        if w.deck:
            after = rounds_after(r)
            if after or (w.in_hand and player.hand):
                aside = tuple(player.aside) if player.aside else ()
                dealt = (after, key[1], key[2], key[3], aside)
                hands = self.dealt.get(dealt)
                if hands is None:
                    hands = self._hands(dealt)
                terms += hands
        glass = player.glass
        side = state.side
        if state.final:
            score = float(points(state, seat))
        else:
            slots = player.slots
            temple = player.temple_tiles
            besides = (
                (player.temple_vp if glass == TEMPLE else ROW_VP[side, "glass"][glass])
                + ROW_VP[side, "notebook"][player.notebook]
                + (sum(TEMPLE_VP[side][t] for t in temple) if temple else 0)
                + R.idol_vp * (player.idols + slots)
                + EMPTY_SLOTS_VP[slots]
                + R.guardian_vp * len(player.guardians)
                + R.fear_tile_vp * player.fear_tiles
            )
            score = float(besides + vp)
        coins, compasses, tablets, arrowheads, jewels = player.res
        coin, compass, tablet, arrowhead, jewel = self._res
        spend = max(growth, w.late)
        score += spend * (
            coins * coin
            + compasses * compass
            + tablets * tablet
            + arrowheads * arrowhead
            + jewels * jewel
        )
        score += terms
        hand = player.hand
        held = len(hand) - hand.count(HIDDEN)
        home = 0 if state.passed[seat] else player.arch.count(None)
        score += growth * (w.hand_card * held + w.travel_kept * min(home, held))
        assistants = player.assistants
        if assistants:
            gold = 0
            for a in assistants:  # (a loop: a generator's resumptions cost more)
                if a.gold:
                    gold += 1
            score += growth * (w.assistant * len(assistants) + w.gold * gold)
        score += growth * w.idol * player.idols
        if player.guardians:
            score += growth * w.boon * len(set(player.guardians) - set(player.boons_used))
        rows = RESEARCH_ROWS[side]
        glass_row = 8 if glass == TEMPLE else rows[glass]
        score += growth * w.glass_row * glass_row
        score += growth * w.notebook_row * rows[player.notebook]
        if glass == TEMPLE:
            score += growth * w.in_temple
        return score

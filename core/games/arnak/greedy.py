"""The greedy bot: a sensible economy in one step of look-ahead.

For each legal command it applies the command's event to a copy of its own view and values the
result (:func:`value`): the points it would score now, plus what resources, cards (and hand cards
kept to pay an archaeologist's travel), assistants and research progress are worth while rounds
remain. It takes the best, so it buys, digs, discovers, overcomes guardians and researches toward
the temple when those pay; passing, by the verb or by a card's option, costs the cards in hand.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import commands as cmd
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak.catalog import research_row
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.evolve import evolve
from core.games.arnak.play import ECHO
from core.games.arnak.scoring import points, points_besides_cards, vp_of
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState
from core.messages import Command, Event
from core.protocol import Rules, Seat
from core.rng import Rng

RESOURCE_WORTH = (0.45, 0.55, 0.8, 1.4, 2.2)  # coin, compass, tablet, arrowhead, jewel
COIN_WORTH, COMPASS_WORTH, TABLET_WORTH, ARROWHEAD_WORTH, JEWEL_WORTH = RESOURCE_WORTH
GLASS_ROW = 6.0  # what each row the glass climbs is worth beyond its points (the way to the temple)
NOTEBOOK_ROW = 2.0
IN_TEMPLE = 6.0  # the glass in the temple: its tiles can be bought
DRAWN = 0.9  # a card about to be drawn (a view does not know which)
HAND_CARD = 0.3  # a card in hand, for its effect or its travel later
TRAVEL_KEPT = 0.6  # more for each card kept to pay an archaeologist's way this round
PASS_PER_CARD = 0.5  # passing with cards in hand wastes them for the round


def growth_of(state: ArnakState) -> float:
    """How much of their worth things that help later keep (fading over the last rounds)."""
    if 0 <= state.round < len(GROWTH):
        return GROWTH[state.round]
    return _growth(state.round)


def _growth(round_: int) -> float:
    left = max(0, C.rules.rounds - round_) + 0.5
    return min(1.0, left / 3)


GROWTH = tuple(_growth(r) for r in range(C.rules.rounds + 2))  # by round, worked out once


@cache
def card_worth(card: str) -> float:
    """An item's or artifact's worth before growth; -1 marks a Fear card, 0 a basic or hidden
    card (worth nothing here)."""
    info = None if card == HIDDEN else K.card(card)
    if info is None or info.kind not in ("fear", "item", "artifact"):
        return 0.0
    return -1.0 if info.kind == "fear" else 0.6 + 0.35 * info.cost


def card_term(card: str, growth: float) -> float:
    """What ``card`` adds to a position's value at ``growth`` (a Fear card's is negative;
    adding it equals subtracting its size, to the last bit)."""
    worth = card_worth(card)
    if worth < 0:
        return -(0.8 * growth)
    return growth * worth if worth else 0.0


CARDS: dict[float, dict[str, tuple[int, float]]] = {}  # growth -> card -> (VP, term), once


def value(state: ArnakState, seat: int) -> float:
    """What the position is worth to ``seat``, in points."""
    player = state.seats[seat]
    if state.phase == "over":
        return float(points(state, seat))
    growth = growth_of(state)
    cards = CARDS.get(growth)
    if cards is None:
        cards = CARDS[growth] = {}
    vp = 0  # the cards' points and their worth, in one pass over them
    terms = 0.0
    for pile in (player.deck, player.hand, player.play):
        for card in pile:
            known = cards.get(card)
            if known is None:
                known = cards[card] = (vp_of(card), card_term(card, growth))
            vp += known[0]
            terms += known[1]
    for card in player.aside:
        vp += vp_of(card)
    if state.final:
        score = float(points(state, seat))
    else:
        score = float(points_besides_cards(state, seat) + vp)
    coins, compasses, tablets, arrowheads, jewels = player.res
    score += growth * (
        coins * COIN_WORTH
        + compasses * COMPASS_WORTH
        + tablets * TABLET_WORTH
        + arrowheads * ARROWHEAD_WORTH
        + jewels * JEWEL_WORTH
    )
    score += terms
    # a hand card played for a coin or a compass at once cannot pay a dig later this round
    hand = len(player.hand) - player.hand.count(HIDDEN)
    home = 0 if state.passed[seat] else player.arch.count(None)
    score += growth * (HAND_CARD * hand + TRAVEL_KEPT * min(home, hand))
    if player.assistants:  # 2.5 each, 1.5 more a gold one (halves: exact in any order)
        gold = sum(1 for a in player.assistants if a.gold)
        score += growth * (2.5 * len(player.assistants) + 1.5 * gold)
    score += growth * 1.2 * player.idols  # an idol can still go into a slot
    if player.guardians:  # (adding nothing otherwise)
        score += growth * 0.8 * len(set(player.guardians) - set(player.boons_used))
    # research: each row climbed brings its effects and opens the temple
    glass_row = 8 if player.glass == TEMPLE else research_row(state.side, player.glass)
    score += growth * GLASS_ROW * glass_row
    score += growth * NOTEBOOK_ROW * research_row(state.side, player.notebook)
    if player.glass == TEMPLE:
        score += growth * IN_TEMPLE
    return score


def passing_cost(state: ArnakState, seat: int) -> float:
    """What passing now throws away: the cards still in hand (their use this round)."""
    return PASS_PER_CARD * len(state.seats[seat].hand) + 0.01


class Spoiled(Exception):
    """A state handed over to :meth:`GreedyBot.rate` was changed by a command it could not
    follow (its caller builds it again)."""


class GreedyBot:
    name = "greedy"
    worth = staticmethod(value)  # what it weighs positions by (the search's policy has its own)

    def __init__(self, seed: str) -> None:
        self._rng = Rng(seed)

    def choose(self, rules: Rules[Any], state: Any, seat: Seat) -> Command:
        commands = rules.legal_commands(state, seat)
        if not commands:
            raise RuntimeError(f"seat {seat} has no legal command")
        if len(commands) == 1:
            return commands[0]
        best: list[Command] = []
        top = float("-inf")
        for command in commands:
            score = self.rate(state, seat, command)
            if score > top + 1e-9:
                top, best = score, [command]
            elif abs(score - top) <= 1e-9:
                best.append(command)
        return best[self._rng.below(len(best))]

    def rate(
        self, state: ArnakState, seat: int, command: Command, depth: int = 0, spare: bool = False
    ) -> float:
        """The value after ``command``; when it leads to a question of this seat's own, the
        value after its best answer (two questions deep), and cards about to be drawn count.
        ``spare``: ``state`` is the caller's copy it needs no more, changed here instead of
        copied (if the command cannot be followed, :class:`Spoiled` says so)."""
        kind = type(command)
        if kind is cmd.Pass:
            # passing early wastes the round: only when nothing else helps
            return self.worth(state, seat) - passing_cost(state, seat)
        if kind is cmd.EndTurn:
            return self.worth(state, seat) - 0.05
        event: Event
        if kind is cmd.Choose and fx.secret_answer(state):
            event = ev.ChoseSecretly(seat, command.value)  # type: ignore[attr-defined]
        else:
            event = ECHO[kind](seat, command)  # type: ignore[no-untyped-call]
        had_passed = state.passed[seat]
        after = state if spare else state.copy()
        try:
            evolve(after, event)
        except (AssertionError, KeyError, IndexError, ValueError):
            if spare:
                raise Spoiled from None
            return self.worth(state, seat) - 1  # a view cannot follow it further: judge it poorly
        bonus = 0.0
        if after.passed[seat] and not had_passed:
            bonus -= passing_cost(after, seat)  # a card's option that passes ends the round too
        if kind is cmd.Choose and command.value == fx.SKIP:  # type: ignore[attr-defined]
            bonus -= 0.02
        elif kind is cmd.SlotIdol:
            bonus -= 0.6  # the slot's points are lost for a one-off bonus
        stack = after.stack
        if stack and stack[-1].seat == seat:
            ctx = stack[-1].ctx
            if ctx.get("need") == "draw":
                bonus += DRAWN * int(ctx.get("n", 1)) * growth_of(after)
            elif depth < 2 and "need" not in ctx:
                answers = fx.options(after)[:12]
                if answers:
                    best = float("-inf")
                    last = len(answers) - 1
                    for i, answer in enumerate(answers):
                        # the last answer may use ``after`` itself, if this call's own state
                        # is still whole to build it again should that answer spoil it
                        hand_over = i == last and not spare
                        try:
                            score = self.rate(after, seat, cmd.Choose(answer), depth + 1, hand_over)
                        except Spoiled:
                            again = state.copy()
                            evolve(again, event)
                            score = self.worth(again, seat) - 1
                        if score > best:
                            best = score
                    return best + bonus
        return self.worth(after, seat) + bonus

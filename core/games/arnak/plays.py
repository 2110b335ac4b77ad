"""What a card is worth each time it is played, and a player's cards over the rounds left.

A card bought is not spent: it goes under its owner's deck and comes back into the hand again
and again, each time the draws go round the deck (a player draws up to 5 a round from the top;
the cards played go under the deck at the round's end). A player's cards are worth the hands
they still deal: each card's worth played (:func:`play_worth`: its effect in resources at the
valuation's own prices, or its travel icons, whichever is more) times the times the rounds
after this one draw it (:func:`times_drawn`, from its place in the deck). So a good card is
worth more early, one bought in the last rounds under a long deck is never drawn again, a
Fear card costs its place in every later hand, and exiling one brings every other card round
sooner.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.arnak import ops as o
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.components import Card
from core.games.arnak.ops import Program, Res, Travel


@dataclass(frozen=True)
class Prices:
    """What a card's effects are worth in points (resources at the valuation's weights)."""

    coin: float
    compass: float
    tablet: float
    arrowhead: float
    jewel: float
    draw: float = 0.9  # a card drawn: one more card's play this round
    activate: float = 1.8  # a site's effect run again
    research: float = 2.0  # a step up the research track
    overcome: float = 3.0  # a guardian overcome free (5 points and a boon, less the turn)
    card: float = 2.0  # a card taken free from the row
    exile: float = 0.4  # a weak card or a Fear card out of the deck (optional)
    fear: float = 1.2  # a Fear card taken into the play area
    assistant: float = 1.2  # an assistant refreshed, swapped, borrowed
    free: float = 0.3  # the effect is a free action: the turn's main action stays
    boot: float = 0.5  # a travel icon, played for travel instead of the effect
    icon: float = 0.8  # a car or a ship
    plane: float = 1.0

    def res(self, r: Res) -> float:
        return (
            r.M * self.coin + r.C * self.compass + r.T * self.tablet + r.A * self.arrowhead
        ) + r.J * self.jewel

    def travel(self, t: Travel) -> float:
        return t.boot * self.boot + (t.car + t.ship) * self.icon + t.plane * self.plane


def program_worth(program: Program, p: Prices) -> float:
    """What running ``program`` once is worth (its ops one after the other)."""
    return sum(op_worth(op, p) for op in program)


def op_worth(op: object, p: Prices) -> float:
    """What one op is worth, roughly: resources at their prices, anything else by its kind."""
    if isinstance(op, o.Gain):
        return p.res(op.res)
    if isinstance(op, o.GainPer):
        return p.res(op.res) * op.cap / 2
    if isinstance(op, o.GainTravel):
        return p.travel(op.travel)
    if isinstance(op, o.Draw):
        return p.draw * op.n
    if isinstance(op, o.Peek):
        return p.draw
    if isinstance(op, o.Dig):  # an archaeologist still goes: the discount is what it adds
        return p.travel(op.discount) + p.compass * op.compass_off / 2
    if isinstance(op, o.DigCampTwice):
        return p.activate + p.icon
    if isinstance(op, o.Relocate):  # (the site's effect there is the next op's)
        return 0.0
    if isinstance(op, o.Activate):
        return p.activate * op.times - p.res(op.l2_cost) / 2
    if isinstance(op, o.ActivateTop):
        return p.activate * op.level
    if isinstance(op, o.Research):
        return p.research
    if isinstance(op, o.Overcome):
        return p.overcome
    if isinstance(op, o.Get):
        return p.card
    if isinstance(op, o.Buy):
        return p.coin * op.discount / 2  # a buy at a discount, when the row has a card worth it
    if isinstance(op, (o.Exile, o.RowExile)):
        return p.exile
    if isinstance(op, o.TakeFear):
        return -p.fear
    if isinstance(op, o.Upgrade):
        return p.arrowhead - p.tablet
    if isinstance(op, (o.Refresh, o.SwapAssistant, o.Borrow, o.UpgradeAssistant)):
        return p.assistant
    if isinstance(op, o.PayThen):
        cost = op.cost
        paid = p.res(cost.res) + p.travel(cost.travel) + cost.down * p.draw
        return max(0.0, program_worth(op.then, p) - paid)
    if isinstance(op, o.Choice):
        return max(_option(option, p) for option in op.options)
    if isinstance(op, o.PickDistinct):
        worths = sorted((program_worth(option, p) for option in op.options), reverse=True)
        return sum(worths[: op.n])
    return 0.5  # the rest (Ocarina, Crown, Stone Key…): a little, now and then


def _option(program: Program, p: Prices) -> float:
    """A choice's option; one that passes ends the round: the hand's other cards are lost."""
    passes = any(isinstance(op, o.Pass) for op in program)
    return program_worth(program, p) - (2 * p.draw if passes else 0.0)


def play_worth(card: Card, p: Prices) -> float:
    """What ``card`` is worth each time it is in hand: its effect (an artifact's costs its
    tablet; a free action keeps the turn's main action) or its travel icons, the better."""
    effect = program_worth(card.effect, p)
    if card.kind == "artifact":
        effect -= p.res(C.rules.artifact_play_cost)
    elif card.free:
        effect += p.free
    return max(effect, p.travel(card.travel))


def times_drawn(place: int, cards: int, rounds: int) -> int:
    """How many times the draws of ``rounds`` rounds reach the card at ``place`` (0: the deck's
    top) of a player's ``cards``: a hand a round, the deck going round as a cycle (the cards
    played go under it at the round's end)."""
    draws = C.rules.hand_size * rounds
    return (draws - 1 - place) // cards + 1 if place < draws else 0


def rounds_after(round_: int) -> int:
    """The rounds still to come after ``round_`` (whose hands the cards will be dealt in)."""
    return max(0, C.rules.rounds - round_)

"""Arnak's commands, tagged ``arnak.*``: the main actions, the free actions, and ``Choose``,
which answers the question on top of the pending-decision stack (see ``effects``).

Spaces are named ``C1.1``..``C5.2`` (camps, 1 and 2 boots), ``L1.1``..``L1.8`` and
``L2.1``..``L2.4``. A travel payment ``pay`` lists its sources: hand cards by id and ``pilot``
(2 coins for a plane); it is always one of the minimal ways ``pay.payments`` offers.
"""

from __future__ import annotations

from core.messages import COMMANDS, Command

register = COMMANDS.register


@register("arnak.play_card")
class PlayCard(Command, frozen=True):
    """Play a hand card for its effect (an artifact costs 1 tablet and is a main action)."""

    card: str


@register("arnak.dig")
class Dig(Command, frozen=True):
    """Send an archaeologist to a free space of a discovered site (a camp or a found one)."""

    space: str
    pay: tuple[str, ...] = ()


@register("arnak.discover")
class Discover(Command, frozen=True):
    """Send an archaeologist to an undiscovered site, paying its compasses and travel."""

    space: str
    pay: tuple[str, ...] = ()


@register("arnak.overcome")
class Overcome(Command, frozen=True):
    """Overcome the guardian at the site where an archaeologist of yours stands."""

    space: str
    pay: tuple[str, ...] = ()


@register("arnak.buy")
class Buy(Command, frozen=True):
    """Buy an item (coins) or an artifact (compasses) from the card row."""

    card: str


@register("arnak.research")
class Research(Command, frozen=True):
    """Move the magnifying glass or the notebook up to ``to`` (a research space, or ``t0``..``t5``:
    a temple tile from that stack once the glass is in the temple)."""

    token: str
    to: str


@register("arnak.use_assistant")
class UseAssistant(Command, frozen=True):
    slot: int


@register("arnak.use_boon")
class UseBoon(Command, frozen=True):
    guardian: str


@register("arnak.slot_idol")
class SlotIdol(Command, frozen=True):
    """Put an idol from the crates into the leftmost empty slot (then choose its bonus)."""


@register("arnak.pass")
class Pass(Command, frozen=True):
    """End your round (a main action); free actions may still follow this turn."""


@register("arnak.end_turn")
class EndTurn(Command, frozen=True):
    """Done with this turn (after the main action)."""


@register("arnak.choose")
class Choose(Command, frozen=True):
    """Answer the question on top of the pending-decision stack."""

    value: str

"""Arnak's events, tagged ``arnak.*``: the echo of each command, the facts the rules reveal
(draws, refills, site and guardian tiles) and the shuffles chance decides."""

from __future__ import annotations

from core.games.arnak import commands as cmd
from core.messages import EVENTS, Command, Event

register = EVENTS.register


@register("arnak.shuffled")
class PileShuffled(Event, frozen=True):
    """A pile was shuffled: ``cards`` is its new order, top first. ``secret`` lists the
    positions nobody may see (every position of a face-down deck)."""

    pile: str
    cards: tuple[str, ...]
    secret: tuple[int, ...] = ()


@register("arnak.start_player_chosen")
class StartPlayerChosen(Event, frozen=True):
    seat: int


@register("arnak.row_refilled")
class RowRefilled(Event, frozen=True):
    """Cards dealt face up onto the empty row slots at the far ends."""

    artifacts: tuple[str, ...]
    items: tuple[str, ...]


@register("arnak.drew")
class CardsDrawn(Event, frozen=True):
    """``seat`` drew ``cards`` (from the deck's bottom if ``bottom``); others see ``?``."""

    seat: int
    cards: tuple[str, ...]
    bottom: bool = False


@register("arnak.revealed")
class CardRevealed(Event, frozen=True):
    """The top of a pile is turned up for all: ``pile`` is ``items``, ``artifacts``, ``sites1``,
    ``sites2``, ``guardians``, ``supply0``..``supply2`` or ``rescue``."""

    pile: str
    card: str


@register("arnak.peeked")
class PileViewed(Event, frozen=True):
    """``seat`` looks at a secret pile (the rescue or temple bonus stack); others see ``?``."""

    seat: int
    pile: str
    cards: tuple[str, ...]


@register("arnak.turn_started")
class TurnStarted(Event, frozen=True):
    seat: int


@register("arnak.round_ended")
class RoundEnded(Event, frozen=True):
    """Archaeologists went home (Fear for guarded sites); the next round's steps follow."""

    round: int


@register("arnak.card_played")
class CardPlayed(Event, frozen=True):
    seat: int
    card: str

    def command(self) -> Command:
        return cmd.PlayCard(self.card)


@register("arnak.dug")
class SiteDug(Event, frozen=True):
    seat: int
    space: str
    pay: tuple[str, ...] = ()

    def command(self) -> Command:
        return cmd.Dig(self.space, self.pay)


@register("arnak.discovered")
class SiteDiscovered(Event, frozen=True):
    seat: int
    space: str
    pay: tuple[str, ...] = ()

    def command(self) -> Command:
        return cmd.Discover(self.space, self.pay)


@register("arnak.overcame")
class GuardianOvercome(Event, frozen=True):
    seat: int
    space: str
    pay: tuple[str, ...] = ()

    def command(self) -> Command:
        return cmd.Overcome(self.space, self.pay)


@register("arnak.bought")
class CardBought(Event, frozen=True):
    seat: int
    card: str

    def command(self) -> Command:
        return cmd.Buy(self.card)


@register("arnak.researched")
class ResearchAdvanced(Event, frozen=True):
    seat: int
    token: str
    to: str

    def command(self) -> Command:
        return cmd.Research(self.token, self.to)


@register("arnak.assistant_used")
class AssistantUsed(Event, frozen=True):
    seat: int
    slot: int

    def command(self) -> Command:
        return cmd.UseAssistant(self.slot)


@register("arnak.boon_used")
class BoonUsed(Event, frozen=True):
    seat: int
    guardian: str

    def command(self) -> Command:
        return cmd.UseBoon(self.guardian)


@register("arnak.idol_slotted")
class IdolSlotted(Event, frozen=True):
    seat: int

    def command(self) -> Command:
        return cmd.SlotIdol()


@register("arnak.passed")
class Passed(Event, frozen=True):
    seat: int

    def command(self) -> Command:
        return cmd.Pass()


@register("arnak.turn_ended")
class TurnEnded(Event, frozen=True):
    seat: int

    def command(self) -> Command:
        return cmd.EndTurn()


@register("arnak.chose")
class AnswerGiven(Event, frozen=True):
    """``seat`` answered the question on top of the stack with ``value``."""

    seat: int
    value: str

    def command(self) -> Command:
        return cmd.Choose(self.value)


@register("arnak.chose_secretly")
class SecretAnswerGiven(Event, frozen=True):
    """``seat`` answered a secret question (which earring card to keep or put back); the
    other seats see ``?`` for a card."""

    seat: int
    value: str

    def command(self) -> Command:
        return cmd.Choose(self.value)


@register("arnak.laid_aside_cards")
class CardsLaidAside(Event, frozen=True):
    """An earring's cards neither kept nor put back go face up into the play area."""

    seat: int
    cards: tuple[str, ...]


@register("arnak.final_scoring")
class FinalScoring(Event, frozen=True):
    """The game is over and every player's points are counted: ``parts`` per seat, by the
    lines of 004's scoring list (``scoring.PARTS``: research, temple tiles, idols, guardians,
    items and artifacts, Fear). Public: every card is shown at the end."""

    parts: tuple[dict[str, int], ...]

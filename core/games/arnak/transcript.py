"""Plain sentences for the event log ("Seat 2 bought Whip")."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.arnak import events as ev
from core.games.arnak.components import COMPONENTS as C
from core.messages import Event


def _name(cid: str) -> str:
    return "a hidden card" if cid == "?" else C.name(cid)


def _pay(pay: tuple[str, ...]) -> str:
    if not pay:
        return ""
    words = ["a plane for 2 coins" if p == "pilot" else _name(p) for p in pay]
    return " paying with " + " and ".join(words)


def _value(value: str) -> str:
    """An answer in words where it names a component (``f08`` -> Fear)."""
    words = []
    for part in value.replace(">", " > ").replace("=", " paying ").replace("+", " + ").split():
        try:
            words.append(C.name(part) if part[:1].isalpha() and part[1:2].isdigit() else part)
        except (KeyError, ValueError):
            words.append(part)
    return " ".join(words)


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    match event:
        case ev.Shuffled(pile=pile):
            if pile.startswith(("deck:", "play:")):
                seat = int(pile.split(":")[1])
                return f"{who(seat)} shuffled their cards"
            return f"The {pile} were shuffled"
        case ev.StartPlayerChosen(seat=seat):
            return f"{who(seat)} starts"
        case ev.RowRefilled(artifacts=arts, items=items):
            dealt = [_name(c) for c in (*arts, *items)]
            return "The card row was refilled: " + (", ".join(dealt) or "nothing")
        case ev.Drew(seat=seat, cards=cards):
            return f"{who(seat)} drew {len(cards)} card{'s' if len(cards) != 1 else ''}"
        case ev.Revealed(pile=pile, card=card):
            return f"{_name(card)} was revealed ({pile})"
        case ev.Peeked(seat=seat, pile=pile):
            return f"{who(seat)} looked through the {pile} stack"
        case ev.TurnStarted(seat=seat):
            return f"{who(seat)}'s turn"
        case ev.RoundEnded(round=rnd):
            return f"Round {rnd} ended"
        case ev.CardPlayed(seat=seat, card=card):
            return f"{who(seat)} played {_name(card)}"
        case ev.Dug(seat=seat, space=space, pay=pay):
            return f"{who(seat)} dug at {space}{_pay(pay)}"
        case ev.Discovered(seat=seat, space=space, pay=pay):
            return f"{who(seat)} discovered a site at {space}{_pay(pay)}"
        case ev.Overcame(seat=seat, space=space):
            return f"{who(seat)} overcame the guardian at {space}"
        case ev.Bought(seat=seat, card=card):
            return f"{who(seat)} bought {_name(card)}"
        case ev.Researched(seat=seat, token=token, to=to):
            if to.startswith("t"):
                return f"{who(seat)} bought a temple tile"
            return f"{who(seat)} moved the {token} to research space {to}"
        case ev.AssistantUsed(seat=seat):
            return f"{who(seat)} used an assistant"
        case ev.BoonUsed(seat=seat, guardian=g):
            return f"{who(seat)} used the boon of {_name(g)}"
        case ev.IdolSlotted(seat=seat):
            return f"{who(seat)} placed an idol in a slot"
        case ev.Passed(seat=seat):
            return f"{who(seat)} passed"
        case ev.TurnEnded(seat=seat):
            return f"{who(seat)} ended the turn"
        case ev.ChoseSecretly(seat=seat):
            return f"{who(seat)} chose a card in secret"
        case ev.Chose(seat=seat, value=value):
            return f"{who(seat)} chose {_value(value)}"
    return type(event).__name__

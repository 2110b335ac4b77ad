"""The engine's questions to the component data (``components``), answered in one place: a
program by its frame key, a card's travel and price, a space's travel cost, research steps."""

from __future__ import annotations

from functools import cache

from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.components import Card
from core.games.arnak.ops import Cost, Program, TemplePick
from core.games.arnak.pay import BOOT, CAR, PLANE, SHIP

_WORDS = (BOOT, CAR, SHIP, PLANE)


def _icons(travel: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(w for w, n in zip(_WORDS, travel, strict=True) for _ in range(n))


@cache
def program(key: str) -> Program:
    """The program a frame key names: a card id, ``site:<tile>``, ``boon:<g>``,
    ``asst:<h><s|g>``, ``idol:<d>``, ``bonus:<r>``, ``row:<side>:<glass|notebook>:<row>``,
    ``slot`` or ``templepick``."""
    kind, _, rest = key.partition(":")
    if not rest:
        if key == "slot":
            return C.idol_slot
        if key == "templepick":
            return (TemplePick(),)
        return C.card(key).effect
    if kind == "site":
        return C.site(rest).effect
    if kind == "boon":
        return C.guardian(rest).boon
    if kind == "asst":
        return C.assistant(rest[:-1]).effect(rest[-1] == "g")
    if kind == "idol":
        return C.idol(rest).reward
    if kind == "bonus":
        return C.bonus_tile(rest).effect
    if kind == "row":
        side, token, row = rest.split(":")
        research_row = C.sides[side].row(int(row))  # type: ignore[index]
        return research_row.glass if token == "glass" else research_row.notebook
    raise KeyError(key)


@cache
def assistant_key(helper: str, gold: bool) -> str:
    """The program key of an assistant's side (``asst:h04g``)."""
    return f"asst:{helper}{'g' if gold else 's'}"


@cache
def assistant_main(helper: str) -> bool:
    """Whether using the assistant is the turn's main action (the buying one)."""
    return C.assistant(helper).main


def card(card_id: str) -> Card:
    """A card by id, looked up once (a basic card's record is built on each ``C.card``)."""
    found = CARDS.get(card_id)
    if found is None:
        found = CARDS[card_id] = C.card(card_id)
    return found


CARDS: dict[str, Card] = {}  # card's memo, a plain dict the fold reads directly


@cache
def travel(card: str) -> tuple[str, ...]:
    """A hand card's travel icons (a Fear card's boot included)."""
    return _icons(C.card(card).travel)


@cache
def card_cost(card: str) -> int:
    return C.card(card).cost


@cache
def spaces() -> tuple[str, ...]:
    return tuple(s.id for s in C.sides["bird"].spaces)


def space_travel(side: str, space: str) -> tuple[str, ...]:
    """The travel icons that reaching ``space`` on board ``side`` costs."""
    known = SPACE_TRAVEL.setdefault(side, {})
    found = known.get(space)
    if found is None:
        found = known[space] = _icons(C.sides[side].space(space).travel)  # type: ignore[index]
    return found


# space_travel's memo by side, then space: plain dicts the fold reads directly (two dict
# lookups are a third of a ``functools.cache`` call of two arguments)
SPACE_TRAVEL: dict[str, dict[str, tuple[str, ...]]] = {}


def level(site: str) -> int:
    """0 camp, 1 or 2 for an ``L`` space."""
    return 0 if site.startswith("C") else int(site[1])


def discover_cost(level: int) -> int:
    return C.rules.discover_cost[level].C


@cache
def research_next(side: str, here: int) -> tuple[int, ...]:
    return C.sides[side].next_spaces(here)  # type: ignore[index]


@cache
def research_row(side: str, space: int) -> int:
    if space == 0:
        return 0
    return C.sides[side].research_space(space).row  # type: ignore[index]


@cache
def research_cost(side: str, space: int) -> Cost:
    return C.sides[side].research_space(space).cost  # type: ignore[index]


@cache
def temple_cost(side: str, stack: int) -> Cost:
    return C.sides[side].temple_stacks[stack].cost  # type: ignore[index]


def temple_vp(rank: int) -> int:
    arrival = C.rules.temple_arrival_vp
    return arrival[min(rank, len(arrival) - 1)]

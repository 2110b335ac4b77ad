"""The event log in plain sentences: each game maps its event types to sentence makers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from core.language import english
from core.lifecycle import Undone
from core.messages import Event

Who = Callable[[int | None], str]
Sentences = Mapping[type[Event], Callable[[Any, Who], str]]


def namer(names: Sequence[str], seat: str = "Seat {n}") -> Who:
    """``who(seat)``: the player's name, ``seat`` (a template of ``{n}``, from 1: a game's
    words give it in the reader's language) past the known names, "?" for no seat."""
    template = seat

    def who(seat: int | None) -> str:
        if seat is None:
            return "?"
        return names[seat] if 0 <= seat < len(names) else template.format(n=seat + 1)

    return who


def describe_with(
    sentences: Sentences, event: Event, names: Sequence[str], who: Who | None = None
) -> str:
    """The sentence for ``event``, or its tag when the game has none for it; ``who`` names the
    seats (a game's own, in the reader's language; :func:`namer` by default)."""
    who = who or namer(names)
    make = sentences.get(type(event))
    if make is not None:
        return make(event, who)
    if isinstance(event, Undone):  # each game says it in its own words: a new game's fallback
        said = "{player} took back their last move (from event {n} on)"  # internal
        return said.format(player=who(event.seat), n=event.back_to)
    return type(event).TAG


def last_move(rules: Any, log: Sequence[Any], names: Sequence[str], most: int = 80) -> str:
    """The latest move of ``log`` (envelopes) in words, as a spectator may know it (empty
    before the first); at most ``most`` characters. Always in English: it goes on the wire,
    which every terminal reads alike, whatever the host's language."""
    with english():
        return _last_move(rules, log, names, most)


def _last_move(rules: Any, log: Sequence[Any], names: Sequence[str], most: int) -> str:
    for env in reversed(log):
        event = env.event
        if rules.command_for(event) is not None or isinstance(event, Undone):
            said = str(rules.describe(rules.project(event, None), names))
            return said if len(said) <= most else said[: most - 1] + "…"
    return ""

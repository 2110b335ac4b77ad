"""What a game gives the search: its own knowledge, as plain functions (data, not subclasses)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, TypeVar

from core.messages import Command
from core.protocol import Seat

S = TypeVar("S")


def every_command(state: Any, seat: Seat, legal: list[Command]) -> list[Command]:
    """The default: weigh every legal command."""
    return legal


def forget(memory: Any, view: Any, seat: Seat) -> Any:
    """The default: a game whose views hold all a seat may know needs no memory."""
    return None


@dataclass(frozen=True)
class Hooks(Generic[S]):
    """A game's part of the search.

    - ``determinize(view, seat, rng, memory)``: a full state (``Rules.fully_known``) that gives
      exactly ``view`` to ``seat``: what the seat cannot see dealt at random from what it could
      be, sampled from the view and what the seat saw before (``memory``), never from the true
      state, which the search never has;
    - ``evaluate(state)``: what the position is worth to each seat, in points (seat by seat);
    - ``playout(state, seat, legal, rng)``: a cheap policy's pick among ``legal`` (the legal
      commands, which the search has listed already: a policy need not list them again;
      ``None`` where the game's policy lists what it weighs itself, ``lists_own``);
    - ``candidates(state, seat, legal)``: the legal commands worth weighing, best first (a game
      with hundreds of ways to lay a tile keeps the sensible ones);
    - ``best_of(state, seat, commands, rng)``: the cheap policy's favourite among ``commands``
      (some of the legal ones: a level's ``sample`` draws them), or ``None`` where the game's
      policy weighs every legal command;
    - ``remember(memory, view, seat)``: what the seat keeps in mind from this view for later
      deals (plain data; ``None`` before its first decision), as a player remembers which cards
      the others played before they went back into a deck;
    - ``turns(state)``: how many turns the game has begun so far, or ``None`` where a turn is
      a seat's run of commands: the horizon then counts turns by it, so a seat that passed for
      the round, whose rivals then take turn after turn, does not stretch its playouts past
      the round's end (where the next round's fresh hand made passing look best);
    - ``lists_own``: the playout policy lists only the commands it weighs (Mauna Kea's greedy
      bot leaves out the hundreds of ways to lay a tile), so a playout that follows it lists
      no legal commands for it and counts each of its steps as one command weighed (``work``).
    """

    determinize: Callable[[S, Seat, Random, Any], S]
    evaluate: Callable[[S], Sequence[float]]
    playout: Callable[[S, Seat, list[Command] | None, Random], Command]
    candidates: Callable[[S, Seat, list[Command]], list[Command]] = every_command
    remember: Callable[[Any, S, Seat], Any] = forget
    best_of: Callable[[S, Seat, list[Command], Random], Command] | None = None
    lists_own: bool = False
    turns: Callable[[S], int] | None = None

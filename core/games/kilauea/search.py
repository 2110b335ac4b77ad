"""What Kilauea gives the search bots (:mod:`core.search`): nothing is hidden and nothing is
drawn after setup, so a deal is the view itself; a position is worth what the greedy bot sees in
it; playouts follow the greedy bot."""

from __future__ import annotations

from random import Random

from core.games.kilauea.greedy import GreedyBot, parts, value
from core.games.kilauea.state import KilaueaState
from core.messages import Command
from core.protocol import Seat
from core.search import Hooks
from core.search.draws import Draws


def determinize(view: KilaueaState, seat: Seat, rng: Random, memory: object = None) -> KilaueaState:
    """Kilauea hides nothing: every seat's view is the whole position."""
    return view.copy()


def evaluate(state: KilaueaState) -> list[float]:
    """Each seat's worth as the greedy bot sees it."""
    return [value(state, seat) for seat in range(state.players)]


def playout(state: KilaueaState, seat: Seat, legal: list[Command] | None, rng: Random) -> Command:
    bot = GreedyBot.__new__(GreedyBot)
    bot._rng = Draws(rng)  # type: ignore[assignment]
    return bot.choose(None, state, seat, legal)  # type: ignore[arg-type]


def candidates(state: KilaueaState, seat: Seat, legal: list[Command]) -> list[Command]:
    """Every legal command, the greedy bot's favourites first (the search widens in this
    order, so a small budget weighs the likeliest commands)."""
    bot = GreedyBot.__new__(GreedyBot)
    base = parts(state, seat)
    rated = [(bot._judge(state, seat, command, base), i) for i, command in enumerate(legal)]
    rated.sort(key=lambda pair: (-pair[0], pair[1]))
    return [legal[i] for _, i in rated]


ITERATIONS = {"medium": 22, "hard": 100}
"""The levels' budgets in this game: what fits their seconds (``bench/search_speed.py``: about
8 ms of CPU an iteration here, on this 2-core machine under load)."""
TUNING = {"easy": {"blunder": 0.3}}
"""The levels' other parameters in this game: ``easy`` plays this share of its decisions at
random, so it loses to greedy in most games yet still plays (``bench/bot_ladder.py``)."""
HOOKS: Hooks[KilaueaState] = Hooks(determinize, evaluate, playout, candidates)

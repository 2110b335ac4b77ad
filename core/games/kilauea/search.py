"""What Kilauea gives the search bots (:mod:`core.search`): nothing is hidden and nothing is
drawn after setup, so a deal is the view itself; a position is worth what the greedy bot sees in
it; playouts follow the greedy bot."""

from __future__ import annotations

from random import Random

from core.games.kilauea.greedy import GreedyBot, value
from core.games.kilauea.state import KilaueaState
from core.messages import Command
from core.protocol import Seat
from core.search import Hooks
from core.search.draws import Draws


def determinize(view: KilaueaState, seat: Seat, rng: Random) -> KilaueaState:
    """Kilauea hides nothing: every seat's view is the whole position."""
    return view.copy()


def evaluate(state: KilaueaState) -> list[float]:
    """Each seat's worth as the greedy bot sees it."""
    return [value(state, seat) for seat in range(state.players)]


def playout(state: KilaueaState, seat: Seat, rng: Random) -> Command:
    bot = GreedyBot.__new__(GreedyBot)
    bot._rng = Draws(rng)  # type: ignore[assignment]
    return bot.choose(None, state, seat)  # type: ignore[arg-type]


HOOKS: Hooks[KilaueaState] = Hooks(determinize, evaluate, playout)

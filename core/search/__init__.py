"""Search bots for every game: information-set Monte Carlo tree search over the ``Rules`` protocol.

The search (:mod:`core.search.ismcts`) knows no game. A game adds what is its own, next to its
greedy bot (``core/games/<g>/search.py``): how to deal a full state from a seat's view, what a
position is worth, a cheap playout policy, and which commands are worth weighing. The levels
(``easy``, ``medium``, ``hard``) are parameter objects (:mod:`core.search.levels`).
"""

from core.search.bot import SearchBot, register_levels
from core.search.hooks import Hooks
from core.search.ismcts import Decision, search
from core.search.levels import LEVELS, Level

__all__ = ["LEVELS", "Decision", "Hooks", "Level", "SearchBot", "register_levels", "search"]

"""Lost Ruins of Arnak: a deck-builder on a map of ruins, guardians, idols and a temple."""

from core.bots import register_bot
from core.games.arnak.greedy import GreedyBot
from core.games.arnak.rules import RULES
from core.games.arnak.search import HOOKS, ITERATIONS, LEVEL_HOOKS, TUNING
from core.search import register_levels

register_bot("arnak", "greedy", GreedyBot)
register_levels("arnak", HOOKS, ITERATIONS, TUNING, LEVEL_HOOKS)

__all__ = ["RULES", "GreedyBot"]

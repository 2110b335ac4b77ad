"""Mauna Kea: save explorers and artifacts from the awakening volcano."""

from core.bots import register_bot
from core.games.maunakea.greedy import GreedyBot
from core.games.maunakea.rules import RULES
from core.games.maunakea.search import HOOKS, ITERATIONS, TUNING
from core.search import register_levels

register_bot("maunakea", "greedy", GreedyBot)
register_levels("maunakea", HOOKS, ITERATIONS, TUNING)

__all__ = ["RULES", "GreedyBot"]

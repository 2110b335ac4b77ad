"""Kilauea: build Tiki columns to worship Pele, goddess of volcanoes."""

from core.bots import register_bot
from core.games.kilauea.greedy import GreedyBot
from core.games.kilauea.rules import RULES
from core.games.kilauea.search import HOOKS, ITERATIONS, TUNING
from core.search import register_levels

register_bot("kilauea", "greedy", GreedyBot)
register_levels("kilauea", HOOKS, ITERATIONS, TUNING)

__all__ = ["RULES"]

"""Kilauea: build Tiki columns to worship Pele, goddess of volcanoes."""

from core.bots import register_bot
from core.games.kilauea.greedy import GreedyBot
from core.games.kilauea.rules import RULES

register_bot("kilauea", "greedy", GreedyBot)

__all__ = ["RULES"]

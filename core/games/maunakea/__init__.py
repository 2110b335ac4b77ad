"""Mauna Kea: save explorers and artifacts from the awakening volcano."""

from core.bots import register_bot
from core.games.maunakea.greedy import GreedyBot
from core.games.maunakea.rules import RULES

register_bot("maunakea", "greedy", GreedyBot)

__all__ = ["RULES", "GreedyBot"]

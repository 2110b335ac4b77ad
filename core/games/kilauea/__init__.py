"""Kilauea: build Tiki columns to worship Pele, goddess of volcanoes."""

from core.games.kilauea.rules import RULES

__all__ = ["RULES"]

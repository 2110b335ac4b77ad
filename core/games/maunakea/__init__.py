"""Mauna Kea: save explorers and artifacts from the awakening volcano."""

from core.games.maunakea.rules import RULES

__all__ = ["RULES"]

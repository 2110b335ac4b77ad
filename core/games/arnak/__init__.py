"""Lost Ruins of Arnak: a deck-builder on a map of ruins, guardians, idols and a temple."""

from core.games.arnak.rules import RULES

__all__ = ["RULES"]

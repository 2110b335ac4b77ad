"""A display name as others see it (cards, seats, chat lines)."""

from __future__ import annotations

MAX_NAME = 24


def clean_name(name: str) -> str:
    """A display name as shown to others: printable, trimmed, at most 24 characters."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:MAX_NAME] or "Player"

"""The club's ladders as a lobby hears them: each game's ranks, retained by its ratings server.

A ladder counts only when signed (the link took a signature off) and when it is the game its
topic names; an empty one (cleared) leaves that game without ranks, an unreadable one changes
nothing. Whoever sits in a seat is found on it by their key, a bot by its level
(:func:`~net.wire.messages.identity_of`).
"""

from __future__ import annotations

import logging

from core.errors import CodecError
from net.wire.messages import Rank, SeatListing, identity_of, read_ladder

log = logging.getLogger("caldera.net")


class LaddersHeard:
    """Each game's ladder heard (:attr:`ladders`: game -> identity -> its rank)."""

    def __init__(self) -> None:
        self.ladders: dict[str, dict[str, Rank]] = {}

    def take(self, game: str, payload: bytes) -> bool:
        """What came, signed, on ``game``'s ladder topic; ``False``: it was unreadable."""
        try:
            ladder = read_ladder(payload) if payload else None
        except CodecError as exc:
            log.info("lobby: ignoring an unreadable ladder for %s: %s", game, exc)
            return False
        if ladder is None:
            self.ladders.pop(game, None)
        elif ladder.game == game:
            self.ladders[game] = {rank.identity: rank for rank in ladder.ranks}
        return True

    def rating_of(self, game: str, seat: SeatListing) -> Rank | None:
        """The rating of whoever sits in ``seat`` at a ``game`` table; ``None``: none yet."""
        return self.ladders.get(game, {}).get(identity_of(seat) or "")

"""A server's ratings board: the rated results of its replay folder folded onto the club's
ladders (:mod:`net.club.ratings`, cached by :mod:`net.club.ratings_cache`), and each game's
ladder that changed published, retained, on ``lobby/ratings/<game>`` for the lobbies to show.
A folder or cache that cannot be read is told in one line of the log and changes nothing."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

from net.club.ratings_cache import RatingsCache
from net.link.connection import Link
from net.table.host import default_replay_dir
from net.wire import topics
from net.wire.messages import MAX_RANKS, LadderListing, Rank, encode

log = logging.getLogger("caldera.net")


class RatingsBoard:
    """The ladders server ``server`` keeps in ``cache`` (``None``: it keeps none) from the
    replays of ``replay_dir``, published on ``link``; :attr:`published` counts the ladders
    published."""

    def __init__(
        self,
        server: str,
        cache: RatingsCache | None,
        replay_dir: Path | None,
        link: Link,
    ) -> None:
        self.server = server
        self.cache = cache
        self.replay_dir = replay_dir
        self.published = 0
        self.link = link
        self._rating = asyncio.Lock()

    async def refresh(self, everything: bool = False) -> None:
        """Fold the new rated results of the replay folder onto the ladders and publish the
        ladders that changed (``everything``: all of them)."""
        cache = self.cache
        if cache is None:
            return
        folder = self.replay_dir or default_replay_dir()
        async with self._rating:
            try:
                new = await asyncio.to_thread(cache.refresh, folder)
            except (OSError, sqlite3.Error) as exc:
                log.warning("server %s: cannot keep the ratings: %s", self.server, exc)
                return
            ladders = cache.ladders()
            games = set(ladders.games) if everything else {result.game for result in new}
            for game in sorted(games):
                ranks = tuple(Rank(s.identity, s.name, s.rating, s.games)
                              for s in ladders.ladder(game)[:MAX_RANKS])  # fmt: skip
                card = encode(LadderListing(game, ranks))
                self.link.publish(topics.ratings(game), card, retain=True)
                self.published += 1

"""``caldera games`` and ``caldera ratings``: a club's tables and ladders in the shell.

``games`` prints one line a table where this identity holds a seat (for a status bar or a
script): ``k3f9x2 <game's title>: your move, you have 1d 3h · Ann, Bob · last: Bob placed …``.
``ratings`` prints a game's ladder from this machine's ratings cache (a club server's), after
folding in the replays it has not seen yet; ``--rebuild`` folds every replay again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.language import Translator, decimal
from net.config import BrokerAddress
from net.trust.keys import Keys

T = Translator("cli")
_, ngettext = T.gettext, T.ngettext


async def games_lines(
    address: BrokerAddress, identity: str, keys: Keys, settle: float = 0.5
) -> list[str]:
    """One line a table of the club where ``identity`` holds a seat (yours to move first)."""
    from net.club.lobby import Lobby
    from net.club.your_games import my_tables
    from net.seat.taken import seats_taken

    async with Lobby(address, identity=identity, keys=keys, turns=True) as lobby:
        await asyncio.sleep(settle)  # the retained cards and turn messages come at once
        rows = my_tables(lobby.tables, lobby.turns, seats_taken(identity))
    now = time.time_ns() // 1_000_000
    return [row.line(now) for row in rows]


def ratings_lines(
    replay_dir: Path,
    cache_path: Path | None = None,
    game: str | None = None,
    rebuild: bool = False,
    say: Callable[[str], Any] = print,
) -> list[str]:
    """The ladder of ``game`` (every game with a ladder, when ``None``): place, name, the
    key's short fingerprint (or ``bot``), rating and games."""
    from net.club.ratings_cache import RatingsCache

    with RatingsCache(cache_path) as cache:
        if rebuild:
            cache.rebuild(replay_dir)
        else:
            cache.refresh(replay_dir)
        ladders = cache.ladders()
        counted = len(cache.results())
    games = [game] if game is not None else sorted(ladders.games)
    lines: list[str] = []
    for name in games:
        ladder = ladders.ladder(name)
        players = ngettext("{n} player(s)", "{n} player(s)", len(ladder)).format(n=len(ladder))
        results = ngettext("{n} rated result(s)", "{n} rated result(s)", counted)
        said = _("{game}: {players}, from {results}")
        lines.append(said.format(game=name, players=players, results=results.format(n=counted)))
        for place, standing in enumerate(ladder, 1):
            played = ngettext("{n} game(s)", "{n} game(s)", standing.games)
            lines.append(
                f"{place:4d}. {standing.name[:24]:24} {standing.short:11} "
                f"{decimal(standing.rating):>6}  {played.format(n=f'{standing.games:4d}')}"
            )
    if not games:
        lines.append(_("no rated games in {folder} yet").format(folder=replay_dir))
    return lines

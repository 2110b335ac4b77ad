"""The ratings cache of a club server: the ladders (:mod:`net.club.ratings`) kept in SQLite, beside
the verified results they were folded from and the replays already looked at.

Derived data only: :meth:`RatingsCache.rebuild` throws it all away and folds the replays again,
and must give the same ladders (a test checks it). :meth:`RatingsCache.refresh` looks only at
the replays it has not seen (or that changed since), verifies them, and folds the new results
onto the ladders when they come after every result folded so far; a result that finished
earlier (another server's, say, sharing the replay folder) has the ladders folded again from
the kept results, so every server of a replay folder ends with the same ladders.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from net.club.ratings import Entrant, Ladders, NotCounted, Result, Standing, fold, result_of
from replays.unfinished import data_dir

log = logging.getLogger("caldera.net")

SCHEMA = """
CREATE TABLE IF NOT EXISTS seen (replay TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER,
                                 counts INTEGER, why TEXT);
CREATE TABLE IF NOT EXISTS results (replay TEXT PRIMARY KEY, game TEXT, finished INTEGER,
                                    entrants TEXT, ranks TEXT, played TEXT);
CREATE TABLE IF NOT EXISTS standings (game TEXT, identity TEXT, name TEXT, mu REAL, sigma REAL,
                                      games INTEGER, PRIMARY KEY (game, identity));
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
"""


def default_path() -> Path:
    return data_dir() / "ratings.sqlite"


class RatingsCache:
    """One server's ratings, cached in the SQLite file ``path``."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(results)")}
        if columns and "played" not in columns:  # a cache from before games were told apart:
            with self._db:  # derived data, so dropped and folded again from the replays
                for table in ("seen", "results", "standings", "meta"):
                    self._db.execute(f"DROP TABLE IF EXISTS {table}")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> RatingsCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading ---------------------------------------------------------------------------

    def ladders(self) -> Ladders:
        """The ladders as cached."""
        ladders = Ladders()
        rows = self._db.execute("SELECT game, identity, name, mu, sigma, games FROM standings")
        for game, identity, name, mu, sigma, games in rows:
            standing = Standing(identity, name, mu, sigma, games)
            ladders.games.setdefault(game, {})[identity] = standing
        last = self._db.execute("SELECT value FROM meta WHERE key = 'last'").fetchone()
        if last is not None:
            finished, replay = json.loads(last[0])
            ladders.last = (int(finished), str(replay))
        return ladders

    def results(self) -> list[Result]:
        query = "SELECT replay, game, finished, entrants, ranks, played FROM results"
        out = []
        for replay, game, finished, entrants, ranks, played in self._db.execute(query):
            seats = tuple(Entrant(*pair) for pair in json.loads(entrants))
            out.append(Result(replay, game, finished, seats, tuple(json.loads(ranks)), played))
        return out

    def not_counted(self) -> dict[str, str]:
        """The replays looked at that count for nothing, and why."""
        rows = self._db.execute("SELECT replay, why FROM seen WHERE counts = 0")
        return dict(rows.fetchall())

    # -- writing ---------------------------------------------------------------------------

    def refresh(self, replay_dir: Path) -> list[Result]:
        """Verify the replays of ``replay_dir`` not looked at yet (or changed since) and fold
        the results among them onto the ladders; returns the new results."""
        seen = {row[0]: (row[1], row[2])
                for row in self._db.execute("SELECT replay, size, mtime_ns FROM seen")}  # fmt: skip
        new: list[Result] = []
        marks: list[tuple[Any, ...]] = []
        counted = dict(self._db.execute("SELECT played, replay FROM results"))
        for path in sorted(replay_dir.glob("*.caldera")):
            try:
                stat = path.stat()
            except OSError:
                continue
            if seen.get(path.name) == (stat.st_size, stat.st_mtime_ns):
                continue
            try:
                result = result_of(path)
            except NotCounted as exc:
                marks.append((path.name, stat.st_size, stat.st_mtime_ns, 0, str(exc)))
                continue
            first = counted.setdefault(result.played, path.name)
            if first != path.name:  # a copy of a game counted already, under another name
                why = f"the same game as {first}, already counted"
                marks.append((path.name, stat.st_size, stat.st_mtime_ns, 0, why))
                continue
            new.append(result)
            marks.append((path.name, stat.st_size, stat.st_mtime_ns, 1, ""))
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO seen VALUES (?, ?, ?, ?, ?)", marks)
            for result in new:
                self._db.execute(
                    "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?)",
                    (result.replay, result.game, result.finished,
                     json.dumps([[e.identity, e.name] for e in result.entrants]),
                     json.dumps(list(result.ranks)), result.played),
                )  # fmt: skip
        if new:
            ladders = self.ladders()
            if min(r.order for r in new) > ladders.last:
                for result in sorted(new, key=lambda r: r.order):
                    ladders.add(result)
            else:  # one finished before what is folded already: fold them all again
                ladders = fold(self.results())
            self._store(ladders)
        return new

    def rebuild(self, replay_dir: Path) -> Ladders:
        """Forget everything and fold the replays of ``replay_dir`` again."""
        with self._db:
            for table in ("seen", "results", "standings", "meta"):
                self._db.execute(f"DELETE FROM {table}")
        self.refresh(replay_dir)
        return self.ladders()

    def _store(self, ladders: Ladders) -> None:
        with self._db:
            self._db.execute("DELETE FROM standings")
            self._db.executemany(
                "INSERT INTO standings VALUES (?, ?, ?, ?, ?, ?)",
                [(game, s.identity, s.name, s.mu, s.sigma, s.games)
                 for game, ladder in ladders.games.items() for s in ladder.values()],
            )  # fmt: skip
            self._db.execute(
                "INSERT OR REPLACE INTO meta VALUES ('last', ?)", (json.dumps(ladders.last),)
            )

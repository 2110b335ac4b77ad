"""The seats this machine took: what *Your games* may list.

A table's card is its host's word, and anyone may host a table that names another player's key
in a seat. So a seat counts as mine only once this machine took it (a join the host accepted),
kept in ``seats_taken.json`` in the data folder: for each identity, its tables and seats.
"""

from __future__ import annotations

import contextlib
import json
import logging

from replays.data_dir import data_dir
from replays.disk import read_json, write_atomically

log = logging.getLogger("caldera.net")

FILE = "seats_taken.json"
MOST = 1000  # tables kept for one identity (the oldest go first)


def _read() -> dict[str, dict[str, int]]:
    try:
        doc = read_json(data_dir() / FILE)
    except OSError:  # none yet, or unreadable (then it is made anew)
        return {}
    if not isinstance(doc, dict):
        return {}
    return {
        str(identity): {str(t): s for t, s in tables.items() if isinstance(s, int)}
        for identity, tables in doc.items()
        if isinstance(tables, dict)
    }


def took_seat(identity: str, table: str, seat: int) -> None:
    """Keep that ``identity`` took ``seat`` (from 0) at ``table``; a folder that cannot be
    written loses only the record (the seat is still played)."""
    doc = _read()
    tables = doc.setdefault(identity, {})
    tables.pop(table, None)
    tables[table] = seat  # the newest last
    while len(tables) > MOST:
        tables.pop(next(iter(tables)))
    path = data_dir() / FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(doc, indent=1) + "\n")
    except OSError as exc:
        log.warning("cannot keep the seat taken at %s in %s: %s", table, path, exc)


def seats_taken(identity: str) -> dict[str, int]:
    """The tables where ``identity`` took a seat on this machine, and which (from 0)."""
    with contextlib.suppress(KeyError):
        return dict(_read()[identity])
    return {}

"""The time-outs a club server keeps across a restart, in ``servers/SERVER.time-outs.json`` in
the data folder (beside its key): each key timed out, until when (the wall clock, seconds), why
and for how many minutes. Written atomically at each time-out given or lifted; read back when
the server starts, the ended ones dropped. A file that cannot be read is set aside beside it
(``SERVER.time-outs.json.bad-YYYYMMDD-HHMMSS``, the time of the start in UTC) so that the next
time-out's good file loses none of it; one line in the log says so, and the server starts with
none kept."""

from __future__ import annotations

import itertools
import json
import logging
import time
from pathlib import Path

from replays.disk import BadFile, read_json, write_atomically
from replays.unfinished import data_dir

log = logging.getLogger("caldera.net")

FORMAT = 1

Kept = dict[str, tuple[float, str, int]]
"""key (hex) -> (until, on the wall clock; the reason; the minutes given)"""


def default_path(server: str) -> Path:
    return data_dir() / "servers" / f"{server}.time-outs.json"


def read_time_outs(path: Path, now: float) -> Kept:
    """The time-outs kept in ``path`` that end after ``now`` (the wall clock); none when there
    is no file, or (told in one line, the file set aside by :func:`set_aside`) when it cannot
    be read."""
    try:
        kept = _parse(read_json(path))
    except FileNotFoundError:
        return {}
    except ValueError as exc:
        why = f"{path}: {exc}"
    except OSError as exc:  # BadFile's line names the file
        why = str(exc) if isinstance(exc, BadFile) else f"cannot read {path}: {exc}"
    else:
        return {key: entry for key, entry in kept.items() if entry[0] > now}
    log.warning("time-outs not kept (the server starts with none): %s; %s", why,
                set_aside(path, now))  # fmt: skip
    return {}


def set_aside(path: Path, now: float) -> str:
    """Rename the unreadable ``path`` to ``NAME.bad-YYYYMMDD-HHMMSS`` (``now`` in UTC; ``-2``,
    ``-3``… after it when that name is taken) so that no time-out written later replaces it;
    what became of it, for the log's line."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now))
    for n in itertools.count(1):
        aside = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if not aside.exists():
            break
    try:
        path.rename(aside)
    except OSError as exc:
        return f"cannot set it aside ({exc.strerror or exc}): the next time-out replaces it"
    return f"set aside as {aside}"


def _parse(doc: object) -> Kept:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a time-outs file of format {FORMAT}")
    entries = doc.get("time_outs")
    if not isinstance(entries, dict):
        raise ValueError("no time_outs table")
    kept: Kept = {}
    for key, entry in entries.items():
        match entry:
            case {"until": int() | float() as until, "reason": str(reason),
                  "minutes": int(minutes)}:  # fmt: skip
                kept[str(key)] = (float(until), reason, minutes)
            case _:
                raise ValueError(f"the time-out of {str(key)[:16]} is malformed")
    return kept


def write_time_outs(path: Path, kept: Kept) -> None:
    """Keep ``kept`` in ``path``, atomically; a folder that cannot be written is logged (the
    time-outs still hold until the server stops)."""
    entries = {key: {"until": until, "reason": reason, "minutes": minutes}
               for key, (until, reason, minutes) in kept.items()}  # fmt: skip
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps({"format": FORMAT, "time_outs": entries}) + "\n")
    except OSError as exc:
        log.warning("cannot keep the time-outs in %s: %s", path, exc)

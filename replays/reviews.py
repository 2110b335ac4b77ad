"""Reviews kept beside their replay (``<replay>.review.json``), so a game's review opens at once
the second time. A review never changes its replay: it is a file of its own, keyed by the log
it judged (the hash of its last event, which the chain ties to every event before it) and by
how it was judged (the level, its iterations, the playouts a command); a key that differs, or a
file that cannot be read, is a review not kept."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.codec import Envelope, encode_envelope, short_hash
from core.errors import CalderaError
from core.protocol import Rules
from core.review import Progress, Review, review, review_in
from core.search import calibration
from core.search.hooks import Hooks
from core.search.levels import Level
from core.search.workers import Thinkers
from replays.disk import read_json, write_atomically

SUFFIX = ".review.json"
FORMAT = 2  # 2: a draw's luck over two turns (reviews kept before are worked out again)


def path_for(replay: Path) -> Path:
    return replay.with_name(replay.name + SUFFIX)


def key_of(
    envelopes: list[Envelope], game: str, level: str, iterations: int, samples: int
) -> dict[str, Any]:
    """What a kept review must have been made from to be used again (the log, how it was
    judged, and the calibration its chances went through)."""
    last = short_hash(encode_envelope(envelopes[-1])) if envelopes else ""
    fit = calibration.fits().get((game, level))
    return {"format": FORMAT, "log": last, "events": len(envelopes), "level": level,
            "iterations": iterations, "samples": samples,
            "calibration": None if fit is None else [fit.a, fit.b]}  # fmt: skip


def kept(replay: Path, key: dict[str, Any]) -> dict[str, Any] | None:
    """The review kept beside ``replay`` for ``key``, or ``None``."""
    try:
        doc = read_json(path_for(replay))
    except OSError:
        return None
    review = doc.get("review") if isinstance(doc, dict) else None
    return review if isinstance(review, dict) and doc.get("key") == key else None


def keep(replay: Path, key: dict[str, Any], review: dict[str, Any]) -> None:
    """Keep ``review`` beside ``replay`` (atomically; a folder that cannot be written keeps
    nothing, and the next review is worked out again)."""
    with contextlib.suppress(OSError):
        write_atomically(path_for(replay), json.dumps({"key": key, "review": review}) + "\n")


def kept_review(path: Path | None, key: dict[str, Any]) -> Review | None:
    """The review kept beside ``path`` under ``key``, if one is and it reads whole."""
    doc = kept(path, key) if path is not None else None
    if doc is not None:
        with contextlib.suppress(CalderaError):
            return Review.from_json(doc)
    return None


def reviewed(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    envelopes: list[Envelope],
    *,
    samples: int,
    path: Path | None = None,
    seats: Sequence[int] | None = None,
    progress: Progress | None = None,
) -> Review:
    """The review of ``envelopes``: the one kept beside ``path`` when it was made the same way,
    else worked out (and, of every seat, kept there)."""
    key = key_of(envelopes, rules.game, level.name, level.iterations, samples)
    known = kept_review(path, key)
    if known is not None:
        return known
    done = review(rules, hooks, level, envelopes, seats=seats, samples=samples, progress=progress)
    if path is not None and seats is None:
        keep(path, key, done.to_json())
    return done


async def reviewed_in(
    pool: Thinkers,
    rules: Rules[Any],
    level: Level,
    envelopes: list[Envelope],
    *,
    samples: int,
    path: Path | None = None,
    seats: Sequence[int] | None = None,
    progress: Progress | None = None,
) -> Review:
    """:func:`reviewed`, the review worked out in ``pool``'s workers (off this loop, a part a
    worker; cancelled, they end) when none was kept."""
    key = key_of(envelopes, rules.game, level.name, level.iterations, samples)
    known = kept_review(path, key)
    if known is not None:
        return known
    done = await review_in(pool, rules.game, level, envelopes, seats=seats, samples=samples,
                           progress=progress)  # fmt: skip
    if path is not None and seats is None:
        keep(path, key, done.to_json())
    return done

"""A learned evaluation's fitted model, as data: linear weights over a game's named features.

A game's model file (``core/games/<game>/model.json``, written by ``training/fit.py``) holds a
ridge regression of a seat's final points and a logistic regression of its winning, both over
the features the game computes from a seat's view (``core/games/<game>/features.py``), and
names the data, seeds and generation it was fitted on. :func:`load` refuses a file made for
another feature list with one line (:class:`ModelError`); the search asks only :meth:`points`.
Evaluated in plain Python: a dot product of some hundred numbers, a few microseconds.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = 1


class ModelError(ValueError):
    """A model file that cannot be used: unreadable, or made for other features."""


@dataclass(frozen=True)
class Linear:
    """``intercept + sum(weights * features)``."""

    intercept: float
    weights: tuple[float, ...]

    def __call__(self, x: Sequence[float]) -> float:
        return self.intercept + sum(map(float.__mul__, self.weights, map(float, x)))


@dataclass(frozen=True)
class Model:
    """A fitted model: a seat's final points (``score``) and its chance to win (``win``)."""

    game: str
    version: str
    names: tuple[str, ...]
    score: Linear
    win: Linear
    scale: float  # the points of predicted lead that make a win e (2.718…) times likelier
    generation: int
    about: dict[str, Any]  # data, seeds, held-out figures, the command that made it

    def points(self, x: Sequence[float]) -> float:
        """The seat's final points, as the model expects them."""
        return self.score(x)

    def chance(self, x: Sequence[float]) -> float:
        """The seat's chance to win."""
        z = self.win(x)
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def _linear(doc: Any, n: int, what: str) -> Linear:
    try:
        weights = tuple(float(w) for w in doc["weights"])
        intercept = float(doc["intercept"])
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"its {what} model is not weights and an intercept ({error})") from None
    if len(weights) != n:
        raise ModelError(f"its {what} model has {len(weights)} weights for {n} features")
    return Linear(intercept, weights)


def parse(doc: Any, game: str, version: str, names: Sequence[str]) -> Model:
    """The model in ``doc`` (a model file's JSON), if it was made for ``game``'s features
    ``version`` named ``names``; else :class:`ModelError`, saying why in one line."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ModelError(f"not a model file of format {FORMAT}")
    if doc.get("game") != game:
        raise ModelError(f"made for {doc.get('game')!r}, not {game!r}")
    if doc.get("features") != version or tuple(doc.get("names", ())) != tuple(names):
        raise ModelError(
            f"made for features {doc.get('features')!r}, this game's are {version!r}: "
            "fit it again (training/fit.py)"
        )
    n = len(names)
    try:
        scale = float(doc["scale"])
        generation = int(doc["generation"])
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"no scale or generation ({error})") from None
    about = {k: v for k, v in doc.items() if k not in ("score", "win", "names")}
    return Model(
        game,
        version,
        tuple(names),
        _linear(doc.get("score"), n, "score"),
        _linear(doc.get("win"), n, "win"),
        scale,
        generation,
        about,
    )


def load(path: Path, game: str, version: str, names: Sequence[str]) -> Model:
    """The model in the file at ``path`` (see :func:`parse`); a :class:`ModelError` names the
    file."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ModelError(f"{path}: cannot be read as a model file ({error})") from None
    try:
        return parse(doc, game, version, names)
    except ModelError as error:
        raise ModelError(f"{path}: {error}") from None

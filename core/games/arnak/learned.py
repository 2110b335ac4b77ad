"""Arnak's learned evaluation: the model shipped beside this module (``model.json``, fitted on
self-play by ``training/fit.py``) over the features of a seat's view (:mod:`.features`), read
once, and the leaf score the search asks of it: each seat's final points as the model expects
them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from core.games.arnak import features as F
from core.games.arnak.state import ArnakState
from core.search.model import Model, ModelError, load

MODEL_PATH = Path(__file__).with_name("model.json")
"""The model the game ships (its data, seeds and generation are named inside)."""


def load_model(path: Path = MODEL_PATH) -> Model:
    """The model file at ``path``, if it was fitted on this game's features (else
    :class:`core.search.model.ModelError`, saying why in one line)."""
    return load(path, "arnak", F.VERSION, F.NAMES)


class Leaf:
    """Each seat's final points as a model expects them, each from what that seat sees (a
    plain object, not a closure: a search bot is pickled to the worker that thinks for it)."""

    __slots__ = ("model",)

    def __init__(self, model: Model) -> None:
        self.model = model

    def __call__(self, state: ArnakState) -> list[float]:
        points = self.model.score
        features = F.features
        return [points(features(state, seat)) for seat in range(state.players)]


def leaf_of(model: Model) -> Callable[[ArnakState], list[float]]:
    """Each seat's final points as ``model`` expects them, each from what that seat sees."""
    return Leaf(model)


def shipped() -> tuple[Model | None, str | None]:
    """The shipped model, or why it was refused (in one line): a feature list changed since it
    was fitted, so ``training/fit.py`` must fit it again (the rules and the other bots still
    load meanwhile; a test keeps the shipped file and the features in step)."""
    try:
        return load_model(), None
    except ModelError as error:
        return None, str(error)


MODEL, REFUSED = shipped()

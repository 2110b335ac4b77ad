"""What training needs of each game with a learned evaluation: its features, the options of a
self-play game by its index, and the bots self-play and duels set against each other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from core.bots import Bot
from core.search import LEVELS, SearchBot
from core.search.model import Model

GAMES = ("arnak",)
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Kit:
    """A game's part of training."""

    game: str
    version: str
    names: tuple[str, ...]
    features: Callable[[Any, int], list[float]]
    options: Callable[[int], dict[str, Any]]
    bot: Callable[[str, str, str | None, int | None], Bot]
    load: Callable[[Path], Model]  # a model file, if made for these features (ModelError)
    model_path: Path


def _arnak() -> Kit:
    from core.games.arnak import features, learned, search

    def options(index: int) -> dict[str, Any]:
        return {"side": ("bird", "snake")[index % 2]}

    def bot(kind: str, seed: str, model: str | None, budget: int | None) -> Bot:
        if kind == "policy":
            return search.Policy(seed)
        # no model named: the level's own hooks (the shipped model's, where LEARNED says so)
        own = search.LEVEL_HOOKS.get(kind, search.HOOKS)
        hooks = search.hooks_with(learned.load_model(Path(model))) if model else own
        level = replace(LEVELS[kind], **search.TUNING.get(kind, {}))
        level = replace(level, iterations=budget or search.ITERATIONS.get(kind, level.iterations))
        return SearchBot(hooks, level, seed, timed=False)

    return Kit(
        "arnak",
        features.VERSION,
        features.NAMES,
        features.features,
        options,
        bot,
        learned.load_model,
        learned.MODEL_PATH,
    )


KITS = {"arnak": _arnak}


def kit(game: str) -> Kit:
    return KITS[game]()

"""One plain sentence per event, for the event logs (the game's own ``describe`` does the work)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.clock import describe as table_sentence
from core.codec import Envelope
from core.language import Translator
from core.lifecycle import GameEnded, GameStarted, TableEvent
from core.protocol import Rules

T = Translator("cli")
_ = T.gettext


def sentence(rules: Rules[Any], env: Envelope, names: Sequence[str], before: Any = None) -> str:
    """``env``'s sentence; with ``before``, the position it happens in, the game may say more
    (which option an answer chose)."""
    event = env.event
    if isinstance(event, GameStarted):
        if event.position is not None:
            return _("{game} continues from a saved position: {players}").format(
                game=rules.title, players=", ".join(names)
            )
        return _("{game} begins: {players}").format(game=rules.title, players=", ".join(names))
    if isinstance(event, GameEnded):
        return _("Game over (the seed is revealed: anyone can audit every draw)")
    if isinstance(event, TableEvent):
        return table_sentence(event, names, quiet=True)
    if before is not None:
        return rules.describe_in(before, event, names)
    return rules.describe(event, names)

"""A search bot: a level's parameters, a game's hooks, and a seed for reproducible games."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from random import Random
from typing import Any

from core.bots import register_bot
from core.messages import Command
from core.protocol import Rules, Seat
from core.search.hooks import Hooks
from core.search.ismcts import Choice, Decision, Node, search
from core.search.levels import LEVELS, Level


class SearchBot:
    """Plays ``seat`` from its view with :func:`~core.search.ismcts.search` at ``level``.

    Its ``n``-th decision draws from a generator seeded by ``(seed, n)``: with an iteration
    budget (``timed=False``) the same views give the same commands, game after game.
    """

    searches = True  # thinks long enough to belong in a worker process (see core.search.workers)

    def __init__(self, hooks: Hooks[Any], level: Level, seed: str, *, timed: bool = True) -> None:
        self.hooks = hooks
        self.level = level
        self.name = level.name
        self.seed = seed
        self.timed = timed
        self.decisions = 0
        self.memory: Any = None  # what the seat saw at its past decisions (Hooks.remember)
        self.last: Decision | None = None

    def rng(self) -> Random:
        digest = hashlib.blake2b(f"{self.seed}/{self.decisions}".encode(), digest_size=8).digest()
        return Random(int.from_bytes(digest, "little"))

    def decide(self, rules: Rules[Any], state: Any, seat: Seat) -> Decision:
        """The search's decision for ``seat`` in its view ``state``, with what it saw."""
        rng = self.rng()
        self.decisions += 1
        self.memory = self.hooks.remember(self.memory, state, seat)
        if self.level.blunder and rng.random() < self.level.blunder:
            # a beginner's slip: any legal command, unweighed (drawn from the decision's seed)
            legal = rules.legal_commands(state, seat)
            slip = legal[rng.randrange(len(legal))]
            self.last = Decision(slip, (Choice(slip, 0, 0.5, 0.0),), 0)
            return self.last
        clock = time.perf_counter if self.timed else None
        decision = search(
            rules,
            self.hooks,
            state,
            seat,
            self.level,
            rng,
            clock=clock,
            memory=self.memory,
            root=self._grown(seat),
        )
        self.last = decision
        return decision

    def _grown(self, seat: Seat) -> Node | None:
        """With ``level.reuse``, the tree the last search grew below the command it chose, when
        this decision comes right after it: every deal then had this seat choose next (a
        rival's move in between would be a child of another seat's). ``None`` otherwise."""
        after = self.last.after if self.level.reuse and self.last is not None else None
        if after is None or not after.children:
            return None
        if any(child.seat != seat for child in after.children.values()):
            return None
        return after

    def choose(self, rules: Rules[Any], state: Any, seat: Seat) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise RuntimeError(f"seat {seat} has no legal command")
        if len(legal) == 1:
            self.decisions += 1
            self.memory = self.hooks.remember(self.memory, state, seat)
            return legal[0]
        return self.decide(rules, state, seat).command


def register_levels(
    game: str,
    hooks: Hooks[Any],
    iterations: Mapping[str, int] | None = None,
    tuning: Mapping[str, Mapping[str, Any]] | None = None,
    level_hooks: Mapping[str, Hooks[Any]] | None = None,
) -> None:
    """Offer ``game``'s search bot at every level (``easy``, ``medium``, ``hard``);
    ``iterations`` are the game's own budgets by level (what the level's seconds allow in this
    game on a 2-core machine: a game's playouts cost what its rules and greedy bot cost),
    ``tuning`` its other parameters by level (``{"easy": {"blunder": 0.3}}``: what the ladder
    measured this game needs), and ``level_hooks`` the hooks of the levels that do not use
    ``hooks`` (a level whose leaves a learned model scores)."""
    for name, level in LEVELS.items():
        budget = (iterations or {}).get(name)
        level = replace(level, iterations=budget) if budget else level
        level = replace(level, **(tuning or {}).get(name, {}))
        own = (level_hooks or {}).get(name, hooks)
        register_bot(game, name, partial(_made, own, level))


def _made(hooks: Hooks[Any], level: Level, seed: str) -> SearchBot:
    return SearchBot(hooks, level, seed)

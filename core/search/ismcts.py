"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), single observer.

Each iteration deals a full state from the searching seat's view (the game's ``determinize``),
walks one tree of commands down it (every seat's commands, chosen by UCB for the seat to move
among those this deal allows), adds a node, plays on with the game's cheap policy for a few
turns and scores the position with the game's evaluation. Chance (draws, shuffles, the bag) is
drawn from the search's own generator, so the tree is open-loop: a node is a sequence of
commands, whatever chance did in between. Nothing here knows a game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from core.messages import Command
from core.protocol import Rules, Seat
from core.search.hooks import Hooks
from core.search.levels import Level

MAX_SETTLE_STEPS = 10_000


class Node:
    """A command sequence from the root; ``seat`` chose the last command. ``total`` sums that
    seat's rewards, ``gain`` the searching seat's points gained; ``avail`` counts the iterations
    whose deal allowed the command (ISMCTS's availability)."""

    __slots__ = ("avail", "children", "gain", "order", "ranked", "seat", "total", "visits")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.order: list[Command] | None = None  # the candidates below, best first
        self.ranked: set[Command] = set()  # the legal commands the game has ranked here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.gain = 0.0
        self.children: dict[Command, Node] = {}


@dataclass(frozen=True)
class Choice:
    """One root command as the search saw it."""

    command: Command
    visits: int
    win: float  # the mean reward, ~ the chance of winning
    gain: float  # the mean points the searching seat gained by the horizon


@dataclass(frozen=True)
class Decision:
    """The search's answer: the command it plays, the root's commands by visits, its effort."""

    command: Command
    choices: tuple[Choice, ...]
    iterations: int
    after: Node | None = field(default=None, compare=False, repr=False)  # the command's node
    work: int = 0  # the commands its policies weighed (see Level.work)

    @property
    def best(self) -> Choice:
        return self.choices[0]


def settle(rules: Rules[Any], state: Any, rng: Random) -> None:
    """Play forced events and chance (drawn from ``rng``) until a seat must act."""
    for _ in range(MAX_SETTLE_STEPS):
        forced = rules.forced(state)
        if forced:
            for event in forced:
                rules.evolve(state, event)
            continue
        sizes = rules.chance(state)
        if sizes is None:
            return
        rules.evolve(state, rules.resolve(state, [rng.randrange(n) for n in sizes]))
    raise RuntimeError("the rules never settled (forced/chance loop)")


def apply(rules: Rules[Any], state: Any, seat: Seat, command: Command, rng: Random) -> None:
    """``seat``'s command and everything it sets off, in place."""
    for event in rules.decide(state, seat, command):
        rules.evolve(state, event)
    settle(rules, state, rng)


def worth(rules: Rules[Any], hooks: Hooks[Any], state: Any) -> list[float]:
    """Each seat's worth in points: its final score once the game is over (a winner half a
    point ahead of those it beat on a tie-break), else the game's evaluation."""
    outcome = rules.outcome(state)
    if outcome is not None:
        return [
            float(score) + (0.5 if seat in outcome.winners else 0.0)
            for seat, score in enumerate(outcome.scores)
        ]
    return list(hooks.evaluate(state))


def rewards(values: list[float], scale: float) -> list[float]:
    """Each seat's reward in [0, 1]: how far it is ahead of its best rival, squashed."""
    out = []
    for seat, mine in enumerate(values):
        rival = max(v for other, v in enumerate(values) if other != seat)
        out.append(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (rival - mine) / scale)))))
    return out


def with_points(reward: float, gain: float, share: float, scale: float) -> float:
    """A reward that is ``share`` the points the seat gained (squashed as a lead is), so a
    lead already safe still pays for more points."""
    squashed = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -gain / scale))))
    return (1.0 - share) * reward + share * squashed


def search(
    rules: Rules[Any],
    hooks: Hooks[Any],
    view: Any,
    seat: Seat,
    level: Level,
    rng: Random,
    *,
    clock: Callable[[], float] | None = None,
    memory: Any = None,
    root: Node | None = None,
) -> Decision:
    """The command ``seat`` should play from its ``view``, after ``level.iterations``
    iterations (or, with a ``clock`` and ``level.seconds``, when that time is up); ``root``:
    the tree a previous search grew below this position (:attr:`Decision.after`), whose
    iterations count on."""
    legal = rules.legal_commands(view, seat)
    options = hooks.candidates(view, seat, legal) if len(legal) > 1 else legal
    if len(options) == 1:  # nothing to weigh
        return Decision(options[0], (Choice(options[0], 0, 0.5, 0.0),), 0)
    if root is None:
        root = Node(seat)
    deadline = None
    if clock is not None and level.seconds is not None:
        deadline = clock() + level.seconds
    done = spent = 0
    cap = level.work
    while done < level.iterations and not (cap and spent >= cap):
        if deadline is not None and done and clock is not None and clock() >= deadline:
            break
        spent += _iterate(rules, hooks, view, seat, level, rng, root, memory)
        done += 1
    allowed = set(legal)  # (a tree grown before may hold commands this view does not allow)
    tried = [(command, node) for command, node in root.children.items() if command in allowed]
    if not tried:
        raise RuntimeError(f"seat {seat + 1} has no legal command")
    ranked = sorted(tried, key=lambda item: (item[1].visits, item[1].total), reverse=True)
    choices = tuple(
        Choice(command, node.visits, node.total / node.visits, node.gain / node.visits)
        for command, node in ranked
        if node.visits
    )
    after = root.children.get(choices[0].command) if level.reuse else None  # (else not kept)
    return Decision(choices[0].command, choices, done, after, spent)


def _iterate(
    rules: Rules[Any],
    hooks: Hooks[Any],
    view: Any,
    me: Seat,
    level: Level,
    rng: Random,
    root: Node,
    memory: Any,
) -> int:
    """One iteration; returns the commands the game's policies weighed in it (its work)."""
    state = hooks.determinize(view, me, rng, memory)
    base = hooks.evaluate(state)[me]
    node = root
    path: list[Node] = []
    mover = me
    turns = 0
    horizon = level.horizon
    in_tree = True
    work = 0
    policy_alone = hooks.lists_own and level.greedy >= 1.0 and not level.sample
    counted = hooks.turns
    begun = counted(state) if counted is not None else 0
    while rules.outcome(state) is None:
        movers = rules.to_move(state)
        if not movers:
            break
        seat = me if me in movers else movers[0]
        if counted is not None:
            if horizon and counted(state) - begun >= horizon:
                break
        elif seat != mover:
            mover = seat
            turns += 1
            if horizon and turns >= horizon:
                break
        if policy_alone and not in_tree:  # the policy lists what it weighs: no list here
            apply(rules, state, seat, hooks.playout(state, seat, None, rng), rng)
            work += 1
            continue
        legal = rules.legal_commands(state, seat)
        if not in_tree:
            if len(legal) == 1:
                command = legal[0]
            elif level.greedy >= 1.0 or rng.random() < level.greedy:
                sample = level.sample
                if sample and hooks.best_of is not None and len(legal) > sample:
                    command = hooks.best_of(state, seat, rng.sample(legal, sample), rng)
                    work += sample
                else:
                    command = hooks.playout(state, seat, legal, rng)
                    work += len(legal)
            else:
                command = legal[rng.randrange(len(legal))]
            apply(rules, state, seat, command, rng)
            continue
        ranked = len(node.ranked)
        options = _options(hooks, node, state, seat, legal)
        work += len(node.ranked) - ranked  # the commands ranked here for the first time
        if len(options) == 1 and node is not root:
            apply(rules, state, seat, options[0], rng)  # nothing to choose: no node
            continue
        command, node, grown = _select(node, seat, options, level)
        path.append(node)
        apply(rules, state, seat, command, rng)
        if grown:
            in_tree = False
    root.visits += 1
    values = worth(rules, hooks, state)
    reward = rewards(values, level.scale)
    gain = values[me] - base
    if level.points:
        reward[me] = with_points(reward[me], gain, level.points, level.scale)
    for visited in path:
        visited.visits += 1
        visited.total += reward[visited.seat]
        visited.gain += gain
    return work


def _options(
    hooks: Hooks[Any], node: Node, state: Any, seat: Seat, legal: list[Command]
) -> list[Command]:
    """The candidates at ``node`` this deal allows, in the order the game ranked them the first
    time (ranking again only for commands a deal brings that earlier ones did not)."""
    if len(legal) == 1:
        return legal
    order = node.order
    if order is None:
        order = node.order = list(hooks.candidates(state, seat, legal))
        node.ranked = set(legal)
        return order
    ranked = node.ranked
    if any(command not in ranked for command in legal):
        known = set(order)
        order += [c for c in hooks.candidates(state, seat, legal) if c not in known]
        ranked.update(legal)
    allowed = set(legal)
    return [command for command in order if command in allowed]


def _select(
    node: Node, seat: Seat, options: list[Command], level: Level
) -> tuple[Command, Node, bool]:
    """The command to follow from ``node`` (PUCT, as AlphaZero's search): the best of its mean
    reward plus a bonus that grows with the command's prior and shrinks with its visits. The
    prior falls geometrically with the game's ranking (``level.prior`` a rank), so a small
    budget follows the game's favourite unless the playouts say otherwise; a command not tried
    yet counts the mean of those tried, less ``level.unknown``."""
    children = node.children
    weights = _weights(level.prior, len(options))
    bonus = level.exploration * math.sqrt(node.visits + 1)
    tried = [c.total / c.visits for o in options if (c := children.get(o)) is not None and c.visits]
    unknown = sum(tried) / len(tried) - level.unknown if tried else 0.5
    best: tuple[float, Command, Node | None] | None = None
    for weight, command in zip(weights, options, strict=False):
        child = children.get(command)
        if child is not None and child.visits:
            score = child.total / child.visits + weight * bonus / (1 + child.visits)
        else:
            score = unknown + weight * bonus
        if best is None or score > best[0]:
            best = (score, command, child)
    assert best is not None
    _, command, chosen = best
    if chosen is None:
        chosen = children[command] = Node(seat)
    chosen.avail += 1
    return command, chosen, chosen.visits == 0


_WEIGHTS: dict[tuple[float, int], list[float]] = {}


def _weights(decay: float, count: int) -> list[float]:
    """Priors by rank: ``decay ** k``, summing to 1."""
    key = (decay, count)
    found = _WEIGHTS.get(key)
    if found is None:
        raw = [decay**k for k in range(count)]
        total = sum(raw)
        found = _WEIGHTS[key] = [w / total for w in raw]
        if len(_WEIGHTS) > 4096:
            _WEIGHTS.clear()
    return found

"""The search itself, on tiny games whose best command is known: it averages chance, lets each
seat choose for itself (a rival picks what is best for the rival), and counts only the commands
a deal allows. Each would fail were the selection, the rewards or their backing up wrong."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

import pytest

from core.messages import Command, Event
from core.protocol import Outcome
from core.search import Hooks, Level, search


class Pick(Command, frozen=True):
    n: int


class Picked(Event, frozen=True):
    seat: int
    n: int


class Rolled(Event, frozen=True):
    roll: int


@dataclass
class Table:
    """Seat 0 picks, then (in the duel) seat 1 picks, then a die may decide."""

    players: int = 2
    picks: list[int] = field(default_factory=list)
    roll: int | None = None
    steps: int = 1  # how many picks the game has

    def copy(self) -> Table:
        return Table(self.players, list(self.picks), self.roll, self.steps)


class Toy:
    """A game given as a payoff: ``payoff(picks, roll)`` is seat 0's score (seat 1 scores 1
    minus it); ``dice`` > 0 rolls a die after the picks."""

    game = "toy"

    def __init__(self, options: int, steps: int, payoff: Any, dice: int = 0) -> None:
        self.options, self.steps, self.payoff, self.dice = options, steps, payoff, dice

    def to_move(self, s: Table) -> tuple[int, ...]:
        return () if len(s.picks) == self.steps else (len(s.picks) % 2,)

    def legal_commands(self, s: Table, seat: int) -> list[Command]:
        return [Pick(n) for n in range(self.options)]

    def decide(self, s: Table, seat: int, command: Command) -> list[Event]:
        assert isinstance(command, Pick)
        return [Picked(seat, command.n)]

    def evolve(self, s: Table, e: Event) -> Table:
        if isinstance(e, Picked):
            s.picks.append(e.n)
        elif isinstance(e, Rolled):
            s.roll = e.roll
        return s

    def forced(self, s: Table) -> list[Event]:
        return []

    def chance(self, s: Table) -> tuple[int, ...] | None:
        done = len(s.picks) == self.steps
        return (self.dice,) if done and self.dice and s.roll is None else None

    def resolve(self, s: Table, draws: Sequence[int]) -> Event:
        return Rolled(draws[0])

    def outcome(self, s: Table) -> Outcome | None:
        if len(s.picks) < self.steps or (self.dice and s.roll is None):
            return None
        mine = self.payoff(s.picks, s.roll)
        scores = (mine, 1 - mine)
        winners = (0,) if mine > 0.5 else (1,) if mine < 0.5 else (0, 1)
        return Outcome(scores, winners)  # type: ignore[arg-type]


def hooks() -> Hooks[Table]:
    def determinize(view: Table, seat: int, rng: Random, memory: Any) -> Table:
        return view.copy()

    def evaluate(state: Table) -> list[float]:
        return [0.5, 0.5]

    def playout(state: Table, seat: int, legal: list[Command] | None, rng: Random) -> Command:
        return Pick(rng.randrange(3))

    return Hooks(determinize, evaluate, playout)


LEVEL = Level("test", iterations=300, horizon=0, scale=0.3, prior=1.0)


def best(rules: Toy, seed: int = 1) -> Command:
    decision = search(rules, hooks(), Table(steps=rules.steps), 0, LEVEL, Random(seed))  # type: ignore[arg-type]
    return decision.command


def test_the_search_finds_the_best_odds_through_chance() -> None:
    """Pick n, then a 10-sided die: pick 3 wins on 9 rolls of 10, the others on 1 to 5."""
    odds = {0: 5, 1: 1, 2: 3, 3: 9, 4: 4}
    toy = Toy(5, 1, lambda picks, roll: 1 if roll < odds[picks[0]] else 0, dice=10)
    assert all(best(toy, seed) == Pick(3) for seed in range(3))


def test_the_rival_chooses_for_itself() -> None:
    """Seat 0's picks 0 and 1 win against two answers of three, but seat 1 has an answer that
    beats each; pick 2 is a sure draw. A search that let the rival answer at random (or kindly)
    would pick 0 or 1; the search must pick 2."""

    def payoff(picks: list[int], roll: Any) -> float:
        a, b = picks
        if a == 2:
            return 0.5
        return 0.0 if b == a + 1 else 1.0

    toy = Toy(3, 2, payoff)
    for seed in range(3):
        decision = search(toy, hooks(), Table(steps=2), 0, LEVEL, Random(seed))  # type: ignore[arg-type]
        assert decision.command == Pick(2), decision.choices


def test_a_points_share_pays_for_points_gained_beyond_a_safe_lead() -> None:
    from core.search.ismcts import with_points

    assert with_points(0.9, 0.0, 0.0, 4.0) == 0.9
    assert with_points(0.9, 0.0, 0.5, 4.0) == pytest.approx(0.7)
    more = [with_points(0.99, gain, 0.5, 4.0) for gain in (-8.0, 0.0, 4.0, 12.0)]
    assert more == sorted(more) and more[-1] - more[0] > 0.3


def test_a_sampled_playout_weighs_only_the_commands_drawn() -> None:
    """``Level.sample``: past the tree, the game's ``best_of`` is given that many distinct
    legal commands drawn at random (and its answer is played); without it, the full policy."""
    rules = Toy(options=5, steps=4, payoff=lambda picks, roll: float(sum(picks) > 8))
    given: list[list[Command]] = []
    full: list[int] = []
    base = hooks()

    def best_of(state: Table, seat: int, commands: list[Command], rng: Random) -> Command:
        given.append(commands)
        return commands[0]

    def playout(state: Table, seat: int, legal: list[Command] | None, rng: Random) -> Command:
        full.append(seat)
        return Pick(0)

    sampled = Hooks(base.determinize, base.evaluate, playout, best_of=best_of)
    level = Level("test", iterations=40, horizon=0, sample=2)
    search(rules, sampled, Table(steps=4), 0, level, Random(3))  # type: ignore[arg-type]
    assert given and not full
    legal = set(rules.legal_commands(Table(), 0))
    assert all(len(set(c)) == 2 and set(c) <= legal for c in given)
    assert len({tuple(c) for c in given}) > 1  # drawn, not always the same two
    given.clear()
    search(rules, sampled, Table(steps=4), 0, Level("test", iterations=40, horizon=0), Random(3))  # type: ignore[arg-type]
    assert full and not given


def test_a_policy_that_lists_its_own_commands_is_handed_none_and_chooses_the_same() -> None:
    """``Hooks.lists_own``: past the tree the policy is asked without the legal commands (the
    search lists them only where it chooses itself), and the search decides as it did when it
    listed them, since the policy picks the same command either way."""
    listed: list[int] = []

    class Counted(Toy):
        def legal_commands(self, s: Table, seat: int) -> list[Command]:
            listed.append(len(s.picks))
            return super().legal_commands(s, seat)

    rules = Counted(options=3, steps=6, payoff=lambda picks, roll: sum(picks) / 12)
    handed: list[list[Command] | None] = []

    def playout(state: Table, seat: int, legal: list[Command] | None, rng: Random) -> Command:
        handed.append(legal)
        return Pick((len(state.picks) + seat) % 3)

    def worth(state: Table) -> list[float]:
        return [sum(state.picks) / 12, 1 - sum(state.picks) / 12]

    base = hooks()
    level = Level("test", iterations=60, horizon=0)
    decisions, lists, steps = [], [], []
    for own in (False, True):
        listed.clear()
        handed.clear()
        given = Hooks(base.determinize, worth, playout, lists_own=own)
        decisions.append(search(rules, given, Table(steps=6), 0, level, Random(5)))  # type: ignore[arg-type]
        assert handed and all((legal is None) == own for legal in handed)
        lists.append(len(listed))
        steps.append(len(handed))
    first, second = decisions
    assert first.command == second.command and first.choices == second.choices
    assert steps[0] == steps[1] and lists[1] == lists[0] - steps[0], "no list a playout step"


class Twice(Toy):
    """Seat 1 picks once between seat 0's first two picks and its third: 0, 0, 1, 0."""

    def to_move(self, s: Table) -> tuple[int, ...]:
        n = len(s.picks)
        return () if n == self.steps else ((0, 0, 1, 0)[n],)


def test_a_decision_right_after_the_seats_own_goes_on_with_its_tree() -> None:
    """``Level.reuse``: seat 0's second pick, right after its first, starts from the tree the
    first search grew below the pick it made (more visits than its own iterations); its third,
    after the rival's pick, starts afresh; without ``reuse`` every search starts afresh."""
    from core.search import SearchBot

    rules = Twice(options=3, steps=4, payoff=lambda picks, roll: float(picks[0] + picks[1] > 2))

    def visits(reuse: bool) -> list[tuple[int, int]]:
        level = Level("test", iterations=60, horizon=0, reuse=reuse)
        bot = SearchBot(hooks(), level, "seed", timed=False)
        table = Table(steps=4)
        out = []
        while rules.to_move(table):
            seat = rules.to_move(table)[0]
            if seat == 0:
                decision = bot.decide(rules, table, 0)  # type: ignore[arg-type]
                out.append((sum(c.visits for c in decision.choices), decision.iterations))
                command = decision.command
            else:
                command = Pick(0)
            for event in rules.decide(table, seat, command):
                rules.evolve(table, event)
        return out

    first, second, third = visits(reuse=True)
    assert first == (60, 60)
    assert second[1] == 60 and second[0] > 60  # the first search's visits below its pick
    assert third == (60, 60)  # the rival chose in between: a fresh tree
    assert visits(reuse=False) == [(60, 60)] * 3


def test_a_tree_grown_before_never_makes_the_search_choose_what_the_view_forbids() -> None:
    """A reused tree may hold commands an earlier deal allowed and this view does not: the
    search weighs them no more and answers a legal command."""
    from core.search.ismcts import Node

    rules = Toy(options=3, steps=1, payoff=lambda picks, roll: 0.5)
    root = Node(0)
    stale = root.children[Pick(7)] = Node(0)  # not among this view's three picks
    stale.visits, stale.total, root.visits = 500, 450.0, 500
    level = Level("test", iterations=5, horizon=0)
    decision = search(rules, hooks(), Table(), 0, level, Random(1), root=root)  # type: ignore[arg-type]
    assert decision.command in rules.legal_commands(Table(), 0)
    assert Pick(7) not in [c.command for c in decision.choices]


def test_a_work_cap_stops_sooner_where_more_commands_are_weighed() -> None:
    """``Level.work``: a decision stops once its policies weighed that many commands, so a game
    offering twice the commands at every step gets about half the iterations; the same seed
    gives the same decision and count (reproducible, unlike seconds); no cap, all iterations."""

    def decide(options: int, work: int) -> tuple[Command, int]:
        rules = Toy(options, steps=6, payoff=lambda picks, roll: float(sum(picks) % 2))
        level = Level("test", iterations=300, horizon=0, work=work)
        decision = search(rules, hooks(), Table(steps=6), 0, level, Random(5))  # type: ignore[arg-type]
        return decision.command, decision.iterations

    few = decide(10, work=2000)[1]
    many = decide(20, work=2000)[1]
    assert 0 < many < few < 300
    assert 1.5 < few / many < 2.5
    assert decide(20, work=2000) == decide(20, work=2000)
    assert decide(20, work=0)[1] == 300


def test_a_level_stops_at_its_seconds_in_play_and_says_what_it_weighed() -> None:
    """With a clock, a decision stops once its ``seconds`` are up (here a clock that moves a
    second each time it is read: the deadline is read once, then each iteration asks), whatever
    its iterations; without one it runs them all. ``Decision.work`` is the commands weighed:
    more iterations weigh more."""
    rules = Toy(options=4, steps=3, payoff=lambda picks, roll: float(picks[0] == 3))
    level = Level("test", iterations=50, horizon=0, seconds=3.0)
    ticks = iter(range(1000))

    def clock() -> float:
        return float(next(ticks))

    timed = search(rules, hooks(), Table(steps=3), 0, level, Random(2), clock=clock)  # type: ignore[arg-type]
    untimed = search(rules, hooks(), Table(steps=3), 0, level, Random(2))  # type: ignore[arg-type]
    assert timed.iterations == 3  # read at 0 (deadline 3), then at 1, 2, 3: stop
    assert untimed.iterations == 50
    assert 0 < timed.work < untimed.work


def test_a_games_turns_set_the_horizon_however_long_one_seat_moves_alone() -> None:
    """Seat 1 picks once, then seat 2 picks alone to the end (as after a pass): counted as
    changes of the seat to move, that is one turn and every playout ran to the end; counted by
    the game's ``turns`` hook (a pick a turn here), each stops after the level's horizon."""

    class Alone(Toy):
        def to_move(self, s: Table) -> tuple[int, ...]:
            return () if len(s.picks) == self.steps else (0 if not s.picks else 1,)

    rules = Alone(3, 6, lambda picks, roll: 0.5)
    seen: list[int] = []

    def evaluate(state: Table) -> list[float]:
        seen.append(len(state.picks))
        return [0.5, 0.5]

    level = Level("test", iterations=30, horizon=2)
    by_seat = replace(hooks(), evaluate=evaluate)
    search(rules, by_seat, Table(steps=6), 0, level, Random(1))  # type: ignore[arg-type]
    assert seen == [0] * 30  # only each iteration's start: every playout reached the end
    seen.clear()
    by_turn = replace(by_seat, turns=lambda state: len(state.picks))
    search(rules, by_turn, Table(steps=6), 0, level, Random(1))  # type: ignore[arg-type]
    assert seen == [0, 2] * 30

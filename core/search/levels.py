"""The search bots' levels: each a named parameter object, so "hard" is data, not code."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Level:
    """How a search bot plays.

    The budget is ``iterations`` (reproducible: tests and benchmarks) and, in play, at most
    ``seconds`` of thinking a decision (``None``: iterations only): a ceiling for crowded
    positions, not the pace, so play plays the iterations the ladder measured. ``work`` caps
    the commands the game's policies weigh in a decision (its playouts' and its rankings'), so
    a position where every step offers many commands stops sooner: what an iteration costs
    follows what it weighs, so this is the seconds' reproducible stand-in (``0``: no cap).
    """

    name: str
    iterations: int  # search iterations a decision (one determinization and playout each)
    seconds: float | None = None  # in play: stop after this long, whatever the iterations
    exploration: float = 0.5  # PUCT's constant: higher tries more commands, lower digs deeper
    horizon: int = 4  # a playout stops after this many turns (0: at the end of the game)
    greedy: float = 1.0  # the share of playout commands the game's policy picks (else random)
    prior: float = 0.6  # each rank down the game's ranking of commands weighs this much less
    unknown: float = 0.05  # a command not tried yet counts its tried siblings' mean less this
    scale: float = 4.0  # points ahead that make a win likely (the reward's slope)
    points: float = 0.0  # the share of the seat's reward from its own points gained (not its lead)
    blunder: float = 0.0  # the share of decisions played at random instead (a beginner's slips)
    sample: int = 0  # a playout's policy weighs this many legal commands drawn at random (0: all)
    reuse: bool = False  # right after its own decision, a seat's search goes on with that tree
    work: int = 0  # stop once the policies weighed this many commands (0: iterations only)

    def budget(self, iterations: int | None = None, seconds: float | None = None) -> Level:
        """This level with another budget (``--budget``, a benchmark's iterations only)."""
        return replace(self, iterations=iterations or self.iterations, seconds=seconds)


LEVELS: dict[str, Level] = {
    "easy": Level(
        "easy", iterations=24, seconds=0.3, horizon=2, greedy=0.0, prior=1.0, blunder=0.3
    ),
    "medium": Level("medium", iterations=60, seconds=0.6),
    "hard": Level("hard", iterations=300, seconds=3.0),
}
"""Every level, weakest first. Its iterations (each game sets its own) take a typical decision
about 0.1 s (``easy``), 0.2 s (``medium``) or 1 s (``hard``) on a 2-core machine; its seconds
are three times that, the most a decision may think in play (the issue's p99 at ``hard``), so
the few crowded positions that need longer still stop in time while every other decision plays
exactly the iterations ``bench/bot_ladder.py`` measured."""

"""A review of a finished game: each decision judged, the luck of each draw measured apart.

**Decisions.** At each command a seat chose with more than one way open to it, the search bot
(:mod:`core.search`) thinks from that seat's view, as the seat saw the game then (never the
hidden cards), and finds its best command. The best and the command played are then weighed
side by side by the same playouts (the same deals and draws for both: common random numbers),
so the difference is the choice's and not the dice's: the winning chance and the points the
played command lost against the best. A decision is an *inaccuracy*, a *mistake* or a *blunder*
when it lost at least 5, 10 or 15 points of winning chance (Lichess's thresholds, on a 0–100
scale), or at least 1, 2 or 4 points of the game (a lead already safe loses little chance).
Forced decisions (one legal command, or one the game thinks worth weighing) are not counted.
*Accuracy* is Lichess's per-move formula of the winning chance lost, averaged.

**Luck.** At each draw (a card, a tile, a bag pull, a shuffle), the game is worth to each seat
what it is after the draw that came, less the mean of what it would be after the draws that
could have come (sampled), each played on for two turns by the game's policy so that a card
drawn is worth what it lets its holder do: backgammon analysers' luck, measured on the whole
game, which is known once it is over. A seat's luck is its own less its rivals' mean.

The winning chance is calibrated where a fit was measured for the game and the judging level
(:mod:`core.search.calibration`); elsewhere it is the search's reward, a squashed lead.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from core.codec import Envelope, command_from_wire, command_to_wire
from core.errors import CalderaError
from core.follower import Follower
from core.language import Translator
from core.lifecycle import GameEnded, GameStarted, TableEvent, Undone
from core.messages import Command
from core.protocol import Rules, Seat
from core.search import calibration
from core.search.bot import SearchBot
from core.search.hooks import Hooks
from core.search.ismcts import apply, rewards, settle, worth
from core.search.levels import Level
from core.search.workers import Job, Thinkers

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
"""Winning chance lost (0–1) that makes a decision an inaccuracy, a mistake, a blunder."""
POINTS = {"inaccuracy": 1.0, "mistake": 2.0, "blunder": 4.0}
"""Or the points lost that do (a lead already safe loses little chance, but points still count)."""
LUCK_HORIZON = 2
"""The turns a draw is played on to see its worth: the holder's next and the answer to it (at
the level's own horizon, four, a Mauna Kea review spent half its time on luck)."""

T = Translator("app")
_ = T.gettext


@dataclass(frozen=True)
class Judged:
    """One decision of ``seat``: the command at event ``seq``, the best the search found, and
    what the played one lost against it (never less than nothing)."""

    seq: int
    seat: Seat
    played: Command
    best: Command
    chance_lost: float  # winning chance, 0–1
    points_lost: float
    chance: float  # the winning chance the best command kept

    @property
    def mark(self) -> str:
        """``blunder``, ``mistake``, ``inaccuracy`` or ``""``."""
        lost, points = self.chance_lost, self.points_lost
        marks = (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY))
        for mark, chance in marks:
            if lost >= chance or points >= POINTS[mark]:
                return mark
        return ""

    @property
    def accuracy(self) -> float:
        """Lichess's accuracy of a move from the winning chance it lost, 0–100."""
        raw = 103.1668 * math.exp(-0.04354 * 100 * self.chance_lost) - 3.1669
        return max(0.0, min(100.0, raw))


@dataclass(frozen=True)
class Draw:
    """The luck of the draw at event ``seq``: each seat's worth after it, less the mean worth
    over the draws that could have come."""

    seq: int
    luck: tuple[float, ...]


@dataclass
class Review:
    """A game's review: its judged decisions, its draws, and the final scores."""

    players: int
    decisions: list[Judged] = field(default_factory=list)
    draws: list[Draw] = field(default_factory=list)
    forced: list[int] = field(default_factory=lambda: [])  # forced decisions, seat by seat

    def of(self, seat: Seat) -> list[Judged]:
        return [d for d in self.decisions if d.seat == seat]

    def accuracy(self, seat: Seat) -> float | None:
        mine = self.of(seat)
        return sum(d.accuracy for d in mine) / len(mine) if mine else None

    def costliest(self, seat: Seat, count: int = 3) -> list[Judged]:
        worst = sorted(self.of(seat), key=lambda d: (-d.chance_lost, -d.points_lost, d.seq))
        return [d for d in worst[:count] if d.chance_lost > 0 or d.points_lost > 0]

    def points_to_decisions(self, seat: Seat) -> float:
        return sum(d.points_lost for d in self.of(seat))

    def points_to_luck(self, seat: Seat) -> float:
        """The seat's luck in points, against its rivals' (positive: luckier than they)."""
        total = 0.0
        for draw in self.draws:
            rivals = [v for other, v in enumerate(draw.luck) if other != seat]
            total += draw.luck[seat] - (sum(rivals) / len(rivals) if rivals else 0.0)
        return total

    def to_json(self) -> dict[str, Any]:
        """The review as plain data (commands in their wire form), as ``--format json`` prints
        it and the file kept beside a replay holds it."""
        return {
            "players": self.players,
            "forced": list(self.forced),
            "decisions": [
                {
                    "seq": d.seq,
                    "seat": d.seat,
                    "mark": d.mark,
                    "played": command_to_wire(d.played, d.seat),
                    "best": command_to_wire(d.best, d.seat),
                    "chance_lost": d.chance_lost,
                    "points_lost": d.points_lost,
                    "chance": d.chance,
                    "accuracy": d.accuracy,
                }
                for d in self.decisions
            ],
            "draws": [{"seq": d.seq, "luck": list(d.luck)} for d in self.draws],
            "seats": [
                {
                    "seat": s,
                    "accuracy": self.accuracy(s),
                    "points_to_decisions": self.points_to_decisions(s),
                    "points_to_luck": self.points_to_luck(s),
                }
                for s in range(self.players)
            ],
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Review:
        """The review :meth:`to_json` wrote (``CalderaError`` for anything else)."""
        try:
            decisions = [
                Judged(int(d["seq"]), int(d["seat"]), command_from_wire(d["played"])[1],
                       command_from_wire(d["best"])[1], float(d["chance_lost"]),
                       float(d["points_lost"]), float(d["chance"]))
                for d in doc["decisions"]
            ]  # fmt: skip
            draws = [Draw(int(d["seq"]), tuple(float(v) for v in d["luck"])) for d in doc["draws"]]
            return cls(int(doc["players"]), decisions, draws, [int(n) for n in doc["forced"]])
        except (KeyError, TypeError, ValueError) as exc:
            raise CalderaError(f"not a review ({type(exc).__name__}: {exc})") from None


Progress = Callable[[int, int], None]
"""Told (moves looked at, moves in all) as the review goes: a move is a command of a reviewed
seat (forced ones too), told before it is judged and once more when the review is done."""


def review(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    envelopes: Sequence[Envelope],
    *,
    seats: Sequence[Seat] | None = None,
    samples: int = 16,
    seed: str = "review",
    progress: Progress | None = None,
    part: tuple[int, int] = (0, 1),
    window: tuple[int, int] | None = None,
) -> Review:
    """Review the finished game of ``envelopes``: ``seats``' decisions (every seat's by
    default) judged at ``level`` with ``samples`` playouts a command, and every draw's luck
    over ``samples`` other draws. :class:`CalderaError` when the game is not over.

    ``part`` ``(i, n)``: only the ``i``-th of every ``n`` decisions and draws, in the log's
    order (the others are passed as the seat saw them): the :func:`merged` parts ``0`` to
    ``n - 1`` are the whole review, each worked out apart (the bots' workers, one a part).
    ``window`` ``(lo, hi)``: of those, only the decisions and draws ``lo`` to ``hi - 1``
    (counted in the log's order, every part's), the log followed no further (a job short
    enough that the bots' decisions are never kept waiting long)."""
    return _review(rules, hooks, level, envelopes, seats, samples, seed, progress, part,
                   window)[0]  # fmt: skip


def _review(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    envelopes: Sequence[Envelope],
    seats: Sequence[Seat] | None,
    samples: int,
    seed: str,
    progress: Progress | None,
    part: tuple[int, int],
    window: tuple[int, int] | None,
) -> tuple[Review, bool]:
    """:func:`review`, and whether it reached the end of the log."""
    players = reviewable(envelopes)
    out = Review(players, forced=[0] * players)
    judged = set(range(players) if seats is None else seats)
    bots = {s: SearchBot(hooks, level, f"{seed}/{s}", timed=False) for s in judged}
    mine, parts = part
    lo, hi = window if window is not None else (0, math.inf)
    total = moves(rules, envelopes, judged)
    passed = 0  # moves of the reviewed seats so far
    looked = 0  # decisions and draws so far, whichever part they are

    def ours() -> bool:
        """Whether the next decision or draw is this part's (the log is left after the window)."""
        nonlocal looked
        at, looked = looked, looked + 1
        if at >= hi:
            raise _Enough
        return at % parts == mine and at >= lo

    def look(state: Any, env: Envelope) -> None:
        """At each event, in the position before it: a decision judged, or a draw's luck."""
        nonlocal passed
        event = env.event
        if state is None or isinstance(event, GameStarted | TableEvent | GameEnded | Undone):
            return
        command = rules.command_for(event)
        seat = getattr(event, "seat", None)
        if command is not None and isinstance(seat, int):
            if seat in judged:
                if not ours():
                    _pass(rules, hooks, bots[seat], state, seat)
                    passed += 1
                    return
                if progress is not None:
                    progress(passed, total)
                passed += 1
                found = _judge(rules, hooks, level, bots[seat], state, seat, command, env.seq,
                               samples)  # fmt: skip
                if found is None:
                    out.forced[seat] += 1
                else:
                    out.decisions.append(found)
        elif command is None and (sizes := rules.chance(state)) and ours():
            luck = _luck(rules, hooks, level, state, event, sizes, env.seq, samples, seed)
            out.draws.append(luck)

    try:
        Follower(rules, on_event=look).follow_all(envelopes)
    except _Enough:
        return out, False
    if progress is not None:
        progress(total, total)
    return out, True


class _Enough(Exception):
    """A review's window is done: the rest of the log is another job's."""


def reviewable(envelopes: Sequence[Envelope]) -> int:
    """The players of the finished game of ``envelopes`` (:class:`CalderaError` when it is
    no game, or not over)."""
    if not envelopes or not isinstance(envelopes[0].event, GameStarted):
        raise CalderaError(_("there is no game in this log"))
    if not isinstance(envelopes[-1].event, GameEnded):
        # TRANSLATORS: why an unfinished game cannot be reviewed (caldera review, the r key)
        raise CalderaError(
            _("only a finished game can be reviewed (its hidden cards are revealed)")
        )
    return len(envelopes[0].event.players)


CHUNK = 48
"""Decisions and draws a job of :func:`review_in` looks at (every part's, so a part judges
about ``CHUNK / parts``): a few seconds, after which a bot waiting for a worker gets it."""


async def review_in(
    pool: Thinkers,
    game: str,
    level: Level,
    envelopes: Sequence[Envelope],
    *,
    seats: Sequence[Seat] | None = None,
    samples: int = 16,
    progress: Progress | None = None,
) -> Review:
    """:func:`review` worked out in ``pool``'s workers, a part in each (the same review: the
    hooks are ``level``'s search bot's), ``progress`` told on this loop the moves every part
    has passed. Each part is a run of short jobs (:data:`CHUNK`), so the bots' decisions
    take their turn at the workers. Cancelled, the workers are ended and their work with them."""
    reviewable(envelopes)
    parts = pool.workers
    passed = [0] * parts
    log = list(envelopes)
    chosen = None if seats is None else list(seats)

    def told(part: int) -> Callable[[int, int], None]:
        def tell(moves: int, total: int) -> None:
            passed[part] = moves
            if progress is not None:
                progress(min(passed), total)

        return tell

    async def worked(part: int) -> list[Review]:
        done: list[Review] = []
        ended, lo = False, 0
        while not ended:
            args = (game, level, log, chosen, samples, (part, parts), (lo, lo + CHUNK))
            found, ended = await pool.run(Job("core.review:review_part", args), told(part))
            done.append(found)
            lo += CHUNK
        return done

    async with asyncio.TaskGroup() as group:  # one part failing or cancelled ends the others
        tasks = [group.create_task(worked(i)) for i in range(parts)]
    return merged([found for task in tasks for found in task.result()])


def review_part(
    game: str,
    level: Level,
    envelopes: list[Envelope],
    seats: list[Seat] | None,
    samples: int,
    part: tuple[int, int],
    window: tuple[int, int],
    *,
    progress: Progress,
) -> tuple[Review, bool]:
    """In a worker: ``part``'s decisions and draws in ``window`` of :func:`review_in`'s review,
    and whether the log's end was reached."""
    rules, hooks = _judging(game, level)
    return _review(rules, hooks, level, envelopes, seats, samples, "review", progress, part,
                   window)  # fmt: skip


def weigh_part(
    game: str,
    level: Level,
    envelopes: list[Envelope],
    seq: int,
    commands: list[Command],
    samples: int,
    *,
    progress: Progress,
) -> list[tuple[float, float]]:
    """In a worker: :func:`weigh_at` (a lesson's weighing), the hooks ``level``'s bot's."""
    rules, hooks = _judging(game, level)
    return weigh_at(rules, hooks, level, envelopes, seq, commands, samples=samples)


def _judging(game: str, level: Level) -> tuple[Rules[Any], Hooks[Any]]:
    """``game``'s rules and the hooks of its search bot at ``level`` (as the app judges)."""
    from core.bots import make_bot
    from core.games import get_rules

    bot = make_bot(game, level.name, "review")
    if not isinstance(bot, SearchBot):
        title = get_rules(game).title
        raise CalderaError(_("{game} has no search bot to judge with").format(game=title))
    return get_rules(game), bot.hooks


def moves(rules: Rules[Any], envelopes: Sequence[Envelope], seats: set[Seat]) -> int:
    """How many commands ``seats`` made in the log (a review's moves, forced ones too)."""
    return sum(
        1
        for env in envelopes
        if env.seat is not None and env.seat in seats and rules.command_for(env.event) is not None
    )


def merged(parts: Sequence[Review]) -> Review:
    """The whole review from its parts (:func:`review`'s ``part``): decisions and draws in the
    log's order, forced decisions added up."""
    players = parts[0].players
    forced = [sum(p.forced[s] for p in parts) for s in range(players)]
    decisions = sorted((d for p in parts for d in p.decisions), key=lambda d: d.seq)
    draws = sorted((d for p in parts for d in p.draws), key=lambda d: d.seq)
    return Review(players, decisions, draws, forced)


def _pass(rules: Rules[Any], hooks: Hooks[Any], bot: SearchBot, state: Any, seat: Seat) -> None:
    """A decision another part judges: the seat's bot remembers it as if it had judged it (so
    its next decisions are judged the same in every part)."""
    bot.decisions += 1
    bot.memory = hooks.remember(bot.memory, rules.view(state, seat), seat)


def _judge(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    bot: SearchBot,
    state: Any,
    seat: Seat,
    played: Command,
    seq: int,
    samples: int,
) -> Judged | None:
    """The decision at ``state`` (``None``: forced), judged from ``seat``'s view."""
    view = rules.view(state, seat)
    legal = rules.legal_commands(view, seat)
    if len(legal) < 2 or len(hooks.candidates(view, seat, legal)) < 2:
        bot.decisions += 1
        bot.memory = hooks.remember(bot.memory, view, seat)
        return None
    best = bot.decide(rules, view, seat).command
    if best == played:
        chance, points = _weigh(rules, hooks, level, view, seat, [best], bot, seq, samples)[0]
        kept_chance = _kept(_calibrated(rules.game, level, chance))
        return Judged(seq, seat, played, best, 0.0, 0.0, kept_chance)
    (kept, gained), (chance, points) = _weigh(
        rules, hooks, level, view, seat, [best, played], bot, seq, samples
    )
    kept, chance = _calibrated(rules.game, level, kept), _calibrated(rules.game, level, chance)
    lost, cost = _kept(max(0.0, kept - chance)), _kept(max(0.0, gained - points))
    return Judged(seq, seat, played, best, lost, cost, _kept(kept))


def _calibrated(game: str, level: Level, reward: float) -> float:
    """The winning chance of a reward: calibrated where a fit was measured for the game and
    the level (:mod:`core.search.calibration`), else the reward itself."""
    found = calibration.chance(game, level.name, reward)
    return reward if found is None else found


def _kept(value: float) -> float:
    """A figure as a review keeps it: six decimals (so it reads back the same from JSON)."""
    return round(value, 6)


def _weigh(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    view: Any,
    seat: Seat,
    commands: Sequence[Command],
    bot: SearchBot,
    seq: int,
    samples: int,
) -> list[tuple[float, float]]:
    """Each command's mean winning chance and points gained over the same ``samples`` deals
    and playouts (a deal where one cannot be played counts for none of them)."""
    totals = [[0.0, 0.0] for _ in commands]
    counted = 0
    for k in range(samples):
        results = []
        dealing = _rng(f"{bot.seed}/{seq}/{k}")
        dealt = hooks.determinize(view, seat, dealing, bot.memory)  # one deal for every command
        base = worth(rules, hooks, dealt)[seat]
        after_deal = dealing.getstate()
        for i, command in enumerate(commands):
            state = dealt if i == len(commands) - 1 else rules.copy(dealt)
            rng = Random()
            rng.setstate(after_deal)
            try:
                apply(rules, state, seat, command, rng)
            except CalderaError:
                break
            _play_on(rules, hooks, level, state, seat, rng)
            values = worth(rules, hooks, state)
            results.append((rewards(values, level.scale)[seat], values[seat] - base))
        if len(results) != len(commands):
            continue
        counted += 1
        for total, (chance, gain) in zip(totals, results, strict=True):
            total[0] += chance
            total[1] += gain
    if not counted:
        return [(0.5, 0.0) for _ in commands]
    return [(chance / counted, gain / counted) for chance, gain in totals]


def _play_on(
    rules: Rules[Any], hooks: Hooks[Any], level: Level, state: Any, me: Seat, rng: Random
) -> None:
    """The search's playout: the game's policy for ``level.horizon`` turns (or to the end)."""
    mover, turns = me, 0
    while rules.outcome(state) is None:
        movers = rules.to_move(state)
        if not movers:
            return
        seat = me if me in movers else movers[0]
        if seat != mover:
            mover, turns = seat, turns + 1
            if level.horizon and turns >= level.horizon:
                return
        legal = None if hooks.lists_own else rules.legal_commands(state, seat)
        if legal is not None and len(legal) == 1:
            apply(rules, state, seat, legal[0], rng)
        else:
            apply(rules, state, seat, hooks.playout(state, seat, legal, rng), rng)


def _luck(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    state: Any,
    came: Any,
    sizes: Sequence[int],
    seq: int,
    samples: int,
    seed: str,
) -> Draw:
    """Each seat's worth after the draw ``came``, less its mean after ``samples`` other draws:
    each played on for :data:`LUCK_HORIZON` turns by the game's policy (a tile drawn is worth
    what it lets its holder do), the draw that came and each other one with the same generator
    (so another draw that is the same one adds nothing, and is not played)."""
    rng = _rng(f"{seed}/luck/{seq}")
    players = len(worth(rules, hooks, state))
    came_worth, mean = [0.0] * players, [0.0] * players
    ahead = replace(level, horizon=LUCK_HORIZON)
    for k in range(samples):
        other = rules.resolve(state, [rng.randrange(n) for n in sizes])
        if other == came:
            continue  # the same draw played on the same way: nothing between them
        for draw, total in ((came, came_worth), (other, mean)):
            after = rules.evolve(rules.copy(state), draw)
            play = _rng(f"{seed}/luck/{seq}/{k}")
            settle(rules, after, play)
            movers = rules.to_move(after)
            if movers:
                _play_on(rules, hooks, ahead, after, movers[0], play)
            for seat, value in enumerate(worth(rules, hooks, after)):
                total[seat] += value / samples
    return Draw(seq, tuple(_kept(c - m) for c, m in zip(came_worth, mean, strict=True)))


def _rng(text: str) -> Random:
    return Random(int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little"))


def reviewing(level: Level, iterations: int | None) -> Level:
    """``level`` as a review uses it: iterations only (reproducible), no beginner's slips."""
    return replace(level, iterations=iterations or level.iterations, seconds=None, blunder=0.0)


def weigh_at(
    rules: Rules[Any],
    hooks: Hooks[Any],
    level: Level,
    envelopes: Sequence[Envelope],
    seq: int,
    commands: Sequence[Command],
    *,
    samples: int = 16,
    seed: str = "review",
) -> list[tuple[float, float]]:
    """Each of ``commands`` as the seat deciding at event ``seq`` could have played it instead:
    its winning chance and the points it gains, weighed from that seat's view then (with what
    it remembered of its past decisions) by the very playouts :func:`review` weighed the best
    and the played command with, so a lesson's figures and the review's agree."""
    seat = getattr(envelopes[seq].event, "seat", None)
    if not isinstance(seat, int):
        raise CalderaError(f"event {seq} is no seat's decision")  # internal
    bot = SearchBot(hooks, level, f"{seed}/{seat}", timed=False)
    found: list[Any] = []

    def look(state: Any, env: Envelope) -> None:
        event = env.event
        if state is None or isinstance(event, GameStarted | TableEvent | GameEnded | Undone):
            return
        if rules.command_for(event) is not None and getattr(event, "seat", None) == seat:
            view = rules.view(state, seat)
            bot.memory = hooks.remember(bot.memory, view, seat)
            if env.seq == seq:
                found.append(view)

    Follower(rules, on_event=look).follow_all(list(envelopes[: seq + 1]))
    if not found:
        raise CalderaError(f"event {seq} is no seat's decision")  # internal
    weighed = _weigh(rules, hooks, level, found[0], seat, commands, bot, seq, samples)
    return [(_kept(_calibrated(rules.game, level, c)), _kept(p)) for c, p in weighed]

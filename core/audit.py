"""Audit a finished or unfinished log: re-fold it, re-decide every command, re-draw every chance.

The log carries only events. Each run of events is checked against what the rules say must come
next: forced events must be exactly ``forced(state)``; a chance event must be what the seeded
generator draws (once ``GameEnded`` reveals the seed, which must match the hash published in
``GameStarted``, or when the referee of an unfinished game gives its secret seed to resume it);
anything else must be exactly what ``decide`` makes of the command it records. A draw that no
seed can check yet must at least leave a position the game's own loader accepts. An ``Undone``
must take back what the referee would let its seat take back (:mod:`core.undo`), and the fold
goes back with it.

Whatever the log holds, the audit gives a report and never raises: a log the rules cannot fold
is a problem at the event where folding failed.

A table's own events (who sits where, its clocks, a timeout, a bot playing for someone: see
:mod:`core.clock`) are checked apart, at the step they come after: each clock reading must be
what the reading before it, the time between them and the seats the rules had to move make
of it, and a timeout must come when that seat's time had run out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.clock import TableBook
from core.codec import Envelope
from core.errors import CalderaError
from core.fold import rules_of
from core.follower import Follower, Follows
from core.lifecycle import TABLE_EVENTS, GameEnded, GameStarted, Undone
from core.rng import Rng, seed_hash
from core.undo import Takebacks


@dataclass
class AuditReport:
    events: int = 0
    commands: int = 0
    draws: int = 0
    seed_checked: bool = False
    finished: bool = False
    problems: list[str] = field(default_factory=list)
    final_state: Any = None
    rng: Rng | None = None  # the generator after the last draw (when the seed was known)
    owed: list[Any] = field(default_factory=list)  # the rest of a step the log ends inside
    undos: int = 0
    takebacks: Takebacks = field(default_factory=Takebacks)  # what may be taken back at the end
    book: TableBook = field(default_factory=lambda: TableBook(0))  # the table's own events

    @property
    def ok(self) -> bool:
        return not self.problems


def audit(
    envelopes: Sequence[Envelope],
    seed: str | None = None,
    salt: str = "",
    follower: Follows | None = None,
) -> AuditReport:
    """Check ``envelopes`` against the rules; ``seed`` and ``salt`` (an unfinished game's
    secrets, known only to its referee) have every draw checked before the game ends too.
    ``follower`` (one that has followed nothing yet) folds the log as it is checked: each event
    once, in order, until the first problem (the whole log, ``GameEnded`` too, when sound)."""
    report = AuditReport(events=len(envelopes))
    if not envelopes or not isinstance(envelopes[0].event, GameStarted):
        report.problems.append("event 0 is not core.game_started")
        return report
    started = envelopes[0].event
    try:
        rules = rules_of(started)
    except CalderaError as exc:
        report.problems.append(f"event 0: {exc}")
        return report
    ended = envelopes[-1].event if isinstance(envelopes[-1].event, GameEnded) else None
    rng: Rng | None = None
    if ended is not None:
        report.finished = True
        seed, salt = ended.seed, ended.salt
    if seed is not None:
        if seed_hash(seed, salt) != started.seed_hash:
            which = "revealed" if ended is not None else "given"
            report.problems.append(f"the {which} seed does not match the published seed hash")
        else:
            rng = Rng(seed)
            report.seed_checked = True
    players = started.config.get("players")
    if isinstance(players, int) and players != len(started.players):
        report.problems.append(
            f"event 0: {len(started.players)} player name(s) for {players} players"
        )
        return report
    follower = Follower(rules) if follower is None else follower
    try:
        state = follower.follow(envelopes[0])
    except (CalderaError, ValueError, KeyError, TypeError) as exc:
        report.problems.append(f"event 0: {exc}")
        return report
    body = envelopes[1 : len(envelopes) - (1 if ended else 0)]
    i = 0
    takebacks = report.takebacks
    book = report.book = TableBook(len(started.players))

    def expect(expected: list[Any], what: str) -> bool:
        nonlocal state, i
        actual = [env.event for env in body[i : i + len(expected)]]
        if ended is None and i + len(actual) == len(body) and actual == expected[: len(actual)]:
            report.owed = expected[len(actual) :]  # a crash cut the step short: the log ends here
        elif actual != expected:
            seq = body[i].seq if i < len(body) else len(envelopes)
            report.problems.append(
                f"event {seq}: the log differs from what the rules make of {what}"
            )
            return False
        for env in body[i : i + len(actual)]:
            state = follower.follow(env)
        i += len(actual)
        return True

    try:
        while i < len(body):
            event = body[i].event
            if isinstance(event, GameStarted | GameEnded):
                report.problems.append(f"event {body[i].seq}: {event.TAG} in the middle of a log")
                return report
            if type(event) in TABLE_EVENTS:
                problem = book.take(event, rules.to_move(state), i == 0)  # type: ignore[arg-type]
                if problem:
                    report.problems.append(f"event {body[i].seq}: {problem}")
                    return report
                state = follower.follow(body[i])  # the table's own: the state is unchanged
                i += 1
                continue
            forced = rules.forced(state)
            if forced:
                if not expect(forced, "the forced follow-up"):
                    return report
                takebacks.revealed(forced[-1])
                continue
            sizes = rules.chance(state)
            if sizes is not None:
                if rng is not None:
                    draws = [rng.below(n) for n in sizes]
                    report.draws += len(draws)
                    if not expect([rules.resolve(state, draws)], "the seeded draw"):
                        return report
                    takebacks.revealed(event)
                else:  # no seed yet: the draw is taken on trust, but must leave a sound game
                    state = follower.follow(body[i])
                    try:
                        rules.load_position(rules.dump_position(state))
                    except CalderaError as exc:
                        report.problems.append(f"event {body[i].seq}: an impossible draw ({exc})")
                        return report
                    takebacks.revealed(event)
                    i += 1
                continue
            if isinstance(event, Undone):
                problem = _undo_problem(rules, state, takebacks, event, started.players)
                problem = problem or book.command(event.seat)
                if problem:
                    report.problems.append(f"event {body[i].seq}: {problem}")
                    return report
                takebacks.undone(event.back_to)
                state = follower.follow(body[i])  # the state right before event back_to
                report.undos += 1
                i += 1
                continue
            command = rules.command_for(event)
            seat = getattr(event, "seat", None)
            if command is None or not isinstance(seat, int):
                report.problems.append(f"event {body[i].seq}: {event.TAG} answers no command")
                return report
            if not 0 <= seat < len(started.players):
                report.problems.append(f"event {body[i].seq}: there is no seat {seat + 1}")
                return report
            if seat not in rules.to_move(state):
                report.problems.append(f"event {body[i].seq}: seat {seat + 1} acts out of turn")
                return report
            problem = book.command(seat)
            if problem:
                report.problems.append(f"event {body[i].seq}: {problem}")
                return report
            try:
                decided = rules.decide(state, seat, command)
            except CalderaError as exc:
                report.problems.append(f"event {body[i].seq}: illegal command ({exc})")
                return report
            report.commands += 1
            if decided:
                takebacks.command(seat, body[i].seq, decided[0])
            if not expect(decided, f"seat {seat + 1}'s command"):
                return report
        if ended is not None:
            if book.unread:
                report.problems.append("the game ends before the clocks were read")
            book.finished()
            result = rules.outcome(state)
            if rules.forced(state):  # the referee appends every forced event before the end
                report.problems.append(
                    f"event {envelopes[-1].seq}: the game ends before the rules' forced "
                    f"{rules.forced(state)[0].TAG}"
                )
            elif result is None:
                report.problems.append("the log ends the game before the rules do")
            elif (result.scores, result.winners) != (ended.scores, ended.winners):
                report.problems.append("the final scores differ from the re-folded game")
            follower.follow(envelopes[-1])  # it changes nothing: the log's end is followed too
    except Exception as exc:  # a hostile log must give a report, never a traceback
        seq = body[i].seq if i < len(body) else len(envelopes) - 1
        report.problems.append(
            f"event {seq}: the rules cannot fold it ({type(exc).__name__}: {exc})"
        )
        return report
    report.final_state = state
    report.rng = rng
    return report


def _undo_problem(
    rules: Any, state: Any, takebacks: Takebacks, event: Undone, names: Sequence[str]
) -> str:
    """Why the referee would have refused this ``Undone`` (empty when it is sound)."""
    seat = event.seat
    if not 0 <= seat < len(names):
        return f"there is no seat {seat + 1}"
    if seat not in rules.to_move(state):
        return f"seat {seat + 1} takes back a move out of turn"
    try:
        back_to = takebacks.point(rules, seat, names)
    except CalderaError as exc:
        return f"seat {seat + 1} takes back a move it may not ({exc})"
    if back_to != event.back_to:
        return (
            f"seat {seat + 1} takes back from event {event.back_to}, "
            f"but its last command began at event {back_to}"
        )
    return ""

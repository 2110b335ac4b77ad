"""Audit a finished or unfinished log: re-fold it, re-decide every command, re-draw every chance.

The log carries only events. Each run of events is checked against what the rules say must come
next: forced events must be exactly ``forced(state)``; a chance event must be what the seeded
generator draws (once ``GameEnded`` reveals the seed, which must match the hash published in
``GameStarted``); anything else must be exactly what ``decide`` makes of the command it records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.codec import Envelope
from core.errors import CalderaError
from core.fold import rules_of, start_state
from core.lifecycle import GameEnded, GameStarted
from core.rng import Rng, seed_hash


@dataclass
class AuditReport:
    events: int = 0
    commands: int = 0
    draws: int = 0
    seed_checked: bool = False
    finished: bool = False
    problems: list[str] = field(default_factory=list)
    final_state: Any = None

    @property
    def ok(self) -> bool:
        return not self.problems


def audit(envelopes: Sequence[Envelope]) -> AuditReport:
    report = AuditReport(events=len(envelopes))
    if not envelopes or not isinstance(envelopes[0].event, GameStarted):
        report.problems.append("event 0 is not core.game_started")
        return report
    started = envelopes[0].event
    rules = rules_of(started)
    ended = envelopes[-1].event if isinstance(envelopes[-1].event, GameEnded) else None
    rng: Rng | None = None
    if ended is not None:
        report.finished = True
        if seed_hash(ended.seed) != started.seed_hash:
            report.problems.append("the revealed seed does not match the published seed hash")
        else:
            rng = Rng(ended.seed)
            report.seed_checked = True
    try:
        state = start_state(rules, started)
    except CalderaError as exc:
        report.problems.append(f"event 0: {exc}")
        return report
    body = envelopes[1 : len(envelopes) - (1 if ended else 0)]
    i = 0

    def expect(expected: list[Any], what: str) -> bool:
        nonlocal state, i
        actual = [env.event for env in body[i : i + len(expected)]]
        if actual != expected:
            seq = body[i].seq if i < len(body) else len(envelopes)
            report.problems.append(
                f"event {seq}: the log differs from what the rules make of {what}"
            )
            return False
        for event in expected:
            state = rules.evolve(state, event)
        i += len(expected)
        return True

    try:
        while i < len(body):
            event = body[i].event
            if isinstance(event, GameStarted | GameEnded):
                report.problems.append(f"event {body[i].seq}: {event.TAG} in the middle of a log")
                return report
            forced = rules.forced(state)
            if forced:
                if not expect(forced, "the forced follow-up"):
                    return report
                continue
            sizes = rules.chance(state)
            if sizes is not None:
                if rng is not None:
                    draws = [rng.below(n) for n in sizes]
                    report.draws += len(draws)
                    if not expect([rules.resolve(state, draws)], "the seeded draw"):
                        return report
                else:
                    state = rules.evolve(state, event)
                    i += 1
                continue
            command = rules.command_for(event)
            seat = getattr(event, "seat", None)
            if command is None or not isinstance(seat, int):
                report.problems.append(f"event {body[i].seq}: {event.TAG} answers no command")
                return report
            try:
                decided = rules.decide(state, seat, command)
            except CalderaError as exc:
                report.problems.append(f"event {body[i].seq}: illegal command ({exc})")
                return report
            report.commands += 1
            if not expect(decided, f"seat {seat}'s command"):
                return report
        if ended is not None:
            result = rules.outcome(state)
            if result is None:
                report.problems.append("the log ends the game before the rules do")
            elif (result.scores, result.winners) != (ended.scores, ended.winners):
                report.problems.append("the final scores differ from the re-folded game")
    except Exception as exc:  # a hostile log must give a report, never a traceback
        report.problems.append(f"the log cannot be re-folded ({type(exc).__name__}: {exc})")
    report.final_state = state
    return report

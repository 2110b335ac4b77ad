"""Clocks recorded by the referee and re-checked by the audit (core/clock.py): time is set by
the test (a plain counter), never read."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core.audit import audit
from core.bots import make_bot
from core.clock import ClockSpec, TableBook, parse_duration, show_left
from core.codec import Envelope
from core.errors import IllegalCommand
from core.fold import fold
from core.games import get_rules
from core.lifecycle import ClockRead, HandedToBot, Seated, TimeRanOut
from core.referee import Referee
from core.statehash import state_hash

GAME = "kilauea"


class Time:
    """The table's clock in a test: milliseconds that move only when told."""

    def __init__(self) -> None:
        self.now = 1_700_000_000_000

    def __call__(self) -> int:
        return self.now


def seated(clock: str = "20m+10s", on_timeout: str = "bot_turn", rated: bool = True) -> Seated:
    return Seated(("aa" * 32, "bb" * 32), ("", ""), rated, clock, on_timeout)


def referee(time: Time, terms: Seated | None, seed: str = "s1") -> Referee[Any]:
    rules = get_rules(GAME)
    ref: Referee[Any] = Referee(
        rules, rules.config(2, {}), ["Ann", "Bob"], seed=seed, seated=terms, time=time
    )
    ref.begin()
    return ref


def play(ref: Referee[Any], time: Time, moves: int, think_ms: int = 1000) -> None:
    """Random bots play ``moves`` commands, each thinking ``think_ms``."""
    bots = [make_bot(GAME, "random", f"b{s}") for s in range(2)]
    for _ in range(moves):
        if ref.ended:
            return
        seat = ref.rules.to_move(ref.state)[0]
        time.now += think_ms
        ref.submit(seat, bots[seat].choose(ref.rules, ref.rules.view(ref.state, seat), seat))


def readings(ref: Referee[Any]) -> list[ClockRead]:
    return [env.event for env in ref.log if isinstance(env.event, ClockRead)]


def test_clock_specs_read_and_print() -> None:
    assert ClockSpec.parse("20m+10s") == ClockSpec(1_200_000, 10_000, per_turn=False)
    assert ClockSpec.parse("2d") == ClockSpec(172_800_000, 0, per_turn=True)
    assert ClockSpec.parse("") is None
    assert str(ClockSpec.parse("1h30m+0")) == "1h30m+0"
    assert ClockSpec.parse("1h30m+0").words == "1h30m each"  # type: ignore[union-attr]
    assert parse_duration("1d2h") == 93_600_000
    for bad in ("20", "2x", "m5", "20m+", "0s", "500d"):
        with pytest.raises(ValueError):
            ClockSpec.parse(bad)
    assert show_left(247_000) == "4:07" and show_left(3_727_000) == "1:02:07"
    assert show_left(2 * 86_400_000 + 4 * 3_600_000) == "2d 4h"


def test_a_clocked_game_folds_as_the_same_game_and_its_clocks_add_up() -> None:
    time = Time()
    plain, timed = referee(Time(), None), referee(time, seated())
    play(plain, Time(), 400)
    play(timed, time, 400)
    assert timed.ended
    rules, state = fold(timed.log)
    assert state_hash(rules, state) == state_hash(plain.rules, plain.state)  # rules untouched
    reads = readings(timed)
    assert reads[0].why == "start" and reads[0].left == (1_200_000, 1_200_000)
    assert timed.log[1].event == seated()
    assert isinstance(timed.log[-2].event, ClockRead)  # the last reading, then GameEnded
    # a turn of one command: its player lost a second and got the 10 s back
    report = audit(timed.log)
    assert report.ok, report.problems
    assert report.book.clocks is not None and report.book.clocks.left == list(reads[-1].left)
    assert max(reads[-1].left) > 1_200_000  # increments outweigh one second a move


def test_the_audit_finds_a_clock_that_does_not_add_up() -> None:
    time = Time()
    ref = referee(time, seated())
    play(ref, time, 30)
    log = list(ref.log)
    k = next(i for i, env in enumerate(log) if isinstance(env.event, ClockRead) and i > 10)
    read = log[k].event
    assert isinstance(read, ClockRead)
    gift = tuple(ms + 60_000 for ms in read.left)
    log[k] = msgspec.structs.replace(log[k], event=msgspec.structs.replace(read, left=gift))
    report = audit(log)
    assert report.problems == [f"event {k}: the clocks do not add up"]
    # a move with no reading after the one before it
    report = audit([env for env in ref.log if not isinstance(env.event, ClockRead) or
                    env.event.why == "start"])  # fmt: skip
    assert "before the clock was read" in report.problems[0]


def test_a_timeout_is_recorded_checked_and_a_late_move_refused() -> None:
    time = Time()
    ref = referee(time, seated("2d"))
    play(ref, time, 5)
    seat = ref.rules.to_move(ref.state)[0]
    with pytest.raises(RuntimeError):  # not yet: the table's timer would be wrong
        ref.time_ran_out(seat, "bot_turn")
    time.now += 2 * 86_400_000
    with pytest.raises(IllegalCommand, match="time ran out"):
        bot = make_bot(GAME, "random", "late")
        ref.submit(seat, bot.choose(ref.rules, ref.rules.view(ref.state, seat), seat))
    ref.time_ran_out(seat, "drop")
    ref.hand_to_bot(seat, "random", "dropped")
    play(ref, time, 3)
    report = audit(ref.log)
    assert report.ok, report.problems
    assert report.book.abandoned == {seat}
    assert report.book.clocks is not None and seat in report.book.clocks.dropped
    # the same timeout claimed a minute earlier is refused by the audit
    k = next(i for i, env in enumerate(ref.log) if isinstance(env.event, TimeRanOut))
    event = ref.log[k].event
    assert isinstance(event, TimeRanOut)
    early = msgspec.structs.replace(event, at=event.at - 60_000)
    log = [*ref.log[:k], msgspec.structs.replace(ref.log[k], event=early), *ref.log[k + 1 :]]
    assert "time had not run out" in audit(log).problems[0]


def test_a_resumed_table_charges_nobody_for_the_time_without_a_referee() -> None:
    time = Time()
    ref = referee(time, seated("5m+0"))
    play(ref, time, 12, think_ms=7000)
    before = readings(ref)[-1]
    time.now += 3_600_000  # the server was down for an hour
    back: Referee[Any] = Referee.resume(ref.log, ref.wire, ref.seed, ref.salt, time=time)
    envs = back.proceed()
    read = envs[-1].event
    assert isinstance(read, ClockRead) and read.why == "resumed"
    assert read.left == before.left and read.at == time.now
    play(back, time, 400, think_ms=100)
    assert back.ended and audit(back.log).ok, audit(back.log).problems


def test_a_rated_table_without_a_clock_still_records_when_each_move_came() -> None:
    time = Time()
    ref = referee(time, seated(""))
    play(ref, time, 4)
    reads = readings(ref)
    assert [r.left for r in reads] == [()] * len(reads) and len(reads) == 5
    assert [r.at - reads[0].at for r in reads] == [0, 1000, 2000, 3000, 4000]
    assert audit(ref.log).ok


def test_the_book_names_who_a_bot_played_for() -> None:
    book = TableBook(2)
    assert book.take(seated(), (), True) == ""
    assert book.take(HandedToBot(1, "greedy", "away"), (0,), False) == ""
    assert "already" in book.take(HandedToBot(1, "greedy", "away"), (0,), False)
    book.finished()
    assert book.abandoned == {1}


def test_table_events_cannot_stand_anywhere() -> None:
    time = Time()
    ref = referee(time, seated())
    log: list[Envelope] = list(ref.log)
    moved = [log[0], log[2], log[1], *log[3:]]  # core.seated after the setup's first event
    assert "core.seated after the start" in " ".join(audit(moved).problems)


def test_every_games_evolve_passes_over_a_tables_events() -> None:
    from core.games import GAMES
    from core.lifecycle import HandedBack, TimeRanOut

    table_events = [seated(), ClockRead(1, (5, 5), (0,)), TimeRanOut(0, 1, "drop"),
                    HandedToBot(0, "random", "away"), HandedBack(0)]  # fmt: skip
    for game in GAMES:
        rules = get_rules(game)
        state = rules.initial(rules.config(2, {}))
        before = state_hash(rules, state)
        for event in table_events:
            state = rules.evolve(state, event)
        assert state_hash(rules, state) == before, game

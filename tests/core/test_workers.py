"""The bots' worker processes: a search bot decides there (the same command as in place), the
pool never starts more workers than it may, and its workers die with their owner: when it is
closed, and when the process that owns it is killed. Other long work (a review) runs there as a
job: its progress told on the way, its error raised, and cancelled, its worker ended."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from core.bots import make_bot
from core.games import get_rules
from core.referee import Referee
from core.search import SearchBot
from core.search.workers import Job, JobError, Thinkers
from tests.kit.lifeline import alive, dies_with_us

ROOT = Path(__file__).resolve().parents[2]


def kilauea_decision() -> tuple[Referee[object], int]:
    rules = get_rules("kilauea")
    referee: Referee[object] = Referee(rules, rules.config(2), ["A", "B"], seed="think")
    referee.begin()
    while True:
        seat = rules.to_move(referee.state)[0]
        if len(rules.legal_commands(referee.state, seat)) > 1:
            return referee, seat
        referee.submit(seat, rules.legal_commands(referee.state, seat)[0])


def bot(seed: str, iterations: int) -> SearchBot:
    made = make_bot("kilauea", "hard", seed)
    assert isinstance(made, SearchBot)
    made.timed = False
    made.level = made.level.budget(iterations)
    return made


async def test_a_search_bot_decides_in_a_worker_as_it_would_in_place() -> None:
    referee, seat = kilauea_decision()
    rules = referee.rules
    view = rules.view(referee.state, seat)
    pool = Thinkers(workers=1)
    try:
        away = bot("same", 8)
        command = await pool.choose(away, rules, view, seat)
        assert len(pool.pids) == 1 and pool.pids[0] != os.getpid()
        here = bot("same", 8)
        assert command == here.choose(rules, view, seat)
        assert away.decisions == here.decisions == 1  # the next decision draws anew
        greedy = make_bot("kilauea", "greedy", "g")
        await pool.choose(greedy, rules, view, seat)  # answered in place: no new worker
        assert len(pool.pids) == 1
    finally:
        pool.close()


async def test_many_tables_share_a_bounded_pool_and_close_ends_it() -> None:
    referee, seat = kilauea_decision()
    rules = referee.rules
    view = rules.view(referee.state, seat)
    pool = Thinkers(workers=2)
    seen: set[int] = set()

    async def table(n: int) -> None:
        await pool.choose(bot(f"table-{n}", 3), rules, view, seat)
        seen.update(pool.pids)

    await asyncio.gather(*(table(n) for n in range(6)))
    assert 1 <= len(seen) <= 2
    workers = pool.pids
    pool.close()
    assert not any(alive(pid) for pid in workers)


def cpu(pid: int) -> int:
    """The CPU time process ``pid`` has used, in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def test_the_workers_die_with_the_process_that_owns_them() -> None:
    """A process thinking with a search bot is killed (SIGKILL: no clean-up runs); the worker,
    in the middle of a long search, is gone soon after."""
    owner = textwrap.dedent(
        """
        import asyncio, sys
        from tests.core.test_workers import bot, cpu, kilauea_decision
        from core.search.workers import Job, JobError, Thinkers

        async def main():
            referee, seat = kilauea_decision()
            pool = Thinkers(workers=1)
            await pool.choose(bot("short", 1), referee.rules, referee.state, seat)  # it is up
            thinking = asyncio.ensure_future(
                pool.choose(bot("long", 10**9), referee.rules, referee.state, seat)
            )
            worker = pool.pids[0]
            start = cpu(worker)
            while cpu(worker) < start + 10:  # a tenth of a second of search: it is busy
                await asyncio.sleep(0.01)
            print(worker, flush=True)
            await thinking

        asyncio.run(main())
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", owner],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=dies_with_us(),
    )
    try:
        assert child.stdout is not None
        worker = int(child.stdout.readline())
        assert alive(worker)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        deadline = time.monotonic() + 30
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker)
    finally:
        child.kill()
        child.wait()


def counting(n: int, *, progress: Callable[..., None]) -> list[int]:
    """A job: tells each number up to ``n``, then returns them."""
    for i in range(n):
        progress(i, n)
    return list(range(n))


def failing(*, progress: Callable[..., None]) -> None:
    raise ValueError("no such position")


def endless(*, progress: Callable[..., None]) -> None:
    progress(os.getpid())
    while True:  # works until it is ended
        pass


async def test_a_job_tells_its_progress_then_its_result_and_an_error_is_raised() -> None:
    pool = Thinkers(workers=1)
    told: list[tuple[int, int]] = []
    try:
        got = await pool.run(Job(f"{__name__}:counting", (5,)), lambda i, n: told.append((i, n)))
        assert got == [0, 1, 2, 3, 4] and told == [(i, 5) for i in range(5)]
        worker = pool.pids
        with pytest.raises(JobError, match="ValueError: no such position"):
            await pool.run(Job(f"{__name__}:failing", ()))
        assert await pool.run(Job(f"{__name__}:counting", (2,))) == [0, 1]
        assert pool.pids == worker != [os.getpid()]  # the same worker served on
    finally:
        pool.close()


async def test_a_cancelled_job_ends_its_worker_and_its_work() -> None:
    pool = Thinkers(workers=1)
    started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    try:
        job = asyncio.ensure_future(pool.run(Job(f"{__name__}:endless", ()), started.set_result))
        worker = await started
        assert alive(worker) and pool.pids == [worker]
        job.cancel()
        with pytest.raises(asyncio.CancelledError):
            await job
        assert not alive(worker) and pool.pids == []
    finally:
        pool.close()

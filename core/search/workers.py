"""Where bots that search think: a bounded pool of worker processes, off the event loop.

A search bot (``searches = True``, see :mod:`core.search`) thinks up to its level's seconds a
decision (3 at ``hard``); on the event loop that would freeze the screen and every table a
referee hosts. A :class:`Thinkers` object owns a few worker processes (at most ``workers``,
started when first needed) and hands each decision to an idle one; the loop only waits on the
worker's pipe. Every table of a referee, the local game and the hint key share one pool, so
many bot tables never start more processes than the pool allows. The workers die with their
owner: :meth:`close` ends them, and on Linux the kernel kills them if the owning process dies
first.

Other bots (random, greedy) answer in a millisecond and are asked in place.
"""

from __future__ import annotations

import asyncio
import atexit
import ctypes
import importlib
import logging
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from core.bots import Bot, make_bot
from core.messages import Command
from core.protocol import Rules, Seat

log = logging.getLogger("caldera.net")
ROOT = Path(__file__).resolve().parents[1]  # where ``net`` and ``core`` can be imported from
PR_SET_PDEATHSIG = 1
WORKER_NICENESS = 10


def _dies_with_parent(parent: int) -> None:
    """In a worker: the kernel kills this process when the one that started it ends."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it ended before the line above
        os._exit(1)


def _serve(conn: Connection, parent: int, niceness: int = WORKER_NICENESS) -> None:
    """A worker's loop: a bot, its game, a view and a seat in; its decision out. Or a
    :class:`Job` in: what it tells as it goes, then its result, out."""
    _dies_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a ^C in the terminal is the app's to handle
    os.nice(niceness)  # the screen and the referee come first when cores are scarce
    from core.games import get_rules

    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if isinstance(request, Job):
            _run(conn, request)
            continue
        bot, game, view, seat = request
        try:
            decision = bot.decide(get_rules(game), view, seat)
            conn.send((decision, (bot.decisions, bot.memory), None))
        except Exception as exc:  # a bug in a search must not kill the worker silently
            conn.send((None, (bot.decisions, bot.memory), f"{type(exc).__name__}: {exc}"))


@dataclass(frozen=True)
class Job:
    """Other long work for a worker: ``target`` (``"module:function"``) called with ``args``
    and a ``progress`` keyword, a function the worker calls with what it tells as it goes (each
    call's arguments reach :meth:`Thinkers.run`'s own ``progress``); its result comes back."""

    target: str
    args: tuple[Any, ...]


def _run(conn: Connection, job: Job) -> None:
    """In a worker: ``job`` done, its progress told on the way, then ``("done", result, error)``."""

    def progress(*told: Any) -> None:
        conn.send(("progress", told, None))

    try:
        module, name = job.target.split(":")
        result = getattr(importlib.import_module(module), name)(*job.args, progress=progress)
        conn.send(("done", result, None))
    except Exception as exc:  # the error goes to the caller; the worker serves on
        conn.send(("done", None, f"{type(exc).__name__}: {exc}"))


class ThinkingError(RuntimeError):
    """A worker failed to decide (a bug in a search), or the pool is closed."""


class JobError(ThinkingError):
    """A :class:`Job` raised in its worker (its type and words)."""


class _Worker:
    """One worker: a fresh interpreter running :func:`_serve` on its end of a socket pair (a
    plain subprocess: multiprocessing's own start methods either fork a threaded app or hand
    the child descriptors a Textual app may have replaced)."""

    def __init__(self, niceness: int = WORKER_NICENESS) -> None:
        ours, theirs = socket.socketpair()
        self.conn = Connection(ours.detach())
        fd = theirs.fileno()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "core.search.workers", str(fd), str(os.getpid()), str(niceness)],
            pass_fds=(fd,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=str(ROOT),
        )
        theirs.close()

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        self.conn.close()


class Thinkers:
    """A bounded pool of worker processes where search bots decide (see the module)."""

    def __init__(self, workers: int | None = None, niceness: int = WORKER_NICENESS) -> None:
        """``niceness``: what each worker adds to its owner's (a benchmark that times them
        against its own process gives 0)."""
        self.workers = max(1, workers or min(2, os.cpu_count() or 1))
        self.niceness = niceness
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._waiting: list[asyncio.Future[_Worker | None]] = []  # waiting for a worker
        self.closed = False

    @property
    def pids(self) -> list[int]:
        """The worker processes running now."""
        return [w.pid for w in self._all]

    async def choose(self, bot: Bot, rules: Rules[Any], view: Any, seat: Seat) -> Command:
        """``bot``'s command for ``seat`` in its ``view``: in a worker if it searches."""
        if not getattr(bot, "searches", False):
            return bot.choose(rules, view, seat)
        legal = rules.legal_commands(view, seat)
        if len(legal) == 1:
            return bot.choose(rules, view, seat)  # nothing to think about
        try:
            decision = await self.decide(bot, rules, view, seat)
        except ThinkingError as exc:  # a table must not stall on a search's bug: greedy plays
            log.warning("%s; the greedy bot plays this one", exc)
            return make_bot(rules.game, "greedy", "fallback").choose(rules, view, seat)
        command: Command = decision.command
        return command

    async def decide(self, bot: Any, rules: Rules[Any], view: Any, seat: Seat) -> Any:
        """A search bot's whole decision (its command and what it expects), in a worker."""
        worker = await self._worker()
        try:
            decision, decisions, error = await self._ask(worker, (bot, rules.game, view, seat))
        except BaseException:
            self._drop(worker)  # cancelled mid-thought, or it died: never reuse it
            raise
        self._release(worker)
        bot.decisions, bot.memory = decisions
        if error is not None:
            raise ThinkingError(f"the {bot.name} bot failed to decide: {error}")
        bot.last = decision
        return decision

    async def run(self, job: Job, progress: Callable[..., None] | None = None) -> Any:
        """``job``'s result, worked out in a worker (``progress`` told what it tells on the
        way, on this loop). Cancelled, the worker is ended at once, and its work with it;
        :class:`JobError` when the job raised (the worker serves on)."""
        worker = await self._worker()
        try:
            worker.conn.send(job)
            while True:
                kind, told, error = await self._reply(worker)
                if kind == "done":
                    break
                if progress is not None:
                    progress(*told)
        except BaseException:
            self._drop(worker)  # cancelled mid-work, or it died: never reuse it
            raise
        self._release(worker)
        if error is not None:
            raise JobError(f"{job.target} failed: {error}")
        return told

    async def _worker(self) -> _Worker:
        """An idle worker, a new one while the pool has room, else the next one freed: handed
        to the first that waited (a long job asking again at once never jumps the queue)."""
        while True:
            if self.closed:
                raise ThinkingError("the bots' workers are closed")
            if self._idle and not self._waiting:
                return self._idle.pop()
            if len(self._all) < self.workers:
                worker = _Worker(self.niceness)
                self._all.append(worker)
                return worker
            waiter: asyncio.Future[_Worker | None] = asyncio.get_running_loop().create_future()
            self._waiting.append(waiter)
            try:
                handed = await waiter
            except BaseException:  # cancelled: a worker handed meanwhile goes to the next
                got = waiter.result() if waiter.done() and not waiter.cancelled() else None
                if got is not None:
                    self._release(got)
                raise
            finally:
                if waiter in self._waiting:
                    self._waiting.remove(waiter)
            if handed is not None:
                return handed

    def _wake_one(self, worker: _Worker | None = None) -> bool:
        """Hand ``worker`` (``None``: room for a new one) to the first still waiting."""
        while self._waiting:
            waiter = self._waiting.pop(0)
            if not waiter.done():
                waiter.set_result(worker)
                return True
        return False

    def _release(self, worker: _Worker) -> None:
        if worker in self._all and not self._wake_one(worker):
            self._idle.append(worker)

    def _drop(self, worker: _Worker) -> None:
        if worker in self._all:
            self._all.remove(worker)
        worker.stop()
        self._wake_one()

    async def _ask(self, worker: _Worker, request: tuple[Any, ...]) -> Any:
        worker.conn.send(request)
        return await self._reply(worker)

    async def _reply(self, worker: _Worker) -> Any:
        """The worker's next message, waited for on the loop."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        return self._read(worker)

    def _read(self, worker: _Worker) -> Any:
        try:
            return worker.conn.recv()
        except (EOFError, OSError) as exc:
            raise ThinkingError("a bots' worker died while thinking") from exc

    def close(self) -> None:
        """End every worker (a search in progress is abandoned)."""
        self.closed = True
        for worker in self._all:
            worker.stop()
        self._all.clear()
        self._idle.clear()
        for waiter in self._waiting:
            if not waiter.done():
                waiter.set_result(None)  # it finds the pool closed


_shared: Thinkers | None = None


def shared() -> Thinkers:
    """This process's pool (the app's, a referee's), started on first use, closed at exit."""
    global _shared
    if _shared is None or _shared.closed:
        _shared = Thinkers()
        atexit.register(_shared.close)
    return _shared


def use(pool: Thinkers) -> Callable[[], None]:
    """Make ``pool`` this process's shared pool (tests); returns how to put the old one back."""
    global _shared
    old, _shared = _shared, pool

    def restore() -> None:
        global _shared
        _shared = old

    return restore


if __name__ == "__main__":  # a worker: ``python -m core.search.workers FD PARENT NICENESS``
    # served by the module under its own name, so a Job unpickled here is the class it checks
    from core.search.workers import _serve as serve

    niceness = int(sys.argv[3]) if len(sys.argv) > 3 else WORKER_NICENESS
    serve(Connection(int(sys.argv[1])), int(sys.argv[2]), niceness)

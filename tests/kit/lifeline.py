"""Child processes that die with the process that started them: a killed test run or benchmark
leaves no Mosquitto, nats-server node, embedded broker or ``caldera`` behind.

On Linux the kernel sends the child a signal when the thread that started it ends
(``PR_SET_PDEATHSIG``): start children from the main thread (the one running the event loop),
not from ``asyncio.to_thread``. An embedded broker started with ``orphan_idle=0`` watches its
parent itself (:mod:`net.link.broker`). Benchmarks use this module too.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = ["alive", "dies_with_us", "ended", "stopped"]

PR_SET_PDEATHSIG = 1


def dies_with_us(signum: int = signal.SIGKILL) -> Callable[[], None] | None:
    """A ``preexec_fn`` for :class:`subprocess.Popen`: the child gets ``signum`` when this
    process ends (``None`` where the kernel cannot do it: no ``preexec_fn`` then)."""
    if not sys.platform.startswith("linux"):
        return None
    parent = os.getpid()
    libc = ctypes.CDLL(None, use_errno=True)

    def preexec() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)
        if os.getppid() != parent:  # the parent ended before the line above: too late for it
            os.kill(os.getpid(), signum)

    return preexec


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting to be reaped does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def ended(process: subprocess.Popen[str], timeout: float) -> tuple[str, str]:
    """Wait, off the event loop, for ``process`` to end and read all it printed. One still
    running after ``timeout`` seconds is killed and the test fails with what it printed (the
    waiting thread itself gives up at the timeout: a thread stuck in ``communicate`` would
    hold the test's event loop open for ever at its close)."""
    try:
        return await asyncio.to_thread(process.communicate, timeout=timeout)
    except subprocess.TimeoutExpired:
        out, err = stopped(process)
        raise AssertionError(
            f"{process.args!r} still ran after {timeout} s; it printed:\n{out}\n{err}"
        ) from None


def stopped(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Kill ``process`` if it runs and read what it printed (for a test's ``finally``)."""
    if process.poll() is None:
        process.kill()
    try:
        return process.communicate(timeout=10)
    except subprocess.TimeoutExpired:  # a child of it holds its pipes: leave them
        return "", "(its output pipes stayed open after it was killed)"

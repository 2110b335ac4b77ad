"""A test's child processes die with the test run: a pytest that is killed leaves no Mosquitto,
nats-server node, embedded broker or ``caldera`` behind (:mod:`net.lifeline`, which benchmarks
use too)."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

from net.lifeline import dies_with_us

__all__ = ["alive", "dies_with_us", "ended", "stopped"]


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

"""A child process that dies with the process that started it: a killed test run or benchmark
leaves no Mosquitto, nats-server node, embedded broker or ``caldera`` behind.

On Linux the kernel sends the child a signal when the thread that started it ends
(``PR_SET_PDEATHSIG``): start children from the main thread (the one running the event loop),
not from ``asyncio.to_thread``. An embedded broker started with ``orphan_idle=0`` watches its
parent itself (:mod:`net.broker`).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable

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

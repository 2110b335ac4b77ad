"""A test's child process dies with the test run (``tests.kit.lifeline``): the kernel kills it when
its parent is killed, so a killed pytest leaves no broker or ``caldera`` running."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.kit.lifeline import alive, dies_with_us

ROOT = Path(__file__).resolve().parents[2]
PARENT = """
import subprocess, sys, time
from tests.kit.lifeline import alive, dies_with_us
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                         preexec_fn=dies_with_us())
print(child.pid, flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_child_dies_when_its_parent_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=dies_with_us(),
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        assert alive(child)
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 30  # a hang guard: the kernel signals it at once
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not alive(child)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()

"""Runs tests/tmux_kilauea.sh: a Kilauea turn played with keys in a real terminal (tmux)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("tmux_kilauea.sh")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (CI installs it)")
def test_a_kilauea_turn_in_a_real_terminal(tmp_path: Path) -> None:
    caldera = Path(sys.executable).with_name("caldera")
    assert caldera.exists(), "the caldera console script is installed in the venv"
    env = {**os.environ, "CALDERA": str(caldera), "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tmux kilauea: OK" in done.stdout

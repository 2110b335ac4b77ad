"""Runs tests/tmux_smoke.sh: the real ``caldera`` in a real terminal (tmux), keys in, screen out."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("tmux_smoke.sh")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (CI installs it)")
def test_caldera_starts_plays_a_bot_game_and_lists_it(tmp_path: Path) -> None:
    caldera = Path(sys.executable).with_name("caldera")
    assert caldera.exists(), "the caldera console script is installed in the venv"
    env = {**os.environ, "CALDERA": str(caldera), "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tmux smoke: OK" in done.stdout

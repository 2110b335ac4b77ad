"""Runs tests/tmux_net.sh: two real ``caldera`` apps in two tmux sessions play a short game
across terminals over a broker the script starts (one hosts from the menu, the other joins
from the lobby), asserting on what their panes show."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("tmux_net.sh")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (CI installs it)")
def test_two_terminals_host_join_and_play_a_game_over_a_broker(tmp_path: Path) -> None:
    caldera = Path(sys.executable).with_name("caldera")
    assert caldera.exists(), "the caldera console script is installed in the venv"
    env = {**os.environ, "CALDERA": str(caldera), "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tmux net: OK" in done.stdout

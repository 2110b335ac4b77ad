"""Caldera installed as a command: ``uv tool install`` from this checkout into a fresh folder
gives a ``caldera`` that knows its version and plays a bot game; the shell completion script
loads in bash and completes commands and flags."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CALDERA = Path(sys.executable).with_name("caldera")


def test_uv_tool_install_gives_a_working_caldera(tmp_path: Path) -> None:
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    assert uv is not None, "uv is in the dev extra"
    env = {
        **os.environ,
        "UV_TOOL_DIR": str(tmp_path / "tools"),
        "UV_TOOL_BIN_DIR": str(tmp_path / "bin"),
        "UV_PYTHON": sys.executable,  # the Python running the tests (3.11+), none fetched
        "UV_PYTHON_DOWNLOADS": "never",
    }
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        [uv, "tool", "install", "--quiet", "--from", str(ROOT), "caldera"],
        env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    caldera = tmp_path / "bin" / "caldera"
    version = subprocess.run([caldera, "--version"], capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == "caldera 0.1.0", version.stderr
    out = tmp_path / "g.caldera"
    argv = ["selfplay", "kilauea", "--players", "2", "--seed", "1", "--quiet", "--out", str(out)]
    played = subprocess.run([caldera, *argv], capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    verified = subprocess.run([caldera, "verify", str(out)], capture_output=True, text=True)
    assert "OK" in verified.stdout and "seed audited" in verified.stdout, verified.stderr
    assert not (tmp_path / "tools" / "caldera" / "bin" / "pytest").exists()  # not the dev extra
    python = tmp_path / "tools" / "caldera" / "bin" / "python"
    spoken = "from core.language import *; use('de'); print(Translator('app').gettext('Quit'))"
    german = subprocess.run([python, "-c", spoken], capture_output=True, text=True, timeout=60)
    assert german.stdout.strip() == "Beenden", german.stderr  # the build compiled the catalogues


COMPLETE = r"""
source <("$CALDERA" --print-completion bash) || exit 3
complete_line() {
    COMP_LINE="$*"; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_POINT=${#COMP_LINE}
    COMPREPLY=(); _shtab_caldera; echo "${COMPREPLY[*]}"
}
complete_line caldera sel
complete_line caldera play --adv
complete_line caldera ssh-server --auth
complete_line caldera export g.caldera --format j
"""


def test_the_completion_script_loads_in_bash_and_completes() -> None:
    done = subprocess.run(
        ["bash", "--norc", "-c", COMPLETE],
        env={**os.environ, "CALDERA": str(CALDERA)}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [sorted(line.split()) for line in done.stdout.split("\n")[:4]]
    assert lines == [["selfplay"], ["--advanced"], ["--authorized-keys"], ["json", "jsonl"]]


@pytest.mark.parametrize("shell", ["zsh", "tcsh"])
def test_other_shells_get_a_script_too(shell: str) -> None:
    done = subprocess.run([CALDERA, "--print-completion", shell], capture_output=True, text=True)
    assert done.returncode == 0 and "caldera" in done.stdout

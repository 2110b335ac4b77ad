"""The real ``caldera`` in real terminals (tmux): each script types keys with ``send-keys`` and
reads the screen with ``capture-pane``, and ends by printing its OK line."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kit.lifeline import dies_with_us

HERE = Path(__file__).parent
SCRIPTS = {
    # the menu, a bot game of Mauna Kea, its replay, the saved-games list
    "tmux_smoke.sh": "tmux smoke: OK",
    # a Kilauea turn played by keys
    "tmux_kilauea.sh": "tmux kilauea: OK",
    # a Mauna Kea turn at 80x24: the compact table, explorers placed, a tile laid, the others
    # spent, a move, the players' and the log's panes, no size notice
    "tmux_maunakea_small.sh": "tmux maunakea small: OK",
    # a Kilauea turn at 80x24: the compact table, the players pane and its log, no size notice
    "tmux_kilauea.sh small": "tmux kilauea small: OK",
    # the line mode: a whole game against a bot played by typing numbers, with an undo
    "tmux_lines.sh": "tmux lines: OK",
    # a whole Arnak game at 80x24 against a bot, the human's turns played by keys, after the
    # table said the size it needs and the terminal grew to it
    "tmux_arnak.sh": "tmux arnak: OK",
    # each tutorial at 80x24: its intro card begun with enter, every step's keys read off the
    # narrator's panel (Mauna Kea's draft's too) and typed, then the game's end, and e starts
    # the real game it taught against easy (an advanced one after Mauna Kea's advanced cards)
    "tmux_learn.sh arnak": "tmux learn arnak: OK",
    "tmux_learn.sh kilauea": "tmux learn kilauea: OK",
    "tmux_learn.sh maunakea": "tmux learn maunakea: OK",
    "tmux_learn.sh maunakea-advanced": "tmux learn maunakea-advanced: OK",
    # Kilauea's in German: the file's words from the catalogue, its keys read off a narrator
    # that dropped its labels for want of room
    "tmux_learn.sh kilauea de": "tmux learn kilauea de: OK",
    # two apps in two sessions: one hosts from the menu, the other joins from the lobby, both
    # play a short game over a broker the script starts
    "tmux_net.sh": "tmux net: OK",
    # a player's app killed with SIGKILL mid-game comes back as the same identity: the lobby
    # shows "your seat", enter takes it back from the host's stand-in bot
    "tmux_rejoin.sh": "tmux rejoin: OK",
    # the host's app killed with SIGKILL mid-game: the guest sees "host away", the host's saved
    # games open the table again, the guest is back by himself, the game ends as one replay
    "tmux_host_resume.sh": "tmux host resume: OK",
    # the SSH door with OpenSSH's client: two keys are two players asked their names once, play
    # a whole game at one table, a resize reaches the app, a dropped ssh gets its seat back
    "tmux_ssh.sh": "tmux ssh: OK",
}
NEEDS = {"tmux_ssh.sh": ("ssh", "ssh-keygen")}  # besides tmux (CI installs openssh-client)
# a script's name, then its arguments (one script may run at several sizes)


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_caldera_in_a_real_terminal(script: str, tmp_path: Path) -> None:
    for program in ("tmux", *NEEDS.get(script, ())):
        if shutil.which(program) is None:
            if os.environ.get("CI"):  # CI installs them: never skip there
                pytest.fail(f"{program} is not installed")
            pytest.skip(f"needs {program} (CI installs it)")
    caldera = Path(sys.executable).with_name("caldera")
    assert caldera.exists(), "the caldera console script is installed in the venv"
    env = {**os.environ, "CALDERA": str(caldera), "TMPDIR": str(tmp_path)}
    # the script stops its apps, broker and tmux sessions on exit (its EXIT trap): on SIGTERM
    # too, which it gets when this test run ends or the script overruns its time
    done = subprocess.Popen(
        ["bash", str(HERE / script.split()[0]), *script.split()[1:]],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=dies_with_us(signal.SIGTERM),
    )
    try:
        out, err = done.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        done.terminate()
        out, err = done.communicate(timeout=30)
        pytest.fail(f"{script} did not finish within 240 s:\n{out}{err}")
    assert done.returncode == 0, out + err
    assert SCRIPTS[script] in out

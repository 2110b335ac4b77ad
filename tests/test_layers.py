"""The layers import one way only: core loads neither the TUI nor the network stack."""

from __future__ import annotations

import subprocess
import sys


def test_importing_core_loads_no_textual_or_aiomqtt() -> None:
    code = (
        "import sys, core.referee, core.audit, core.games.maunakea, core.bots;"
        "bad = [m for m in ('textual', 'aiomqtt', 'amqtt', 'paho', 'tui', 'net', 'replays')"
        " if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_replays_do_not_import_net_or_tui() -> None:
    code = (
        "import sys, replays.file, replays.timeline, replays.export;"
        "print([m for m in ('textual', 'aiomqtt', 'tui', 'net') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

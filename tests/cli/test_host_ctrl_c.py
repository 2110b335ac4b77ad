"""Ctrl-C on ``caldera host`` with its embedded broker: the table closes, its guests are told,
nothing prints a traceback, and the broker stops after the table (a terminal's Ctrl-C reaches
the whole foreground process group; the broker, in a session of its own, is not in it)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from net.config import BrokerAddress
from net.link.broker import answers, free_port
from tests.kit.netkit import join, until


async def test_ctrl_c_on_a_shell_host_tells_its_guests_and_prints_no_traceback(
    tmp_path: Path,
) -> None:
    address = BrokerAddress("127.0.0.1", free_port())
    env = {**os.environ, "CALDERA_DATA_DIR": str(tmp_path / "d"),
           "CALDERA_CONFIG_DIR": str(tmp_path / "c"), "PYTHONUNBUFFERED": "1"}  # fmt: skip
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "host", "maunakea", "--seats", "2", "--table", "cc1",
        "--broker", f"mqtt://{address.host}:{address.port}",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
        start_new_session=True,  # a process group of its own, as a shell's foreground job
    )  # fmt: skip
    assert host.stdout is not None and host.stderr is not None
    said: list[str] = []
    while not any("is open on" in line for line in said):
        line = await asyncio.wait_for(host.stdout.readline(), 60)
        assert line, "the host stopped before its table opened"
        said.append(line.decode())
    guest = await join(address, "cc1", "guest")
    try:
        os.killpg(host.pid, signal.SIGINT)  # what Ctrl-C at its terminal does
        out, err = await asyncio.wait_for(host.communicate(), 60)
        await until(lambda: guest.status == "table closed", 30)
    finally:
        await guest.close()
    text = "".join(said) + out.decode() + err.decode()
    assert host.returncode == 130
    assert "table cc1 is closed" in text
    assert "Traceback" not in text and "Broken pipe" not in text and "Errno" not in text, text
    await until(lambda: not answers(address, 0.2), 15)  # and the broker stopped after it

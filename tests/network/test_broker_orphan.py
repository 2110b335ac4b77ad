"""The embedded broker of a caldera killed with SIGKILL outlives it while players are connected
(so they keep their connection and the host, started again, finds it), and stops by itself once
nobody has been connected for a while."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from netkit import FAST, until

from net.broker import answers, free_port
from net.config import BrokerAddress
from net.link import Link

PARENT = """
import sys, time
from net.broker import EmbeddedBroker
from net.config import BrokerAddress
broker = EmbeddedBroker.spawn(BrokerAddress("127.0.0.1", int(sys.argv[1])), orphan_idle=0.5)
print(broker.process.pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_an_orphaned_embedded_broker_serves_its_players_then_stops() -> None:
    address = BrokerAddress("127.0.0.1", free_port())
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(address.port)], stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    link = Link(address, client_id="a-player", backoff=FAST)
    try:
        await link.start()
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        orphaned_at = time.monotonic()
        while time.monotonic() - orphaned_at < 2.0:  # 4 times its idle delay: it stays up
            assert alive(pid) and link.connected
            await asyncio.sleep(0.1)
        assert answers(address)
        await link.stop()  # the last player leaves
        await until(lambda: not alive(pid))
        assert not answers(address)
    finally:
        await link.stop()
        if parent.poll() is None:
            parent.kill()
        if alive(pid):
            os.kill(pid, signal.SIGKILL)

"""The embedded broker of a caldera killed with SIGKILL outlives it while players are connected
(so they keep their connection and the host, started again, finds it), and stops by itself once
nobody has been connected for a while: a client that stopped talking without closing its
connection (a frozen process) is dropped after one and a half keep-alives, as MQTT says, and
no longer counts."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time

import aiomqtt

from net.config import BrokerAddress
from net.link.broker import InProcessBroker, answers, free_port
from net.link.connection import Link
from tests.kit.lifeline import alive, dies_with_us
from tests.kit.netkit import FAST, until

PARENT = """
import sys, time
from net.link.broker import EmbeddedBroker
from net.config import BrokerAddress
broker = EmbeddedBroker.spawn(BrokerAddress("127.0.0.1", int(sys.argv[1])), orphan_idle=0.5)
print(broker.process.pid, flush=True)
time.sleep(600)
"""
FROZEN = """
import asyncio, sys, aiomqtt
async def main():
    will = aiomqtt.Will("gone/" + sys.argv[2], b"", qos=1)
    async with aiomqtt.Client("127.0.0.1", int(sys.argv[1]), identifier=sys.argv[2],
                              keepalive=1, will=will):
        print("connected", flush=True)
        await asyncio.sleep(600)
asyncio.run(main())
"""  # a player whose process will be stopped (SIGSTOP): its connection stays open, silent


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


async def frozen_player(address: BrokerAddress, name: str) -> subprocess.Popen[str]:
    """A player connected with a keep-alive of 1 s, then stopped dead (its socket stays open)."""
    player = subprocess.Popen(
        [sys.executable, "-c", FROZEN, str(address.port), name],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=dies_with_us(),
    )
    assert player.stdout is not None
    assert (await asyncio.to_thread(player.stdout.readline)).strip() == "connected"
    player.send_signal(signal.SIGSTOP)
    return player


def end(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait()


async def test_a_player_that_stops_talking_is_dropped_after_one_and_a_half_keep_alives() -> None:
    broker = InProcessBroker()
    await broker.start()
    address = broker.address
    # a long keep-alive for the watcher: on a loaded machine its own pings may come late
    watcher = aiomqtt.Client(address.host, address.port, identifier="watcher", keepalive=30)
    player: subprocess.Popen[str] | None = None
    try:
        async with watcher:
            await watcher.subscribe("gone/#", qos=1)
            started = time.monotonic()  # before the player connects: its keep-alive runs after
            player = await frozen_player(address, "frozen")
            assert broker.has_clients()
            async with asyncio.timeout(30):
                gone = str((await anext(aiter(watcher.messages))).topic)
            assert gone == "gone/frozen"  # its will: the broker dropped it as if its network failed
            assert time.monotonic() - started >= 1.5  # not before 1.5 keep-alives (of 1 s)
            await watcher.publish("still/here", b"1", qos=1)  # the others stay connected
            assert broker.has_clients()
        await until(lambda: not broker.has_clients())  # the frozen one counts no more
    finally:
        if player is not None:
            end(player)
        await broker.stop()


async def test_an_orphaned_broker_stops_though_a_frozen_player_holds_a_connection() -> None:
    address = BrokerAddress("127.0.0.1", free_port())
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(address.port)],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=dies_with_us(),
    )
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    player = await frozen_player(address, "frozen")
    try:
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        await until(lambda: not alive(pid))
        assert not answers(address)
    finally:
        end(player)
        end(parent)
        if alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

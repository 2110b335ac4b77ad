"""How long a table stops when its host's node of a NATS cluster dies (the documented
``deploy/nats/caldera.conf``, three nodes on this machine).

The host sits on node 1, two bot players on nodes 2 and 3; mid-game node 1 is killed with
SIGKILL. Printed per run: when the host was connected again (to another node), and when a
player received the table's next event. Beside it, the same kill with a bare MQTT client
trying a fresh connection to a surviving node every 0.5 s: when NATS took one again, which is
what a host that lost its node waits for (JetStream electing new leaders for the streams the
dead node led: the MQTT sessions and retained messages).

    .venv/bin/python bench/cluster_failover.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import aiomqtt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "network"))
from tests.kit.netkit import NatsCluster, join, make_host, play_all, until


async def fresh_connection(port: int, since: float) -> float:
    """Seconds from ``since`` until a new MQTT connection to ``port`` is taken."""
    while True:
        try:
            client = aiomqtt.Client("127.0.0.1", port, timeout=0.5,
                                    identifier=f"probe-{time.monotonic_ns()}")  # fmt: skip
            async with asyncio.timeout(1), client:
                return time.monotonic() - since
        except (aiomqtt.MqttError, TimeoutError):
            await asyncio.sleep(0)


async def one_run() -> tuple[float, float, float]:
    workdir = Path(tempfile.mkdtemp(prefix="caldera-nats-"))
    cluster = NatsCluster(workdir)
    await cluster.start()
    game: asyncio.Task[None] | None = None
    try:
        host = make_host(cluster.node(0), workdir, seats=2, turn_limit=None, auto_start=True,
                         bot_delay=0.005)  # fmt: skip
        await host.open()
        players = [await join(cluster.node(1 + i), "t1", f"p{i}") for i in range(2)]
        game = asyncio.create_task(play_all(players, timeout=600))
        await until(lambda: host.referee is not None and host.referee.seq > 40)
        moved: list[float] = []
        before = host.link.connections
        start = time.monotonic()
        cluster.kill(0)
        seq = host.referee.seq if host.referee is not None else 0
        players[0].subscribe(lambda envs: moved.append(time.monotonic() - start)
                             if envs[-1].seq > seq else None)  # fmt: skip
        fresh = asyncio.create_task(fresh_connection(cluster.mqtt[1], start))
        await until(lambda: host.link.connections > before and host.link.connected, 120)
        back = time.monotonic() - start
        await until(lambda: bool(moved), 120)
        return back, moved[0], await fresh
    finally:
        if game is not None:
            game.cancel()
        await cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print("  host back   table moving   a fresh connection taken   (seconds after the kill)")
    for _ in range(args.runs):
        back, moved, fresh = asyncio.run(one_run())
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        print(f"  {back:9.2f}   {moved:12.2f}   {fresh:24.2f}   (load average {load})",
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()

"""What a club server pays for each table it carries: broker connections, memory, the time to
open one, and how soon every table is back after its broker restarts.

A ``caldera serve`` server (:class:`net.club.serve.Server`, in this process) opens ``--tables``
human-paced tables: 2 seats, one the server's bot's, the other waiting for a player (as a table
in the lobby waits). On a Mosquitto started here with its own config it then counts:

- ``connections``: this process's TCP connections to the broker (its sockets, /proc);
- ``memory a table``: the growth of this process's resident memory over the tables, a table;
- ``open``: wall time to open one table (its keys, its subscriptions, its retained card);
- ``back``: after the broker is killed and started again (it keeps nothing), the seconds until
  a watcher subscribed to every table card has every table's card again, and the referee's CPU
  seconds meanwhile.

``--code PATH`` runs the code of another checkout (``git worktree add --detach /tmp/base
main``: the code before) on this interpreter, to compare in the same conditions.

    nice .venv/bin/python bench/served_tables.py [--tables 1000] [--code /tmp/base]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def sockets_to(port: int) -> int:
    """This process's TCP connections to ``port`` on the loopback (its fds against /proc)."""
    inodes = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    count = 0
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                remote, state, inode = fields[2], fields[3], fields[9]
                if state == "01" and int(remote.split(":")[1], 16) == port and inode in inodes:
                    count += 1
    return count


def rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Mosquitto:
    """A Mosquitto of our own on a free port, killed and started again on the same port."""

    def __init__(self, port: int, folder: Path) -> None:
        from tests.kit.lifeline import dies_with_us

        self.port = port
        self.conf = folder / "mosquitto.conf"
        user = "user root\n" if os.geteuid() == 0 else ""
        self.conf.write_text(f"{user}listener {port} 127.0.0.1\nallow_anonymous true\n"
                             "set_tcp_nodelay true\npersistence false\n")  # fmt: skip
        self.dies_with_us = dies_with_us
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        from net.config import BrokerAddress
        from net.link.broker import answers

        self.process = subprocess.Popen(["mosquitto", "-c", str(self.conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        preexec_fn=self.dies_with_us())  # fmt: skip
        while not answers(BrokerAddress("127.0.0.1", self.port), 0.1):
            time.sleep(0.02)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()


async def card_watcher(port: int, seen: set[str], stop: asyncio.Event) -> None:
    """Every table card published from now on (its table), over a connection that comes back."""
    import aiomqtt

    while not stop.is_set():
        try:
            async with aiomqtt.Client("127.0.0.1", port, identifier=f"watch{os.getpid()}") as c:
                await c.subscribe("caldera/v1/lobby/tables/+")
                async for message in c.messages:
                    if message.payload:
                        seen.add(str(message.topic))
        except aiomqtt.MqttError:
            await asyncio.sleep(0.05)


async def run(tables: int) -> None:
    from bench.common import calibration_ms
    from net.club.serve import Server
    from net.config import BrokerAddress
    from net.link.broker import free_port

    print(f"calibration loop: {calibration_ms():.1f} ms; code: {sys.path[0]}")
    port = free_port()
    broker = Mosquitto(port, Path(tempfile.mkdtemp(prefix="caldera-bench-")))
    broker.start()
    try:
        address = BrokerAddress("127.0.0.1", port)
        server = Server(address, server="bench", replay_dir=Path(tempfile.mkdtemp()),
                        max_tables=tables, open_timeout=3600, sweep=None)  # fmt: skip
        await server.open()
        gc.collect()
        base_rss, base_sockets = rss_kib(), sockets_to(port)
        start = time.perf_counter()
        for _ in range(tables):
            await server.open_table("maunakea", 2, bots=1)
        opened = time.perf_counter() - start
        gc.collect()
        await asyncio.sleep(1.0)  # the retained cards' acks
        sockets, rss = sockets_to(port), rss_kib()
        print(f"{tables} tables: {sockets} connections to the broker "
              f"({base_sockets} with none), {(rss - base_rss) / tables:.1f} KiB a table "
              f"(RSS {base_rss / 1024:.1f} -> {rss / 1024:.1f} MiB), "
              f"open {1000 * opened / tables:.2f} ms a table")  # fmt: skip
        seen: set[str] = set()
        stop = asyncio.Event()
        broker.kill()
        await asyncio.sleep(0.5)
        cpu, restarted = cpu_seconds(), time.perf_counter()
        broker.start()
        watcher = asyncio.create_task(card_watcher(port, seen, stop))
        while len(seen) < tables and time.perf_counter() - restarted < 120:
            await asyncio.sleep(0.05)
        back = time.perf_counter() - restarted
        print(f"broker restarted: {len(seen)} of {tables} cards back in {back:.2f} s, "
              f"{cpu_seconds() - cpu:.2f} s of CPU (this process)")  # fmt: skip
        stop.set()
        watcher.cancel()
        start = time.perf_counter()
        await server.close()
        print(f"close: {time.perf_counter() - start:.2f} s")
    finally:
        broker.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--code", type=Path, help="another checkout's code to measure")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    if args.code is not None:
        sys.path.insert(0, str(args.code.resolve()))
    asyncio.run(run(args.tables))


if __name__ == "__main__":
    main()

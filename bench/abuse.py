"""Abuse against a referee, beside another table's quiet round trip (goal: within 2x of it).

One ``caldera serve`` (in its own process) hosts table ``rt``, where this process times its own
commands, and a finished all-bot table ``big`` with a long log. Then, one at a time, while the
round trip of ``rt`` is timed again:

- **sync flood**: 20 made-up identities (each with a key of its own) watch ``big`` and ask for
  its whole log 20 times a second each (400 requests/s, the issue measured 391);
- **request flood**: one identity asks the server for tables 300 times a second (the issue
  saw 195 tables taken in 0.7 s);
- **size**: one identity sends 2 MiB messages to the referee, 5 a second;
- **the request flood's CPU** (``--flood-cpu``): the flood alone for 10 s, what the broker, the
  server and this process (the flooder) spend, and the same flood sent to a server nobody runs
  (what the broker spends on the messages alone: the floor a referee cannot cut);
- **identity flood** (a server of its own, taking 30 new keys a minute): 70 made-up identities,
  their work done, ask for 3 tables each; how many opened, and what a real newcomer is told.

    .venv/bin/python bench/abuse.py [--samples 150] [--broker amqtt] [--only "request flood"]
    .venv/bin/python bench/abuse.py --flood-cpu [--broker amqtt]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import paho.mqtt.client as paho

sys.path.insert(0, str(Path(__file__).parent))
from netbench import BROKER_PIDS, brokers, command_round_trips, serve_process, summary

from core.codec import pack
from net.club import work
from net.club.lobby import Lobby
from net.config import BrokerAddress
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import TableRequest, encode


class Flooder(threading.Thread):
    """A raw client that signs what ``make(n)`` gives for its ``n``-th message and sends
    ``rate`` of them a second, until stopped; counts what it sent."""

    def __init__(
        self, address: BrokerAddress, name: str, make: Callable[[int], tuple[str, bytes]],
        first: list[tuple[str, bytes]] = (),  # type: ignore[assignment]
        rate: float = 20.0,
        sign: bool = True,
    ) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.rate, self.sign = rate, sign
        self.keys, self.make, self.first = Keys.generate(), make, list(first)
        self.client = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id=name)
        self.client.connect(address.host, address.port)
        self.client.subscribe(f"{topics.PREFIX}/tables/+/reply/{name}", qos=0)  # its answers
        self.stopping = threading.Event()
        self.sent = 0

    def run(self) -> None:
        self.client.loop_start()
        deadline = time.monotonic() + 5
        while not self.client.is_connected() and time.monotonic() < deadline:
            time.sleep(0.01)
        for topic, body in self.first:
            self.client.publish(topic, self.keys.sign(topic, body), qos=1).wait_for_publish(5)
        began = time.monotonic()
        while not self.stopping.is_set():
            ahead = began + self.sent / self.rate - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
            topic, body = self.make(self.sent)
            data = self.keys.sign(topic, body) if self.sign else body
            info = self.client.publish(topic, data, qos=1)
            try:
                info.wait_for_publish(2)
            except (RuntimeError, ValueError):
                time.sleep(0.05)  # knocked off (the size abuse): try again
                continue
            self.sent += 1

    def stop(self) -> None:
        self.stopping.set()
        self.join(5)
        self.client.loop_stop()
        self.client.disconnect()


def sync_flood(address: BrokerAddress, big: str) -> list[Flooder]:
    flooders = []
    for n in range(20):
        name = f"flood{n}"
        join = (topics.join(big, name), pack({"k": "join", "role": "spectator", "name": name,
                                              "seat": None, "bot": None}))  # fmt: skip
        sync = (topics.sync(big, name), pack({"k": "sync", "from": 0}))
        flooders.append(Flooder(address, name, lambda _n, s=sync: s, [join]))
    return flooders


def request_flood(address: BrokerAddress, big: str, server: str = "bench") -> list[Flooder]:
    def request(n: int) -> tuple[str, bytes]:
        body = {"id": f"r{n}", "game": "maunakea", "seats": 2, "name": "spam", "bots": 0,
                "bot": "random", "bot_delay_ms": 0, "options": {}}  # fmt: skip
        return topics.server_request(server, "greedy"), pack(body)

    return [Flooder(address, "greedy", request, rate=300)]


def size_abuse(address: BrokerAddress, big: str) -> list[Flooder]:
    huge = (topics.cmd(big, 0, "huge"), b"\x00" * (2 << 20))
    # unsigned: signing 2 MiB here would slow this process's own round trips, not the referee
    return [Flooder(address, "huge", lambda _n: huge, rate=5, sign=False)]


def identity_flood(address: BrokerAddress, count: int = 70) -> None:
    """``count`` made-up identities (a key each, their work done: net.club.work) ask for 3 tables
    each at once, as fast as one connection sends (70 filled a 200-table server in 1.5 s)."""
    client = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id="identity-flood")
    client.connect(address.host, address.port)
    client.loop_start()
    try:
        for i in range(count):
            keys, name = Keys.generate(), f"made{i}"
            for n in range(3):
                body = TableRequest(id=f"m{i}-{n}", game="maunakea", seats=2, name="spam")
                body = replace(body, work=work.solve("bench", keys.public.hex(), body.id))
                topic = topics.server_request("bench", name)
                client.publish(topic, keys.sign(topic, encode(body)), qos=1)
    finally:
        client.loop_stop()
        client.disconnect()


async def measure_identities(address: BrokerAddress) -> tuple[int, float, str]:
    """Tables a server taking 30 new keys a minute opened for 70 made-up identities asking 3
    each, how long their work took, and what a real newcomer is told right after."""
    server = serve_process(address, "--new-keys", "30")
    try:
        async with Lobby(address) as lobby:
            await lobby.wait_for(lambda lb: bool(lb.servers), 30)
            started = time.perf_counter()
            await asyncio.to_thread(identity_flood, address)
            spent = time.perf_counter() - started
            await asyncio.sleep(3)  # their answers settle (a figure, not a check)
            await lobby.wait_for(lambda lb: "bench" in lb.servers, 10)
            tables = lobby.servers["bench"].tables
        async with Lobby(address) as newcomer:
            await newcomer.wait_for(lambda lb: bool(lb.servers), 30)
            try:
                said = "got table " + await newcomer.request_table("maunakea", 2)
            except NetError as exc:
                said = str(exc)
        return tables, spent, said
    finally:
        server.terminate()
        server.wait()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has spent."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def flood_cpu(address: BrokerAddress, server_name: str, seconds: float = 10.0) -> str:
    """The share of a core the broker, the server and this process spend while one identity
    asks ``server_name`` for tables 300 times a second (nothing else runs)."""
    server = serve_process(address)
    try:
        async with Lobby(address) as lobby:
            await lobby.wait_for(lambda lb: bool(lb.servers), 30)
        pids = {"broker": BROKER_PIDS[address], "server": server.pid, "flooder": os.getpid()}
        before, began = {k: cpu_seconds(p) for k, p in pids.items()}, time.monotonic()
        flooders = request_flood(address, "", server_name)
        flooders[0].start()
        await asyncio.sleep(seconds)
        flooders[0].stop()
        spent = time.monotonic() - began
        shares = [f"{k} {(cpu_seconds(p) - before[k]) / spent:.0%}" for k, p in pids.items()]
        return ", ".join(shares) + f" of a core ({flooders[0].sent / spent:.0f} requests/s)"
    finally:
        server.terminate()
        server.wait()


async def settled(pid: int, most: float = 60.0) -> float:
    """Seconds until process ``pid`` (the server) spends under 10% of a core over half a
    second: what an abuse left queued (catch-ups of a long log) drains before the next one
    is timed, which would otherwise be charged to it."""
    began = time.monotonic()
    while time.monotonic() - began < most:
        before = cpu_seconds(pid)
        await asyncio.sleep(0.5)
        if cpu_seconds(pid) - before < 0.05:
            break
    return time.monotonic() - began


async def measure(
    address: BrokerAddress, samples: int, only: str | None = None
) -> list[tuple[str, list[float], int, float]]:
    server = serve_process(address)
    results: list[tuple[str, list[float], int, float]] = []
    try:
        async with Lobby(address) as lobby:
            await lobby.wait_for(lambda lb: bool(lb.servers), 30)
            big = await lobby.request_table("maunakea", 2, bots=2, options={"turn_limit": 60})
            await lobby.wait_for(
                lambda lb: big in lb.tables and lb.tables[big].status == "over", 120
            )
            events = lobby.tables[big].seq
            abuses = [("quiet", None), ("sync flood", sync_flood),
                      ("request flood", request_flood), ("2 MiB messages", size_abuse)]  # fmt: skip
            if only is not None:  # the quiet round trip, and that abuse alone
                abuses = [(n, m) for n, m in abuses if n in ("quiet", only)]
            for name, make in abuses:  # a table of its own for each: a game ends at last
                rt = await lobby.request_table("maunakea", 2, bots=1,
                                               options={"turn_limit": 100000})  # fmt: skip
                flooders = make(address, big) if make is not None else []
                for flooder in flooders:
                    flooder.start()
                try:
                    times = await command_round_trips(address, rt, samples)
                finally:
                    for flooder in flooders:
                        flooder.stop()
                # the bench's seat gets a stand-in 10 s after it left, and the table plays on
                # at full speed: let it end before the next abuse is timed (else charged to it)
                await lobby.wait_for(lambda lb, t=rt: lb.tables[t].status == "over", 180)
                drained = await settled(server.pid)
                results.append((name, times, sum(f.sent for f in flooders), drained))
        print(f"  (table {big}: {events} events)")
    finally:
        server.terminate()
        server.wait()
    return results


ABUSES = ("sync flood", "request flood", "2 MiB messages")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=150)
    parser.add_argument("--broker", help="only the brokers whose name has this (amqtt)")
    parser.add_argument("--only", choices=ABUSES, help="the quiet round trip and this abuse")
    parser.add_argument("--flood-cpu", action="store_true", help="the request flood's CPU alone")
    args = parser.parse_args()
    if args.flood_cpu:
        print("one identity asking for 300 tables a second, nothing else running, 10 s")
        for broker, make in brokers():
            if args.broker is None or args.broker in broker:
                for name, to in (("the server", "bench"), ("a server nobody runs", "nobody")):
                    with make() as address:  # type: ignore[operator]
                        print(f"  {broker}, to {name}: {asyncio.run(flood_cpu(address, to))}")
        return
    print(f"another table's command round trip under abuse, {args.samples} samples each")
    for broker, make in brokers():
        if args.broker is not None and args.broker not in broker:
            continue
        with make() as address:  # type: ignore[operator]
            print(f"  {broker}")
            results = asyncio.run(measure(address, args.samples, args.only))
        quiet = statistics.median(results[0][1])
        for name, times, sent, drained in results:
            ratio = statistics.median(times) / quiet
            print(f"    {name:15} {summary(times)}   {ratio:.2f}x quiet   ({sent} abusive "
                  f"messages sent; the server idle {drained:.1f} s after)")  # fmt: skip
        if args.only is not None:
            continue
        with make() as address:  # type: ignore[operator]
            tables, spent, said = asyncio.run(measure_identities(address))
        print(f"    identity flood  70 made-up keys x 3 requests: {tables} tables opened "
              f"(their work: {spent:.1f} s); a real newcomer then: {said}")  # fmt: skip


if __name__ == "__main__":
    main()

"""How many tables of bot games one referee process (``caldera serve``) carries before the
command round trip doubles.

One server process hosts every table. Background tables are bot games (all seats the server's
own bots, each waiting ``--think`` seconds before a move, so a table runs at a steady pace).
A probe table seats this process against one server bot; its command-to-event round trip is
measured with 0, 1, 2, 4, … background tables running, until its p50 doubles.

    .venv/bin/python bench/net_tables.py [--broker mosquitto|amqtt] [--think 0.05]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from pathlib import Path

import paho.mqtt.client as paho

sys.path.insert(0, str(Path(__file__).parent))
from netbench import MOSQUITTO, amqtt_broker, command_round_trips, mosquitto_broker, serve_process

from net.config import BrokerAddress
from net.lobby import Lobby

BIG = {"turn_limit": 100_000}  # random bots rarely end a game on their own; this keeps them busy


class CommandCounter:
    """Counts event batches on every table's public stream (one per command), in a thread."""

    def __init__(self, address: BrokerAddress) -> None:
        self.count = 0
        self.client = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id="bench-counter")
        self.client.on_connect = lambda c, *_: c.subscribe("caldera/v1/tables/+/events/public")
        self.client.on_message = self._count
        self.client.connect(address.host, address.port)
        self.client.loop_start()
        self._lock = threading.Lock()

    def _count(self, _c: object, _u: object, message: paho.MQTTMessage) -> None:
        if message.payload[:1] and b"check" not in message.payload[:12]:
            with self._lock:
                self.count += 1

    def rate(self, seconds: float) -> float:
        before = self.count
        time.sleep(seconds)
        return (self.count - before) / seconds

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


async def run(address: BrokerAddress, think: float, samples: int, most: int) -> None:
    server = serve_process(address, "--linger", "1")
    counter = CommandCounter(address)
    try:
        async with Lobby(address, name="bench") as lobby:
            await lobby.wait_for(lambda lb: "bench" in lb.servers, 30)
            probe = await lobby.request_table("maunakea", 2, bots=1, options=BIG)
            base: float | None = None
            tables = 0
            near = False
            print(f"  {'tables':>6}  {'commands/s':>10}  {'p50':>8}  {'p99':>8}  vs 0 tables")
            while True:
                await asyncio.sleep(1.0)
                rate = await asyncio.to_thread(counter.rate, 1.0)
                times = await command_round_trips(address, probe, samples, warmup=10)
                p50 = statistics.median(times) * 1000
                p99 = sorted(times)[int(0.99 * len(times))] * 1000
                base = base or p50
                ratio = p50 / base
                print(f"  {tables:6d}  {rate:10.0f}  {p50:6.2f}ms  {p99:6.2f}ms  {ratio:5.2f}x",
                      flush=True)  # fmt: skip
                if ratio >= 2 or tables >= most:
                    break
                near = near or ratio >= 1.25
                add = max(1, tables // 4 if near else tables)  # finer steps near the knee
                for _ in range(add):
                    await lobby.request_table("maunakea", 3, bots=3, bot_delay=think, options=BIG)
                tables += add
            verdict = "doubled" if p50 >= 2 * base else f"had not doubled at {most} tables"
            print(f"  the round trip {verdict} (bots think {think * 1000:.0f} ms per move)")
    finally:
        counter.stop()
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--broker", choices=("mosquitto", "amqtt"),
                        default="mosquitto" if MOSQUITTO else "amqtt")  # fmt: skip
    parser.add_argument("--think", type=float, default=0.05, help="seconds per bot move")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--most", type=int, default=256, help="stop adding tables here")
    args = parser.parse_args()
    make = mosquitto_broker if args.broker == "mosquitto" else amqtt_broker
    print(f"tables one referee process carries ({args.broker}, 2 cores shared)")
    with make() as address:
        asyncio.run(run(address, args.think, args.samples, args.most))


if __name__ == "__main__":
    main()

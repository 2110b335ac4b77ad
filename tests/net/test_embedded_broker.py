"""The embedded broker (amqtt) delivers every message to every subscriber while other clients
subscribe and leave: amqtt walks its subscription table across awaits, so a subscription made
meanwhile used to end that walk with "dictionary changed size during iteration", and the
subscribers not reached yet lost the message."""

from __future__ import annotations

import asyncio
from typing import Any

import aiomqtt

from net.link.broker import InProcessBroker
from tests.kit.netkit import until

MESSAGES = 60


async def test_a_subscription_made_during_a_delivery_loses_no_message() -> None:
    broker = InProcessBroker()
    await broker.start()
    amqtt: Any = broker._broker
    filtering = amqtt._topic_filtering

    async def yielding(*args: Any, **kwargs: Any) -> Any:  # as an access-control plugin may
        await asyncio.sleep(0)
        return await filtering(*args, **kwargs)

    amqtt._topic_filtering = yielding
    host, port = broker.address.host, broker.address.port
    got = {"first": 0, "second": 0}
    try:
        async with (
            aiomqtt.Client(host, port, identifier="first") as first,
            aiomqtt.Client(host, port, identifier="second") as second,
            aiomqtt.Client(host, port, identifier="churn") as churn,
            aiomqtt.Client(host, port, identifier="sender") as sender,
        ):
            await first.subscribe("game/#")  # delivered to first, then (after an await) second
            await second.subscribe("game/+")

            async def count(client: aiomqtt.Client, name: str) -> None:
                async for _ in client.messages:
                    got[name] += 1

            readers = [asyncio.create_task(count(first, "first")),
                       asyncio.create_task(count(second, "second"))]  # fmt: skip

            async def subscribe_meanwhile() -> None:
                for n in range(MESSAGES * 4):
                    await churn.subscribe(f"other/{n}")

            churning = asyncio.create_task(subscribe_meanwhile())
            for n in range(MESSAGES):
                await sender.publish(f"game/{n}", b"event", qos=1)
            await churning
            await until(lambda: got["first"] == MESSAGES, 20)
            await until(lambda: got["second"] == MESSAGES, 20)
            for reader in readers:
                reader.cancel()
    finally:
        await broker.stop()
    assert got == {"first": MESSAGES, "second": MESSAGES}

"""One self-reconnecting MQTT connection: its backoff doubles while connecting fails, and starts
again from the first delay once a connection has held; given a cluster's nodes, it takes the
next one that answers."""

from __future__ import annotations

import pytest

from net.config import BrokerAddress
from net.errors import NetError
from net.link.broker import ensure_broker, free_port
from net.link.connection import Backoff, Link
from tests.kit.netkit import AmqttBroker, MosquittoBroker, TestBroker, until

BACKOFF = Backoff(first=0.05, most=0.4, settled=0.3)


async def test_each_outage_after_a_connection_held_starts_at_the_first_delay(
    broker: TestBroker,
) -> None:
    link = Link(broker.address, client_id="backoff-held", backoff=BACKOFF)
    await link.start()
    try:
        for _ in range(5):
            await until(lambda: link.settled)
            before = link.connections
            link.drop_connection()
            await until(lambda n=before: link.connected and link.connections > n)  # type: ignore[misc]
        assert list(link.waits) == [BACKOFF.first] * 5  # it used to grow: 0.05, 0.1, 0.2, …
    finally:
        await link.stop()


async def test_while_the_broker_is_down_the_delay_doubles_then_resets(
    mosquitto_broker: MosquittoBroker,
) -> None:
    link = Link(mosquitto_broker.address, client_id="backoff-down", backoff=BACKOFF)
    await link.start()
    try:
        await until(lambda: link.settled)
        await mosquitto_broker.stop()
        await until(lambda: len(link.waits) >= 5)  # refused again and again meanwhile
        await mosquitto_broker.start()
        await until(lambda: link.settled)
        outage = list(link.waits)
        assert outage[:5] == [0.05, 0.1, 0.2, 0.4, 0.4]
        link.drop_connection()
        await until(lambda: len(link.waits) > len(outage))
        assert link.waits[-1] == BACKOFF.first
    finally:
        await link.stop()


async def test_a_link_fails_over_to_the_next_node(amqtt_broker: AmqttBroker) -> None:
    dead = BrokerAddress("127.0.0.1", free_port())
    both = BrokerAddress.parse(f"{dead},{amqtt_broker.address}")
    link = Link(both, client_id="failover", backoff=Backoff(first=0.01))
    await link.start()
    try:
        assert link.node == amqtt_broker.address and "refused" in link.last_error
    finally:
        await link.stop()
    with pytest.raises(NetError, match="cannot connect"):  # none answers: it gives up
        await Link(BrokerAddress.parse(f"{dead},{dead}"), client_id="none").start()
    with pytest.raises(NetError, match="no MQTT broker answers at"):  # no embedded cluster
        ensure_broker(BrokerAddress.parse(f"{dead},{dead}"))


async def test_a_subscription_asked_for_by_a_retained_message_is_made(broker: TestBroker) -> None:
    """A retained message comes while the link's first subscription is still answered, before
    the link counts as up: what its handler asks to hear next (a seat following the server its
    table's card names) is subscribed then too; it was never subscribed on that connection."""
    card, more = "caldera/v1/lobby/tables/t", "caldera/v1/lobby/servers/s"
    writer = Link(broker.address, client_id="retainer")
    await writer.start()
    heard: list[str] = []

    def on_message(topic: str, payload: bytes, retain: bool) -> None:
        heard.append(topic)
        if topic == card:
            reader.listen(more)

    reader = Link(broker.address, client_id="reader", subscriptions=[card], on_message=on_message)
    try:
        assert writer.publish(more, b"server card", retain=True)
        assert writer.publish(card, b"table card", retain=True)
        await writer.flushed()
        await reader.start()
        await until(lambda: more in heard)
    finally:
        writer.publish(card, b"", retain=True)
        writer.publish(more, b"", retain=True)
        await writer.stop()
        await reader.stop()

"""One self-reconnecting MQTT connection: its backoff doubles while connecting fails, and starts
again from the first delay once a connection has held."""

from __future__ import annotations

from netkit import MosquittoBroker, TestBroker, until

from net.link import Backoff, Link

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

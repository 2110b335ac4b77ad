"""Broker fixtures for the network tests: amqtt in-process and a real Mosquitto, each on a free
loopback port (never the machine's own broker on 1883)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.kit.netkit import (
    MOSQUITTO,
    NATS_SERVER,
    AmqttBroker,
    AmqttProcess,
    MosquittoBroker,
    NatsCluster,
    TestBroker,
)


@pytest.fixture
async def amqtt_broker() -> AsyncIterator[AmqttBroker]:
    broker = AmqttBroker()
    await broker.start()
    yield broker
    await broker.stop()


def _need_mosquitto() -> None:
    if MOSQUITTO is None:
        if os.environ.get("CI"):  # CI installs it: a missing broker must fail, never skip
            pytest.fail("mosquitto is not installed")
        pytest.skip("mosquitto is not installed (.ci/run installs it)")


@pytest.fixture
async def mosquitto_broker(tmp_path: Path) -> AsyncIterator[MosquittoBroker]:
    _need_mosquitto()
    broker = MosquittoBroker(tmp_path)
    await broker.start()
    yield broker
    await broker.stop()


@pytest.fixture
async def nats_cluster(tmp_path: Path) -> AsyncIterator[NatsCluster]:
    """Three NATS nodes with JetStream and MQTT (deploy/nats/caldera.conf on private ports)."""
    if NATS_SERVER is None:
        if os.environ.get("CI"):
            pytest.fail("nats-server is not installed")
        pytest.skip("nats-server is not installed (.ci/run installs it)")
    cluster = NatsCluster(tmp_path)
    try:
        await cluster.start()
        yield cluster
    finally:
        await cluster.stop()


@pytest.fixture(params=["amqtt", pytest.param("mosquitto", marks=pytest.mark.mosquitto)])
async def broker(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[TestBroker]:
    """Each test using this runs once over amqtt and once over Mosquitto."""
    chosen: TestBroker
    if request.param == "amqtt":
        chosen = AmqttBroker()
    else:
        _need_mosquitto()
        chosen = MosquittoBroker(tmp_path)
    await chosen.start()
    yield chosen
    await chosen.stop()


@pytest.fixture(params=["amqtt", pytest.param("mosquitto", marks=pytest.mark.mosquitto)])
async def restartable_broker(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[TestBroker]:
    """A broker in its own process that a test can kill and restart: amqtt, then Mosquitto."""
    chosen: TestBroker
    if request.param == "amqtt":
        chosen = AmqttProcess()
    else:
        _need_mosquitto()
        chosen = MosquittoBroker(tmp_path)
    await chosen.start()
    yield chosen
    await chosen.stop()

"""Caldera on a real broker cluster: three NATS nodes with JetStream and MQTT (the documented
``deploy/nats/caldera.conf``). The host and the players sit on different nodes; one node is
killed with SIGKILL mid-game, its clients fail over to the others, and the game ends with one
replay that verifies and the same state hash everywhere."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.audit import audit
from net.link.connection import Link
from net.wire import topics
from replays.file import read
from tests.kit.netkit import (
    NatsCluster,
    assert_same_game,
    close_all,
    join,
    make_host,
    play_all,
    until,
)

pytestmark = pytest.mark.nats


@pytest.mark.parametrize("victim", ["the host's node", "a player's node"])
async def test_a_game_goes_on_when_a_node_dies(
    nats_cluster: NatsCluster, tmp_path: Path, victim: str
) -> None:
    cluster = nats_cluster
    host = make_host(cluster.node(0), tmp_path, seats=2, turn_limit=8, auto_start=True,
                     bot_delay=0.005)  # fmt: skip
    await host.open()
    players = [await join(cluster.node(1 + i), "t1", f"p{i}") for i in range(2)]
    watcher = await join(cluster.node(2), "t1", "watcher", spectator=True)
    clients = [*players, watcher]
    try:
        assert host.link.node.port == cluster.mqtt[0]
        assert [c.link.node.port for c in clients] == [cluster.mqtt[i] for i in (1, 2, 2)]
        dead = 0 if victim == "the host's node" else 1
        links = [host.link, *(c.link for c in clients)]
        moved = [link for link in links if link.node.port == cluster.mqtt[dead]]
        before = {id(link): link.connections for link in moved}
        game = asyncio.create_task(play_all(players))
        await until(lambda: host.referee is not None and host.referee.seq > 40)
        cluster.kill(dead)
        await game
        await host.wait_ended(20)
        await watcher.wait_until(lambda: watcher.ended, 20)
        await assert_same_game(host, clients)
        for link in moved:  # they really lost their node and went on elsewhere
            assert link.connections > before[id(link)]
            assert link.node.port != cluster.mqtt[dead]
        report = audit(read(host.replay_path).envelopes)  # type: ignore[arg-type]
        assert report.ok and report.finished and report.seed_checked, report.problems
    finally:
        await close_all(host, clients)


async def test_retained_messages_outlive_the_node_they_were_published_on(
    nats_cluster: NatsCluster,
) -> None:
    cluster = nats_cluster
    card = topics.card("kept")
    publisher = Link(cluster.node(0), client_id="publisher")
    await publisher.start()
    assert await publisher.publish_acked(card, b"a table card", retain=True)
    await publisher.stop()  # a clean goodbye: nobody will publish it again
    # stored in JetStream (acked) is not yet known to every node: each learns of it from its
    # own consumer, which node 0 may lead; killed meanwhile, node 2 never learns of it
    await cluster.retained_known(2)
    cluster.kill(0)
    await cluster.ready(2)  # the others have elected new JetStream leaders: clients get in
    seen: list[tuple[str, bytes, bool]] = []
    newcomer = Link(cluster.node(2), client_id="newcomer", subscriptions=[topics.lobby_tables()],
                    on_message=lambda *message: seen.append(message))  # fmt: skip
    await newcomer.start(timeout=60)  # a hang guard: JetStream may be slow under load
    try:
        await until(lambda: bool(seen))
        assert seen == [(card, b"a table card", True)]
    finally:
        await newcomer.stop()

"""A server's tables share its one connection (net.link.lines): counted on a real Mosquitto, each
message reaches only its own table, a broker restart brings every table back, and the server's
Last Will is every one of its tables' (a forged one is nobody's)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from net.club.lobby import Lobby
from net.club.serve import Server
from net.link.lines import Line
from net.seat.session import NetSession
from net.wire import topics
from net.wire.messages import Gone, encode
from tests.kit.netkit import (
    FAST,
    MosquittoBroker,
    RawClient,
    TestBroker,
    assert_same_game,
    club_server,
    join,
    play_all,
    until,
)  # fmt: skip

OPTIONS = {"turn_limit": 3}


def table_of(topic: str) -> str:
    """The table a topic is of (``tables/<t>/…``, or its card ``lobby/tables/<t>``)."""
    route = topics.parse(topic)
    assert route is not None
    return route.table or route.rest[0]


def connected_ids(broker: MosquittoBroker) -> list[str]:
    """The client id of every connection Mosquitto took, as its log tells them."""
    log = broker.log.read_text() if broker.log.exists() else ""
    return re.findall(r"New client connected from \S+ as (\S+) ", log)


@pytest.mark.mosquitto
async def test_a_server_of_six_tables_holds_one_broker_connection(
    mosquitto_broker: MosquittoBroker, tmp_path: Path
) -> None:
    async with club_server(mosquitto_broker.address, tmp_path) as server:
        hosts = [await server.open_table("maunakea", 3, bots=1, options=OPTIONS)
                 for _ in range(6)]  # fmt: skip
        ann = await join(mosquitto_broker.address, hosts[5].table, "ann")  # her seat is taken
        assert ann.seat == 1 and ann.card is not None and ann.card.server == "club"
        await until(
            lambda: any(i.startswith(ann.link.name) for i in connected_ids(mosquitto_broker))
        )
        ids = connected_ids(mosquitto_broker)
        ours = [i for i in ids if i.startswith(("caldera-server-", "caldera-host-", "caldera-out"))]
        assert len(ours) == 1 and ours[0].startswith("caldera-server-club-"), ids
        await ann.close()


async def test_a_message_for_one_table_never_reaches_another(
    broker: TestBroker, tmp_path: Path
) -> None:
    address = broker.address
    async with club_server(address, tmp_path, linger=5) as server:
        hosts = [await server.open_table("maunakea", 3, bots=2, options=OPTIONS)
                 for _ in range(2)]  # fmt: skip
        heard: dict[str, list[str]] = {host.table: [] for host in hosts}
        for host in hosts:
            handle = host.link.on_message  # type: ignore[union-attr]

            def spy(topic: str, data: bytes, retain: bool, t: str = host.table, h=handle) -> None:
                heard[t].append(topic)
                h(topic, data, retain)

            host.link.on_message = spy  # type: ignore[union-attr]
        first, second = hosts
        carol = await join(address, first.table, "carol")
        async with RawClient(address, "eve", []) as eve:  # a forged command, signed by Eve
            await eve.send(topics.cmd(first.table, 0, "eve"), b"\x80")
            await play_all([carol])
            await first.wait_ended(10)
            await until(lambda: topics.cmd(first.table, 0, "eve") in heard[first.table])
        await assert_same_game(first, [carol])
        assert heard[first.table], "the first table heard its player"
        for table, seen in heard.items():
            assert {table_of(topic) for topic in seen} == {table}, f"{table} heard another's"
        assert not second.refereeing.rejections, "nothing of the first table's reached it"
        await carol.close()


async def test_a_broker_restart_brings_back_every_table_of_a_server(
    restartable_broker: TestBroker, tmp_path: Path
) -> None:
    broker = restartable_broker
    server = Server(broker.address, server="club", replay_dir=tmp_path, linger=5, backoff=FAST)
    await server.open()
    players: list[NetSession] = []
    try:
        hosts = [await server.open_table("maunakea", 3, bots=2, bot_delay=0.005,
                                         options={"turn_limit": 6}) for _ in range(3)]  # fmt: skip
        players = [await join(broker.address, host.table, f"p{i}") for i, host in enumerate(hosts)]
        epochs = [host.epoch for host in hosts]
        game = asyncio.create_task(play_all(players, timeout=120))
        await until(lambda: all(host.referee is not None and host.referee.seq > 10
                                for host in hosts))  # fmt: skip
        await broker.stop()
        await until(lambda: not server.link.connected and all(
            p.status.startswith("reconnecting") for p in players))  # fmt: skip
        await broker.start()
        await game
        for host, player in zip(hosts, players, strict=True):
            await host.wait_ended(10)
            await assert_same_game(host, [player])
        assert all(host.epoch > epoch for host, epoch in zip(hosts, epochs, strict=True))
        assert all(isinstance(host.link, Line) for host in hosts), "no connection of their own"
    finally:
        for player in players:
            await player.close()
        await server.close()


async def test_the_servers_will_takes_its_tables_away_and_a_forged_one_does_not(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    async with club_server(address, tmp_path) as server:
        host = await server.open_table("maunakea", 3, bots=1, options=OPTIONS)
        async with Lobby(address, backoff=FAST) as lobby:
            await lobby.wait_for(lambda lobby: host.table in lobby.tables)
            ann = await join(address, host.table, "ann")
            async with RawClient(address, "eve", []) as eve:  # Eve's key: nobody's host
                await eve.send(topics.server_card("club"), encode(Gone(server.epoch + 5)))
                await eve.send(topics.card(host.table), encode(Gone(host.epoch + 5)))
                await until(lambda: ann.trust.dropped >= 1)  # the second: so the first too
            assert ann.status == "connected" and host.table in lobby.tables
            server.link.crash()  # its Last Will, signed by the server's key, for every table
            await until(lambda: ann.status == "host away")
            await lobby.wait_for(lambda lobby: host.table not in lobby.tables)
            await ann.close()

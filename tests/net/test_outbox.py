"""A server's outbox: what its tables publish without retaining leaves over one connection, the
messages of one turn of the event loop in one write, each still signed or sealed by its table."""

from __future__ import annotations

from pathlib import Path

from net.club.lobby import Lobby
from net.link.outbox import Outbox
from net.wire import topics
from tests.kit.netkit import (
    FAST,
    RawClient,
    TestBroker,
    assert_same_game,
    club_server,
    play_all,
    until,
)  # fmt: skip

# every size around the remaining length's steps (1, 2 and 3 bytes of it)
SIZES = [0, 1, 100, 127, 128, 129, 16_000, 16_383, 16_384, 200_000]


async def test_an_outbox_writes_a_turns_messages_at_once_in_order(broker: TestBroker) -> None:
    topic = topics.public_events("t1")
    outbox = Outbox(broker.address, client_id="out", backoff=FAST)
    await outbox.start()
    try:
        async with RawClient(broker.address, "reader", [topic]) as reader:
            sent = [(topic, bytes([n % 251]) * n) for n in SIZES]
            for message in sent[:4]:  # one turn
                assert outbox.post(*message)
            await outbox.flushed()
            for message in sent[4:]:  # the next
                assert outbox.post(*message)
            await until(lambda: len(reader.raw) >= len(sent))
            assert reader.raw == sent
            assert (outbox.sends, outbox.messages) == (2, len(sent))
    finally:
        await outbox.stop()
    assert not outbox.post(topic, b"late"), "a stopped outbox takes nothing"


async def test_a_servers_tables_speak_through_its_outbox(
    broker: TestBroker, tmp_path: Path
) -> None:
    address = broker.address
    async with (
        club_server(address, tmp_path, linger=5) as server,
        Lobby(address, name="Carol", backoff=FAST) as lobby,
    ):
        table = await lobby.request_table("maunakea", 3, bots=2, options={"turn_limit": 3})
        host = server.tables[table]
        async with RawClient(address, "watcher", [topics.public_events(table)]) as watcher:
            carol = await lobby.join(table)  # her seat's stream is sealed to her key
            await play_all([carol])
            await host.wait_ended(10)
            await assert_same_game(host, [carol])
            await until(lambda: len(watcher.raw) >= host.refereeing.published)
            assert set(watcher.signers) == {host.keys.public}, "signed by the table"
        await carol.close()
        # every batch went out over the outbox: to the public stream and to Carol's
        assert server.outbox.messages >= 2 * host.refereeing.published

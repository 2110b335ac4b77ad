"""Two protocols meet: a Caldera of protocol 1 still lists today's tables and servers, and what
it asks them is answered with one line it shows ("this table speaks protocol 2; update
Caldera"); today's Caldera asked to sit at a table of protocol 1 says so in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.codec import pack, unpack
from net.club.serve import Server
from net.errors import JoinRefused
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import PROTOCOL
from tests.kit import protocol_1
from tests.kit.netkit import FAST, RawClient, TestBroker, join, make_host, until

TOLD = f"this table speaks protocol {PROTOCOL}; update Caldera"


async def test_a_client_of_protocol_1_lists_the_table_and_is_told_to_update(
    broker: TestBroker, tmp_path: Path
) -> None:
    host = make_host(broker.address, tmp_path, seats=2)
    card_topic, reply = topics.card("t1"), topics.reply("t1", "old")
    async with RawClient(broker.address, "old", [card_topic, reply]) as old:
        try:
            await host.open()
            await until(lambda: old.received and old.received[0][0] == card_topic)
            card = protocol_1.table_card(unpack(old.received[0][1]))  # it lists the table
            assert card["table"] == "t1" and card["key"] == host.keys.public.hex()
            asked = {"role": "player", "name": "Old", "seat": None, "bot": None, "n": "n1",
                     "c": "c1", "t": ""}  # fmt: skip
            await old.send(topics.join("t1", "old"), asked)
            command = {"type": "core.undo", "v": 1, "seat": 0, "payload": {}}
            sent = {"id": "old.1", "expected_seq": 0, "command": command, "sig": None}
            await old.send(topics.cmd("t1", 0, "old"), sent)
            await until(lambda: len(old.captured(reply)) == 2)
            answers = [protocol_1.host_message(unpack(body)) for topic, body in old.received
                       if topic == reply]  # fmt: skip
            assert answers == [
                ("refused", {"reason": TOLD, "n": "n1"}),
                ("result", {"id": "old.1", "ok": False, "seq": 0, "reason": TOLD}),
            ]
            assert host.seats[0].is_open and host.seats[1].is_open  # nothing moved
        finally:
            await host.close()


async def test_a_client_of_protocol_1_is_told_by_a_server_too(
    broker: TestBroker, tmp_path: Path
) -> None:
    server = Server(broker.address, server="club", replay_dir=tmp_path, backoff=FAST,
                    sweep=None)  # fmt: skip
    card_topic, reply = topics.server_card("club"), topics.server_reply("club", "old")
    async with RawClient(broker.address, "old", [card_topic, reply]) as old:
        try:
            await server.open()
            await until(lambda: old.captured(card_topic))
            card = protocol_1.server_card(unpack(old.received[0][1]))  # it lists the server
            assert card["server"] == "club"
            asked = {"id": "r1", "game": "maunakea", "seats": 2, "name": "", "bots": 0,
                     "bot": "random", "bot_delay_ms": 0, "options": {}}  # fmt: skip
            await old.send(topics.server_request("club", "old"), asked)
            await until(lambda: old.captured(reply))
            answer = protocol_1.server_reply(unpack(old.received[-1][1]))
            assert answer["id"] == "r1" and answer["table"] is None
            assert answer["reason"] == f"this server speaks protocol {PROTOCOL}; update Caldera"
            assert server.tables == {}
        finally:
            await server.close()


async def test_a_table_of_protocol_1_is_one_line_to_a_client_of_today(
    broker: TestBroker,
) -> None:
    """Its card, as a host of protocol 1 published it (no tag, no protocol), signed by the key
    its id is made from."""
    keys = Keys.generate()
    table = topics.table_id(keys.public)
    card = {"v": 1, "table": table, "game": "maunakea", "title": "Mauna Kea", "name": "Old",
            "host": "Old", "status": "open", "seats": [], "options": {}, "epoch": 1, "seq": 0,
            "scores": None, "key": keys.public.hex()}  # fmt: skip
    async with RawClient(broker.address, "oldhost", [], keys=keys) as old_host:
        await old_host.client.publish(
            topics.card(table), keys.sign(topics.card(table), pack(card)), qos=1, retain=True
        )
        with pytest.raises(JoinRefused) as refused:
            await join(broker.address, table, "new", timeout=10)
        assert str(refused.value) == "this table speaks protocol 1, older than this Caldera's 2"
        await old_host.client.publish(topics.card(table), b"", qos=1, retain=True)

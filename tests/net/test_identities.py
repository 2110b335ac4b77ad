"""Identities cost nothing on an open broker: anyone may call themselves "alice", and make up
as many keys as they like. A client id is a label; a seat, a table request's share and a
catch-up's share belong to a key."""

from __future__ import annotations

from pathlib import Path

from net.club import work
from net.club.lobby import Lobby
from net.club.serve import Server
from net.wire import topics
from net.wire.messages import TableRequest, encode
from tests.kit.netkit import (
    FAST,
    RawClient,
    TestBroker,
    assert_same_game,
    close_all,
    join,
    keys_of,
    make_host,
    play_all,
    until,
)


async def test_a_squatter_under_her_name_keeps_nobody_out(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Before: Eve, joining first as "alice" with a key of her own, kept Alice out of the table
    ("alice speaks with another key"), and at a server blocked her requests until it
    restarted. Now two "alice"s are two players, told apart by their keys."""
    address = broker.address
    host = make_host(address, tmp_path, seats=3, turn_limit=4, auto_start=True)
    server = Server(address, server="club", replay_dir=tmp_path / "served", backoff=FAST,
                    sweep=None)  # fmt: skip
    eve = RawClient(address, "alice", [topics.reply("t1", "alice")])  # her own key, Alice's id
    players = []
    async with eve:
        try:
            await host.open()
            await server.open()
            await eve.ask("t1", {"role": "player", "name": "Alice", "seat": 0, "bot": None})
            await until(lambda: host.card.seats[0].client == "alice")
            proof = work.solve("club", eve.keys.public.hex(), "r1")  # a new key's work
            await eve.send(topics.server_request("club", "alice"),
                           encode(TableRequest("r1", "maunakea", 2, work=proof)))  # fmt: skip
            await until(lambda: len(server.tables) == 1)
            players = [await join(address, "t1", name) for name in ("alice", "bob")]
            alice = players[0]
            assert alice.seat == 1 and host.card.seats[1].key == keys_of("alice").public.hex()
            assert host.card.seats[0].key == eve.keys.public.hex() != host.card.seats[1].key
            assert [seat.name for seat in host.card.seats] == ["Alice", "ALICE", "BOB"]
            await host.hand_to_bot(0)
            await play_all(players)
            await host.wait_ended(10)
            await assert_same_game(host, players)
            async with Lobby(
                address, identity="alice", keys=keys_of("alice"), backoff=FAST
            ) as hers:
                table = await hers.request_table("maunakea", 2, server="club")
                assert table in server.tables and len(server.tables) == 2
        finally:
            await close_all(host, players)
            await server.close()

"""A ``caldera serve`` on a broker anyone may write to. Its card and its answers are signed by
its lasting key, which a lobby pins (or takes from the config file) and checks; a lobby offers
a server only once it has answered a look; a cleared card is put back by the server."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.codec import unpack
from net.club.lobby import Lobby
from net.club.serve import Server
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import ServerListing, ServerReply, encode
from tests.kit.netkit import FAST, RawClient, TestBroker, until

ALL = f"{topics.PREFIX}/#"


def serve(broker: TestBroker, tmp_path: Path) -> Server:
    return Server(broker.address, server="club", replay_dir=tmp_path, backoff=FAST, sweep=None)


async def test_a_made_up_server_and_forged_answers(broker: TestBroker, tmp_path: Path) -> None:
    """Before: a retained card of a made-up server with no tables got every table request (and
    nobody answered them); a forged answer, sent as soon as a request showed, sent players to a
    table of the forger's choosing."""
    address = broker.address
    server = serve(broker, tmp_path)
    eve = RawClient(address, "eve", [f"{topics.PREFIX}/lobby/requests/+/+"])
    fake = ServerListing("cheap", "Cheap tables", ("arnak", "kilauea", "maunakea"), 0,
                      key=eve.keys.public.hex())  # fmt: skip

    async def answer_every_request() -> None:
        answered = 0
        while True:
            await until(lambda n=answered: len(eve.raw) > n, 60)  # type: ignore[misc]
            for topic, payload in eve.raw[answered:]:
                _, _, _, _, asked, client = topic.split("/")
                body = unpack(payload[98:])  # the request as signed, its frame cut off
                forged = encode(ServerReply(body["id"], table="evilt4bl3s"))
                for signer in (eve, None):  # signed by Eve, and not signed at all
                    reply = topics.server_reply(asked, client)
                    data = signer.keys.sign(reply, forged) if signer is not None else forged
                    await eve.replay(reply, data, retain=False)
            answered = len(eve.raw)

    async with eve:
        await eve.replay(topics.server_card("cheap"), eve.keys.sign(topics.server_card("cheap"),
                                                                    encode(fake)))  # fmt: skip
        forger = asyncio.create_task(answer_every_request())
        try:
            await server.open()
            async with Lobby(address, name="Ann", backoff=FAST) as lobby:
                await lobby.wait_for(lambda lobby: "club" in lobby.servers)
                assert set(lobby.servers) == {"club"}, "the made-up server never answered"
                for _ in range(3):
                    table = await lobby.request_table("maunakea", 2)
                    assert table in server.tables
        finally:
            forger.cancel()
            await server.close()


async def test_a_cleared_card_and_a_key_that_changed(broker: TestBroker, tmp_path: Path) -> None:
    """Before: an empty retained card hid the real server from every newcomer. And a lobby
    that knows a server's key (pinned the first time, or from the config file) says so when
    the server signs with another."""
    address = broker.address
    server = serve(broker, tmp_path)
    eve = RawClient(address, "eve", [])
    async with eve:
        try:
            await server.open()
            await eve.replay(topics.server_card("club"), b"")
            async with Lobby(address, backoff=FAST) as lobby:
                await lobby.wait_for(lambda lobby: "club" in lobby.servers)
            assert server.own_card.put_back >= 1
            other = Keys.generate().public
            async with Lobby(address, backoff=FAST, servers={"club": other}) as wary:
                await wary.wait_for(lambda lobby: bool(lobby.book.notes))
                assert "server club signs with another key" in wary.book.notes[0]
                assert "club" not in wary.servers
                with pytest.raises(NetError, match="another key"):
                    await wary.request_table("maunakea", 2, server="club")
            async with Lobby(address, backoff=FAST) as again:  # pinned the first time: kept
                await again.wait_for(lambda lobby: "club" in lobby.servers)
                assert again.book.keys["club"] == server.keys.public
        finally:
            await server.close()

"""What the lobby believes on a broker anyone may write to. A table's id is made from its host's
key, so nobody else can sign a card for it; and the lobby lists a table only once its host has
answered a look, so retained cards alone (made up, or old) list nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest

from net.club.lobby import Lobby
from net.config import BrokerAddress
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import TableListing, encode
from tests.kit.netkit import FAST, RawClient, TestBroker, close_all, join, make_host, until

ALL = f"{topics.PREFIX}/#"


def card_of(key: Keys, table: str, like: TableListing) -> bytes:
    """A card for ``table`` like ``like``, naming ``key`` and signed by it, as sent."""
    fake = TableListing(
        **{
            **msgspec.structs.asdict(like),
            "table": table,
            "key": key.public.hex(),
            "name": "Free coins",
        }
    )
    return key.sign(topics.card(table), encode(fake))


async def test_a_card_signed_by_another_key_for_an_existing_table(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Before: the first card a newcomer saw for a table pinned its key, so Eve's card for
    Ann's table, signed by Eve, sent lobbies and players to Eve's key (and the real host's
    answers were dropped as forged)."""
    address = broker.address
    host = make_host(address, tmp_path, table=None, seats=2)
    eve = RawClient(address, "eve", [])
    sessions = []
    async with eve, Lobby(address, backoff=FAST) as lobby:
        try:
            fake = card_of(eve.keys, host.table, host.card)
            await eve.replay(topics.card(host.table), fake)  # retained before the host is there
            ann = asyncio.create_task(join(address, host.table, "ann", timeout=20))
            await asyncio.sleep(0.5)  # the newcomers have Eve's card by now
            assert host.table not in lobby.tables, "not listed: no host answered"
            await host.open()
            sessions.append(await ann)
            assert sessions[0].trust.host_key == host.keys.public
            await lobby.wait_for(lambda lobby: host.table in lobby.tables)
            assert lobby.host_keys[host.table] == host.keys.public
            assert lobby.tables[host.table].name == host.name
        finally:
            await close_all(host, sessions)


async def test_made_up_tables_are_not_listed(broker: TestBroker, tmp_path: Path) -> None:
    """Before: 2,000 made-up tables, each a retained card signed by a key of its own, were all
    listed. Now each is asked about, and none answers."""
    address = broker.address
    host = make_host(address, tmp_path, table=None, seats=2)
    eve = RawClient(address, "eve", [ALL])
    async with eve:
        try:
            fakes = [Keys.generate() for _ in range(200)]
            for key in fakes:
                table = topics.table_id(key.public)
                await eve.replay(topics.card(table), card_of(key, table, host.card))
            await host.open()
            async with Lobby(address, backoff=FAST) as lobby:
                await lobby.wait_for(lambda lobby: host.table in lobby.tables)

                def looked() -> set[str]:
                    """The tables the lobby asked about (Eve reads every topic)."""
                    return {topic.split("/")[3] for topic, _ in eve.raw if "/join/look" in topic}

                await until(lambda: len(looked()) == len(fakes) + 1, 20)
                assert set(lobby.tables) == {host.table}
        finally:
            await host.close()


def test_an_id_made_from_a_key_is_that_keys_only(tmp_path: Path) -> None:
    key = Keys.generate()
    table = topics.table_id(key.public)
    assert topics.made_from_a_key(table) and topics.certifies(table, key.public)
    assert not topics.certifies(table, Keys.generate().public)
    assert topics.certifies("t1", Keys.generate().public)  # a chosen id: met first, pinned
    with pytest.raises(NetError, match="made from a table's key"):
        make_host(BrokerAddress(), tmp_path, table=table)


async def test_a_cleared_card_is_a_hint_to_ask_its_host(broker: TestBroker, tmp_path: Path) -> None:
    """Anyone may clear a table's retained card (an empty payload cannot be signed), so it is
    no verdict: the lobby asks the host again. A live host answers and stays listed (and puts
    its card back); one that went silent (its Last Will lost with a broker node, say) used to
    stay listed for ever, and now leaves the list when it has not answered for a while."""
    address = broker.address
    live = make_host(address, tmp_path, table=None, seats=2)
    silent = make_host(address, tmp_path, table=None, seats=2)
    eve = RawClient(address, "eve", [])
    async with eve:
        try:
            await live.open()
            await silent.open()
            async with Lobby(address, backoff=FAST) as lobby:
                lobby.doubt_for = 2.0
                await lobby.wait_for(lambda lobby: {live.table, silent.table} <= set(lobby.tables))
                silent.link.on_message = lambda topic, payload, retain: None  # hears nothing now
                for host in (live, silent):
                    await eve.replay(topics.card(host.table), b"")  # cleared, retained
                await lobby.wait_for(lambda lobby: silent.table not in lobby.tables, 15)
                assert live.table in lobby.tables, "its host answered: still listed"
            async with Lobby(address, backoff=FAST) as newcomer:  # its card was put back
                await newcomer.wait_for(lambda lobby: live.table in lobby.tables, 10)
        finally:
            await close_all(live, [])
            await close_all(silent, [])

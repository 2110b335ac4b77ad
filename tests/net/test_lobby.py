"""The lobby lists tables live; seats are claimed, refused, watched; a table that closes, or whose
host dies, leaves the lobby; a server opens tables on request."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiomqtt
import pytest

from core.games import GAMES
from net.club.lobby import Lobby
from net.club.serve import Server
from net.config import BrokerAddress
from net.errors import JoinRefused, NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import TableListing
from replays import unfinished
from replays.disk import try_lock
from tests.kit.netkit import (
    FAST,
    TestBroker,
    assert_same_game,
    close_all,
    make_host,
    play_all,
    until,
)


async def test_a_table_from_open_to_closed_as_the_lobby_sees_it(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    seen: list[tuple[str, TableListing | None]] = []
    async with Lobby(address, name="Alice", backoff=FAST) as alice_lobby:
        alice_lobby.subscribe(lambda table, card: seen.append((table, card)))
        host = make_host(address, tmp_path, table="k3f9", seats=3, turn_limit=3)
        await host.open()
        await alice_lobby.wait_for(lambda lobby: "k3f9" in lobby.tables)
        card = alice_lobby.tables["k3f9"]
        assert (card.game, card.status, card.open_seats()) == ("maunakea", "open", [0, 1, 2])
        assert [c.table for c in alice_lobby.open_tables()] == ["k3f9"]

        alice = await alice_lobby.join("k3f9", seat=1)
        assert alice.seat == 1 and alice.controlled == frozenset({1})
        await alice_lobby.wait_for(lambda lobby: lobby.tables["k3f9"].seats[1].name == "Alice")
        bob = Keys.generate()  # another terminal: a seat is its key's, whatever its name
        with pytest.raises(JoinRefused, match="taken by Alice"):
            await alice_lobby.join("k3f9", seat=1, identity="bob", name="Bob", keys=bob)
        with pytest.raises(JoinRefused, match="no seat 7"):
            await alice_lobby.join("k3f9", seat=6, identity="bob", name="Bob", keys=bob)
        watcher = await alice_lobby.watch("k3f9")

        await host.fill_with_bots()
        await host.start()
        await alice_lobby.wait_for(lambda lobby: lobby.tables["k3f9"].status == "running")
        with pytest.raises(JoinRefused, match="already begun"):
            await alice_lobby.join("k3f9", identity="late", keys=Keys.generate())
        await play_all([alice])
        await host.wait_ended(10)
        await watcher.wait_until(lambda: watcher.ended, 10)
        await assert_same_game(host, [alice, watcher])
        await alice_lobby.wait_for(lambda lobby: lobby.tables["k3f9"].status == "over")

        await host.close()
        await alice_lobby.wait_for(lambda lobby: "k3f9" not in lobby.tables)
        assert seen[-1] == ("k3f9", None)
        await watcher.wait_until(lambda: watcher.status == "table closed", 5)
        await close_all(None, [alice, watcher])
    probe = make_host(address, tmp_path, table="probe")
    await probe.open()  # a card retained after the closed table's would have been
    try:
        async with Lobby(address) as late:  # the closed table left nothing behind
            await late.wait_for(lambda lobby: "probe" in lobby.tables)
            assert set(late.tables) == {"probe"}
    finally:
        await probe.close()


async def test_a_crashed_host_leaves_the_lobby_and_a_returning_one_comes_back(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    events: list[tuple[str, int | None]] = []
    async with Lobby(address, backoff=FAST) as lobby:
        lobby.subscribe(lambda t, card: events.append((t, card.epoch if card else None)))
        host = make_host(address, tmp_path, table="t9")
        host.link.backoff = FAST.__class__(first=0.5, most=0.5)
        await host.open()
        await lobby.wait_for(lambda lobby: "t9" in lobby.tables)
        host.link.drop_connection()  # as a crash would: the broker publishes its Last Will
        await lobby.wait_for(lambda lobby: "t9" not in lobby.tables)
        await lobby.wait_for(lambda lobby: "t9" in lobby.tables)
        epoch = events[0][1]
        assert epoch is not None and events == [("t9", epoch), ("t9", None), ("t9", epoch + 1)]
        await host.close()


async def test_a_server_opens_tables_on_request(amqtt_broker: TestBroker, tmp_path: Path) -> None:
    address = amqtt_broker.address
    server = Server(address, server="club", replay_dir=tmp_path, linger=0.2, backoff=FAST)
    await server.open()
    try:
        async with Lobby(address, name="Carol", backoff=FAST) as lobby:
            table = await lobby.request_table("maunakea", 3, bots=2, options={"turn_limit": 3})
            assert lobby.servers["club"].games == tuple(sorted(GAMES)), "it offers every game"
            carol = await lobby.join(table)
            assert carol.seat == 2
            await play_all([carol])  # the server started the game once Carol sat down
            host = server.tables[table]
            await host.wait_ended(10)
            await assert_same_game(host, [carol])
            await lobby.wait_for(lambda lobby: table not in lobby.tables)  # after its linger
            with pytest.raises(Exception, match="unknown game"):
                await lobby.request_table("chess", 2)
            await carol.close()
    finally:
        await server.close()


@contextlib.asynccontextmanager
async def club_servers(address: BrokerAddress, tmp_path: Path) -> AsyncIterator[list[Server]]:
    """Two servers of one club, club0 and club1, open; those still in the list are closed."""
    servers = [Server(address, server=f"club{i}", replay_dir=tmp_path, backoff=FAST)
               for i in range(2)]  # fmt: skip
    for server in servers:
        await server.open()
    try:
        yield servers
    finally:
        for server in servers:
            await server.close()


async def test_several_servers_share_the_table_requests(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    carol = Lobby(address, name="Carol", backoff=FAST)
    async with club_servers(address, tmp_path) as servers, carol as lobby:
        await lobby.wait_for(lambda lobby: len(lobby.servers) == 2)
        tables = [await lobby.request_table("maunakea", 3) for _ in range(6)]
        hosted = [sorted(server.tables) for server in servers]
        assert [len(h) for h in hosted] == [3, 3], "each took every other request"
        assert sorted(hosted[0] + hosted[1]) == sorted(tables), "each table on one server"


async def test_a_server_that_stops_leaves_the_lobbys_servers(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    carol = Lobby(address, name="Carol", backoff=FAST)
    async with club_servers(address, tmp_path) as servers, carol as lobby:
        await lobby.wait_for(lambda lobby: set(lobby.servers) == {"club0", "club1"})
        await servers.pop(0).close()  # stopped, not killed: no will, its own signed "gone"
        await lobby.wait_for(lambda lobby: set(lobby.servers) == {"club1"})
        table = await lobby.request_table("maunakea", 3)
        assert table in servers[0].tables, "the one still there is asked, first time"


async def test_a_server_limits_each_client_to_a_few_waiting_tables(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    """One client may keep only a few tables waiting for players; another client is still
    served. (The tables wait far longer than the test takes: under load a short wait let them
    close themselves before the third request was judged.)"""
    address = amqtt_broker.address
    server = Server(address, server="club", replay_dir=tmp_path, per_client=2,
                    open_timeout=600.0, backoff=FAST)  # fmt: skip
    await server.open()
    try:
        async with (
            Lobby(address, name="Mallory", backoff=FAST) as greedy,
            Lobby(address, name="Carol", backoff=FAST) as carol,
        ):
            first = [await greedy.request_table("maunakea", 2) for _ in range(2)]
            with pytest.raises(NetError, match="already have 2 tables waiting"):
                await greedy.request_table("maunakea", 2)
            assert await carol.request_table("maunakea", 2) not in first  # others still served
            assert set(first) <= set(server.tables)
    finally:
        await server.close()


async def test_a_table_nobody_sits_down_at_closes_by_itself(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    """A table whose game never starts closes after the server's open timeout, and no longer
    counts against its client's limit."""
    address = amqtt_broker.address
    server = Server(address, server="club", replay_dir=tmp_path, per_client=1,
                    open_timeout=0.5, backoff=FAST)  # fmt: skip
    await server.open()
    try:
        async with Lobby(address, name="Mallory", backoff=FAST) as lobby:
            table = await lobby.request_table("maunakea", 2)
            await lobby.wait_for(lambda lobby: table not in lobby.tables, 30)
            await until(lambda: not server.tables, 30)  # nobody sat down: it closed itself
            assert await lobby.request_table("maunakea", 2) != table  # and may ask again
    finally:
        await server.close()


async def test_a_servers_card_counts_the_commands_of_its_tables(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    """The count on a server's card (what the table bench reads instead of every table's
    events) follows its tables' commands, and keeps those of a table that closed."""
    address = amqtt_broker.address
    server = Server(address, server="club", replay_dir=tmp_path, linger=0.2, backoff=FAST)
    await server.open()
    try:
        async with Lobby(address, name="Carol", backoff=FAST) as lobby:
            await lobby.wait_for(lambda lobby: "club" in lobby.servers)
            first = lobby.servers["club"]
            assert first.commands == 0
            table = await lobby.request_table("maunakea", 3, bots=3, options={"turn_limit": 3})
            host = server.tables[table]
            await host.wait_ended(10)
            referee = host.referee
            assert referee is not None
            commands = sum(1 for env in referee.log if host.rules.command_for(env.event))
            assert commands > 3, "the bots played the game"
            played = commands + 1  # and one batch as the game started
            await until(lambda: not server.tables, 10)  # closed after its linger
            await lobby.wait_for(lambda lobby: lobby.servers["club"].commands == played)
            last = lobby.servers["club"]
            assert last.tables == 0 and last.at_ms > first.at_ms
    finally:
        await server.close()


async def test_a_server_takes_over_the_games_of_one_that_left_once_its_lock_goes(
    amqtt_broker: TestBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A killed server's Last Will can come before the kernel has let go of its games' locks:
    the server that takes over tries again until it has them (it does not wait for the sweep)."""
    address = amqtt_broker.address
    first = Server(address, server="first", replay_dir=tmp_path, sweep=None, backoff=FAST)
    await first.open()
    host = await first.open_table("maunakea", 3, bots=3, bot_delay=0.02,
                                  options={"turn_limit": 40})  # fmt: skip
    await until(lambda: host.referee is not None and host.referee.seq > 20)
    path = host.replay_path
    assert path is not None
    await first.close()  # its game unfinished: the record stays, for another server
    (lock,) = unfinished.records_dir().glob("*.lock")  # the game's record's
    dead = try_lock(lock)
    assert dead is not None  # "the killed server's lock", not yet released

    said: list[str] = []
    second = Server(address, server="second", replay_dir=tmp_path, sweep=None, backoff=FAST,
                    announce=said.append)  # fmt: skip
    await second.open()
    try:
        assert second.tables == {}  # the game is held: nothing to take at start
        checked = unfinished.held

        def held(replay: Path) -> bool:
            answer = checked(replay)
            if answer and not dead.closed:
                dead.close()  # the lock goes just after the take-over first looked
            return answer

        monkeypatch.setattr(unfinished, "held", held)
        async with aiomqtt.Client(address.host, address.port) as will:  # first's Last Will
            await will.publish(topics.server_card("first"), b"", qos=1, retain=True)
        await until(lambda: host.table in second.tables)
        assert dead.closed
        (line,) = said
        assert line.startswith(f"table {host.table} resumed at event ")
        assert line.endswith("(its server left)")
    finally:
        dead.close()
        await second.close()

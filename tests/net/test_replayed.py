"""Signed messages replayed. A signature holds for ever, so anyone on an open broker may send a
captured message again, retained or not, at any time. Each replay below did harm before:

- the host's cards and "gone" carry their order (the epoch, which every connection and every
  resume moves on, and the card's number in it): players drop one older than what they have,
  and the host, which reads its own card's topic, puts its current card back at once, so a
  newcomer's lobby shows the live table;
- what a client says about itself (its seat, "here", "leave", its Last Will) counts only with
  the host's ticket for its current connection (:mod:`net.table.tickets`), and an answer names the
  request it answers."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from net.club.lobby import Lobby
from net.errors import JoinRefused, TableClosed
from net.seat.session import NetSession
from net.table.host import TableHost
from net.table.tickets import PER_SECOND, Tickets
from net.trust.keys import open_frame
from net.wire import topics
from net.wire.messages import Gone, TableListing, read_listing
from tests.kit.netkit import (
    FAST,
    RawClient,
    TestBroker,
    assert_same_game,
    close_all,
    join,
    make_host,
    play_all,
    until,
)

ALL = f"{topics.PREFIX}/#"
CARD = topics.card("t1")


def host_said(eve: RawClient) -> list[tuple[bytes, TableListing | Gone]]:
    """Every signed card and "gone" Eve saw on the table's card topic, as sent and as read."""
    said = []
    for payload in eve.captured(CARD):
        opened = open_frame(CARD, payload)
        if opened is not None:
            said.append((payload, read_listing(opened[1])))
    return said


async def a_newcomer_sees(address: object, status: str) -> None:
    """A lobby opened now lists table t1 with ``status``: what the broker retains is current."""
    async with Lobby(address, backoff=FAST) as late:  # type: ignore[arg-type]
        await late.wait_for(lambda lobby: "t1" in lobby.tables, 10)
        assert late.tables["t1"].status == status


async def test_the_tables_first_card_replayed_mid_game(broker: TestBroker, tmp_path: Path) -> None:
    """Before: every bot whose seat the first card shows open quit ("seat 1 is no longer ours")
    and a newcomer saw an open table."""
    address = broker.address
    host = make_host(address, tmp_path, seats=2, turn_limit=6, auto_start=True)
    eve = RawClient(address, "eve", [ALL])
    players = []
    async with eve:
        try:
            await host.open()
            await until(lambda: host_said(eve))
            first, card = host_said(eve)[0]
            assert isinstance(card, TableListing) and card.open_seats() == [0, 1]
            players = [await join(address, "t1", name) for name in ("ann", "bob")]
            await until(lambda: host.status == "running" and all(p.state for p in players))
            await eve.replay(CARD, first)
            await until(lambda: all(p.trust.stale for p in players), 10)
            await a_newcomer_sees(address, "running")
            await play_all(players)
            await host.wait_ended(10)
            await assert_same_game(host, players)
        finally:
            await close_all(host, players)


async def test_an_earlier_close_replayed_after_the_table_was_resumed(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Before: the "closed" card of the close before the resume closed the table again for
    everyone."""
    address = broker.address
    host = make_host(address, tmp_path, seats=2, turn_limit=8, auto_start=True)
    eve = RawClient(address, "eve", [ALL])
    players, again = [], []
    resumed: TableHost | None = None
    async with eve:
        try:
            await host.open()
            players = [await join(address, "t1", name) for name in ("ann", "bob")]
            game = asyncio.create_task(play_all(players))
            await until(lambda: host.referee is not None and host.referee.seq > 6)
            await host.close()  # mid-game: its players see the table closed
            with contextlib.suppress(TableClosed):  # a move on its way when it closed
                await game

            def closed() -> list[bytes]:
                return [raw for raw, said in host_said(eve)
                        if isinstance(said, TableListing) and said.status == "closed"]  # fmt: skip

            await until(closed)
            assert host.replay_path is not None
            resumed = TableHost.resume(address, host.replay_path, backoff=FAST)
            await resumed.open()
            again = [await join(address, "t1", name) for name in ("ann", "bob")]
            await eve.replay(CARD, closed()[-1])
            await until(lambda: all(p.trust.stale for p in again), 10)
            assert all(p.status == "connected" for p in again)
            await a_newcomer_sees(address, "running")
            await play_all(again)
            await resumed.wait_ended(10)
            await assert_same_game(resumed, again)
        finally:
            await close_all(resumed, [*players, *again])
            await host.close()


async def test_the_hosts_gone_replayed_after_it_came_back(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Before: the host's Last Will of a connection that had died, replayed once the host was
    back, froze the table (its players saw "host away", no move went through, the table left
    the lobby and nothing put its card back). An empty card (anyone may clear one) is no
    verdict either: the host puts its card back."""
    address = broker.address
    host = make_host(address, tmp_path, seats=2, turn_limit=8, auto_start=True)
    eve = RawClient(address, "eve", [ALL])
    players = []
    async with eve:
        try:
            await host.open()
            players = [await join(address, "t1", name) for name in ("ann", "bob")]
            await until(lambda: host.status == "running")
            epoch = host.epoch
            host.link.drop_connection()  # as a crash of its connection would: its will goes out
            await until(lambda: any(isinstance(said, Gone) for _, said in host_said(eve)), 10)
            await until(lambda: host.epoch > epoch and host.link.connected, 10)
            await until(lambda: all(p.status == "connected" for p in players), 10)
            (gone,) = [raw for raw, said in host_said(eve) if isinstance(said, Gone)]
            await eve.replay(CARD, gone)
            await until(lambda: all(p.trust.stale for p in players), 10)
            assert all(p.status == "connected" for p in players)
            await a_newcomer_sees(address, "running")
            await eve.replay(CARD, b"")  # cleared
            await a_newcomer_sees(address, "running")
            await play_all(players)
            await host.wait_ended(10)
            await assert_same_game(host, players)
        finally:
            await close_all(host, players)


async def test_a_players_own_words_replayed_while_she_plays(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Before: her old "online" and her old Last Will ("offline", of the same connection)
    replayed while she was connected put a stand-in on her seat, for good. Now what a client
    says about itself counts only with the host's ticket for its current connection."""
    address = broker.address
    host = make_host(address, tmp_path, seats=2, turn_limit=6, auto_start=True,
                     standin="random", standin_after=0.2)  # fmt: skip
    eve = RawClient(address, "eve", [ALL])
    players = []
    async with eve:
        try:
            await host.open()
            ann, _ = players = [await join(address, "t1", name) for name in ("ann", "bob")]
            seat = ann.seat or 0
            await until(lambda: host.status == "running")
            said, will = topics.join("t1", "ann"), topics.presence("t1", "ann")
            connections = ann.link.connections
            ann.link.drop_connection()  # her Last Will goes out; she comes back at once
            await until(lambda: eve.captured(will), 10)
            await until(lambda: ann.link.connections > connections and ann.link.connected, 10)
            await until(lambda: host.card.seats[seat].online, 10)
            for payload in eve.captured(said):  # everything she said about herself, then her will
                await eve.replay(said, payload, retain=False)
            await eve.replay(will, eve.captured(will)[0])
            await eve.look("t1")  # the host has read them all
            await asyncio.sleep(3 * host.bots.standin_after)  # a stand-in's delay, thrice over
            assert host.card.seats[seat].online and host.card.seats[seat].standin is None
            await play_all(players)
            await host.wait_ended(10)
            await assert_same_game(host, players)
        finally:
            await close_all(host, players)


async def test_a_crashed_players_last_words_replayed(broker: TestBroker, tmp_path: Path) -> None:
    """Before: her last "online" replayed after she crashed made the stand-in step out, and
    the table stalled with nobody to play her seat. Her tickets died with her connection."""
    address = broker.address
    host = make_host(address, tmp_path, seats=2, turn_limit=6, auto_start=True,
                     standin="random", standin_after=0.2)  # fmt: skip
    eve = RawClient(address, "eve", [ALL])
    players = []
    async with eve:
        try:
            await host.open()
            ann, bob = players = [await join(address, "t1", name) for name in ("ann", "bob")]
            seat = ann.seat or 0
            await until(lambda: host.status == "running")
            said = topics.join("t1", "ann")
            ann.link.crash()
            await until(lambda: host.card.seats[seat].standin is not None, 10)
            for payload in eve.captured(said):
                await eve.replay(said, payload, retain=False)
            await eve.look("t1")
            assert not host.card.seats[seat].online and host.card.seats[seat].standin
            await play_all([bob])  # the stand-in plays her seat to the end
            await host.wait_ended(10)
        finally:
            await close_all(host, players)


async def test_a_leave_and_a_refusal_replayed_before_the_game(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Before: a player's old "leave" replayed freed the seat she had taken again since, and
    an old refusal replayed to a player's reply topic while he asked for a seat refused him.
    Now an old request's ticket is dead, and an answer names the request it answers."""
    address = broker.address
    host = make_host(address, tmp_path, seats=3)
    eve = RawClient(address, "eve", [ALL])
    sessions: list[NetSession] = []
    async with eve:
        try:
            await host.open()
            ann = await join(address, "t1", "ann", seat=1)
            with pytest.raises(JoinRefused, match="taken by ANN"):
                await join(address, "t1", "bob", seat=1)
            await until(lambda: eve.captured(topics.reply("t1", "bob")))
            refusal = eve.captured(topics.reply("t1", "bob"))[-1]
            await ann.close()  # she leaves seat 2, and sits down in seat 3
            sessions.append(await join(address, "t1", "ann", seat=2))
            said = topics.join("t1", "ann")
            for payload in sorted(eve.captured(said), key=lambda p: b"leave" in p):
                await eve.replay(said, payload, retain=False)  # her old joins, then her "leave"
            await eve.look("t1")
            assert [seat.client for seat in host.card.seats] == [None, None, "ann"]

            stop = asyncio.Event()  # a flag too: a cancel can be lost (see test_floods)

            async def refuse_again() -> None:
                while not stop.is_set():
                    await eve.replay(topics.reply("t1", "bob"), refusal, retain=False)
                    await asyncio.sleep(0.002)

            flood = asyncio.create_task(refuse_again())
            try:
                sessions.append(await join(address, "t1", "bob", seat=1))
            finally:
                stop.set()
                flood.cancel()
            assert sessions[-1].seat == 1
        finally:
            await close_all(host, sessions)


def test_a_ticket_counts_for_its_connection_only() -> None:
    tickets = Tickets()
    assert not tickets.admit("ann", "c1", "") and not tickets.admit("ann", "c1", "made-up")
    first = tickets.give("ann", "c1")
    assert first is not None and tickets.admit("ann", "c1", first)
    assert tickets.current("ann") == "c1" and tickets.admit("ann", "c1", first)  # still live
    assert not tickets.gone("ann", "c0")  # an older connection's "offline"
    second = tickets.give("ann", "c2")
    assert second is not None and tickets.admit("ann", "c2", second)
    assert not tickets.admit("ann", "c1", first), "a newer connection's ticket ends the old"
    assert not tickets.gone("ann", "c1") and tickets.current("ann") == "c2"
    assert tickets.gone("ann", "c2") and tickets.current("ann") is None
    assert not tickets.admit("ann", "c2", second), "its own offline ends it"
    given = [tickets.give("bob", "c") for _ in range(2 * PER_SECOND)]
    assert given.count(None) >= PER_SECOND  # asked too often: no loudspeaker for replays

"""Signed messages replayed. A signature holds for ever, so anyone on an open broker may send a
captured card or "gone" again, retained, at any time. Each replay below did harm before the
host's messages carried their order (the epoch, which every connection and every resume moves
on, and the card's number in it): now the players drop it as older than what they have, and the
host, which reads its own card's topic, puts its current card back at once, so a newcomer's
lobby shows the live table."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from netkit import (
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

from core.codec import unpack
from net import topics
from net.errors import TableClosed
from net.host import TableHost
from net.keys import open_frame
from net.lobby import Lobby
from net.wire import Gone, TableCard, card_message_from_wire

ALL = f"{topics.PREFIX}/#"
CARD = topics.card("t1")


def host_said(eve: RawClient) -> list[tuple[bytes, TableCard | Gone]]:
    """Every signed card and "gone" Eve saw on the table's card topic, as sent and as read."""
    said = []
    for payload in eve.captured(CARD):
        opened = open_frame(CARD, payload)
        if opened is not None:
            said.append((payload, card_message_from_wire(unpack(opened[1]))))
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
            assert isinstance(card, TableCard) and card.open_seats() == [0, 1]
            players = [await join(address, "t1", name) for name in ("ann", "bob")]
            await until(lambda: host.status == "running" and all(p.state for p in players))
            await eve.replay(CARD, first)
            await until(lambda: all(p.stale for p in players), 10)
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
                        if isinstance(said, TableCard) and said.status == "closed"]  # fmt: skip

            await until(closed)
            assert host.replay_path is not None
            resumed = TableHost.resume(address, host.replay_path, backoff=FAST)
            await resumed.open()
            again = [await join(address, "t1", name) for name in ("ann", "bob")]
            await eve.replay(CARD, closed()[-1])
            await until(lambda: all(p.stale for p in again), 10)
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
            await until(lambda: all(p.stale for p in players), 10)
            assert all(p.status == "connected" for p in players)
            await a_newcomer_sees(address, "running")
            await eve.replay(CARD, b"")  # cleared
            await a_newcomer_sees(address, "running")
            await play_all(players)
            await host.wait_ended(10)
            await assert_same_game(host, players)
        finally:
            await close_all(host, players)

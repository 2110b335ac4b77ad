"""On a broker with no ACL at all, an outsider who reads and writes every topic can forge
nothing: commands, catch-up requests and presence count only when signed by the key that took
the seat, and players believe only what the table's host signed (cards, events, hashes)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest

from core.codec import command_to_wire
from net.errors import JoinRefused
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import Check, Presence, encode
from tests.kit.netkit import (
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


async def test_an_outsiders_forgeries_change_nothing(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    host = make_host(address, tmp_path, seats=2, turn_limit=4, auto_start=True,
                     standin="random", standin_after=0.2)  # fmt: skip
    await host.open()
    alice, bob = await join(address, "t1", "alice"), await join(address, "t1", "bob")
    players = [alice, bob]
    eve = RawClient(address, "eve", [ALL])  # signs with a key of her own
    unsigned = RawClient(address, "eve-unsigned", [], sign=False)
    try:
        async with eve, unsigned:
            await alice.wait_until(lambda: alice.state is not None, 10)
            referee = host.referee
            assert referee is not None
            (mover,) = host.rules.to_move(referee.state)
            holder = players[mover]
            legal = host.rules.legal_commands(referee.state, mover)[0]
            request = {"k": "cmd", "id": "forged", "expected_seq": referee.seq,
                       "command": command_to_wire(legal, mover)}  # fmt: skip
            seq = referee.seq

            # commands for the mover's seat, in its holder's name: signed by Eve, and unsigned
            for forger in (eve, unsigned):
                await forger.send(topics.cmd("t1", mover, holder.identity), request)
            await until(lambda: len(host.rejections) >= 2, 5)
            assert [why for _, why in host.rejections] == [
                f"seat {mover + 1} ({host.card.seats[mover].name}) is not yours",
                "cmd: unsigned",
            ]
            assert referee.seq == seq  # no event

            # a state hash that would put Alice in "desync", a card that would close the table
            # or send its host away, presence that would let a stand-in take her seat
            seat_topic = topics.seat_events("t1", alice.seat or 0, "alice")
            bad_check = encode(Check(0, ("0" * 16,) * seq))
            closed = msgspec.structs.replace(host.card, status="closed")
            card_as_eve = encode(msgspec.structs.replace(closed, key=eve.keys.public.hex()))
            offline = encode(Presence(False, "ALICE", ""))
            for forger in (eve, unsigned):
                await forger.send(seat_topic, bad_check)
                await forger.send(topics.card("t1"), encode(closed))
                await forger.send(topics.card("t1"), card_as_eve)
                await forger.send(topics.presence("t1", "alice"), offline)
            await unsigned.send(topics.card("t1"), b"")  # a cleared card: "host away"? (a hint)
            await until(
                lambda: alice.trust.dropped >= 6, 5
            )  # every forgery reached her, and was dropped
            await asyncio.sleep(3 * host.bots.standin_after)  # time for a stand-in to step in
            assert alice.desync is None and alice.status == "connected"
            assert host.card.seats[alice.seat or 0].online
            assert host.card.seats[alice.seat or 0].standin is None

            # Alice's connection drops (her signed Last Will: offline) and comes back; Eve keeps
            # that "offline" and replays it later: it was another connection's
            presence = topics.presence("t1", "alice")
            seen = len([t for t, _ in eve.raw if t == presence])
            connections = alice.link.connections
            alice.link.drop_connection()
            await until(lambda: len([t for t, _ in eve.raw if t == presence]) >= seen + 1, 10)
            await until(lambda: alice.link.connections > connections and alice.link.connected)
            will = [p for t, p in eve.raw if t == presence][seen]
            assert b"\xa6online\xc2" in will  # offline
            await until(lambda: host.card.seats[alice.seat or 0].online, 10)
            old = RawClient(address, "eve-replay", [], sign=False)
            async with old:
                await old.send(topics.presence("t1", "alice"), will)
            await asyncio.sleep(3 * host.bots.standin_after)
            assert host.card.seats[alice.seat or 0].online
            assert host.card.seats[alice.seat or 0].standin is None

            await play_all(players)
            await host.wait_ended(10)
            await assert_same_game(host, players)  # the game went on as if Eve were not there
    finally:
        await close_all(host, players)


async def test_a_seat_is_bound_to_the_key_that_took_it(broker: TestBroker, tmp_path: Path) -> None:
    """Another terminal with Ann's client id but not her key is another player (a client id is
    a label anyone may use): it never gets her seat; her own key, from a new session, gets
    hers back, whichever seat it asks for."""
    host = make_host(broker.address, tmp_path, seats=3, turn_limit=2)
    await host.open()
    ann = await join(broker.address, "t1", "ann")
    other = None
    try:
        assert host.card.seats[0].key == ann.keys.public.hex()
        with pytest.raises(JoinRefused, match="seat 1 is taken by ANN"):
            await join(broker.address, "t1", "ann", keys=Keys.generate(), seat=0)
        other = await join(broker.address, "t1", "ann", keys=Keys.generate(), seat=1)
        assert [seat.client for seat in host.card.seats] == ["ann", "ann", None]
        assert host.card.seats[1].key == other.keys.public.hex() != host.card.seats[0].key
        again = await join(broker.address, "t1", "ann", seat=2)  # her key: her seat, not a new one
        assert again.seat == 0
        await again.close()
    finally:
        await close_all(host, [ann, *([other] if other else [])])

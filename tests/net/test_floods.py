"""Floods of made-up identities on an open broker: each identity is only a key, so what one
costs is bounded per key and shared fairly; a flood by many keys must not starve anybody."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import aiomqtt
import msgspec
import pytest

from core.games import get_rules
from net.club import work
from net.club.lobby import Lobby
from net.club.serve import Server
from net.errors import JoinRefused, NetError
from net.seat.session import NetSession
from net.table.host import TableHost
from net.table.refereeing import Refereeing
from net.table.seating import Seating
from net.table.syncs import SyncDesk
from net.trust.keys import Keys, open_frame
from net.wire import topics
from net.wire.messages import ServerReply, SyncRequest, TableRequest, encode, read_server_reply
from tests.kit.netkit import FAST, Crowd, RawClient, TestBroker, join, keys_of, make_host, until

if TYPE_CHECKING:
    from net.link.connection import Link


async def ask_club(mqtt: aiomqtt.Client, client: str, keys: Keys, request: TableRequest) -> None:
    """Send ``request`` to the server ``club`` as ``client``, signed with ``keys``."""
    topic = topics.server_request("club", client)
    await mqtt.publish(topic, keys.sign(topic, encode(request)), qos=1)


async def test_a_flood_of_catch_ups_by_40_identities_does_not_starve_a_spectator(
    broker: TestBroker, tmp_path: Path
) -> None:
    """40 made-up identities ask for the whole game as often as each may (5 a second: 200 a
    second, ten times the spectators' shared budget) while Eve comes to watch: she is the least
    served, so her request is answered first (each was dropped while they kept going)."""
    host: TableHost = make_host(broker.address, tmp_path, seats=2, turn_limit=None)
    await host.open()
    ann = await join(broker.address, "t1", "ann")  # she never moves: the game stays
    await host.seat_bot(1, "greedy")
    await host.start()
    eve = None
    spy = RawClient(broker.address, "spy", [topics.sync("t1", "eve")])  # her requests
    async with spy, Crowd(broker.address, "t1", 40) as crowd:
        # the flood stops on a flag as well as a cancel: on Python 3.11 a cancel that lands as
        # aiomqtt's publish ends its asyncio.wait_for is lost, and a `while True` flooded on
        # for ever (one whole-suite run hung here until pytest-timeout's 600 s)
        stop = asyncio.Event()

        async def flood() -> None:  # each key 5 times a second, spread out evenly
            while not stop.is_set():
                await crowd.sync(0, spread=0.2 / 40)

        flooding = asyncio.create_task(flood())
        try:
            assert host.referee is not None
            await until(lambda: crowd.batches >= 60, 10)  # they were served 3 seconds' worth
            # she asks, and asks again only every 3 s: each request must be served, not
            # dropped because the flood took the budget first
            eve = await NetSession.connect(broker.address, "t1", identity="eve", name="Eve",
                                           spectator=True, backoff=FAST, retry=3,
                                           keys=keys_of("eve"))  # fmt: skip
            total = host.referee.seq
            await eve.wait_until(lambda s=eve: len(s.envelopes) >= total, 30)
            # the first she sent as she connected (lost, if the link was not up yet), the next
            # one answered: she never had to ask again and again for a free slot
            assert len(spy.raw) <= 2, f"she asked {len(spy.raw)} times"
            assert not flooding.done()
        finally:
            stop.set()
            flooding.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await flooding
            if eve is not None:
                await eve.close()
            await ann.close()
            await host.close()


async def test_a_flood_of_new_identities_cannot_fill_a_server(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Made-up identities asking a ``caldera serve`` for tables (70 filled 200 tables in
    1.5 s): a key the server has not met must prove some work with its request, and the server
    takes a budget of new keys a minute (5 here), table requests and seats alike; a key it
    knows is served as before."""
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST, sweep=None,
                    new_keys_per_minute=5)  # fmt: skip
    await server.open()
    replies: dict[str, ServerReply] = {}
    crowd = {f"fake{i}": Keys.generate() for i in range(12)}
    eve = aiomqtt.Client(address.host, address.port, identifier="eve-crowd")

    async def collect() -> None:
        async for message in eve.messages:
            payload = message.payload if isinstance(message.payload, bytes) else b""
            opened = open_frame(str(message.topic), payload)
            if opened is not None:
                replies[str(message.topic).rsplit("/", 1)[1]] = read_server_reply(opened[1])

    async def ask(client: str, keys: Keys, proof: bool) -> None:
        request = TableRequest(id=f"r{client}", game="maunakea", seats=2)
        if proof:
            request = msgspec.structs.replace(
                request, work=work.solve("club", keys.public.hex(), request.id)
            )
        await ask_club(eve, client, keys, request)

    try:
        async with eve:
            await eve.subscribe(topics.server_reply("club", "+"), qos=1)
            collecting = asyncio.create_task(collect())
            await ask("lazy", Keys.generate(), proof=False)
            await until(lambda: "lazy" in replies)
            assert replies["lazy"].table is None
            assert "proof of work" in (replies["lazy"].reason or "")
            for client, keys in crowd.items():
                await ask(client, keys, proof=True)
            await until(lambda: all(client in replies for client in crowd))
            opened = [c for c in crowd if replies[c].table is not None]
            refused = [replies[c].reason or "" for c in crowd if replies[c].table is None]
            assert len(opened) == 5 and len(server.tables) == 5
            assert all("5 new players a minute" in reason for reason in refused), refused
            # a key it knows gets another table; a new key's seat waits like a request
            known = opened[0]
            replies.pop(known)
            await ask(known, crowd[known], proof=False)
            await until(lambda: known in replies)
            assert replies[known].table is not None and len(server.tables) == 6
            with pytest.raises(NetError, match="5 new players a minute"):
                await join(address, next(iter(server.tables)), "gus", timeout=10)
            collecting.cancel()
    finally:
        await server.close()


async def test_a_key_flooding_refused_requests_is_answered_5_times_a_second(
    broker: TestBroker, tmp_path: Path
) -> None:
    """One key asking a ``caldera serve`` for tables it may not have, as fast as it can (the
    abuse bench sends 300 a second): the server tells it why not 5 times a second at most and
    drops the other answers (each is signed here and carried by the broker); another key
    asking meanwhile is told as before."""
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST, sweep=None)
    await server.open()
    answers: dict[str, int] = {}
    eve = aiomqtt.Client(address.host, address.port, identifier="eve-greedy")

    async def collect() -> None:
        async for message in eve.messages:
            client = str(message.topic).rsplit("/", 1)[1]
            answers[client] = answers.get(client, 0) + 1

    async def ask(client: str, keys: Keys, n: int) -> None:
        request = TableRequest(id=f"r{client}{n}", game="maunakea", seats=2)  # no work
        await ask_club(eve, client, keys, request)

    try:
        async with eve:
            await eve.subscribe(topics.server_reply("club", "+"), qos=1)
            collecting = asyncio.create_task(collect())
            greedy = Keys.generate()
            for n in range(100):
                await ask("greedy", greedy, n)
            # every request was refused: answered, or counted as not answered
            await until(lambda: answers.get("greedy", 0) + server.refusals_unanswered == 100)
            assert server.refusals_unanswered > 0 and server.tables == {}
            await ask("ann", Keys.generate(), 0)
            await until(lambda: "ann" in answers)
            collecting.cancel()
    finally:
        await server.close()


async def test_a_club_server_with_a_member_list_serves_its_members_only(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Where the club has a member list (``caldera serve --members FILE``), it stands for the
    work: a member's key is served at once, any other is refused, its work done or not."""
    address = broker.address
    member = keys_of("ann")
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST, sweep=None,
                    members=frozenset({member.public.hex()}))  # fmt: skip
    await server.open()
    try:
        async with Lobby(address, identity="ann", keys=member, backoff=FAST) as ann:
            assert await ann.request_table("maunakea", 2, server="club") in server.tables
        async with Lobby(address, identity="eve", backoff=FAST) as eve:
            with pytest.raises(NetError, match="club's members only"):
                await eve.request_table("maunakea", 2, server="club")
        assert len(server.tables) == 1
    finally:
        await server.close()


class _Wire:
    """A link that keeps what the referee publishes (whose catch-up it answered, in order)."""

    def __init__(self) -> None:
        self.answered: list[str] = []
        self.keys = None

    def publish(self, topic: str, payload: bytes, **kwargs: Any) -> bool:
        self.answered.append(topic.rsplit("/", 1)[-1])
        return True


async def test_a_spectator_asking_while_identities_flood_is_answered_next() -> None:
    """The same without a broker, so no timing decides it: 20 made-up identities have taken the
    spectators' shared budget (20 a second) and ask again at once; Eve asks. The next answer,
    when the budget has room again, is hers (the least served), before theirs. Without the fair
    queue (28d8e7e) her request was dropped, as theirs were: no answer ever came."""
    wire = _Wire()
    refereeing = Refereeing("t1", get_rules("maunakea"), Seating(2), cast("Link", wire))
    syncs = SyncDesk(refereeing)
    ask = encode(SyncRequest(0))
    flood = [(f"x{i}", Keys.generate().public) for i in range(20)]
    try:
        for client, key in flood:
            syncs.on_sync(client, key, ask)
        assert len(wire.answered) == 20  # the budget is spent for a second
        for client, key in flood:  # they ask again (each within its own 5 a second)
            syncs.on_sync(client, key, ask)
        syncs.on_sync("eve", keys_of("eve").public, ask)
        await until(lambda: len(wire.answered) > 20, 5)
        assert wire.answered[20] == "eve"
    finally:
        syncs.close()
        refereeing.close_replay()


async def test_a_table_with_a_member_list_seats_its_members_only(
    broker: TestBroker, tmp_path: Path
) -> None:
    """``caldera host --members FILE``: a player's table seats only the keys on its list (a
    budget of new keys would not keep a made-up one out of a table of three seats); anyone
    may still watch."""
    host: TableHost = make_host(broker.address, tmp_path, seats=3)
    host.admit = work.members_only(frozenset({keys_of("ann").public.hex()}))
    await host.open()
    sessions: list[NetSession] = []
    try:
        sessions.append(await join(broker.address, "t1", "ann"))
        assert sessions[0].seat == 0
        with pytest.raises(JoinRefused, match="members only"):
            await join(broker.address, "t1", "mallory")
        sessions.append(await join(broker.address, "t1", "mallory", spectator=True))
        assert [seat.key for seat in host.seats if seat.key] == [keys_of("ann").public.hex()]
    finally:
        for session in sessions:
            await session.close()
        await host.close()

"""The club-server configuration docs/club.md documents, on the real Mosquitto: players play, and
nobody can send for another client or read another seat's events."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import aiomqtt
import pytest

from core.codec import command_to_wire
from net.club.lobby import Lobby
from net.club.moderating import time_out
from net.club.serve import Server
from net.errors import NetError
from net.link.connection import Link
from net.wire import topics
from net.wire.messages import Batch, read_host_message
from tests.kit.netkit import (
    FAST,
    MOSQUITTO,
    MosquittoBroker,
    RawClient,
    assert_same_game,
    close_all,
    join,
    keys_of,
    make_host,
    play_all,
    until,
)  # fmt: skip

pytestmark = pytest.mark.mosquitto
DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto"
USERS = {"referee": "ref-secret", "alice": "a-secret", "bob": "b-secret", "eve": "e-secret"}


def last_public(spy: RawClient) -> int:
    """The last event ``spy`` received on the table's public stream (-1: none yet)."""
    last = -1
    for topic, payload in spy.received:
        if topic == topics.public_events("t1"):
            message = read_host_message(payload)
            if isinstance(message, Batch) and message.envs:
                last = max(last, message.start + len(message.envs) - 1)
    return last


def club_config(workdir: Path) -> str:
    """The documented config, with this test's files in place of /etc/mosquitto."""
    passwd = workdir / "caldera.passwd"
    for i, (user, password) in enumerate(USERS.items()):
        flags = ["-c"] if i == 0 else []
        subprocess.run(["mosquitto_passwd", *flags, "-b", str(passwd), user, password],
                       check=True, capture_output=True)  # fmt: skip
    shutil.copy(DEPLOY / "caldera.acl", workdir / "caldera.acl")
    lines = []
    for line in (DEPLOY / "caldera.conf").read_text().splitlines():
        if line.startswith(("listener ", "certfile ", "keyfile ")):
            continue  # the test broker has its own loopback listener (test_tls tries TLS)
        lines.append(line.replace("/etc/mosquitto", str(workdir)))
    return "\n".join(lines) + "\n"


@pytest.fixture
async def club(tmp_path: Path) -> MosquittoBroker:
    if MOSQUITTO is None or shutil.which("mosquitto_passwd") is None:
        pytest.skip("mosquitto and mosquitto_passwd are needed")
    broker = MosquittoBroker(tmp_path, extra=club_config(tmp_path), anonymous=False)
    await broker.start()
    yield broker  # type: ignore[misc]
    await broker.stop()


async def test_the_documented_acl_lets_players_play_and_nobody_pry(
    club: MosquittoBroker, tmp_path: Path
) -> None:
    def login(user: str) -> object:
        return replace(club.address, username=user, password=USERS[user])

    with pytest.raises(NetError):  # anonymous clients are turned away
        await Link(club.address, client_id="anon").start(timeout=1)

    host = make_host(login("referee"), tmp_path, seats=2, turn_limit=3, auto_start=True)  # type: ignore[arg-type]
    await host.open()
    alice = await join(login("alice"), "t1", "alice")  # type: ignore[arg-type]
    bob = await join(login("bob"), "t1", "bob")  # type: ignore[arg-type]
    assert (alice.identity, bob.identity) == ("alice", "bob")
    prying = [
        topics.seat_events("t1", "+", "alice"),
        topics.reply("t1", "alice"),
        f"{topics.PREFIX}/tables/t1/#",
        f"{topics.PREFIX}/#",
    ]
    allowed = [topics.public_events("t1"), topics.card("t1")]
    eve = RawClient(login("eve"), "eve", [*prying, *allowed])  # type: ignore[arg-type]
    bob_spy = RawClient(login("bob"), "bob-spy", [topics.seat_events("t1", "+", "alice")])  # type: ignore[arg-type]
    try:
        async with eve, bob_spy:
            referee = host.referee
            assert referee is not None
            (mover,) = host.rules.to_move(referee.state)
            mover_id = ["alice", "bob"][mover]
            other_id = ["alice", "bob"][1 - mover]
            legal = host.rules.legal_commands(referee.state, mover)[0]
            request = {"k": "cmd", "id": "forged", "expected_seq": referee.seq,
                       "command": command_to_wire(legal, mover)}  # fmt: skip
            # eve forges the mover's identity: the broker drops it before the referee sees it
            await eve.send(topics.cmd("t1", mover, mover_id), request)
            # the other player sends for the mover's seat under their own name: the ACL lets it
            # through, and the referee says no
            keys = {"alice": alice.keys, "bob": bob.keys}[other_id]  # signed as themselves
            other = RawClient(login(other_id), other_id, [], keys=keys)  # type: ignore[arg-type]
            async with other:
                await other.send(topics.cmd("t1", mover, other_id), {**request, "id": "theirs"})
            await until(lambda: bool(host.rejections))  # eve's was dropped when it was sent
            assert referee.seq == request["expected_seq"]  # the forgery made no event
            assert list(host.rejections) == [
                (other_id, f"seat {mover + 1} ({mover_id.upper()}) is not yours")
            ]
            await play_all([alice, bob])
            await host.wait_ended(20)
            await assert_same_game(host, [alice, bob])
            await until(lambda: last_public(eve) == referee.seq - 1)  # eve saw the whole game
            alice.chat.say("good game")  # the chat's topics are open to the players
            await until(lambda: [h.words for h in bob.chat.lines] == ["ALICE says: good game"])
        private = [t for t, _ in eve.received if "/events/" in t or "/reply/" in t]
        assert set(private) == {topics.public_events("t1")}
        assert any(t == topics.public_events("t1") for t, _ in eve.received)
        assert bob_spy.received == []
    finally:
        await close_all(host, [alice, bob])


async def test_no_member_can_knock_another_off_or_flood_the_referee(
    club: MosquittoBroker, tmp_path: Path
) -> None:
    """A member connecting under the client ids a referee or a player would be known by knocks
    nobody off (every connection's id carries a random part), and a message bigger than the
    club's limit is dropped by the broker: the referee never holds it."""

    def login(user: str) -> object:
        return replace(club.address, username=user, password=USERS[user])

    host = make_host(login("referee"), tmp_path, seats=2, turn_limit=3, auto_start=True)  # type: ignore[arg-type]
    await host.open()
    alice = await join(login("alice"), "t1", "alice")  # type: ignore[arg-type]
    bob = await join(login("bob"), "t1", "bob")  # type: ignore[arg-type]
    try:
        for guess in ("caldera-host-t1", "caldera-t1-alice", host.link.name, alice.link.name):
            eve = RawClient(login("eve"), "eve", [])  # type: ignore[arg-type]
            eve.client._client._client_id = guess.encode()
            async with eve:  # its CONNACK came after the broker dealt with any same-id session
                pass
        huge = RawClient(login("alice"), "alice", [], keys=alice.keys)  # type: ignore[arg-type]
        async with huge:
            with contextlib.suppress(aiomqtt.MqttError):
                await huge.send(topics.cmd("t1", 0, "alice"), b"\x00" * (2 << 20))
        await play_all([alice, bob])
        await host.wait_ended(20)
        await assert_same_game(host, [alice, bob])
        assert (host.link.connections, alice.link.connections, bob.link.connections) == (1, 1, 1)
        assert not any("exceeds" in why or "malformed" in why for _, why in host.rejections)
        assert "max_packet_size" in club.conf.read_text()
        assert host.link.client_id.startswith("caldera-host-t1-")
    finally:
        await close_all(host, [alice, bob])


async def test_the_documented_acl_carries_the_lobby_chat_and_a_moderators_time_out(
    club: MosquittoBroker, tmp_path: Path
) -> None:
    """Under the club's ACL a lobby line goes to the server as a request and comes back on
    lobby/chat/<server> to every member; a moderator's time-out is answered and told."""

    def login(user: str) -> object:
        return replace(club.address, username=user, password=USERS[user])

    alice_keys = keys_of("alice")
    server = Server(login("referee"), server="club", replay_dir=tmp_path, backoff=FAST,  # type: ignore[arg-type]
                    moderators=frozenset({alice_keys.public.hex()}))  # fmt: skip
    await server.open()
    try:
        async with (
            Lobby(login("alice"), name="Alice", keys=alice_keys, backoff=FAST) as alice,  # type: ignore[arg-type]
            Lobby(login("bob"), name="Bob", keys=keys_of("bob"), backoff=FAST) as bob,  # type: ignore[arg-type]
        ):
            for lobby in (alice, bob):
                await lobby.wait_for(lambda lobby: "club" in lobby.servers)
            bob.chat.say("anyone for Arnak?")
            await until(lambda: [h.words for h in alice.chat.lines] == [
                "Bob says: anyone for Arnak?"])  # fmt: skip
            assert await time_out(alice, bob.keys.public.hex(), 5, "off topic") == ["club"]
            await until(lambda: any(h.timed_out == 5 for h in bob.chat.lines))
    finally:
        await server.close()

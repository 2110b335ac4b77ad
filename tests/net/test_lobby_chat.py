"""A club lobby's chat (issue 46), over amqtt and Mosquitto: two lobbies talk through the club's
server; a lobby opened later reads the last lines it kept; a relay not the server's, a line
whose sayer's signature does not hold and a relay replayed are dropped."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from net.club import lobby_room
from net.club.lobby import Lobby
from net.club.serve import Server
from net.errors import NetError
from net.table.chatting import BURST, PER_MINUTE
from net.wire import topics
from net.wire.messages import Said, encode
from tests.kit.netkit import FAST, RawClient, TestBroker, keys_of, until


def texts(lobby: Lobby) -> list[str]:
    return [h.text for h in lobby.chat.lines if not h.refused and h.timed_out is None]


async def test_lobbies_talk_and_a_late_one_reads_the_last_lines(
    broker: TestBroker, tmp_path: Path
) -> None:
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
    await server.open()
    eve = RawClient(address, "eve", [topics.lobby_chat("club")])
    try:
        async with eve, Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann:
            await ann.wait_for(lambda lobby: "club" in lobby.servers)
            for line in ("anyone?", "Arnak at 8", "Hello!"):
                ann.chat.say(line)
                await until(lambda line=line: texts(ann)[-1:] == [line])  # type: ignore[misc]
            assert all(h.own for h in ann.chat.lines)
            async with Lobby(address, name="Bob", keys=keys_of("bob"), backoff=FAST) as bob:
                await bob.wait_for(lambda lobby: "club" in lobby.servers)
                bob.chat.catch_up()  # as the app does when its lobby chat opens
                await until(lambda: texts(bob) == ["anyone?", "Arnak at 8", "Hello!"])
                assert all(h.earlier and h.name == "Ann" for h in bob.chat.lines)
                bob.chat.say("count me in")
                await until(lambda: texts(ann)[-1:] == ["count me in"])
                heard = ann.chat.lines[-1]
                assert (heard.name, heard.earlier, heard.own) == ("Bob", False, False)

                # eve passes a relay on as hers; the server's key relays an altered line (as a
                # server gone bad would: Ann's signature does not hold) and replays an old one
                dropped = bob.chat.dropped
                old = next(p for _, p in eve.received if b"anyone?" in p)
                await eve.send(topics.lobby_chat("club"), old)  # signed by eve: not the server
                said = list(server.chat.lobby_room.kept)
                altered = Said("lobby", said[0].n, "free gold", said[0].conn, said[0].key,
                               said[0].sig, "Ann", None, 10**9, 1)  # fmt: skip
                server.link.publish(topics.lobby_chat("club"), encode(altered))
                server.link.publish(topics.lobby_chat("club"), encode(said[1]))  # a replay
                bob.chat.say("marker")
                await until(lambda: texts(bob)[-1:] == ["marker"])
                assert texts(bob) == ["anyone?", "Arnak at 8", "Hello!", "count me in", "marker"]
                assert bob.chat.dropped == dropped + 3
                assert not bob.book.notes  # eve's relay cast no doubt on the server's key
    finally:
        await server.close()


async def test_made_up_keys_flood_no_lobby(broker: TestBroker, tmp_path: Path) -> None:
    """A key the server never met spends its budget of new keys (here one a minute) with its
    first lobby line: a second new key is refused and told why, a key it knows talks on."""
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST,
                    new_keys_per_minute=1)  # fmt: skip
    await server.open()
    try:
        async with (
            Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann,
            Lobby(address, name="Sybil", backoff=FAST) as sybil,
        ):
            for lobby in (ann, sybil):
                await lobby.wait_for(lambda lobby: "club" in lobby.servers)
            ann.chat.say("first")
            await until(lambda: texts(sybil) == ["first"])
            sybil.chat.say("buy now")
            await until(lambda: any(h.refused for h in sybil.chat.lines))
            refusal = next(h for h in sybil.chat.lines if h.refused)
            assert "new players a minute" in refusal.text
            ann.chat.say("second")
            await until(lambda: texts(sybil) == ["first", "second"])
            assert "buy now" not in texts(ann)
    finally:
        await server.close()


async def test_a_lobby_line_replayed_after_the_server_restarted_says_nothing_again(
    broker: TestBroker, tmp_path: Path, data_dir: Path
) -> None:
    """Eve captures Ann's lobby line as it went to the server, signatures and all, and sends it
    again once the server restarted: the server kept the newest line it took from each key (in
    its data folder), so the replay is dropped; Ann's next line, of the same session, is taken."""
    address = broker.address
    eve = RawClient(address, "eve", [topics.server_requests("club")])
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
    await server.open()
    try:
        async with eve, Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann:
            await ann.wait_for(lambda lobby: "club" in lobby.servers)
            ann.chat.say("meet at table 4")
            await until(lambda: texts(ann) == ["meet at table 4"])
            await until(lambda: [p for _, p in eve.raw if b"meet at table 4" in p])
            ((topic, captured),) = [(t, p) for t, p in eve.raw if b"meet at table 4" in p]
            await server.close()

            server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
            await server.open()
            await until(lambda: ann.link.connected and "club" in ann.servers)
            await eve.replay(topic, captured, retain=False)
            await until(lambda: any("again" in why for _, why in server.chat.lobby_room.dropped))
            ann.chat.say("table 5, sorry")
            await until(lambda: texts(ann)[-1:] == ["table 5, sorry"])
            assert texts(ann) == ["meet at table 4", "table 5, sorry"]
            assert [s.text for s in server.chat.lobby_room.kept] == ["table 5, sorry"]
    finally:
        await server.close()
    assert (data_dir / "servers" / "club.lobby-said.jsonl").exists()


async def test_a_lobby_full_of_voices_for_the_day_refuses_a_new_one_and_forgets_none(
    broker: TestBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server keeps each key's newest lobby number for the day its session counts: past
    ``MOST_SPEAKERS`` (2 here) a key new today is refused, in words, and Ann's number is not
    forgotten for it, so her line captured and sent again says nothing."""
    monkeypatch.setattr(lobby_room, "MOST_SPEAKERS", 2)
    address = broker.address
    eve = RawClient(address, "eve", [topics.server_requests("club")])
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
    await server.open()
    try:
        async with (
            eve,
            Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann,
            Lobby(address, name="Bob", keys=keys_of("bob"), backoff=FAST) as bob,
            Lobby(address, name="Cy", keys=keys_of("cy"), backoff=FAST) as cy,
        ):
            for lobby in (ann, bob, cy):
                await lobby.wait_for(lambda lobby: "club" in lobby.servers)
            ann.chat.say("first")
            await until(lambda: texts(cy) == ["first"])
            bob.chat.say("second")
            await until(lambda: texts(cy) == ["first", "second"])
            cy.chat.say("third")
            await until(lambda: any(h.refused for h in cy.chat.lines))
            (refused,) = [h for h in cy.chat.lines if h.refused]
            assert refused.words == (
                "Not sent: the club's lobby has heard too many players today: say it again later"
            )
            await until(lambda: [p for _, p in eve.raw if b"first" in p])
            ((topic, captured),) = [(t, p) for t, p in eve.raw if b"first" in p]
            await eve.replay(topic, captured, retain=False)
            room = server.chat.lobby_room
            await until(lambda: any("again (a replay)" in why for _, why in room.dropped))
            assert [s.text for s in room.kept] == ["first", "second"]
    finally:
        await server.close()


async def test_a_lobby_line_too_fast_says_so_and_when_the_next_may_go(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Ann floods the lobby: past the burst her server refuses, once, in her words and with
    the seconds to wait; the lines refused without a word (a refusal is told every 5 s at
    most) are not told as "not relayed"; her terminal sends nothing more until then."""
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
    await server.open()
    try:
        async with Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann:
            await ann.wait_for(lambda lobby: "club" in lobby.servers)
            ann.chat.relay_wait = 1.0
            for i in range(BURST + 5):
                ann.chat.say(f"line {i}")
            await until(lambda: any(h.refused for h in ann.chat.lines))
            await until(lambda: len(texts(ann)) == BURST)
            waited = asyncio.get_running_loop().time() + 1.5  # every line's wait is over
            await until(lambda: asyncio.get_running_loop().time() > waited)
            refused = [h for h in ann.chat.lines if h.refused]
            assert len(refused) == 1 and 0 < refused[0].wait <= 60 / PER_MINUTE
            assert re.fullmatch(r"Not sent: you are sending lines too fast: you may send the "
                                r"next one in \d+ seconds?", refused[0].words)  # fmt: skip
            if ann.chat.hush.until > asyncio.get_running_loop().time() + 0.5:
                with pytest.raises(NetError, match="too fast"):
                    ann.chat.say("and one more")
    finally:
        await server.close()


async def test_a_line_the_server_never_relays_is_told_as_not_sent(
    broker: TestBroker, tmp_path: Path
) -> None:
    """The club's server takes Ann's first line, then (stuck, or gone without its Last Will
    yet) relays nothing: her second line is told as not sent once its wait is over, never
    lost unsaid; the first, relayed, is not."""
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
    await server.open()
    try:
        async with Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann:
            await ann.wait_for(lambda lobby: "club" in lobby.servers)
            ann.chat.say("anyone?")
            await until(lambda: texts(ann) == ["anyone?"])
            assert not ann.chat._unrelayed  # relayed: its wait will tell nothing
            server.chat.lobby_room.on_line = lambda *line: None  # type: ignore[method-assign]
            ann.chat.relay_wait = 0.5
            ann.chat.say("hello?")
            await until(lambda: any(h.refused for h in ann.chat.lines))
            refused = [h for h in ann.chat.lines if h.refused]
            assert len(refused) == 1 and refused[0].own
            assert refused[0].words == (
                "Not sent: the club's server did not relay it: say it again in a moment"
            )
            assert texts(ann) == ["anyone?"]
    finally:
        await server.close()


async def test_the_lobby_fails_over_to_a_second_server_when_the_first_is_gone(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Two servers in the club: lines go to the first by id. Stuck, or gone before the broker
    tells its Last Will, it relays nothing: Ann's line goes to the second once its wait is
    over (Bob hears it, nothing is told unsent) and so do her next lines. Then the first is
    back and the second closes: her next line, unanswered by the second, goes to the first."""
    address = broker.address
    first = Server(address, server="club-a", replay_dir=tmp_path / "a", backoff=FAST)
    second = Server(address, server="club-b", replay_dir=tmp_path / "b", backoff=FAST)
    await first.open()
    await second.open()
    try:
        async with (
            Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann,
            Lobby(address, name="Bob", keys=keys_of("bob"), backoff=FAST) as bob,
        ):
            for lobby in (ann, bob):
                await lobby.wait_for(lambda lobby: {"club-a", "club-b"} <= set(lobby.servers))
            assert ann.chat.server == "club-a"
            ann.chat.say("anyone?")
            await until(lambda: texts(bob) == ["anyone?"])
            stuck = first.chat.lobby_room.on_line
            first.chat.lobby_room.on_line = lambda *line: None  # type: ignore[method-assign]
            ann.chat.relay_wait = 0.5
            ann.chat.say("hello?")
            await until(lambda: texts(bob) == ["anyone?", "hello?"])
            assert [s.text for s in second.chat.lobby_room.kept] == ["hello?"]
            assert ann.chat.server == "club-b" and "club-a" in ann.chat.silent
            ann.chat.say("still here")
            await until(lambda: texts(bob)[-1:] == ["still here"])
            assert [s.text for s in second.chat.lobby_room.kept] == ["hello?", "still here"]
            first.chat.lobby_room.on_line = stuck  # type: ignore[method-assign]
            await second.close()  # closed: its card cleared, no "gone" (the lobby still lists it)
            ann.chat.say("back to a")
            await until(lambda: texts(bob)[-1:] == ["back to a"])
            assert [s.text for s in first.chat.lobby_room.kept] == ["anyone?", "back to a"]
            assert not [h for h in ann.chat.lines if h.refused], "nothing told unsent"
            assert texts(ann) == ["anyone?", "hello?", "still here", "back to a"]
    finally:
        await first.close()
        await second.close()

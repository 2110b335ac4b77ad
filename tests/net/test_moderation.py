"""A club moderator times a key out of the chats of the club's tables and lobby (issue 46), over
amqtt and Mosquitto: the key's lines are refused, the rooms it speaks in are told who and why,
everyone else goes on talking, and a key the server's config does not name moderates nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import CodecError
from core.language import speaking
from net.club.lobby import Lobby
from net.club.moderating import moderation, time_out
from net.club.serve import Server
from net.errors import NetError
from net.table.chatting import TIMED_OUT
from net.wire.messages import TimeOut, encode, read_server_request
from tests.kit.netkit import FAST, TestBroker, join, keys_of, until
from tui.lines.chat import LineChat


def texts(lines: object) -> list[str]:
    return [h.text for h in lines if not h.refused and h.timed_out is None]  # type: ignore[attr-defined]


async def test_a_moderator_times_a_key_out_with_a_reason_shown(
    broker: TestBroker, tmp_path: Path
) -> None:
    address = broker.address
    mod_keys = keys_of("moderator")
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST,
                    moderators=frozenset({mod_keys.public.hex()}))  # fmt: skip
    await server.open()
    sessions = []
    try:
        host = await server.open_table("maunakea", 2, table="mod1", options={"turn_limit": 3})
        ann, bob = [await join(address, "mod1", name) for name in ("ann", "bob")]
        sessions = [ann, bob]
        await until(lambda: all(p.chat._connection()[1] for p in sessions))
        async with (
            Lobby(address, name="Mod", keys=mod_keys, backoff=FAST) as mod,
            Lobby(address, name="Bob", keys=keys_of("bob"), backoff=FAST) as bob_lobby,
        ):
            await mod.wait_for(lambda lobby: "club" in lobby.servers)
            await bob_lobby.wait_for(lambda lobby: "club" in lobby.servers)
            ann.chat.say("buy cheap gold")
            await until(lambda: texts(bob.chat.lines) == ["buy cheap gold"])

            with pytest.raises(NetError, match="only the club's moderators"):
                await time_out(bob_lobby, ann.keys.public.hex(), 10, "I do not like her")
            assert not server.chat.moderation.silenced(ann.keys.public.hex())
            with speaking("de"), pytest.raises(NetError, match="nur die Moderatoren des Clubs"):
                await time_out(bob_lobby, ann.keys.public.hex(), 10, "")  # read in German

            assert await time_out(mod, ann.keys.public.hex(), 10, "selling\ngold") == ["club"]
            await until(lambda: [h for h in bob.chat.lines if h.timed_out is not None])
            told = [h for h in bob.chat.lines if h.timed_out is not None]
            assert (told[0].name, told[0].timed_out, told[0].text) == ("ANN", 10, "selling gold")
            assert told[0].words == "A moderator timed ANN out for 10 minutes: selling gold"
            await until(lambda: any(h.timed_out == 10 for h in ann.chat.lines))  # she is told
            await until(lambda: any(h.timed_out == 10 for h in bob_lobby.chat.lines))  # the lobby

            ann.chat.say("more gold")
            await until(lambda: any(h.refused for h in ann.chat.lines))
            assert [h.text for h in ann.chat.lines if h.refused] == [TIMED_OUT]
            bob.chat.say("at last")  # everyone else talks on
            await until(lambda: texts(ann.chat.lines)[-1:] == ["at last"])
            assert "more gold" not in texts(bob.chat.lines)
            assert ("ann", TIMED_OUT) in host.chatting.dropped

            bob_lobby.chat.say("hello lobby")  # the lobby's chat goes on too
            await until(lambda: texts(mod.chat.lines) == ["hello lobby"])

            await time_out(mod, ann.keys.public.hex(), 0, "")  # lifted early
            await until(lambda: any(h.timed_out == 0 for h in bob.chat.lines))
            ann.chat.say("sorry")
            await until(lambda: texts(bob.chat.lines)[-1:] == ["sorry"])
    finally:
        for session in sessions:
            await session.close()
        await server.close()


def test_a_time_out_is_bounded_and_its_reason_clean() -> None:
    key = keys_of("ann").public.hex()
    order = TimeOut("m1", key, 60, "spam\x1b[31m " + "x" * 500)
    assert "\x1b" not in order.reason and len(order.reason) == 120
    assert read_server_request(encode(order)) == order
    for bad in (TimeOut("m2", "not a key", 10), TimeOut("m3", key, 7 * 24 * 60 + 1)):
        with pytest.raises(CodecError):
            read_server_request(encode(bad))


async def test_a_moderator_at_a_table_times_a_seat_out_by_its_name(
    broker: TestBroker, tmp_path: Path
) -> None:
    """``timeout ANN 5 rude`` in a table's chat (the line mode's, the app's /timeout): the
    moderator's terminal opens a lobby for the order; the table's room is told, Ann refused."""
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST,
                    moderators=frozenset({keys_of("mod").public.hex()}))  # fmt: skip
    await server.open()
    sessions = []
    try:
        await server.open_table("maunakea", 3, table="mod2", options={"turn_limit": 3})
        ann, bob, mod = [await join(address, "mod2", name) for name in ("ann", "bob", "mod")]
        sessions = [ann, bob, mod]
        await until(lambda: all(p.chat._connection()[1] for p in sessions))
        said: list[str] = []
        lines = LineChat(mod.chat, said.append, lambda: mod.card, tmp_path / "mod.toml",
                         moderate=moderation(address, mod.keys, mod.identity))  # fmt: skip
        assert lines.handles("timeout ANN 5 rude")
        await until(lambda: "ANN is timed out of the club's chats for 5 minutes." in said)
        await until(lambda: any(h.timed_out == 5 and h.text == "rude" for h in bob.chat.lines))
        assert "A moderator timed ANN out for 5 minutes: rude" in said  # the room's notice
        assert lines.handles("timeout nobody 5 x") and said[-1] == "Nobody called 'nobody' is here."
        assert lines.handles("timeout ANN soon") and said[-1].startswith("Type timeout NAME")
        bob_lines = LineChat(bob.chat, said.append, lambda: bob.card, tmp_path / "bob.toml",
                             moderate=moderation(address, bob.keys, bob.identity))  # fmt: skip
        bob_lines.handles("timeout MOD 5 revenge")
        await until(lambda: any(line.startswith("Not timed out:") for line in said))
        assert not server.chat.moderation.silenced(mod.keys.public.hex())
    finally:
        for session in sessions:
            await session.close()
        await server.close()


async def test_a_time_out_outlasts_a_restart_of_the_server(
    broker: TestBroker, tmp_path: Path, data_dir: Path
) -> None:
    """Timed out, the server restarted: Ann's lines are still refused at its tables and in its
    lobby, until the time-out ends; it was kept in the server's data folder."""
    address = broker.address
    moderators = frozenset({keys_of("moderator").public.hex()})
    ann_key = keys_of("ann").public.hex()
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST,
                    moderators=moderators)  # fmt: skip
    await server.open()
    try:
        async with Lobby(address, name="Mod", keys=keys_of("moderator"), backoff=FAST) as mod:
            await mod.wait_for(lambda lobby: "club" in lobby.servers)
            assert await time_out(mod, ann_key, 10, "spam") == ["club"]
    finally:
        await server.close()
    assert ann_key in (data_dir / "servers" / "club.time-outs.json").read_text()

    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST,
                    moderators=moderators)  # fmt: skip
    await server.open()
    sessions = []
    try:
        assert server.chat.moderation.silenced(ann_key)
        await server.open_table("maunakea", 2, table="kept1", options={"turn_limit": 3})
        ann, bob = [await join(address, "kept1", name) for name in ("ann", "bob")]
        sessions = [ann, bob]
        await until(lambda: all(p.chat._connection()[1] for p in sessions))
        ann.chat.say("more gold")
        await until(lambda: any(h.refused for h in ann.chat.lines))
        assert [h.text for h in ann.chat.lines if h.refused] == [TIMED_OUT]
        async with Lobby(address, name="Ann", keys=keys_of("ann"), backoff=FAST) as ann_lobby:
            await ann_lobby.wait_for(lambda lobby: "club" in lobby.servers)
            ann_lobby.chat.say("gold in the lobby")
            await until(lambda: any(h.refused for h in ann_lobby.chat.lines))

        moderation = server.chat.moderation
        later = moderation.clock() + 10 * 60
        moderation.clock = lambda: later  # the ten minutes are over
        ann.chat.say("sorry")
        await until(lambda: texts(bob.chat.lines)[-1:] == ["sorry"])
    finally:
        for session in sessions:
            await session.close()
        await server.close()


async def test_a_malformed_time_outs_file_is_told_in_one_line_set_aside_and_the_server_runs(
    broker: TestBroker, tmp_path: Path, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A time-outs file the server cannot read is told in one line and set aside beside it
    (``.bad-TIME``, two in the same second kept apart); the next time-out writes a good file and
    every bad one is still there, byte for byte."""
    kept = data_dir / "servers" / "club.time-outs.json"
    kept.parent.mkdir(parents=True)
    ann_key = keys_of("ann").public.hex()
    ended = {"format": 1, "time_outs": {ann_key: {"until": 1.0, "reason": "x", "minutes": 5}}}
    kept.write_text(json.dumps(ended))  # ended long ago: dropped, without a word
    assert not Server(broker.address, server="club").chat.moderation.silenced(ann_key)
    assert not caplog.records
    assert kept.exists()  # a good file is not set aside
    mod_keys = keys_of("moderator")
    garbages = ("{not", '{"format": 1, "time_outs": {"k": {"until": 1}}}')
    for n, garbage in enumerate(garbages):
        kept.write_text(garbage)
        caplog.clear()
        server = Server(broker.address, server="club", replay_dir=tmp_path, backoff=FAST,
                        moderators=frozenset({mod_keys.public.hex()}))  # fmt: skip
        await server.open()
        try:
            warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
            assert len(warnings) == 1 and "time-outs not kept" in warnings[0]
            assert "\n" not in warnings[0] and str(kept) in warnings[0]
            assert not kept.exists()
            aside = sorted(kept.parent.glob("club.time-outs.json.bad-*"))
            assert len(aside) == n + 1 and f"set aside as {aside[-1]}" in warnings[0]
            async with Lobby(broker.address, name="Ann", keys=keys_of("ann"),
                             backoff=FAST) as ann:  # fmt: skip
                await ann.wait_for(lambda lobby: "club" in lobby.servers)
                ann.chat.say(f"hello {n}")  # the server runs, with no one timed out
                await until(lambda n=n: texts(ann.chat.lines)[-1:] == [f"hello {n}"])
            if n == len(garbages) - 1:
                async with Lobby(broker.address, name="Mod", keys=mod_keys, backoff=FAST) as mod:
                    await mod.wait_for(lambda lobby: "club" in lobby.servers)
                    assert await time_out(mod, ann_key, 10, "spam") == ["club"]
        finally:
            await server.close()
    assert ann_key in json.loads(kept.read_text())["time_outs"]  # a good file, written anew
    aside_texts = sorted(path.read_text() for path in kept.parent.glob("*.bad-*"))
    assert aside_texts == sorted(garbages)  # neither bad file was lost

"""``caldera lobby --chat``: the club lobby's chat in the line mode (issue 46), over amqtt and
Mosquitto. A script in its own process reads what an app's lobby said before and after it came,
says a line the app's lobby hears under its name, is told one line for what it cannot do, and
leaves on ``quit``; its key is the terminal's lasting identity."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from net.club.lobby import Lobby
from net.club.serve import Server
from net.trust.identity import read_only
from tests.cli.test_lines import Script
from tests.kit.netkit import FAST, TestBroker, keys_of, until


def texts(lobby: Lobby) -> list[str]:
    return [h.text for h in lobby.chat.lines if not h.refused and h.timed_out is None]


async def test_the_line_mode_talks_in_the_lobby(
    broker: TestBroker, tmp_path: Path, config_dir: Path
) -> None:
    address = broker.address
    server = Server(address, server="club", replay_dir=tmp_path, backoff=FAST)
    await server.open()
    script = None
    try:
        await server.open_table("maunakea", 2, table="lob1", options={"turn_limit": 3})
        async with Lobby(address, name="Bob", keys=keys_of("bob"), backoff=FAST) as bob:
            await bob.wait_for(lambda lobby: "club" in lobby.servers)
            bob.chat.say("anyone for Mauna Kea?")
            await until(lambda: texts(bob) == ["anyone for Mauna Kea?"])

            script = Script(["lobby", "--chat", "--name", "Ann", "--broker", str(address)],
                            dict(os.environ))  # fmt: skip
            listed = await asyncio.to_thread(script.until, "lob1")
            assert "Mauna Kea" in listed  # the tables first
            await asyncio.to_thread(script.until, "The lobby's chat")
            said = await asyncio.to_thread(script.until, "anyone for")
            assert said == "Bob says: anyone for Mauna Kea?"  # said before it came

            script.send("say count me in")
            await until(lambda: texts(bob)[-1:] == ["count me in"])
            heard = bob.chat.lines[-1]
            mine = read_only()
            assert mine is not None and heard.key == mine[1].public.hex()  # its lasting key
            assert (heard.name, heard.own) == ("Ann", False)
            assert await asyncio.to_thread(script.until, "count me in") == "Ann says: count me in"

            bob.chat.say("great, table lob1")
            assert await asyncio.to_thread(script.until, "great") == "Bob says: great, table lob1"

            script.send("dance")  # not a command: one line, and it goes on
            assert "Type say" in await asyncio.to_thread(script.line)
            script.send("say")
            assert "Say what?" in await asyncio.to_thread(script.line)
            script.send("timeout Bob 5 spam")  # Ann is not a moderator: the server says no
            refused = await asyncio.to_thread(script.until, "Not timed out")
            assert "only the club's moderators" in refused
            assert not server.chat.moderation.silenced(keys_of("bob").public.hex())
            script.send("mute Bob")
            assert "hidden" in await asyncio.to_thread(script.until, "Bob")
            script.send("quit")
            assert await asyncio.to_thread(script.process.wait, 30) == 0, script.tail()
            assert texts(bob) == ["anyone for Mauna Kea?", "count me in", "great, table lob1"]
        assert str(keys_of("bob").public.hex()) in (config_dir / "config.toml").read_text()
    finally:
        if script is not None and script.process.poll() is None:
            script.process.kill()
        await server.close()


async def test_the_lobbys_chat_without_a_club_server_is_one_line(broker: TestBroker) -> None:
    script = Script(["lobby", "--chat", "--broker", str(broker.address)], dict(os.environ))
    try:
        assert await asyncio.to_thread(script.process.wait, 60) == 1
        assert script.process.stderr is not None
        told = script.process.stderr.read().strip().splitlines()
        assert len(told) == 1 and "no club server answered" in told[0], told
    finally:
        if script.process.poll() is None:
            script.process.kill()

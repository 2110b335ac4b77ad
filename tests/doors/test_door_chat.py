"""Chat through the SSH door (issue 46): two players, each an SSH client with a key of their own
and an app the door started for them, talk in the club's lobby chat over a real broker (amqtt)
and a club server; each one's line arrives on the other's screen under its name, signed by the
key of the app the door keeps for that player."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from net.club.serve import Server
from net.trust.identity import read_only
from tests.kit.doors import plain
from tests.kit.netkit import FAST, AmqttBroker
from tui.doors.ssh import Limits, SSHDoor


class Screen:
    """What one SSH session's app has shown, read as it comes (escape sequences dropped)."""

    def __init__(self, process: asyncssh.SSHClientProcess[str]) -> None:
        self.process = process
        self.seen = ""
        self.mark = 0  # where the next wait begins to look

    async def shows(self, *texts: str, limit: float = 60) -> str:
        """Wait until one of ``texts`` shows after the mark; the one that did (the mark moves
        past it)."""
        async with asyncio.timeout(limit):
            while True:
                shown = plain(self.seen)
                found = [(shown.find(t, self.mark), t) for t in texts if t in shown[self.mark :]]
                if found:
                    at, text = min(found)
                    self.mark = at + len(text)
                    return text
                chunk = await self.process.stdout.read(65536)
                assert chunk, f"the session ended; it showed: {shown[-500:]!r}"
                self.seen += chunk

    def type(self, text: str) -> None:
        self.process.stdin.write(text)


@pytest.fixture
async def broker() -> AsyncIterator[AmqttBroker]:
    broker = AmqttBroker()
    await broker.start()
    yield broker
    await broker.stop()


async def test_two_players_talk_in_the_lobby_through_the_ssh_door(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    server = Server(broker.address, server="club", replay_dir=tmp_path / "replays", backoff=FAST)
    await server.open()
    door = SSHDoor(tmp_path / "door", port=0, broker=str(broker.address),
                   limits=Limits(sessions=2, idle=300))  # fmt: skip
    await door.start()
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    try:
        async with (
            asyncssh.connect("127.0.0.1", door.port, username="player", known_hosts=None,
                             client_keys=[keys[0]], agent_path=None) as a,
            asyncssh.connect("127.0.0.1", door.port, username="player", known_hosts=None,
                             client_keys=[keys[1]], agent_path=None) as b,
        ):  # fmt: skip
            dora, bea = [
                Screen(await conn.create_process(term_type="xterm", term_size=(80, 24)))
                for conn in (a, b)
            ]
            for screen, name in ((dora, "Dora"), (bea, "Bea")):
                await screen.shows("What name shall the other players see?")
                screen.type(f"{name}\r")
            for screen in (dora, bea):
                await screen.shows("New local game")  # the menu
                screen.type("j")
                await screen.shows("(connected)")  # the lobby, on the club's broker
                screen.type("T")
                await screen.shows("Chat in the lobby")

            async def say(screen: Screen, line: str, name: str) -> None:
                """Type ``line`` until the club's server has answered the app's lobby (before
                that, the chat says it was not sent)."""
                async with asyncio.timeout(60):
                    while True:
                        screen.type(f"{line}\r")
                        if await screen.shows(f"{name} says: {line}", "Not sent") != "Not sent":
                            return

            await say(dora, "hello from the door", "Dora")
            await bea.shows("Dora says: hello from the door")
            await say(bea, "hi Dora, Arnak at 8?", "Bea")
            await dora.shows("Bea says: hi Dora, Arnak at 8?")
    finally:
        await door.close()
        kept = list(server.chat.lobby_room.kept)
        await server.close()
    said = {line.text: line for line in kept}
    assert set(said) == {"hello from the door", "hi Dora, Arnak at 8?"}
    homes = sorted((door.data_dir / "keys").glob("*/config"))
    assert len(homes) == 2
    identities = [read_only(directory=home) for home in homes]
    players = {identity[1].public.hex() for identity in identities if identity is not None}
    assert {said["hello from the door"].key, said["hi Dora, Arnak at 8?"].key} == players
    assert said["hello from the door"].name == "Dora" and said["hi Dora, Arnak at 8?"].name == "Bea"

"""Chat through the doors (issue 46), in the club's lobby chat over a real broker (amqtt) and a
club server. The SSH door: two players, each an SSH client with a key of their own and an app
the door started for them; each one's line arrives on the other's screen under its name, signed
by the key of the app the door keeps for that player. The browser door (``caldera web``): a
browser's player and a player of an installed Caldera talk both ways."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from net.club.lobby import Lobby
from net.club.serve import Server
from net.trust.identity import read_only
from tests.doors.test_web_door import browser, visit
from tests.kit.doors import ANSI, plain, web_door
from tests.kit.netkit import FAST, AmqttBroker, keys_of, until
from tui.doors.ssh import Limits, SSHDoor


class Screen:
    """What one door session's app has shown, read as it comes (escape sequences dropped):
    ``receive`` gives its next output ('' at its end), ``send`` types."""

    def __init__(
        self, receive: Callable[[], Awaitable[str]], send: Callable[[str], object]
    ) -> None:
        self.receive = receive
        self.send = send
        self.shown = ""  # what came, without its escape sequences
        self.mark = 0  # where in it the next wait begins to look
        self._cut = ""  # an escape sequence cut short at the end of what came

    @classmethod
    def of_ssh(cls, process: asyncssh.SSHClientProcess[str]) -> Screen:
        return cls(lambda: process.stdout.read(65536), process.stdin.write)

    @classmethod
    def of_browser(cls, ws: aiohttp.ClientWebSocketResponse) -> Screen:
        async def receive() -> str:
            while True:
                message = await ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    return str(message.data.decode("utf-8", "replace"))
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    return ""

        def send(text: str) -> object:
            return asyncio.ensure_future(ws.send_json(["stdin", text]))

        return cls(receive, send)

    async def shows(self, *texts: str, limit: float = 60) -> str:
        """Wait until one of ``texts`` shows after the mark; the one that did (the mark moves
        past it)."""
        async with asyncio.timeout(limit):
            while True:
                found = [(self.shown.find(t, self.mark), t) for t in texts
                         if t in self.shown[self.mark :]]  # fmt: skip
                if found:
                    at, text = min(found)
                    self.mark = at + len(text)
                    return text
                chunk = await self.receive()
                assert chunk, f"the session ended; it showed: {self.shown[-500:]!r}"
                self._take(chunk)

    def _take(self, chunk: str) -> None:
        data = self._cut + chunk
        last = data.rfind("\x1b")
        if last != -1 and not ANSI.match(data, last):  # its end comes with the next chunk
            data, self._cut = data[:last], data[last:]
        else:
            self._cut = ""
        self.shown += plain(data)

    def type(self, text: str) -> None:
        self.send(text)

    async def say(self, line: str, name: str) -> None:
        """In an open chat, type ``line`` until it comes back said under ``name`` (before the
        club's server answered the app's lobby, the chat says it was not sent)."""
        async with asyncio.timeout(60):
            while True:
                self.type(f"{line}\r")
                if await self.shows(f"{name} says: {line}", "Not sent") != "Not sent":
                    return

    async def open_lobby_chat(self) -> None:
        """From the menu: the lobby (j), on the club's broker, and its chat (T)."""
        await self.shows("New local game")
        self.type("j")
        await self.shows("(connected)")
        self.type("T")
        await self.shows("Chat in the lobby")


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
                Screen.of_ssh(await conn.create_process(term_type="xterm", term_size=(80, 24)))
                for conn in (a, b)
            ]
            for screen, name in ((dora, "Dora"), (bea, "Bea")):
                await screen.shows("What name shall the other players see?")
                screen.type(f"{name}\r")
            for screen in (dora, bea):
                await screen.open_lobby_chat()
            await dora.say("hello from the door", "Dora")
            await bea.shows("Dora says: hello from the door")
            await bea.say("hi Dora, Arnak at 8?", "Bea")
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


async def test_a_browser_and_an_installed_player_talk_through_the_web_door(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    server = Server(broker.address, server="club", replay_dir=tmp_path / "replays", backoff=FAST)
    await server.open()
    try:
        with web_door(tmp_path / "door", "--broker", str(broker.address)) as door:
            async with (
                Lobby(broker.address, name="Bob", keys=keys_of("bob"), backoff=FAST) as bob,
                browser() as http,
                http.ws_connect((await visit(http, door)).replace("100", "80", 1)) as ws,
            ):
                await bob.wait_for(lambda lobby: "club" in lobby.servers)
                web = Screen.of_browser(ws)
                await web.open_lobby_chat()
                [home] = door.homes()
                identity = read_only(directory=home / "config")
                assert identity is not None
                _client, keys = identity
                await web.say("hello from a browser", "Player")  # no name given: "Player"
                await until(lambda: any(h.text == "hello from a browser" for h in bob.chat.lines))
                heard = next(h for h in bob.chat.lines if h.text == "hello from a browser")
                assert heard.key == keys.public.hex() and not heard.own
                bob.chat.say("welcome, browser")
                await web.shows("Bob says: welcome, browser")
    finally:
        await server.close()

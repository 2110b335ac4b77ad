"""The browser door at the websocket, without a browser: the page gives a browser its token, a
session runs the app for that browser's home, a key reaches the app, the browser's games are
there on its next visit; no token, a second tab, a full door and an idle session are refused or
ended in one line."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp

from core.games import get_rules
from tests.kit.doors import Door, plain, web_door


async def read_until(ws: aiohttp.ClientWebSocketResponse, text: str, seen: list[str]) -> str:
    """What the app sent, until its screen shows ``text`` (fails after 60 s)."""
    deadline = time.monotonic() + 60
    while text not in plain("".join(seen)):
        left = deadline - time.monotonic()
        assert left > 0, f"the app never showed {text!r}: {plain(''.join(seen))[-400:]!r}"
        message = await ws.receive(timeout=left)
        if message.type == aiohttp.WSMsgType.BINARY:
            seen.append(message.data.decode("utf-8", "replace"))
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            raise AssertionError(f"closed before {text!r}: {plain(''.join(seen))[-400:]!r}")
    return plain("".join(seen))


async def until_closed(ws: aiohttp.ClientWebSocketResponse) -> str:
    """Everything the door says until it closes the websocket."""
    said = []
    async for message in ws:
        if message.type == aiohttp.WSMsgType.BINARY:
            said.append(message.data.decode())
    return "".join(said)


async def once_the_tab_closed(
    http: aiohttp.ClientSession, ws_url: str
) -> tuple[aiohttp.ClientWebSocketResponse, str]:
    """The browser's next visit, once the door has seen its last tab's session end (until
    then it refuses another tab: ask again, for at most 60 s)."""
    deadline = time.monotonic() + 60
    while True:
        ws = await http.ws_connect(ws_url)
        message = await ws.receive(timeout=60)
        first = message.data.decode("utf-8", "replace") if isinstance(message.data, bytes) else ""
        if "plays in another tab already" not in first:
            return ws, first  # and what the app sent first
        await ws.close()
        assert time.monotonic() < deadline, "the door still says the first tab plays"
        await asyncio.sleep(0.1)


def browser() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # IP-address hosts


async def visit(http: aiohttp.ClientSession, door: Door) -> str:
    """Load the page (a new browser gets its token); the websocket's address."""
    page = await http.get(door.url + "/")
    assert page.status == 200 and "textual-terminal" in await page.text()
    return door.url.replace("http", "ws") + "/ws?width=100&height=30"


async def test_a_browser_plays_in_its_own_home_and_finds_its_games_again(tmp_path: Path) -> None:
    with web_door(tmp_path / "door") as door:
        async with browser() as http:
            ws_url = await visit(http, door)
            cookie = next(c for c in http.cookie_jar if c.key == "caldera_door")
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
            token = cookie.value
            async with http.ws_connect(ws_url) as ws:
                seen: list[str] = []
                await read_until(ws, "New local game", seen)
                await ws.send_json(["stdin", "n"])  # a key reaches the app: the new game form
                await read_until(ws, "Turn limit", seen)
                await ws.send_json(["stdin", "\x13"])  # ctrl+s starts the game
                [home] = door.homes()
                replays = home / "data" / "replays"
                for _ in range(600):
                    if list(replays.glob("*.caldera")):
                        break
                    await asyncio.sleep(0.05)
                assert list(replays.glob("*.caldera")), "the game is saved in the browser's home"
                async with http.ws_connect(ws_url) as second:  # the same browser, another tab
                    assert "plays in another tab already" in await until_closed(second)
            assert token not in str(home) and (home / "config").is_dir()
            game = next((home / "data" / "replays").glob("*.caldera")).name.split("-")[2]
            again, first = await once_the_tab_closed(http, ws_url)
            async with again:  # its next visit: its own saved games
                shown = await read_until(again, "New local game", [first])
                shown = await read_until(again, get_rules(game).title, [shown])
                assert "No saved games yet" not in shown
            assert door.homes() == [home]
        async with aiohttp.ClientSession() as bare, bare.ws_connect(ws_url) as ws:
            assert "No token: load the page first" in await until_closed(ws)  # cookies off


async def test_a_full_door_says_so_and_an_idle_session_ends(tmp_path: Path) -> None:
    with web_door(tmp_path / "door", "--sessions", "1", "--idle", "0.05") as door:
        async with browser() as first, browser() as other:
            ws_url = await visit(first, door)
            await visit(other, door)
            async with first.ws_connect(ws_url) as ws:
                await read_until(ws, "New local game", [])
                async with other.ws_connect(ws_url) as refused:
                    assert "The door is full (1 player)" in await until_closed(refused)
                started = time.monotonic()
                await until_closed(ws)  # 3 s without a key: the door ends the session
                assert ws.close_code == 4001
                assert time.monotonic() - started < 30


async def test_the_menu_shows_a_browser_its_own_folder_not_the_servers(tmp_path: Path) -> None:
    with web_door(tmp_path / "door") as door:
        async with browser() as http, http.ws_connect(await visit(http, door)) as ws:
            shown = await read_until(ws, "No saved games yet", [])
            shown = " ".join((await read_until(ws, "replays", [shown])).split())
    assert "kept in your replays/ folder" in shown
    assert str(tmp_path) not in shown and "browsers" not in shown


async def test_each_browser_reads_the_menu_in_its_own_language(tmp_path: Path) -> None:
    """Two browsers at once, one asking for German, one for French (their Accept-Language):
    each app speaks its browser's language, and so does the door's own refusal."""
    with web_door(tmp_path / "door") as door:
        async with browser() as german, browser() as french:
            ws_url = await visit(german, door)
            await visit(french, door)
            asks_de = {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}
            asks_fr = {"Accept-Language": "ja, fr-CH;q=0.9, de;q=0.3"}
            async with (
                german.ws_connect(ws_url, headers=asks_de) as a,
                french.ws_connect(ws_url, headers=asks_fr) as b,
            ):
                shown_a = await read_until(a, "Neues Spiel hier", [])
                shown_b = await read_until(b, "Nouvelle partie", [])
                async with french.ws_connect(ws_url, headers=asks_fr) as second:
                    said = await until_closed(second)
            assert "Ce navigateur joue déjà dans un autre onglet." in said
    assert "Nouvelle partie" not in shown_a and "New local game" not in shown_a
    assert "Neues Spiel hier" not in shown_b and "New local game" not in shown_b

"""What one visitor can hold at the browser door, at real websockets and real app processes: a
browser that never reads loses its session, apps end with the door, one address opens only a
few websockets (and a refused or ended visit leaves no home behind), one message is small."""

from __future__ import annotations

import asyncio
import secrets
import signal
import subprocess
import time
from pathlib import Path

import aiohttp
import pytest

from tests.doors.test_web_door import browser, read_until, until_closed, visit
from tests.kit.doors import DeafBrowser, apps, wait_until, web_door

STOP_TIMEOUT = 5  # seconds a stopping door is given (systemd's default is 90; the goal is 2)


async def test_a_browser_that_types_but_never_reads_loses_its_session(tmp_path: Path) -> None:
    with web_door(tmp_path / "door", "--idle", "0.05") as door:  # 3 s
        async with browser() as http:
            await visit(http, door)  # the page
        deaf = DeafBrowser(door, secrets.token_urlsafe(32))
        try:
            wait_until(lambda: apps(door.folder), "the deaf browser's app")
            deadline = time.monotonic() + 60
            keys = ["\x1b[B", "\x1b[A"]  # down, up: each moves the menu's cursor, a new frame
            while apps(door.folder) and time.monotonic() < deadline:
                deaf.send(["stdin", keys[0]])  # keys keep it from idling
                deaf.send(["resize", {"width": 80 + len(keys[0]), "height": 24}])
                keys.reverse()
                await asyncio.sleep(0.02)
            assert not apps(door.folder), "the app of a browser that reads nothing lives on"
            wait_until(lambda: not deaf.send(["stdin", "x"]), "the door to hang up")
        finally:
            deaf.close()


async def test_every_app_ends_with_the_door(tmp_path: Path) -> None:
    with web_door(tmp_path / "door") as door:
        async with browser() as first, browser() as second:
            reading = await first.ws_connect(await visit(first, door))
            await read_until(reading, "New local game", [])
            await visit(second, door)
            token = next(c.value for c in second.cookie_jar if c.key == "caldera_door")
            deaf = DeafBrowser(door, token)  # one that reads nothing, and has stopped its app
            for _ in range(200):
                deaf.send(["resize", {"width": 100 + _ % 50, "height": 40}])
            wait_until(lambda: len(apps(door.folder)) >= 2, "two apps")
            started = time.monotonic()
            door.process.send_signal(signal.SIGTERM)  # as a service manager stops it:
            try:
                door.process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                door.process.kill()  # and SIGKILL once its time is up
                door.process.wait()
            took = time.monotonic() - started
            left = apps(door.folder)
            deaf.close()
            await reading.close()
    print(f"the door stopped {took:.2f} s after SIGTERM")
    assert not left, f"apps outlived the door ({took:.1f} s after SIGTERM): {left}"


async def test_one_address_opens_few_websockets_and_leaves_no_homes(tmp_path: Path) -> None:
    with web_door(tmp_path / "door", "--per-address", "2") as door:
        async with browser() as one, browser() as two, browser() as three:
            url = await visit(one, door)
            await visit(two, door)
            await visit(three, door)
            async with one.ws_connect(url) as a, two.ws_connect(url) as b:
                await read_until(a, "New local game", [])
                await read_until(b, "New local game", [])
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await three.ws_connect(url)
                assert refused.value.status == 429
                answer = await three.get(url.replace("ws", "http", 1))
                assert "Too many connections from your address (2)" in await answer.text()
                assert len(door.homes()) == 2 and len(apps(door.folder)) == 2
                other = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))  # another address
                async with (
                    aiohttp.ClientSession(connector=other, cookie_jar=three.cookie_jar) as four,
                    four.ws_connect(url) as c,
                ):
                    await read_until(c, "New local game", [])
        wait_until(lambda: not apps(door.folder), "the apps to end")
        try:
            wait_until(lambda: door.homes() == [], "the empty homes to go")
        except AssertionError as gave_up:  # say what kept them (a full run at load 17 did)
            held = [str(f.relative_to(door.folder)) for h in door.homes() for f in h.rglob("*")]
            raise AssertionError(f"{gave_up}; what they hold: {held}") from None


async def test_one_message_is_small_and_a_long_one_ends_the_session(tmp_path: Path) -> None:
    with web_door(tmp_path / "door") as door:
        async with browser() as http, http.ws_connect(await visit(http, door)) as ws:
            await read_until(ws, "New local game", [])
            await ws.send_json(["stdin", "x" * 1_000_000])
            await asyncio.wait_for(until_closed(ws), 60)
            assert ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        wait_until(lambda: not apps(door.folder), "the app to end")

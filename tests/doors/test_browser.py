"""The browser door in a real browser: headless Chromium (Debian's ``chromium``) opens the
page, the menu comes through the page's own websocket and is painted, and keys typed into the
page with no click first start a local game (saved in that browser's home on the server). The
page asks for nothing outside the door (no font service).

xterm.js paints on a canvas (no text layer to read), so the test reads what the page's websocket
received (a script wraps ``WebSocket`` before the page's own run) and compares screenshots'
pixels: the menu's, and the game's after the keys.
"""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.kit.doors import plain, web_door
from tests.kit.lifeline import dies_with_us

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1100,800",
)  # fmt: skip
TEE = """
window.__received = [];
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Native(...args);
  socket.addEventListener("message", (event) => {
    if (event.data instanceof Blob) {
      event.data.text().then((text) => window.__received.push(text));
    } else if (event.data instanceof ArrayBuffer) {
      window.__received.push(new TextDecoder().decode(event.data));
    }
  });
  return socket;
};
window.WebSocket.prototype = Native.prototype;
"""


class Page:
    """A Chrome DevTools Protocol session on one page."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.calls = 0
        self.requested: list[str] = []  # every address the page asked for (Network.enable)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.calls += 1
        me = self.calls
        await self.ws.send_json({"id": me, "method": method, "params": params})
        while True:
            message = await self.ws.receive_json(timeout=60)
            if message.get("method") == "Network.requestWillBeSent":
                self.requested.append(message["params"]["request"]["url"])
            if message.get("id") == me:
                assert "error" not in message, message
                return message.get("result", {})  # type: ignore[no-any-return]

    async def received(self) -> str:
        done = await self.call(
            "Runtime.evaluate", expression="window.__received.join('')", returnByValue=True
        )
        return plain(str(done["result"].get("value", "")))

    async def until_received(self, text: str) -> str:
        deadline = time.monotonic() + 60
        while text not in (seen := await self.received()):
            assert time.monotonic() < deadline, f"the page never got {text!r}: {seen[-300:]!r}"
            await asyncio.sleep(0.1)
        return seen

    async def screenshot(self) -> bytes:
        shot = await self.call("Page.captureScreenshot", format="png")
        return base64.b64decode(shot["data"])

    async def key(self, key: str, code: str, keycode: int, modifiers: int = 0) -> None:
        text = {} if modifiers else {"text": key}
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent", type=kind, key=key, code=code,
                windowsVirtualKeyCode=keycode, modifiers=modifiers,
                **(text if kind == "keyDown" else {}),
            )  # fmt: skip


@pytest.fixture
def chromium() -> str:
    found = shutil.which("chromium")
    if found is None:
        if os.environ.get("CI"):  # CI installs it: never skip there
            pytest.fail("chromium is not installed")
        pytest.skip("needs chromium (CI installs it)")
    return found


async def test_chromium_shows_the_menu_and_a_key_starts_a_game_with_no_click(
    chromium: str, tmp_path: Path
) -> None:
    profile = tempfile.mkdtemp(dir=tmp_path)
    with web_door(tmp_path / "door") as door:
        browser = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=dies_with_us(signal.SIGKILL),
        )  # fmt: skip
        try:
            active = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + 60
            while not (active.exists() and active.read_text().strip()):
                assert time.monotonic() < deadline, "chromium never opened its DevTools port"
                await asyncio.sleep(0.05)
            port = active.read_text().split()[0]
            async with aiohttp.ClientSession() as http:
                targets = await (await http.get(f"http://127.0.0.1:{port}/json")).json()
                target = next(t for t in targets if t["type"] == "page")
                async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    page = Page(ws)
                    await page.call("Page.enable")
                    await page.call("Network.enable")
                    blank = await page.screenshot()
                    await page.call("Page.addScriptToEvaluateOnNewDocument", source=TEE)
                    await page.call("Page.navigate", url=door.url + "/")
                    await page.until_received("New local game")
                    await asyncio.sleep(0.5)  # the frame is painted
                    menu = await page.screenshot()
                    await page.key("n", "KeyN", 78)  # no click first: the page has the focus
                    await page.until_received("Turn limit")
                    await page.key("s", "KeyS", 83, modifiers=2)  # ctrl+s: start
                    deadline = time.monotonic() + 60
                    while not list(door.folder.glob("browsers/*/data/replays/*.caldera")):
                        assert time.monotonic() < deadline, "no game started in the browser"
                        await asyncio.sleep(0.1)
                    await page.until_received("— local")  # the table's header
                    await asyncio.sleep(0.5)
                    game = await page.screenshot()
                    await page.key("p", "KeyP", 80, modifiers=2)  # ctrl+p: the page's, not print
                    await page.until_received("Search for commands")
        finally:
            browser.kill()
            browser.wait()
    outside = [url for url in page.requested if not url.startswith(door.url + "/")]
    assert page.requested and not outside, f"the page asked outside the door: {outside}"
    assert menu.startswith(b"\x89PNG") and game.startswith(b"\x89PNG")
    print(f"PNG bytes: blank {len(blank)}, menu {len(menu)}, game {len(game)}")
    assert len(menu) > 5 * len(blank)  # painted: a flat page compresses to almost nothing
    assert menu != game and len(game) > 5 * len(blank)  # the table replaced the menu

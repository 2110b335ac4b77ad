"""Helpers for the door tests: a real ``caldera web`` on a free loopback port, and reading what
its app sends to a browser."""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from net.link.broker import free_port
from tests.kit.lifeline import dies_with_us

ANSI = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])")


def plain(data: str) -> str:
    """Terminal output without its escape sequences."""
    return ANSI.sub("", data)


@dataclass
class Door:
    url: str
    folder: Path
    process: subprocess.Popen[str]

    def homes(self) -> list[Path]:
        return sorted((self.folder / "browsers").glob("*"))


@contextmanager
def web_door(folder: Path, *flags: str) -> Iterator[Door]:
    """``caldera web`` serving on a free port (its broker on another), until the block ends."""
    port = free_port()
    broker = f"mqtt://127.0.0.1:{free_port()}"
    process = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "web", "--port", str(port), "--data-dir", str(folder),
         "--broker", broker, *flags],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        preexec_fn=dies_with_us(signal.SIGTERM),
    )  # fmt: skip
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("caldera web: http://"), line
        deadline = time.monotonic() + 60
        while True:  # listening once the port answers
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline, "caldera web never listened"
            time.sleep(0.05)
        yield Door(f"http://127.0.0.1:{port}", folder, process)
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until(condition: object, what: str, limit: float = 60.0) -> None:
    """Wait (polling) until ``condition()`` holds; fail saying ``what`` after ``limit`` s."""
    deadline = time.monotonic() + limit
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def apps(folder: Path) -> list[int]:
    """The processes (alive, not zombies) that run an app for one of the door's homes: found by
    their environment, so an app is found even once its door is gone."""
    mark = f"CALDERA_DATA_DIR={folder}/".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and any(part.startswith(mark) for part in environ.split(b"\0")):
            found.append(int(entry.name))
    return found


class DeafBrowser:
    """A websocket client that never reads what it is sent (its receive buffer kept small, so
    the door's sends back up at once), and types."""

    def __init__(self, door: Door, token: str) -> None:
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.socket.connect(("127.0.0.1", int(door.url.rsplit(":", 1)[1])))
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall(
            f"GET /ws?width=200&height=60 HTTP/1.1\r\nHost: {door.url.split('//')[1]}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Sec-WebSocket-Version: 13\r\nCookie: caldera_door={token}\r\n\r\n".encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:  # the handshake's answer, and nothing after it
            answer += self.socket.recv(1)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        self.socket.settimeout(0.2)

    def send(self, message: list[object]) -> bool:
        """Send one message (masked, as a browser does); ``False`` once the door hung up."""
        data = json.dumps(message).encode()
        mask = os.urandom(4)
        size = len(data)
        head = bytes([0x81, 0x80 | size] if size < 126 else [0x81, 0xFE, size >> 8, size & 255])
        try:
            self.socket.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
        except TimeoutError:
            return True  # the door reads slowly: still there
        except OSError:
            return False
        return True

    def close(self) -> None:
        self.socket.close()

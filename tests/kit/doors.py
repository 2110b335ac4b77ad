"""Helpers for the door tests: a real ``caldera web`` on a free loopback port, and reading what
its app sends to a browser."""

from __future__ import annotations

import re
import signal
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
        import socket

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

"""The menu drawn at once (tui.launch.splash): the real ``caldera`` in a pseudo-terminal keeps its
menu's first frame, the next launch draws it before the app has started, keys typed meanwhile
reach the app, and the terminal's settings are as they were when it ends."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.kit.lifeline import dies_with_us
from tui.launch import splash

APP_STARTED = b"\x1b[?1004h"  # Textual's driver asks for focus events once it runs
MENU = b"New local game"
COLUMNS, ROWS = 100, 40


class Launch:
    """``caldera`` with no words in a 100x40 pseudo-terminal of its own."""

    def __init__(self, data: Path, **env: str) -> None:
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.settings = termios.tcgetattr(self.slave)
        environ = {**os.environ, "TERM": "xterm-256color", "CALDERA_DATA_DIR": str(data), **env}
        environ.pop("TEXTUAL_DRIVER", None)
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("caldera"))],
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            env=environ,
            start_new_session=True,
            preexec_fn=dies_with_us(),
        )
        self.seen = b""

    def read_until(self, needle: bytes, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while needle not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"never saw {needle!r}; the output ended with {self.seen[-300:]!r}"
            if select.select([self.master], [], [], left)[0]:
                self.seen += os.read(self.master, 65536)

    def ends(self) -> int:
        """The exit code, the output read meanwhile (the app writes as it leaves)."""
        deadline = time.monotonic() + 60
        while self.proc.poll() is None:
            assert time.monotonic() < deadline, "caldera did not end"
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:
                    break
        return self.proc.wait(timeout=60)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def kept_frame(tmp_path: Path) -> Path:
    """A first launch that kept its menu's frame, ended by ``q``."""
    first = Launch(tmp_path)
    try:
        first.read_until(APP_STARTED)
        first.read_until(MENU)
        folder = tmp_path / "cache"
        deadline = time.monotonic() + 60
        while not list(folder.glob("menu-*.frame")):  # kept just after the first frame
            assert time.monotonic() < deadline, "the menu's first frame was not kept"
            if select.select([first.master], [], [], 0.05)[0]:
                os.read(first.master, 65536)  # what the app draws meanwhile, read and let go
        os.write(first.master, b"q")
        assert first.ends() == 0
    finally:
        first.close()
    (frame,) = folder.glob(f"menu-{COLUMNS}x{ROWS}-*.frame")
    assert MENU in frame.read_bytes()
    return tmp_path


def test_the_next_launch_draws_the_kept_menu_before_the_app_starts(kept_frame: Path) -> None:
    launch = Launch(kept_frame)
    try:
        launch.read_until(MENU)
        assert APP_STARTED not in launch.seen  # drawn before Textual's driver ran
        os.write(launch.master, b"q")  # typed while the app loads: it is the app's
        assert launch.ends() == 0
        assert APP_STARTED in launch.seen  # the app did start, read the q and quit
        now = termios.tcgetattr(launch.slave)
        assert now[3] & termios.ECHO and now[3] & termios.ICANON  # the terminal as it was
        assert now == launch.settings
    finally:
        launch.close()


def test_no_kept_frame_is_drawn_when_told_not_to(kept_frame: Path) -> None:
    launch = Launch(kept_frame, CALDERA_SPLASH="0")
    try:
        launch.read_until(MENU)
        assert APP_STARTED in launch.seen.split(MENU)[0]  # only the app drew the menu
        os.write(launch.master, b"q")
        assert launch.ends() == 0
    finally:
        launch.close()


def test_a_frame_is_kept_per_size_and_colours(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CALDERA_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLORTERM", "truecolor")
    splash.keep(80, 24, "\x1b[1;1Hmenu")
    assert splash.frame_file(80, 24).read_bytes() == b"\x1b[1;1Hmenu"
    assert not splash.frame_file(81, 24).exists()
    monkeypatch.setenv("COLORTERM", "")
    assert not splash.frame_file(80, 24).exists()  # other colours, another frame
    assert splash.show() is None  # pytest's own streams are not a terminal

"""The menu on the screen at once: the frame the menu first showed at the last launch, written
to the terminal before Textual is even imported, then drawn over by the app.

Importing Textual and starting the app take ~0.2 s of CPU here and several times that on slower
cores; the menu's first frame, kept from the last launch in this terminal's size and colours,
shows in the time Python takes to start. Keys typed meanwhile are neither echoed nor lost: the
terminal stops echoing and hands them over unbuffered, and the app reads them once it runs (the
terminal's own settings are back before it starts, so the app saves and restores those). The
frame is only a picture: the app draws the real menu over it, and keeps its own first frame for
the next launch (:func:`keep`). Nothing is drawn where no frame was kept (the first launch, a
new size), where input or output is not a terminal, or with ``CALDERA_SPLASH=0``.

Only the standard library's smallest modules are imported here: this runs before everything.
"""

from __future__ import annotations

import contextlib
import os
import sys
import zlib
from pathlib import Path
from typing import Any

ENV = "CALDERA_SPLASH"  # "0": never draw a kept frame
ENTER = b"\x1b[?1049h\x1b[?25l"  # the alternate screen, the cursor hidden (as the app's)
LEAVE = b"\x1b[?1049l\x1b[?25h"  # back, should the app never start
SYNC = (b"\x1b[?2026h", b"\x1b[?2026l")  # one frame at once, where the terminal can
COLOUR_ENV = ("TERM", "COLORTERM", "NO_COLOR", "TEXTUAL_COLOR_SYSTEM")  # what changes a frame


def frame_file(columns: int, rows: int) -> Path:
    """Where the menu's first frame in this size and these colour settings is kept."""
    from replays.data_dir import cache_dir

    colours = "\0".join(os.environ.get(name, "") for name in COLOUR_ENV)
    return cache_dir() / f"menu-{columns}x{rows}-{zlib.crc32(colours.encode()):08x}.frame"


def at_a_terminal() -> bool:
    """Whether the app would run in this process's own terminal (not in a test, not in the
    browser door, whose driver Textual is told)."""
    if os.environ.get(ENV) == "0" or "TEXTUAL_DRIVER" in os.environ:
        return False
    try:
        return os.isatty(sys.stdin.fileno()) and os.isatty(sys.stdout.fileno())
    except (AttributeError, ValueError, OSError):  # streams replaced or closed
        return False


class Shown:
    """A kept frame on the screen, and the terminal's settings to give back."""

    def __init__(self, settings: list[Any]) -> None:
        self.settings = settings
        self.handed_over = False  # the app started: it leaves the screen as it found it

    def hand_over(self) -> None:
        """The terminal's own settings back, just before the app starts (the app saves them
        and restores them when it ends or is suspended)."""
        import termios

        termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, self.settings)
        self.handed_over = True

    def take_back(self) -> None:
        """Leave the screen as it was, should the app not have started (an error on the way)."""
        if not self.handed_over:
            self.hand_over()
            _write(LEAVE)


def show() -> Shown | None:
    """Draw the menu's kept frame, if there is one for this terminal (see the module)."""
    if not at_a_terminal():
        return None
    try:
        size = os.get_terminal_size(sys.stdout.fileno())
        frame = frame_file(size.columns, size.lines).read_bytes()
    except OSError:
        return None
    try:
        import termios
    except ImportError:  # not a POSIX terminal (Windows): the app draws the menu itself
        return None

    stdin = sys.stdin.fileno()
    try:
        settings = termios.tcgetattr(stdin)
        quiet = termios.tcgetattr(stdin)
        quiet[3] &= ~(termios.ECHO | termios.ICANON)  # keys kept for the app, not echoed
        termios.tcsetattr(stdin, termios.TCSANOW, quiet)
    except termios.error:
        return None
    shown = Shown(settings)
    try:
        _write(ENTER + SYNC[0] + frame + SYNC[1])
    except OSError:  # a terminal that takes no output: the app will say what is wrong
        with contextlib.suppress(OSError, termios.error):
            shown.take_back()
        return None
    return shown


def keep(columns: int, rows: int, frame: str) -> None:
    """Keep ``frame`` (terminal text drawing the whole screen) as the menu's first frame in
    this size, for the next launch. A folder that cannot be written keeps nothing."""
    path = frame_file(columns, rows)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fresh = path.with_name(f".{path.name}.{os.getpid()}")
        fresh.write_bytes(frame.encode())
        fresh.replace(path)  # whole or not at all: a launch never reads half a frame
    except OSError:
        return


def _write(data: bytes) -> None:
    out = sys.stdout.fileno()
    view = memoryview(data)
    while view:
        view = view[os.write(out, view) :]

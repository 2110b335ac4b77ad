"""How fast the terminal table answers. Prints figures; asserts nothing (goal: < 16 ms median).

1. Launch to the menu's first frame: ``caldera`` in a pseudo-terminal (100x40), from spawning
   the process to the first output that shows the menu: the frame the last launch kept, drawn
   before the app loads (tui.launch.splash), then the app's own (keys answered); and a launch with
   no frame kept (the first one, or ``CALDERA_SPLASH=0``).
2. Keypress to the updated board, in a 4-player game in mid-play (in-process, headless): from
   posting the key to the frame that shows it, the frame rendered to terminal bytes.
   Cursor moves with an explorer picked (reachable spaces and the path are recomputed), the
   tile ghost moving slot by slot, and picking the next explorer.
   With each, the CPU time the app spent from the key to that frame and until it is idle again
   (later frames: the footer) — what load does not change: a busy machine adds waiting.
3. The same cursor move through a real pseudo-terminal (process, key bytes in, screen out), and
   the same again while the hard bot thinks (the hint key: its search runs in a worker process).
4. Arnak, a 4-player table in round II (Red at the keyboard, three greedy bots), at 120x40 and
   (``--arnak``) at 100x30 and 160x50 too: the highlight moving over the dig sites (the map
   marks the highlighted site, the details pane says it), opening the dig question and going
   back, the play-card list; then opening the dig question through a pty (goal: < 8 ms median).

    .venv/bin/python bench/tui_latency.py [--runs N] [--arnak]   # --arnak: only Arnak's part
    .venv/bin/python bench/tui_latency.py --runs 10 --launch-against OLD_CHECKOUT   # only 1.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import contextlib
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kit.lifeline import dies_with_us

ROOT = Path(__file__).resolve().parent.parent

SIZE = (100, 40)


def summary(name: str, samples: list[float]) -> None:
    ms = sorted(s * 1000 for s in samples)
    if not ms:
        print(f"{name:<52} (no samples: the table did not show)")
        return
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    print(f"{name:<52} median {statistics.median(ms):7.2f} ms   p90 {p90:7.2f} ms   (n={len(ms)})")


# -- a real terminal ------------------------------------------------------------------------


class Terminal:
    """A process in a pseudo-terminal (100x40 unless told)."""

    def __init__(
        self, argv: list[str], data_dir: str, size: tuple[int, int] = SIZE, cwd: Path | None = None
    ) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "CALDERA_DATA_DIR": data_dir}
        env.pop("TEXTUAL", None)
        if cwd is not None:  # its own checkout first on the import path
            env["PYTHONPATH"] = str(cwd)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            cwd=cwd,
            preexec_fn=dies_with_us(),
        )
        os.close(slave)
        self.seen = b""

    def read_until(self, needle: bytes, timeout: float = 30.0, after: bytes = b"") -> float:
        """Seconds until ``needle`` shows in the output (reading everything before it), after
        the first ``after`` if given."""
        deadline = time.perf_counter() + timeout
        while needle not in self.seen[self.seen.find(after) :] or after not in self.seen:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"never saw {needle!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:
                    break
        return time.perf_counter()

    def drain(self, quiet: float = 0.2) -> None:
        while select.select([self.master], [], [], quiet)[0]:
            try:
                os.read(self.master, 65536)
            except OSError:
                return
        self.seen = b""

    def send(self, data: bytes) -> float:
        self.seen = b""
        sent = time.perf_counter()
        os.write(self.master, data)
        return sent

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self.master)


def caldera() -> str:
    return str(Path(sys.executable).with_name("caldera"))


def compiled(checkout: Path) -> None:
    """Compile ``checkout``'s modules to bytecode first, as an installed Caldera has them (with
    ``PYTHONDONTWRITEBYTECODE`` set, each launch would compile every module it imports)."""
    for layer in ("core", "replays", "net", "tui"):
        compileall.compile_dir(checkout / layer, quiet=1)


APP_STARTED = b"\x1b[?1004h"  # the app's terminal driver asks for focus events: it runs


@dataclass
class Launch:
    """One launch: seconds to the menu's first frame on the screen (the kept frame drawn
    before the app loads, else the app's own) and the CPU seconds the process used until then,
    then the same to the app's own first frame (from then on keys are answered)."""

    first: float
    first_cpu: float
    app: float
    cpu: float


def launch_to_menu(runs: int, splash: bool = True) -> list[Launch]:
    """``runs`` launches, each with the frame the one before kept (``splash``) or none."""
    compiled(ROOT)
    with tempfile.TemporaryDirectory() as data:
        if splash:  # the first launch keeps its frame, just after drawing it
            kept = Terminal([caldera()], data)
            try:
                kept.read_until(b"New local game")
                deadline = time.perf_counter() + 30
                while not list(Path(data).glob("cache/menu-*.frame")):
                    if time.perf_counter() > deadline:
                        raise TimeoutError("the first launch kept no frame of its menu")
                    kept.drain(0.05)
            finally:
                kept.close()
        else:
            os.environ["CALDERA_SPLASH"] = "0"
        try:
            return [launch_once([caldera()], data=data) for _ in range(runs)]
        finally:
            os.environ.pop("CALDERA_SPLASH", None)


def cpu_of(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def launch_once(argv: list[str], cwd: Path | None = None, data: str | None = None) -> Launch:
    """Spawn ``argv`` (in ``cwd``, its data in ``data``, else a fresh folder) and time its
    menu (see :class:`Launch`)."""
    with tempfile.TemporaryDirectory() as fresh:
        term = Terminal(argv, data or fresh, cwd=cwd)
        try:
            first = term.read_until(b"New local game") - term.started
            first_cpu = cpu_of(term.proc.pid)
            app = term.read_until(b"New local game", after=APP_STARTED) - term.started
            return Launch(first, first_cpu, app, cpu_of(term.proc.pid))
        finally:
            term.close()


def launch_against(before: Path, runs: int) -> None:
    """The launch of the checkout in ``before`` and of this one, alternating in one run (each
    as ``python -m tui.cli`` from its own folder)."""
    argv = [sys.executable, "-m", "tui.cli"]
    compiled(before)
    compiled(ROOT)
    walls: dict[str, list[float]] = {"before": [], "after": []}
    cpus: dict[str, list[float]] = {"before": [], "after": []}
    for _ in range(runs):
        for name, cwd in (("before", before), ("after", ROOT)):
            launch = launch_once(argv, cwd)
            walls[name].append(launch.app)
            cpus[name].append(launch.cpu)
    for name in walls:
        summary(f"launch to the menu's first frame (pty), {name}", walls[name])
        summary(f"... CPU until then, {name}", cpus[name])
    for what, samples in (("wall", walls), ("CPU", cpus)):
        ratio = statistics.median(samples["after"]) / statistics.median(samples["before"])
        print(f"after/before ({what}, medians): {ratio:.2f}")


def keypress_in_a_terminal(runs: int) -> list[float]:
    """Cursor moves in a 4-player game's pre-game, measured from key bytes to the new frame."""
    out = []
    with tempfile.TemporaryDirectory() as data:
        argv = [caldera(), "--pace", "0", "play", "maunakea", "--players", "4", "--seed", "b"]
        term = Terminal(argv, data)
        try:
            term.read_until(b"place an explorer")
            term.drain()
            x = 8  # the cursor starts on i7
            for i in range(runs):
                right = i % 2 == 0
                x += 1 if right else -1
                name = f"{'abcdefghijklmnopqr'[x]}7".encode()  # the info line names the space
                sent = term.send(b"\x1b[C" if right else b"\x1b[D")
                out.append(term.read_until(name) - sent)
                term.drain(0.03)
        finally:
            term.close()
    return out


def keypress_while_a_bot_thinks(runs: int) -> list[float]:
    """The same cursor moves while the hard bot thinks in its worker process: ``w`` asks it for
    a hint (about a second of search, at most 3), and five moves are measured before its answer
    shows; then the next hint."""
    out: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        argv = [caldera(), "--pace", "0", "play", "maunakea", "--players", "2"]
        argv += ["--bot", "2:hard", "--seed", "b"]
        term = Terminal(argv, data)
        try:
            term.read_until(b"place an explorer")
            term.drain()
            x = 8
            while len(out) < runs:
                term.send(b"w")
                term.read_until(b"thinking")
                for i in range(5):
                    right = i % 2 == 0
                    x += 1 if right else -1
                    name = f"{'abcdefghijklmnopqr'[x]}7".encode()
                    sent = term.send(b"\x1b[C" if right else b"\x1b[D")
                    took = term.read_until(name) - sent
                    if b"wins" in term.seen:  # the hint came with it: the bot is idle again
                        break
                    out.append(took)
                    time.sleep(0.03)  # a typist's pace (the output is read by the next wait)
                with contextlib.suppress(TimeoutError):  # else it came with the last move's frame
                    term.read_until(b"wins", timeout=5)  # its answer: the worker is idle
                term.drain(0.05)
        finally:
            term.close()
    return out


# -- in-process, headless -----------------------------------------------------------------


def midgame_position() -> dict[str, Any]:
    """A 4-player position in mid-play (greedy bots placed and played the first turns)."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.games.maunakea.state import Phase
    from core.referee import Referee

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(4), ["Red", "Blue", "Yellow", "Green"], seed="bench")
    referee.begin()
    bots = {s: make_bot("maunakea", "greedy", str(s)) for s in range(4)}
    state = referee.state
    while not (state.phase is Phase.TURN and state.active == 0 and state.turn > 16):
        play_out(referee, bots, max_commands=1)
        state = referee.state
    return rules.dump_position(state)


class FrameClock:
    """Timestamps every frame the app sends to the terminal (rendered as a real one would)."""

    def __init__(self, app: Any) -> None:
        from textual._compositor import CompositorUpdate

        self.frames: list[float] = []
        self.frames_cpu: list[float] = []  # this process's CPU time at each frame
        self.cpu: list[float] = []  # keypress-to-first-frame CPU time of the last ``measure``
        self.cpu_all: list[float] = []  # and all the CPU time of each keypress, later frames too
        display = app._display

        def timed_display(screen: Any, renderable: Any) -> None:
            if renderable is not None:
                if isinstance(renderable, CompositorUpdate):
                    renderable.render_segments(app.console)  # what a real terminal would get
                self.frames.append(time.perf_counter())
                self.frames_cpu.append(time.process_time())
            display(screen, renderable)

        app._display = timed_display

    async def measure(self, pilot: Any, runs: int, keys: Callable[[int], str]) -> list[float]:
        """Keypress-to-first-frame times for ``runs`` presses of ``keys(i)`` (and the CPU time
        this process spent on them in ``cpu``, and until the app is idle again in ``cpu_all``:
        other processes' load does not count there)."""
        samples = []
        self.cpu, self.cpu_all = [], []
        for i in range(runs):
            await pilot.pause()
            self.frames.clear()
            self.frames_cpu.clear()
            start, start_cpu = time.perf_counter(), time.process_time()
            await pilot.press(keys(i))
            await pilot.pause()
            if self.frames:
                samples.append(self.frames[0] - start)
                self.cpu.append(self.frames_cpu[0] - start_cpu)
                self.cpu_all.append(time.process_time() - start_cpu)
        return samples


async def keypresses(runs: int) -> dict[str, list[float]]:
    from tui.app import CalderaApp, Launch
    from tui.games.maunakea.screen import MaunaKeaScreen
    from tui.play.setup import SeatSetup, TableSetup

    doc = midgame_position()
    seats = tuple(SeatSetup(name) for name in ("Red", "Blue", "Yellow", "Green"))
    app = CalderaApp(
        Launch(setup=TableSetup("maunakea", seats, "bench", None, doc)),
        bot_pace=0,
        reveal_pace=0,
    )
    clock = FrameClock(app)
    results: dict[str, list[float]] = {}
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, MaunaKeaScreen) or not app.screen.turn.playing:
            await pilot.pause(0.05)
        screen = app.screen

        async def measure(name: str, keys: Callable[[int], str]) -> None:
            results[name] = await clock.measure(pilot, runs, keys)
            results[f"{name}, CPU time only"] = clock.cpu
            results[f"{name}, CPU time until idle"] = clock.cpu_all

        while screen.state.hands[0]:
            await pilot.press("1", "s")  # spend the hand: movement points to show reach
        await pilot.press("tab")
        sideways = ("right", "left")
        await measure("cursor move, explorer picked (reach + path)", lambda i: sideways[i % 2])
        await measure("next explorer (tab)", lambda i: "tab")
        await pilot.press("escape")
        screen.state.hands[0].append(0)  # a tile to lay (display only: nothing is sent)
        screen.refresh_table()
        await pilot.press("1")
        await measure("tile ghost moved by a slot", lambda i: sideways[i % 2])
        await pilot.press("escape")
    return results


# -- Arnak -------------------------------------------------------------------------------------

ARNAK_SIZE = (120, 40)
ARNAK_NAMES = ("Red", "Blue", "Yellow", "Green")


def arnak_position() -> dict[str, Any]:
    """Round II of a 4-player Arnak game of greedy bots, Red to act with the main action open."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee

    rules = get_rules("arnak")
    referee = Referee(rules, rules.config(4), ARNAK_NAMES, seed="bench")
    referee.begin()
    bots = {s: make_bot("arnak", "greedy", str(s)) for s in range(4)}
    while True:
        state = referee.state
        turn = state.round >= 2 and state.phase == "turn" and not state.stack
        if turn and state.active == 0 and not state.main_done and len(state.seats[0].hand) > 2:
            return rules.dump_position(state)
        play_out(referee, bots, max_commands=1)


async def arnak_keypresses(runs: int, size: tuple[int, int] = ARNAK_SIZE) -> dict[str, list[float]]:
    from tui.app import CalderaApp, Launch
    from tui.games.arnak.screen import ArnakScreen
    from tui.play.setup import SeatSetup, TableSetup

    seats = (SeatSetup("Red"), *(SeatSetup(n, "greedy") for n in ARNAK_NAMES[1:]))
    setup = TableSetup("arnak", seats, "bench", None, arnak_position())
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    clock = FrameClock(app)
    results: dict[str, list[float]] = {}
    async with app.run_test(size=size) as pilot:
        while not isinstance(app.screen, ArnakScreen) or app.screen.turn.seat != 0:
            await pilot.pause(0.05)
        screen = app.screen

        async def measure(name: str, keys: Callable[[int], str]) -> None:
            results[f"Arnak: {name}"] = await clock.measure(pilot, runs, keys)
            results[f"Arnak: {name}, CPU time only"] = clock.cpu
            results[f"Arnak: {name}, CPU time until idle"] = clock.cpu_all

        await pilot.press("d")
        updown = ("down", "up")
        await measure("highlight over the dig sites (map marks)", lambda i: updown[i % 2])
        await pilot.press("escape")
        await measure("open the dig question / back (d, escape)", lambda i: ("d", "escape")[i % 2])
        await measure(
            "open the play-card list / back (p, escape)", lambda i: ("p", "escape")[i % 2]
        )
        assert screen.turn.seat == 0, "nothing was sent: still Red's turn"
    return results


def arnak_in_a_terminal(runs: int) -> list[float]:
    """``d`` on a 4-player Arnak table, from its byte to the dig question on screen (``escape``
    goes back between two, unmeasured: a terminal's lone escape waits to be told apart from an
    escape sequence)."""
    out = []
    with tempfile.TemporaryDirectory() as data:
        argv = [caldera(), "--pace", "0", "play", "arnak", "--players", "4"]
        argv += ["--bot", "2", "--bot", "3", "--bot", "4", "--seed", "bench"]
        term = Terminal(argv, data, ARNAK_SIZE)
        try:
            term.read_until(b"What now?")
            term.drain()
            for _ in range(runs):
                sent = term.send(b"d")
                out.append(term.read_until(b"Dig at which") - sent)
                term.drain(0.03)
                term.send(b"\x1b")
                term.read_until(b"What now?")
                term.drain(0.03)
        finally:
            term.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--arnak", action="store_true", help="only Arnak's keys, at three sizes")
    parser.add_argument("--launch-against", type=Path, metavar="CHECKOUT",
                        help="only the launch: CHECKOUT's (an older one) and this one's, "
                        "alternating")  # fmt: skip
    args = parser.parse_args()
    if args.launch_against:
        launch_against(args.launch_against, args.runs)
        return
    # the in-process games are saved in a directory of their own, not the user's saved games
    saved = tempfile.TemporaryDirectory()
    os.environ["CALDERA_DATA_DIR"] = saved.name
    if args.arnak:
        for size in ((100, 30), ARNAK_SIZE, (160, 50)):
            print(f"Lost Ruins of Arnak, 4 players at {size[0]}x{size[1]} (goal: < 8 ms median)")
            for name, samples in asyncio.run(arnak_keypresses(args.runs, size)).items():
                summary(f"keypress to frame: {name}", samples)
        summary("keypress to frame through a pty (Arnak: d)", arnak_in_a_terminal(args.runs))
        return
    print(f"Caldera TUI latency at {SIZE[0]}x{SIZE[1]} (goal: keypress to board < 16 ms median)")
    runs = max(3, args.runs // 8)
    kept, plain = launch_to_menu(runs), launch_to_menu(runs, splash=False)
    summary("launch to the menu on the screen (kept frame)", [r.first for r in kept])
    summary("... CPU until then", [r.first_cpu for r in kept])
    summary("... to the app's own first frame, keys answered", [r.app for r in kept])
    summary("... CPU until then", [r.cpu for r in kept])
    summary("launch to the menu, no kept frame (the first launch)", [r.first for r in plain])
    summary("... CPU until then", [r.cpu for r in plain])
    for name, samples in asyncio.run(keypresses(args.runs)).items():
        summary(f"keypress to frame: {name}", samples)
    summary("keypress to frame through a pty (cursor move)", keypress_in_a_terminal(args.runs))
    summary(
        "... the same while the hard bot thinks (w: a hint)",
        keypress_while_a_bot_thinks(args.runs),
    )
    print(f"Lost Ruins of Arnak, 4 players at {ARNAK_SIZE[0]}x{ARNAK_SIZE[1]}")
    for name, samples in asyncio.run(arnak_keypresses(args.runs)).items():
        summary(f"keypress to frame: {name}", samples)
    summary("keypress to frame through a pty (Arnak: d)", arnak_in_a_terminal(args.runs))


if __name__ == "__main__":
    main()

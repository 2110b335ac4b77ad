"""How fast the Kilauea table answers a key. Prints figures; asserts nothing (goal: < 16 ms
median from a keypress to the frame that shows it).

1. In-process and headless, a 4-player game in mid-play (every seat at this keyboard, so no bot
   moves in between): from posting the key to the frame rendered as terminal bytes. Moving the
   highlight over the canoe's destinations (the board marks the track space), over the Tikis to
   cut (the board marks the forest space), and opening / closing a question (the list is
   rebuilt).
2. Moving the highlight through a real pseudo-terminal (process, key bytes in, screen out).
   (Not ``escape``: a lone ESC byte waits ~0.1 s in the driver for a key sequence to follow.)

    .venv/bin/python bench/kilauea_latency.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.tui_latency import SIZE, FrameClock, Terminal, caldera, summary  # noqa: E402

NAMES = ("Red", "Blue", "Yellow", "Green")


def midgame_position() -> dict[str, Any]:
    """Red to move the canoe after 16 turns of 4 greedy bots."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.games.kilauea.state import Phase
    from core.referee import Referee

    rules = get_rules("kilauea")
    referee = Referee(rules, rules.config(4), NAMES, seed="bench")
    referee.begin()
    bots = {s: make_bot("kilauea", "greedy", str(s)) for s in range(4)}
    state = referee.state
    while not (state.phase is Phase.MOVE and state.active == 0 and state.turn > 16):
        play_out(referee, bots, max_commands=1)
        state = referee.state
    return rules.dump_position(state)


async def keypresses(runs: int) -> dict[str, list[float]]:
    from tui.app import CalderaApp, Launch
    from tui.games.kilauea.screen import KilaueaScreen
    from tui.play.setup import SeatSetup, TableSetup

    seats = tuple(SeatSetup(name) for name in NAMES)
    setup = TableSetup("kilauea", seats, "bench", None, midgame_position())
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    clock = FrameClock(app)
    results: dict[str, list[float]] = {}
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, KilaueaScreen) or app.screen.turn.seat != 0:
            await pilot.pause(0.05)
        screen = app.screen

        async def measure(name: str, keys: Callable[[int], str]) -> None:
            results[name] = await clock.measure(pilot, runs, keys)

        updown = ("down", "up")
        await measure("highlight a canoe destination", lambda i: updown[i % 2])
        await pilot.press("1")  # move the canoe one space: the main action comes next
        while screen.turn.seat != 0 or screen.state is None or screen.state.phase.value != "main":
            await pilot.pause(0.05)
        await measure("open / close a question (c, escape)", lambda i: ("c", "escape")[i % 2])
        await pilot.press("c")
        await measure("highlight a Tiki to cut", lambda i: updown[i % 2])
    return results


def highlight_in_a_terminal(runs: int) -> list[float]:
    """Down / up over the draft's first two sectors in a 4-player game, from the key's bytes
    to the frame (both lines are repainted, so the second one's name shows each time)."""
    out = []
    with tempfile.TemporaryDirectory() as data:
        argv = [caldera(), "--pace", "0", "play", "kilauea", "--players", "4", "--seed", "b"]
        term = Terminal(argv, data)
        try:
            term.read_until(b"Take a Tiki from which")
            term.drain()
            for i in range(runs):
                sent = term.send(b"\x1b[B" if i % 2 == 0 else b"\x1b[A")
                out.append(term.read_until(b"plumeria") - sent)
                term.drain(0.05)
        finally:
            term.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    print(f"Kilauea table latency at {SIZE[0]}x{SIZE[1]}, 4 players (goal: < 16 ms median)")
    for name, samples in asyncio.run(keypresses(args.runs)).items():
        summary(f"keypress to frame: {name}", samples)
    summary("keypress to frame through a pty (highlight)", highlight_in_a_terminal(args.runs))


if __name__ == "__main__":
    main()

"""Make the README's screenshots: one SVG per game, drawn by Textual from the real app.

Each game is played by greedy bots from a fixed seed for a number of commands, then opened at
that position with seat 1 at this keyboard, and the screen is saved once it is seat 1's turn.
Run it again after a change to a table's looks: ``.venv/bin/python docs/screenshots.py``.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OUT = Path(__file__).resolve().parent / "screenshots"
SHOTS = {  # game: (players, seed, bot commands played first, terminal size)
    "maunakea": (3, "readme", 40, (100, 40)),
    "kilauea": (3, "readme", 30, (100, 40)),
    "arnak": (3, "readme", 60, (120, 40)),
}
NAMES = ("Ann", "Bob", "Cleo", "Dan")


def position(game: str, players: int, seed: str, commands: int) -> dict[str, Any]:
    """The position after ``commands`` greedy-bot commands, then on until seat 1 is to move."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee

    rules = get_rules(game)
    options = {"turn_limit": 200} if any(o.name == "turn_limit" for o in rules.options) else {}
    referee = Referee(rules, rules.config(players, options), list(NAMES[:players]), seed=seed)
    referee.begin()
    bots = {s: make_bot(game, "greedy", f"{seed}/{s}") for s in range(players)}
    played = 0
    while played < commands or 0 not in rules.to_move(referee.state):
        play_out(referee, bots, max_commands=1)
        played += 1
    return rules.dump_position(referee.state)


async def shoot(game: str) -> Path:
    from tui.app import CalderaApp, Launch
    from tui.play.setup import SeatSetup, TableSetup
    from tui.screens.table import TableScreen

    players, seed, commands, size = SHOTS[game]
    doc = position(game, players, seed, commands)
    seats = tuple(SeatSetup(NAMES[s], None if s == 0 else "greedy") for s in range(players))
    setup = TableSetup(game, seats, seed, None, doc)
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=size) as pilot:
        for _ in range(500):
            screen = app.screen
            if (
                isinstance(screen, TableScreen)
                and screen.state is not None
                and not screen.revealing
                and 0 in screen.rules.to_move(screen.state)
            ):
                break
            await pilot.pause(0.02)
        else:
            raise SystemExit(f"{game}: seat 1's turn never came")
        await pilot.pause(0.2)
        path = OUT / f"{game}.svg"
        path.write_text(app.export_screenshot(title=f"Caldera: {screen.rules.title}"))
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        os.environ["CALDERA_DATA_DIR"] = data  # the games it plays are not kept
        OUT.mkdir(exist_ok=True)
        for game in sys.argv[1:] or SHOTS:
            print(asyncio.run(shoot(game)))


if __name__ == "__main__":
    main()

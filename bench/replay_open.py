"""Opening a long Arnak replay in the app: how many times its log is folded, and how long it takes.

A 4-player bot game of Arnak is written to a replay file; the app is started headless at the
menu and ``open_replay`` is called on the file, as the menu's open-replay dialog does. The
folds are counted by the calls of the rules' ``evolve`` (one per folded event is one fold) and
of its ``initial`` (a fold begun from the start); the open time is the wall time of
``open_replay`` (reading the file, checking it, building the screen) and until the board is
shown, the medians of a few runs.
A record is appended to bench/records/replay-open.jsonl. Run from the tree to measure:
``nice -n 19 python -m bench.replay_open [runs]``.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import calibration_ms, median
from core.bots import RandomBot, play_out
from core.games import get_rules
from core.lifecycle import NOT_FOLDED, GameEnded, GameStarted
from core.referee import Referee
from replays.file import Header, ReplayWriter

RECORDS = Path(__file__).parent / "records" / "replay-open.jsonl"


def write_game(path: Path, seed: str = "replay-open") -> int:
    """A 4-player game of Arnak's random bots written to ``path``; the events it folds."""
    rules = get_rules("arnak")
    names = [f"P{i + 1}" for i in range(4)]
    referee: Referee[Any] = Referee(rules, rules.config(4, {}), names, seed=seed)
    with ReplayWriter.create(path, Header.for_game(referee.started)) as writer:
        referee.sinks.append(writer.append)
        referee.begin()
        play_out(referee, {s: RandomBot(f"{seed}/{s}") for s in range(4)})
    skipped = (GameStarted, GameEnded)
    folded = [env for env in referee.log if type(env.event) not in NOT_FOLDED]
    return sum(1 for env in folded if not isinstance(env.event, skipped))


async def open_once(path: Path) -> tuple[float, float, int, int]:
    """Wall seconds of one ``open_replay`` and until its board is shown, the ``evolve`` and
    ``initial`` calls in that time."""
    from tui.app import CalderaApp, Launch
    from tui.screens.menu import MenuScreen
    from tui.screens.replay import ReplayScreen

    rules: Any = get_rules("arnak")
    counts = {"evolve": 0, "initial": 0}
    evolve, initial = rules.evolve, rules.initial

    def counted_evolve(state: Any, event: Any) -> Any:
        counts["evolve"] += 1
        return evolve(state, event)

    def counted_initial(config: Any) -> Any:
        counts["initial"] += 1
        return initial(config)

    app = CalderaApp(Launch(), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause(0.05)
        rules.evolve, rules.initial = counted_evolve, counted_initial
        try:
            start = time.perf_counter()
            app.open_replay(path)
            took = time.perf_counter() - start
            while not (isinstance(app.screen, ReplayScreen) and app.screen.state is not None):
                await pilot.pause(0.01)
            shown = time.perf_counter() - start
        finally:
            del rules.evolve, rules.initial
    return took, shown, counts["evolve"], counts["initial"]


def main(runs: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CALDERA_DATA_DIR"] = tmp  # the app's own files out of the user's
        os.environ["CALDERA_CONFIG_DIR"] = tmp
        path = Path(tmp) / "arnak-long.jsonl"
        events = write_game(path)
        results = [asyncio.run(open_once(path)) for _ in range(runs)]
    took = median([r[0] for r in results])
    shown = median([r[1] for r in results])
    evolves, initials = results[-1][2], results[-1][3]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    record = {
        "commit": commit,
        "events_folded": events,
        "evolve_calls": evolves,
        "folds": round(evolves / events, 2),
        "initial_calls": initials,
        "open_ms": round(took * 1e3, 1),
        "shown_ms": round(shown * 1e3, 1),
        "runs": runs,
        "calibration_ms": round(calibration_ms(), 1),
        "load": round(os.getloadavg()[0], 1),
    }
    print(json.dumps(record))
    with RECORDS.open("a") as out:
        out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)

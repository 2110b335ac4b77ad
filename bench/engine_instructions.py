"""Instructions per whole 2-player greedy-bot game, each game, counted by valgrind.

Goal (issue 47): half the instructions of the engine before it (the issue's figures, Kilauea
560 M and Arnak 377 M, came from other seeds; this script's own count before is ``BEFORE``).
An instruction count does not depend on the machine's speed or its load, so the goal holds on
any machine; the fixed calibration loop's time is printed beside it to place the absolute times
of ``greedy_game.py`` (the loop is the same there).

Each game is counted twice under ``valgrind --tool=cachegrind --cache-sim=no`` with a fixed hash
seed: a run that imports everything and plays one warm-up game, and one that then plays the same
``GAMES_EACH`` games from fixed seeds (``greedy-0`` …, as ``greedy_game.py``); the difference over
the games is one game's count, without the interpreter's start and the imports. Each seat's bot is
made as ``greedy_game.py`` makes it, so every event, state copy and bot decision is counted::

    python -m bench.engine_instructions [GAME ...]

About 10 s of CPU a game (valgrind runs the interpreter ~20× slower).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

from bench.common import calibration_ms

GAMES = ("maunakea", "kilauea", "arnak")
GAMES_EACH = 4
BEFORE = {"kilauea": 517.9e6, "arnak": 378.2e6, "maunakea": 386.2e6}
"""Each game's count by this script on the engine before issue 47 (main at 5ff65df)."""
GOAL = {game: count / 2 for game, count in BEFORE.items()}


def child(game: str, games: int) -> None:
    """What runs under valgrind: a warm-up game, then ``games`` counted ones."""
    from bench.greedy_game import greedy_game

    greedy_game(game, "greedy-warm-up")
    for i in range(games):
        greedy_game(game, f"greedy-{i}")


def counted(game: str, games: int) -> int:
    """The instructions valgrind counts for :func:`child` (the whole process)."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "bench.engine_instructions",
        "--child",
        game,
        str(games),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count: {done.stderr[-300:]}")
    return int(found.group(1).replace(",", ""))


def per_game(game: str, games: int = GAMES_EACH) -> float:
    """Instructions of one greedy game of ``game`` (the mean of ``games`` fixed seeds)."""
    return (counted(game, games) - counted(game, 0)) / games


def main(*games: str) -> dict[str, float]:
    print(f"calibration loop: {calibration_ms():.1f} ms CPU on this machine (see bench/common.py)")
    print(f"instructions a whole 2-player greedy-bot game, mean of {GAMES_EACH} fixed seeds:")
    out: dict[str, float] = {}
    for game in games or GAMES:
        out[game] = n = per_game(game)
        goal = GOAL[game]
        verdict = "met" if n <= goal else "not met"
        print(
            f"  {game}: {n / 1e6:.1f} M, {n / BEFORE[game]:.2f}× before "
            f"(goal ≤ {goal / 1e6:.0f} M: {verdict})",
            flush=True,
        )
    return out


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], int(sys.argv[3]))
    else:
        main(*sys.argv[1:])

"""How long each of Caldera's tutorials takes a newcomer, by the model of a human pace in
core/tutorial_pace.py (issue 45's goals: Arnak within 15 minutes, Mauna Kea and Kilauea within
8), in each language (the same texts read longer where they have more letters); a record per
tutorial and language appended to bench/records/tutorial-pace.jsonl.

    python -m bench.tutorial_pace
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from core import language, tutorial
from core.tutorial_pace import OWN_MOVE_SECONDS, READING_WPM, STEP_SECONDS, pace

BOT_PACE = 0.5  # the table's default (tui.settings.play.DEFAULT_BOT_PACE)
GOALS = {"arnak": 15.0}  # minutes; every other game's: 8
LANGUAGES = ("en", "de", "fr", "it", "nl")
RECORDS = Path(__file__).with_name("records") / "tutorial-pace.jsonl"


def main() -> None:
    print(f"model: {READING_WPM} words a minute, {STEP_SECONDS:.0f} s a step's move, "
          f"{OWN_MOVE_SECONDS:.0f} s a move of one's own, bots at {BOT_PACE} s")  # fmt: skip
    with RECORDS.open("a", encoding="utf-8") as out:
        for name, code in ((n, c) for n in tutorial.builtin_names() for c in LANGUAGES):
            taught = tutorial.load(tutorial.builtin(name))
            with language.speaking(code):
                found = pace(taught, bot_pace=BOT_PACE)
            goal = GOALS.get(taught.game, 8.0)
            print(f"{name:18} {code} {found.steps:3} steps {found.words:5} words "
                  f"{found.minutes:5.1f} min (goal {goal:.0f})")  # fmt: skip
            record = {"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "tutorial": name,
                      "language": code,
                      "steps": found.steps, "words": found.words, "bot_moves": found.bot_moves,
                      "own_moves": found.own_moves, "finished_by_bot": found.finished_by_bot,
                      "minutes": round(found.minutes, 2), "goal": goal, "wpm": READING_WPM,
                      "step_s": STEP_SECONDS, "own_move_s": OWN_MOVE_SECONDS,
                      "bot_pace": BOT_PACE}  # fmt: skip
            out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()

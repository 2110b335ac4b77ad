"""Each tutorial within the issue's time for a newcomer (Arnak 15 minutes, the others 8), by the
model of a human pace (core.tutorial_pace): a file grown too long fails here, not at a table."""

from __future__ import annotations

import pytest

from bench.tutorial_pace import BOT_PACE, GOALS
from core import tutorial
from core.tutorial_pace import READING_WPM, STEP_SECONDS, pace, words_read


@pytest.mark.parametrize("name", tutorial.builtin_names())
def test_each_tutorial_takes_a_newcomer_no_longer_than_its_goal(name: str) -> None:
    taught = tutorial.load(tutorial.builtin(name))
    found = pace(taught, bot_pace=BOT_PACE)
    assert found.steps == len(taught.steps)
    assert found.minutes <= GOALS.get(taught.game, 8.0), found


def test_the_model_counts_the_words_read_and_the_steps() -> None:
    taught = tutorial.load(tutorial.builtin("kilauea"))
    found = pace(taught, bot_pace=0)
    reading = words_read(taught) / READING_WPM * 60
    assert found.own_moves == 0  # its steps end the game
    assert found.seconds == pytest.approx(reading + len(taught.steps) * STEP_SECONDS)
    slower = pace(taught, bot_pace=1.0)
    assert slower.seconds == pytest.approx(found.seconds + found.bot_moves)

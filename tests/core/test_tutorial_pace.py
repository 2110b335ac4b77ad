"""Each tutorial within the issue's time for a newcomer (Arnak 15 minutes, the others 8), by the
model of a human pace (core.tutorial_pace): a file grown too long fails here, not at a table."""

from __future__ import annotations

import pytest

from bench.tutorial_pace import BOT_PACE, GOALS, LANGUAGES
from core import language, tutorial
from core.tutorial_pace import (
    READING_WPM,
    STEP_SECONDS,
    WORD,
    letters_read,
    pace,
    said,
    words_read,
)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", tutorial.builtin_names())
def test_each_tutorial_takes_a_newcomer_no_longer_than_its_goal(name: str, code: str) -> None:
    taught = tutorial.load(tutorial.builtin(name))
    with language.speaking(code):
        found = pace(taught, bot_pace=BOT_PACE)
    assert found.steps == len(taught.steps)
    assert found.minutes <= GOALS.get(taught.game, 8.0), found


def test_a_language_with_more_letters_reads_longer() -> None:
    """German says Arnak's texts in fewer words than English but more letters: read longer."""
    taught = tutorial.load(tutorial.builtin("arnak"))
    english = pace(taught, bot_pace=BOT_PACE)
    with language.speaking("de"):
        german = pace(taught, bot_pace=BOT_PACE)
        assert letters_read(taught) > 1.05 * len("".join(said_in_english(taught)))
    assert german.words < english.words and german.seconds > english.seconds


def said_in_english(taught: tutorial.Tutorial) -> list[str]:
    with language.english():
        return [w for text in said(taught) for w in WORD.findall(text)]


def test_the_model_counts_the_words_read_and_the_steps() -> None:
    taught = tutorial.load(tutorial.builtin("kilauea"))
    found = pace(taught, bot_pace=0)
    reading = words_read(taught) / READING_WPM * 60
    assert found.own_moves == 0  # its steps end the game
    assert found.seconds == pytest.approx(reading + len(taught.steps) * STEP_SECONDS)
    slower = pace(taught, bot_pace=1.0)
    assert slower.seconds == pytest.approx(found.seconds + found.bot_moves)

"""How long a tutorial takes a newcomer (issue 45: Arnak within 15 minutes, Mauna Kea and
Kilauea within 8), by a model of a human pace, not a stopwatch: nobody new to a game sits at
this machine. The intro card says it; ``bench/tutorial_pace.py`` records it for each tutorial.

The model: every word the tutorial says (its intro, each step's words and rule, its last words)
read at :data:`READING_WPM` in English; in another language the same texts take as much longer
as they have more letters (reading time goes with the characters read, about 68 ms each across
14 languages in the IReST study, Trauzettel-Klosinski & Dietz 2012: German's longer words take
longer to read); :data:`STEP_SECONDS` for each step's move (finding the place on the
board, typing the keys the narrator shows); :data:`OWN_MOVE_SECONDS` for each move the learner
makes alone after the steps (a tutorial whose game goes on to its turn limit); and the bot's
moves at the table's pace (``bot_pace`` seconds each; those it plays for the learner after the
steps at the tutorial's quicker pace).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core import language
from core.tutorial import FINISH_PACE, Tutorial, walk

READING_WPM = 180  # a newcomer reading instructions (adults read prose at about 240 a minute)
STEP_SECONDS = 10.0  # to find a step's place on the board and type its keys
OWN_MOVE_SECONDS = 20.0  # a move of the learner's own, once the steps are done
WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Pace:
    """A tutorial's parts, counted from playing it through, and the minutes they take."""

    steps: int
    words: int  # read in all, in the reader's language
    bot_moves: int  # the other seats', while the learner learns
    own_moves: int  # the learner's, after the steps (0 when the bot finishes for them)
    finished_by_bot: int  # the learner's seat's moves the bot makes after the steps
    seconds: float

    @property
    def minutes(self) -> float:
        return self.seconds / 60


def said(tutorial: Tutorial) -> list[str]:
    """Every text the tutorial says once, in the reader's language."""
    texts = [tutorial.intro, tutorial.outro]
    for step in tutorial.steps:
        texts += [step.say, step.rule]
    return [tutorial.words(text) for text in texts]


def words_read(tutorial: Tutorial) -> int:
    """Every word the tutorial says once, in the reader's language."""
    return sum(len(WORD.findall(text)) for text in said(tutorial))


def letters_read(tutorial: Tutorial) -> int:
    """The letters and digits of every word it says once, in the reader's language."""
    return sum(len(word) for text in said(tutorial) for word in WORD.findall(text))


def reading_seconds(tutorial: Tutorial) -> float:
    """How long a newcomer reads the tutorial in the reader's language: its English words at
    :data:`READING_WPM`, times as many letters as the language's texts have for each English
    one."""
    with language.english():
        words, english_letters = words_read(tutorial), letters_read(tutorial)
    return words / READING_WPM * 60 * letters_read(tutorial) / max(1, english_letters)


def pace(tutorial: Tutorial, *, bot_pace: float) -> Pace:
    """How long ``tutorial`` takes a newcomer at the table, its bots at ``bot_pace``."""
    walked = walk(tutorial, to_end=True)
    learner = tutorial.learner
    step_seat_moves = 0
    bot_moves = own = finished = 0
    steps_left = len(tutorial.steps)
    for seat, _command in walked.moves:
        if steps_left:
            if seat == tutorial.steps[len(tutorial.steps) - steps_left].seat:
                steps_left -= 1
                step_seat_moves += seat != learner  # a bot's scripted step
                bot_moves += seat != learner
            else:
                bot_moves += 1
        elif tutorial.finish == "bot":
            finished += 1
        elif seat == learner:
            own += 1
        else:
            bot_moves += 1
    learner_steps = len(tutorial.steps) - step_seat_moves
    words = words_read(tutorial)
    seconds = (
        reading_seconds(tutorial)
        + learner_steps * STEP_SECONDS
        + own * OWN_MOVE_SECONDS
        + bot_moves * bot_pace
        + finished * FINISH_PACE
    )
    return Pace(len(tutorial.steps), words, bot_moves, own, finished, seconds)

"""Babel's extractor for the tutorial files (``core/tutorials/*.toml``, issue 45): every text a
learner reads from one, for the catalogue of its game.

Registered in the Babel config (``[tool.babel]`` of pyproject.toml, the method ``tutorial``), so
``python -m core.locale update`` and ``pybabel extract -F pyproject.toml`` both read the files'
words: the title, the intro card, the end, the learner's name (seat 1's: "You"; the bots' names
stay as written), and each step's words, rule, wrong-move explanation
(not its places to look at: the board marks what a move touches, and those names are shown
nowhere). Each entry comes with a comment saying where it is said and how long it
may be at 80×24; a ``# TRANSLATORS:`` line just above a text in the file reaches the translator
too. A club's own file needs no catalogue: a text found in none reads as written.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

TOP = {
    "title": "the tutorial's title (the menu, the intro card, the narrator's heading)",
    "intro": "the intro card, read before the first step",
    "outro": "said once the steps are done",
}
LEARNER = (
    "the learner's name at the table (seat 1: the log, the players' panel, the end screen), "
    "a word a player of the language is called by; the others' names stay as they are"
)
STEP = {
    "say": "what the narrator says (at 80×24 within about 120 characters)",
    "rule": "the rule it meets, in the rulebook's words (at 80×24 within about 60 characters)",
    "wrong": "said to a wrong move, before it is asked again",
}  # not ``highlight``: the board marks what a move touches, those names are shown nowhere
KEY = re.compile(r"^\s*([A-Za-z_]+)\s*=")
TABLE = re.compile(r"^\s*\[")

Found = tuple[int, str | None, str, list[str]]


def extract_tutorial(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Found]:
    """The texts of one tutorial file, as Babel's extractors give them: ``(line, None, text,
    comments)``, in the file's order."""
    source = fileobj.read().decode("utf-8")
    data = tomllib.loads(source)
    title = data.get("title", "")
    lines = _key_lines(source)
    for key, what in TOP.items():
        line, notes = lines.get((0, key), (1, []))
        if isinstance(text := data.get(key), str) and text:
            yield line, None, text, [f"{title}: {what}", *notes]
    players = data.get("players")
    if isinstance(players, list) and players and isinstance(players[0], str) and players[0]:
        line, notes = lines.get((0, "players"), (1, []))
        yield line, None, players[0], [f"{title}: {LEARNER}", *notes]
    for number, step in enumerate(data.get("step", []), 1):
        if not isinstance(step, dict):
            continue
        for key, what in STEP.items():
            line, notes = lines.get((number, key), (1, []))
            if isinstance(text := step.get(key), str) and text:
                yield line, None, text, [f"{title}, step {number}: {what}", *notes]


def _key_lines(source: str) -> dict[tuple[int, str], tuple[int, list[str]]]:
    """Where each text key is: ``(step, key)`` (step 0 for the file's own keys) to its line and
    the translator's comments just above it."""
    found: dict[tuple[int, str], tuple[int, list[str]]] = {}
    step = 0
    inside = False  # in a multi-line string
    table = ""  # the table the lines are in: "" (the file's own), "step", or another
    notes: list[str] = []
    for number, line in enumerate(source.splitlines(), 1):
        if inside:
            inside = line.count('"""') % 2 == 0
            continue
        stripped = line.strip()
        if stripped.startswith("#"):
            note = stripped.lstrip("#").strip()
            if note.startswith("TRANSLATORS:") or notes:
                notes.append(note)
            continue
        if stripped == "[[step]]":
            step, table = step + 1, "step"
        elif TABLE.match(line):
            table = "other"
        elif (key := KEY.match(line)) is not None:
            name = key.group(1)
            if table == "" and (name in TOP or name == "players"):
                found[(0, name)] = (number, notes)
            elif table == "step" and name in STEP:
                found[(step, name)] = (number, notes)
            inside = line.count('"""') % 2 == 1
        notes = []
    return found

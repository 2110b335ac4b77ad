"""The line mode in each language (issue 44): a whole game against a bot through stdin and
stdout with ``--lang``, its help, its refusals, its prompts and its last lines in the language,
none of the English ones left (the commands typed, ``look``, ``undo``, ``quit``, stay as they
are)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core import language
from core.language import Translator
from tests.kit.lifeline import dies_with_us

T = Translator("cli")
ASKED = ["help", "no such thing", "999", *["1"] * 300]  # then the first line, turn after turn
SAID = {  # what the game says to each of those (the start of its English)
    "Type the number of a line, or words from one line": "the help",
    "No command fits '{phrase}'. Type help for help.": "an unknown word",
    "There is no line {n}: type 1 to {last}.": "a number past the list",
    "Your turn, {player} (seat {n}).": "the prompt",
    "Type a number, words, look, undo, help or quit.": "the prompt's keys",
    "Game over: {scores}. Winner: {winners}": "the last line",
    "{game} begins: {players}": "the first event",
}


def literal(text: str) -> str:
    """The longest piece of ``text`` between its placeholders (what any printed line made from
    it holds, whatever the placeholders say)."""
    return max(re.split(r"\{[^}]*\}", text), key=len).strip()


def played(code: str, data: Path) -> list[str]:
    env = {**os.environ, "CALDERA_DATA_DIR": str(data), "CALDERA_CONFIG_DIR": str(data)}
    args = ["play", "maunakea", "--players", "2", "--bot", "2", "--seed", "lines",
            "--turn-limit", "3", "--lines", "--lang", code]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        input="\n".join(ASKED) + "\n", capture_output=True, text=True, env=env, timeout=300,
        preexec_fn=dies_with_us(),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
def test_a_game_in_the_line_mode_reads_in_the_language(code: str, tmp_path: Path) -> None:
    lines = played(code, tmp_path)
    text = "\n".join(lines)
    for english, what in SAID.items():
        msgid = next(m for m in catalogue_ids() if m.startswith(english))
        with language.speaking(code):
            said = T.gettext(msgid)
        assert said != msgid, f"{what} is not translated in {code}"
        assert literal(said) in text, f"{what} ({literal(said)!r}) not said in {code}:\n{text}"
        assert literal(msgid) not in text, f"{what} said in English in {code}"


def catalogue_ids() -> list[str]:
    """The line mode's marked words (the English of the cli catalogue)."""
    from core.locale import extract

    return [m.id for m in extract("cli") if isinstance(m.id, str) and m.id]

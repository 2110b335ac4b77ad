"""A tutorial in the line mode, as a screen reader's user meets it: ``caldera learn GAME
--lines``: each step said with the rule and the line to type, a wrong line explained and asked
again, then the real game to its end and the way to a real game against the easy bot."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core import tutorial
from tests.cli.test_lines import Script

STEP = re.compile(r"^Step (\d+) of (\d+)\. .* Type (\d+): ")
PROMPT = ("Type a number", "Type words", "Game over:")


def env_for(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CALDERA_DATA_DIR": str(tmp_path), "CALDERA_CONFIG_DIR": str(tmp_path)}


@pytest.mark.parametrize("game", ["kilauea", "maunakea", "maunakea-advanced", "arnak"])
def test_the_tutorial_plays_through_in_the_line_mode(game: str, tmp_path: Path) -> None:
    loaded = tutorial.load(tutorial.builtin(game))
    steps = len(loaded.steps)
    paced = [] if game == "kilauea" else ["--pace", "0"]  # Kilauea's: the default pace
    script = Script(["learn", game, "--lines", *paced], env_for(tmp_path))
    told: list[int] = []
    try:  # the intro first, with how long it takes (the app's intro card says the same)
        intro = script.until(f"{steps} steps, about ")
        assert intro.startswith(" ".join(loaded.intro.split())[:40]), intro
        assert re.search(rf"{steps} steps, about \d+ minutes\.$", intro), intro
        while True:
            said = script.until("Step ", "Tutorial: the steps are done", "Game over:")
            if not said.startswith("Step "):
                break
            found = STEP.match(said)
            assert found, said
            number, total, line = map(int, found.groups())
            assert total == steps
            script.until(*PROMPT)
            if game == "kilauea" and number == 3 and number not in told:  # a wrong line first
                script.send(str(line + 1))
                refused = script.until("Refused: ")
                assert refused.startswith("Refused: Here 1 space is enough"), refused
                assert "This step asks for: You moved the canoe 1 space" in refused
            told.append(number)
            script.send(str(line))
        assert told == list(range(1, steps + 1))
        ending = said
        while "Game over:" not in ending:  # the steps are done: the game is a real one now
            script.send("1")
            ending = script.until(*PROMPT)
        flags = {"maunakea-advanced": " --advanced"}.get(game, "")  # the game it taught
        assert script.until("Now a real game") == (
            f"Now a real game against the easy bot: caldera play {loaded.game} "
            f"--players 2 --bot 2:easy{flags} --lines"
        )
        assert script.process.wait(30) == 0
    finally:
        if script.process.poll() is None:
            script.process.kill()


def test_a_bad_tutorial_is_one_line_before_anything_starts(tmp_path: Path) -> None:
    bad = tmp_path / "club.toml"
    text = tutorial.builtin("kilauea").read_text(encoding="utf-8")
    bad.write_text(text.replace('space = "o3"', 'space = "o1"', 1), encoding="utf-8")
    for args, said in (
        (["learn", str(bad), "--lines"], "caldera: club: step 5: the expected move"),
        (["learn", "chess"], "caldera: there is no tutorial of 'chess'"),
    ):
        done = subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True,
                              text=True, env=env_for(tmp_path), timeout=60)  # fmt: skip
        assert done.returncode != 0
        assert done.stderr.startswith(said), done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


SAID = {  # the intro's length, then step 1 with its rule and the line to type
    "de": (r"16 Schritte, etwa \d+ Minuten\.$", "Schritt 1 von 16. Vor dem ersten Zug nimmt",
           " Regel: Aufbau 11: Jeder Spieler", r" Tippe \d+: .+\.$"),
    "fr": (r"16 étapes, environ \d+ minutes\.$", "Étape 1 sur 16. Avant le premier tour",
           " Règle : Mise en place 11 : chaque joueur", r" Tapez \d+ : .+\.$"),
}  # fmt: skip


@pytest.mark.parametrize("code", SAID)
def test_a_step_is_said_in_the_players_language(code: str, tmp_path: Path) -> None:
    """The narrator's words and the file's own (its intro, each step, its rule) from the
    catalogues, in the line mode as at the table."""
    length, first, rule, typed = SAID[code]
    script = Script([f"--lang={code}", "learn", "kilauea", "--lines", "--pace", "0"],
                    env_for(tmp_path))  # fmt: skip
    try:
        intro = script.until("16 Schritte", "16 étapes")
        assert re.search(length, intro), intro
        assert "Mo'o" in intro and "lizard" not in intro
        said = script.until(first.partition(". ")[0])
        assert said.startswith(first), said
        assert rule in said, said
        assert re.search(typed, said), said
    finally:
        script.process.kill()
        script.process.wait(30)

"""The review in the reader's language (issue 44): ``caldera review`` and the app's review say
each seat's summary, its costliest moments and its luck in French as whole sentences (counts in
the language's plural, points in its decimals), while the English stays as it always read."""

from __future__ import annotations

import re
from pathlib import Path

from core.games import get_rules
from core.language import speaking
from replays.file import read
from tui.replay.review_words import review_lines
from tui.screens.review import SAMPLES, judge

from .test_review_screen import kilauea_game
from .test_review_timeline import planted

SEAT_FR = re.compile(
    r"^Ann \(place 1\) : (\d+) décisions jugées \((\d+) forcées, non comptées\), précision \d+ % ; "
    r"1 gaffe, 0 erreur, 1 imprécision\.$"
)
SEAT_EN = re.compile(
    r"^Ann \(seat 1\): (\d+) decisions judged \((\d+) forced, not counted\), accuracy \d+%; "
    r"1 blunder, 0 mistakes, 1 inaccuracy\.$"
)


def test_a_review_s_summary_reads_in_french_and_in_english_as_before(tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    review, where = planted(path)  # Ann: a blunder and an inaccuracy; Bob: a mistake
    rules = get_rules("kilauea")
    envelopes = read(path).envelopes
    found = judge(rules)
    assert found is not None
    args = (rules, envelopes, ("Ann", "Bob"), review, found[1], SAMPLES)

    english = review_lines(*args)
    with speaking("fr"):
        french = review_lines(*args)

    assert len(french) == len(english)
    seat_en = next(m for line in english if (m := SEAT_EN.match(line)))
    seat_fr = next(m for line in french if (m := SEAT_FR.match(line)))
    assert seat_fr.groups() == seat_en.groups()  # the same counts, said in French
    assert french[0].startswith("Kilauea, Ann, Bob : chaque décision jugée par la recherche de "
                                "niveau moyen")  # fmt: skip
    assert "  Les moments les plus coûteux :" in french
    blunder = next(line for line in french if line.startswith(f"  événement {where['blunder']} "))
    assert blunder.startswith(f"  événement {where['blunder']} (gaffe) : Ann ")
    assert " — a perdu 20 points de chance de victoire et 3,0 points ; mieux : " in blunder
    assert "  Ann a perdu 3,0 points par ses décisions et en a gagné 0,0 par la chance." in french
    luck = [line for line in english if line.startswith("  Ann lost ")]
    assert luck == ["  Ann lost 3.0 points to decisions and won 0.0 from luck."]
    assert not [line for line in french if re.search(r"\b(?:event|lost|seat|decisions)\b", line)]

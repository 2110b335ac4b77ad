"""One joiner of a list a player reads, :func:`core.language.listed`: in English as Caldera always
wrote it ("Ann and Bob and Cyd"), in another language as that language joins a list (Babel's
CLDR data: "Ann, Bob und Cyd"), the games' logs as the app's end screen and the command line."""

from __future__ import annotations

import pytest

from core.games import get_rules
from core.games.kilauea import events as kev
from core.games.maunakea import events as mev
from core.language import ENGLISH, listed, speaking

NAMES = ["Ann", "Bob", "Cyd"]


def test_english_joins_a_list_as_it_always_did() -> None:
    with speaking(ENGLISH):
        assert [listed(NAMES[:n]) for n in range(4)] == [
            "",
            "Ann",
            "Ann and Bob",
            "Ann and Bob and Cyd",
        ]


@pytest.mark.parametrize(
    ("code", "joined"),
    [
        (ENGLISH, "Ann and Bob and Cyd"),
        ("de", "Ann, Bob und Cyd"),
        ("fr", "Ann, Bob et Cyd"),
        ("it", "Ann, Bob e Cyd"),
        ("nl", "Ann, Bob en Cyd"),
    ],
)
def test_a_games_log_joins_its_winners_as_the_language_joins_a_list(code: str, joined: str) -> None:
    """The games' sentences once joined each name to those before ("Ann und Bob und Cyd")."""
    with speaking(code):
        assert listed(NAMES) == joined
        kilauea = get_rules("kilauea").describe(kev.GameOver((9, 9, 9), (0, 1, 2), "shared"), NAMES)
        mauna_kea = get_rules("maunakea").describe(mev.FinalScoring((9, 9, 9), (0, 1, 2)), NAMES)
    assert f"{joined} " in kilauea and f"{joined} " in mauna_kea

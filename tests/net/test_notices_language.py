"""A turn notice reads in the bridge's language (issue 44: ``caldera notify --lang de``); the
table, the players and the last move (the wire's English) are put in as they are."""

from __future__ import annotations

from core import language
from net.club.notices import _notice

MESSAGE = {"table": "k3x9", "title": "Kilauea", "seat": 1, "players": ["Ann", "Bo"], "last": ""}


def test_a_notice_in_each_language() -> None:
    english = _notice("your_move", "Ann", MESSAGE, "key", 0).text
    assert english == "Your move at Kilauea k3x9 (Ann, Bo)."
    with language.speaking("de"):
        assert _notice("your_move", "Ann", MESSAGE, "key", 0).text == (
            "Du bist am Zug bei Kilauea k3x9 (Ann, Bo)."
        )
        over = _notice("over", "Ann", {**MESSAGE, "last": "Bo passed"}, "key", 0).text
        assert over == "Das Spiel bei Kilauea k3x9 ist zu Ende (Ann, Bo). Zuletzt: Bo passed"
    for code in ("fr", "it", "nl"):
        with language.speaking(code):
            clock = _notice("clock", "Ann", MESSAGE, "key", 0, left_ms=60_000).text
            assert "k3x9" in clock and "runs out" not in clock, clock

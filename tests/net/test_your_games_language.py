"""Your games in the reader's language (issue 44): whose move it is, your time left and the last
move, as the menu's Your games and ``caldera games`` say them, in German and French; English as
it always read."""

from __future__ import annotations

from core.language import speaking
from net.club.your_games import MyTable

PLAYING = MyTable("k3f9x2", "kilauea", "Kilauea", 0, ("Ann", "Bob"), "playing", to_move=(1,),
                  last="Bob placed a tile")  # fmt: skip
MINE = MyTable("k3f9x2", "kilauea", "Kilauea", 1, ("Ann", "Bob"), "playing", to_move=(1,),
               clocks={"left": [60_000, 3_600_000], "running": [], "at": 0})  # fmt: skip


def test_whose_move_in_german_and_french() -> None:
    assert PLAYING.line(0) == "k3f9x2 Kilauea: Bob to move · Ann, Bob · last: Bob placed a tile"
    with speaking("de"):
        assert PLAYING.line(0) == (
            "k3f9x2 Kilauea: Bob am Zug · Ann, Bob · zuletzt: Bob placed a tile"
        )  # the last move comes from the table as its host said it
        assert MINE.whose_move() == "dein Zug"
        assert MINE.line(0).startswith("k3f9x2 Kilauea: dein Zug, du hast ")
        assert MyTable("t", "kilauea", "Kilauea", 0, (), "open").whose_move() == (
            "wartet auf Spieler"
        )
    with speaking("fr"):
        assert PLAYING.whose_move() == "à Bob de jouer"
        assert MINE.line(0).startswith("k3f9x2 Kilauea: à vous de jouer, il vous reste ")
        assert MyTable("t", "kilauea", "Kilauea", 0, (), "over").whose_move() == "terminée"

"""Kilauea's details pane and the line mode's ``look`` in the reader's language (issue 44):
the pane's tabs, the action tiles in play and the board's key at 80×24 in German; ``look``'s
sentences, in the rulebook's words in Italian."""

from __future__ import annotations

import re

from core import language
from core.games.kilauea.transcript import face_text
from tests.kit.kilauea_builder import Table
from tui.games.kilauea.details import KilaueaDetails
from tui.games.kilauea.look import look

from .conftest import screen_text, wait_for
from .test_kilauea_play import from_table, red_to_play

SMALL = (80, 24)


async def test_the_details_pane_is_german_at_80x24() -> None:
    language.use("de")
    table = Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    app = from_table(table, "details-de")
    async with app.run_test(size=SMALL) as pilot:
        await red_to_play(pilot, app)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaDetails), "the pane")
        pane = app.screen
        assert isinstance(pane, KilaueaDetails)
        text = screen_text(pilot)
        assert "Spieler" in text and "Plättchen" in text and "Legende" in text  # the tabs
        assert "esc Zurück zum Tisch" in text
        pane.action_show("tiles")
        await pilot.pause()
        text = screen_text(pilot)
        assert "Riffplättchen (≈, wer daneben fällt, verdient sie)" in text
        assert "nach Hibiskus" in text and "Erhalte 2 SP." in text
        assert "Reef tiles" not in text and "Gain 2 VP" not in text
        pane.action_show("key")
        await pilot.pause()
        text = screen_text(pilot)
        assert "R Y G B Tikis (rot, gelb, grün, blau)" in text and "das Kanu" in text
        assert all(len(line) <= SMALL[0] for line in text.splitlines())


def test_look_says_each_sentence_in_the_language() -> None:
    table = Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    state, names = table.state(), ("Red", "Blue", "Yellow")
    english = look(state, names, None, None)
    assert "The canoe is at plumeria b" in english[0]
    assert english[1].startswith("Red (seat 1): 0 VP.")
    language.use("it")
    said = look(state, names, None, None)
    assert len(said) == len(english)
    assert "La Canoa è a" in said[0] and "il cratere contiene" in said[0]
    assert said[1].startswith("Red (posto 1): 0 PV.") and "Canoa: rosso." in said[2]
    assert said[len(names) * 3 + 1].startswith("Il Vulcano: ")
    assert any(line.startswith("Tessera Barriera corallina 1A (dopo ") for line in said)
    assert any(face_text("1A") in line for line in said)
    left = {"The", "canoe", "seat", "forest", "volcano", "Island", "Reef", "tile", "empty"}
    for line in said:
        assert not left & set(re.findall(r"[A-Za-z]+", line)), line

"""Mauna Kea's advanced game in the reader's language (issue 44): the draft dialog (its title,
hint, the cards' titles and rules, who has chosen) at 80×24 in German and Dutch with no word
cut, and the hand's cards on the table in the rulebook's words."""

from __future__ import annotations

import re

import pytest

from core import language
from core.games.maunakea.state import Phase
from tui.app import CalderaApp, Launch
from tui.games.maunakea.draft import DraftScreen
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.cards import CardsPanel
from tui.play.setup import local_game

from .conftest import screen_text, wait_for

SMALL = (80, 24)
SAID = {
    "de": ("Red: Behalte 4 dieser 6 Karten", "Blue hat gewählt", "0 von 4 gewählt",
           "Karten von Red"),
    "nl": ("Red: houd 4 van deze 6 kaarten", "Blue heeft gekozen", "0 van 4 gekozen",
           "kaarten van Red"),
}  # fmt: skip
ENGLISH = ("keep 4 of these", "has chosen", "chosen", "leave the game unseen", "At the end")


@pytest.mark.parametrize("code", sorted(SAID))
async def test_the_draft_speaks_the_language_at_80x24(code: str) -> None:
    language.use(code)
    setup = local_game(
        2, {1: "greedy"}, seed="draft-1", options={"advanced": True}, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    title, chosen_by, count, hand = SAID[code]
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DraftScreen), "Red's draft")
        await wait_for(pilot, lambda: chosen_by in screen_text(pilot), "Blue has chosen")
        text = screen_text(pilot)
        assert title in text and count in text, text
        for english in ENGLISH:
            assert english not in text, text
        assert all(len(line) <= SMALL[0] for line in text.splitlines())
        words = re.findall(r"[^\W\d_]{2,}", text)
        assert not {w for w in words if w.endswith("-") and len(w) > 1}  # no word broken off
        table = app.screen_stack[-2]
        assert isinstance(table, MaunaKeaScreen)
        await pilot.press("1", "2", "3", "4", "enter")
        await wait_for(pilot, lambda: table.state.phase is not Phase.DRAFT, "the draft ends")
        await pilot.pause()
        assert hand in table.query_one(CardsPanel).render().plain
        text = screen_text(pilot)  # the players' panel: explorers, the bag, in the rulebook's words
        assert {"de": "Beutel 94", "nl": "Zak 94"}[code] in text, text
        assert {"de": "zu setzen 5", "nl": "te plaatsen 5"}[code] in text, text

"""Arnak's table in the reader's language (issue 44): the cards' names in the card row, the
hand and the play area are the catalogue's, and the verbs (footer, prompt) the rulebook's, at
80×24, while the events keep the cards' ids."""

from __future__ import annotations

from core import language
from core.games.arnak import events as ev
from tests.kit.arnak_builder import Table

from .conftest import screen_text, wait_for
from .test_arnak_play import events_since, from_table, red_to_play

SIZE = (80, 24)


async def test_a_card_s_name_is_german_on_the_german_table() -> None:
    language.use("de")
    table = (
        Table()
        .row(["a16"], ["i33", "i19", "i38", "i09", "i36"])  # Sundial | Bear Trap, Fishing Rod…
        .hand(0, ["i37", "b0fc", "b0es"])  # Brush, Funding, Exploration
        .hand(1, ["b1fc"])
        .res(0, "1M1C")
    )
    app = from_table(table, "arnak-de")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await wait_for(pilot, lambda: "Bärenfalle" in screen_text(pilot), "the row in German")
        text = screen_text(pilot)
        assert "Sonnenuhr" in text and "Pinsel" in text and "Finanzierung" in text
        for english in ("Bear Trap", "Sundial", "Brush", "Funding"):
            assert english not in text
        assert all(len(line) <= SIZE[0] for line in text.splitlines())
        assert "eine Hauptaktion (oder e passt), Nebenaktionen jederzeit" in text  # the prompt
        assert "p Eine Karte aus der Hand spielen" in text  # the list of what can be done
        await wait_for(pilot, lambda: "p Spielen" in screen_text(pilot), "the footer in German")
        footer = next(line for line in screen_text(pilot).splitlines() if "p Spielen" in line)
        for key in ("d Graben", "b Kauf", "e Pass", "m Mehr"):
            assert key in footer, footer

        await pilot.press("p", "1")  # Brush (the hand's first card)
        played = ev.CardPlayed(0, "i37")
        await wait_for(pilot, lambda: played in events_since(screen, start), "Brush played")
        assert "Pinsel" in screen_text(pilot)

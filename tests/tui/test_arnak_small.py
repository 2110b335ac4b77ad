"""Arnak at 80×24, the size most terminals open at: a whole turn is played by keys (a card, a
dig and its payment, a research step with the track shown in the map's place while it is asked,
the end of the turn), nothing drawn is wider than the terminal, and ``m`` opens the pane with
what the table leaves out (every board, the row's effects, the log, the legend)."""

from __future__ import annotations

import re

from core.games.arnak import events as ev
from tests.kit.arnak_builder import Table
from tui.games.arnak.more import MoreScreen

from .conftest import screen_text, wait_for
from .test_arnak_play import events_since, from_table, keys_for, red_to_play

SIZE = (80, 24)


async def test_a_whole_turn_at_80x24() -> None:
    table = Table().hand(0, ["b0fc", "b0es", "f01"]).hand(1, ["b1fc"]).res(0, "1M1C1J")
    app = from_table(table, "arnak-80x24")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await wait_for(pilot, lambda: "m More" in screen_text(pilot), "the footer")
        text = screen_text(pilot)
        assert "needs a terminal" not in text
        assert "camp 1 [  ][XX] +2 coins" in text  # the map, three sites a line
        assert "Red's HAND" in text and "Funding" in text  # your hand
        assert re.search(r"Red \d+ VP · Blue \d+ VP", text)  # the scores
        assert all(len(line) <= SIZE[0] for line in text.splitlines())

        await pilot.press("p", "1")  # Funding: +1 coin
        await wait_for(pilot, lambda: ev.CardPlayed(0, "b0fc") in events_since(screen, start))

        await pilot.press("r")  # research: the track takes the map's place while it is asked
        await wait_for(pilot, lambda: screen.choice is not None, "the research question")
        text = screen_text(pilot)
        assert "RESEARCH" in text and "temple" in text
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert "camp 1 [" in screen_text(pilot)  # the map is back

        await pilot.press("d", "1")  # camp 1 by its name, then its payment
        await wait_for(pilot, lambda: screen.choice is not None and screen.picks == ("C1.1",))
        assert "Pay the travel how?" in screen_text(pilot)
        await pilot.press(*keys_for(screen, ("f01",)))
        dug = ev.SiteDug(0, "C1.1", ("f01",))
        await wait_for(pilot, lambda: dug in events_since(screen, start), "the dig")
        assert "[R ]" in screen_text(pilot)

        await pilot.press("m")  # the pane: every board, the row's effects, the log, the legend
        await wait_for(pilot, lambda: isinstance(app.screen, MoreScreen), "the pane")
        assert "MAP" in screen_text(pilot)
        more = app.screen
        assert isinstance(more, MoreScreen)
        pane = "\n".join(str(part) for part in more.parts)
        assert "RESEARCH" in pane and "CARD ROW" in pane and "BOARDS" in pane and "LOG" in pane
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")

        await pilot.press("e")
        await wait_for(pilot, lambda: ev.TurnEnded(0) in events_since(screen, start), "the end")

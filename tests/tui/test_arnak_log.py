"""Arnak's log keeps every turn: it grows with the terminal, scrolls with ``[`` and ``]``, each
action's line says what was paid and gained, and when your turn comes the details pane says
what each other player did since your last turn, a line per turn.

(The log was 6 lines at any size and could not be scrolled; a bot's bought Rough Map scrolled
off and only ``caldera export`` told it; "Ann dug at camp site 2 paying with Fear" said nothing
of the two compasses gained.)"""

from __future__ import annotations

from core.games.arnak import events as ev
from tests.kit.arnak_builder import Table
from tui.widgets.event_log import EventLog
from tui.widgets.text_line import TextLine

from .conftest import wait_for
from .test_arnak_play import events_since, from_table, red_to_play


async def _a_turn_each(size: tuple[int, int]) -> int:
    """Red plays a card and digs, Blue (a bot) plays its turn; checks the log, the details and
    the scroll keys at ``size``; returns the log's height."""
    table = Table().hand(0, ["b0fc", "b0fs", "b0ec"]).hand(1, ["b1fc", "b1es", "f05"])
    app = from_table(table, "log")
    async with app.run_test(size=size) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("p", "1")  # Funding: a coin
        await pilot.press("d", "1")  # camp 1, paid with a card: shown first
        await wait_for(pilot, lambda: screen.choice is not None and screen.picks == ("C1.1",))
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.state.main_done)
        await pilot.press("e")
        await wait_for(pilot, lambda: ev.TurnStarted(0) in events_since(screen, start + 1))
        await wait_for(pilot, lambda: screen.turn.seat == 0 and screen.building is None)
        log = screen.query_one(EventLog)
        said = log.shown()
        dug = [s for s in said if s.startswith("Red dug at camp 1 paying with ")]
        assert dug and dug[0].endswith(": +2 coins"), said  # what it paid and gained
        details = screen.query_one("#details", TextLine).text
        text = details if isinstance(details, str) else details.plain
        assert "Since your last turn:" in text
        blue = [s for s in said[said.index("Blue's turn") :] if s.startswith("Blue ")]
        assert blue and "Blue: " in text and blue[0][len("Blue ") :][:20] in text, text

        await pilot.press("left_square_bracket")
        await pilot.pause()
        if len(said) <= log.region.height:  # all in sight: nothing to scroll
            assert log.back == 0
            return log.region.height
        assert log.back > 0, (log.region, len(said))
        assert "newer" in str(log.render().renderables[-1])
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause()
        assert log.back == 0
        return -log.region.height  # scrolled


async def test_the_others_turns_since_yours_the_log_grows_and_scrolls() -> None:
    small = await _a_turn_each((100, 30))
    large = await _a_turn_each((160, 50))
    assert small < 0, "at 100×30 the log holds less than the game said: [ scrolled it back"
    assert large > -small  # the log grows with the terminal

"""Watching an Arnak game again: the replay screen's keys over Arnak's table (the map, the
research track, the card row, the boards, and the hand of the seat the replay is seen by),
laid out as the table is (:mod:`tui.games.arnak.layout`), from 100×30 up.

The table at event N is the fold of events 0…N, seen through the chosen viewer's eyes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from core.games.arnak import events as ev
from core.messages import Event
from tui.games.arnak import panels
from tui.games.arnak.layout import MIN_SIZE, Layout, fit_table, lines, show
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.fitting_footer import FittingFooter
from tui.widgets.text_line import TextLine
from tui.widgets.timeline import TimelineBar


class ArnakReplayScreen(ReplayScreen):
    """A replay of a Lost Ruins of Arnak game."""

    CSS_PATH = "arnak.tcss"
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = (ev.TurnStarted,)
    MIN_SIZE = MIN_SIZE

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="small")
        with Vertical(id="table"):
            yield TextLine(id="status")
            with Horizontal(id="top"):
                yield TextLine(id="map")
                yield TextLine(id="research")
            yield TextLine(id="row")
            yield TextLine(id="players")
            with Horizontal(id="middle"):
                yield TextLine(id="hand")
                with Vertical(id="side"):
                    yield EventLog(numbered=True, mark_current=True, id="log")
            yield TimelineBar(id="timeline")
        yield FittingFooter(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        """Too small a terminal: say the size needed (as the table does) instead of a broken
        board; any size it fits lays the panels out anew."""
        self.fit_board(event.size.width, event.size.height)

    def fit_board(self, width: int, height: int) -> None:
        if not fit_table(self, Layout(width, height)) and self.state is not None:
            self._show()

    def show_board(self, state: Any, event: Event) -> None:
        names = self.names
        size = self.app.size
        fit = Layout(size.width, size.height)
        self.query_one("#status", TextLine).text = panels.status(state, names)
        board = panels.map_text(state, names, None, fit.text_width("map"), fit.map_columns)
        track = panels.research_text(state, names, None, fit.text_width("research"))
        top = max(lines(board), lines(track))
        show(self.query_one("#map", TextLine), board, top)
        show(self.query_one("#research", TextLine), track, top)
        self.query_one("#top").styles.height = top
        show(self.query_one("#row", TextLine), panels.row_text(state, None, fit.text_width("row")))
        players = panels.players_text(state, names, (), fit.text_width("players"))
        show(self.query_one("#players", TextLine), players)
        seat = self.viewer.seat
        if self.viewer.everything:
            seat = state.active
        hand = panels.hand_text(state, names, seat, fit.map - 2)
        self.query_one("#hand", TextLine).text = hand

"""Watching an Arnak game again: the replay screen's keys over Arnak's table (the map, the
research track, the card row, the boards, and the hand of the seat the replay is seen by).

The table at event N is the fold of events 0…N, seen through the chosen viewer's eyes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header

from core.games.arnak import events as ev
from core.messages import Event
from tui.games.arnak import panels
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.text_line import TextLine
from tui.widgets.timeline import TimelineBar


class ArnakReplayScreen(ReplayScreen):
    """A replay of a Lost Ruins of Arnak game."""

    CSS_PATH = "arnak.tcss"
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = (ev.TurnStarted,)

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="table"):
            yield TextLine(id="status")
            with Horizontal(id="top"):
                yield TextLine(id="map")
                yield TextLine(id="research")
            yield TextLine(id="row")
            yield TextLine(id="players")
            with Horizontal(id="middle"):
                yield TextLine(id="hand")
                yield EventLog(numbered=True, mark_current=True, id="log")
            yield TimelineBar(id="timeline")
        yield Footer(compact=True)

    def fit_board(self, width: int, height: int) -> None:
        """The panels have fixed sizes (the table needs 120×40)."""

    def show_board(self, state: Any, event: Event) -> None:
        names = self.names
        self.query_one("#status", TextLine).text = panels.status(state, names)
        self.query_one("#map", TextLine).text = panels.map_text(state, names)
        self.query_one("#research", TextLine).text = panels.research_text(state, names)
        self.query_one("#row", TextLine).text = panels.row_text(state)
        self.query_one("#players", TextLine).text = panels.players_text(state, names)
        seat = self.viewer.seat
        if self.viewer.everything:
            seat = state.active
        self.query_one("#hand", TextLine).text = panels.hand_text(state, names, seat)

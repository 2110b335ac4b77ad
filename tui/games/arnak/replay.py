"""Watching an Arnak game again: the replay screen's keys over Arnak's table (the map, the
research track, the card row, the boards, and the hand of the seat the replay is seen by),
laid out as the table is (:mod:`tui.games.arnak.layout`), from 80×24 up (there the map alone,
the card row by name, the scores on a line; ``m`` shows the whole table in words).

The table at event N is the fold of events 0…N, seen through the chosen viewer's eyes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core.games.arnak import events as ev
from core.games.arnak import scoring
from core.language import N_
from core.messages import Event
from tui.games.arnak import panels
from tui.games.arnak.layout import MIN_SIZE, Layout, fit_table, lines, show
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.fitting_footer import FittingFooter
from tui.widgets.header import Header
from tui.widgets.text_line import TextLine
from tui.widgets.timeline import TimelineBar


class ArnakReplayScreen(ReplayScreen):
    """A replay of a Lost Ruins of Arnak game."""

    CSS_PATH = "arnak.tcss"
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = (ev.TurnStarted,)
    MIN_SIZE = MIN_SIZE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "m", "more", N_("More"), tooltip=N_("The whole table in words: track, row, boards")
        ),
    ]

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
        self.query_one("#status", TextLine).text = panels.status(state, names, fit.width - 2)
        self._state = state
        if fit.tiny:
            board = panels.map_text(state, names, None, fit.text_width("map"), 3, title=False)
            top = lines(board)
            row = panels.row_brief(state, None, fit.text_width("row"))
            players = panels.scores_line(state, names, _scores(state), fit.text_width("players"))
        else:
            board = panels.map_text(state, names, None, fit.text_width("map"), fit.map_columns)
            top = lines(board)
            if not fit.swap:  # below 150×46 the track is in the pane (m)
                track = panels.research_text(state, names, None, fit.text_width("research"))
                top = max(top, lines(track))
                show(self.query_one("#research", TextLine), track, top)
            if fit.compact:
                row = panels.row_brief(state, None, fit.text_width("row"), tail=True)
            else:
                row = panels.row_text(state, None, fit.text_width("row"))
            width = fit.text_width("players")
            players = panels.players_text(state, names, (), width, track=fit.swap)
        show(self.query_one("#map", TextLine), board, top)
        self.query_one("#top").styles.height = top
        show(self.query_one("#row", TextLine), row)
        show(self.query_one("#players", TextLine), players)
        seat = self.viewer.seat
        if self.viewer.everything:
            seat = state.active
        hand = panels.hand_text(state, names, seat, fit.map - 2)
        self.query_one("#hand", TextLine).text = hand

    def action_more(self) -> None:
        """The pane with the whole table in words (what 80×24 leaves out)."""
        from tui.games.arnak.more import MoreScreen, sections

        state = getattr(self, "_state", None)
        if state is None:
            return
        log = self.query_one(EventLog).shown()
        width = max(self.app.size.width - 6, 40)
        self.app.push_screen(MoreScreen(sections(state, self.names, _scores(state), log, width)))


def _scores(state: Any) -> tuple[int, ...]:
    """Each player's points at this event."""
    return tuple(sum(scoring.parts(state, seat).values()) for seat in range(state.players))

"""Watching a Kilauea game again: the replay screen's keys over Kilauea's volcano board.

The board at event N is the fold of events 0…N; what event N touched is underlined.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.widgets import Header

from core.games.kilauea import events as ev
from core.messages import Event
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.kilauea.widgets.paint import Marks, choose_scale
from tui.games.kilauea.widgets.recent import event_spots
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.fitting_footer import FittingFooter
from tui.widgets.timeline import TimelineBar

BELOW_BOARD = 10  # rows for the timeline, a few log lines, header and footer


class KilaueaReplayScreen(ReplayScreen):
    """A replay of a Kilauea game."""

    CSS_PATH = "kilauea.tcss"
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = (ev.TurnStarted,)
    MIN_SIZE: ClassVar[tuple[int, int]] = (100, 30)  # the board of 4 players and the timeline

    def compose(self) -> ComposeResult:
        yield Header()
        yield VolcanoBoard(self.names, id="board")
        yield TimelineBar(id="timeline")
        yield EventLog(numbered=True, mark_current=True, id="log")
        yield FittingFooter(compact=True)

    @property
    def board(self) -> VolcanoBoard:
        return self.query_one(VolcanoBoard)

    def fit_board(self, width: int, height: int) -> None:
        self.board.scale = choose_scale(width, height, len(self.names), BELOW_BOARD)

    def show_board(self, state: Any, event: Event) -> None:
        self.board.show(state, Marks(chosen=event_spots(event)))

"""Watching a Kilauea game again: the replay screen's keys over Kilauea's volcano board.

The board at event N is the fold of events 0…N; what event N touched is underlined. On a
terminal short of rows the board shows the island of the seat whose turn it is and the others'
scores; ``p`` shows every player (and the tiles, the board's key) in a pane.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from core.games.kilauea import events as ev
from core.language import N_
from core.messages import Event
from tui.games.kilauea.details import KilaueaDetails
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.kilauea.widgets.paint import Marks, acting_seat, choose_scale
from tui.games.kilauea.widgets.recent import event_spots
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.fitting_footer import FittingFooter
from tui.widgets.header import Header
from tui.widgets.timeline import TimelineBar

BELOW_BOARD = 10  # rows for the timeline, a few log lines, header and footer
AROUND_BOARD = 7  # the fewest rows besides the board: header, timeline, 3 log lines, footer
WIDE = 100  # columns of the full board


class KilaueaReplayScreen(ReplayScreen):
    """A replay of a Kilauea game."""

    CSS_PATH = "kilauea.tcss"
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = (ev.TurnStarted,)
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)  # the compact board and the timeline
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "p", "details", N_("Players"), tooltip=N_("Every player's island and canoe, the tiles")
        ),
    ]

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
        self.board.room = height - AROUND_BOARD
        compact = width < WIDE or not self.board.shows_all
        self.query_one(TimelineBar).compact = compact
        self.set_class(compact, "-compact")
        self.call_after_refresh(self.refresh_bindings)

    def show_board(self, state: Any, event: Event) -> None:
        seat = acting_seat(state)
        if seat is not None:
            self.board.seat = seat
        self.board.show(state, Marks(chosen=event_spots(event)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "details":
            return self.is_mounted and self.state is not None and not self.board.shows_all
        return super().check_action(action, parameters)

    def action_details(self) -> None:
        """Every player, the log, the tiles and the board's key in a pane over the replay."""
        if self.state is None:
            return
        sentences = sorted(self.query_one(EventLog).said().items())
        upto = [(seq, said) for seq, said in sentences if seq <= self.position]
        pane = KilaueaDetails(self.state, self.board.scale, self.board.seats, upto, self.names)
        self.app.push_screen(pane)

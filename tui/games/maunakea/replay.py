"""Watching a Mauna Kea game again: the replay screen's keys over the island, the players'
tiles and boats, and the hands the chosen viewer may see.

The board at event N is the fold of events 0…N; the slot event N covered is marked.
Below 99×34 the replay is compact, as the table is: the island, the timeline, and beside the
island the scores and the tiles of the seat to play, under the timeline the event's sentence;
``m`` lays the players, then the log, over the island.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core.games.maunakea import events as ev
from core.language import Translator
from core.messages import Event
from tui.games.maunakea.table import (
    PANE_BINDINGS,
    PANE_HELP_HIDES,
    choose_scale,
    compact,
    fit_panes,
    pane_offered,
    show_pane,
)
from tui.games.maunakea.widgets.board import IslandBoard
from tui.games.maunakea.widgets.cards import CardsPanel, hands_seen
from tui.games.maunakea.widgets.glyphs import legend
from tui.games.maunakea.widgets.info import space_info
from tui.games.maunakea.widgets.paint import Marks
from tui.games.maunakea.widgets.players import PlayersPanel
from tui.play.seats import seat_letters
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.fitting_footer import FittingFooter
from tui.widgets.header import Header
from tui.widgets.text_line import TextLine
from tui.widgets.timeline import TimelineBar

T = Translator("maunakea")
_ = T.gettext


class MaunaKeaReplayScreen(ReplayScreen):
    """A replay of a Mauna Kea game."""

    CSS_PATH = "maunakea.tcss"
    TURN_STARTED: ClassVar[tuple[type[Event], ...]] = (ev.TurnStarted,)
    BINDINGS: ClassVar[list[BindingType]] = PANE_BINDINGS
    help_hides = PANE_HELP_HIDES  # the help says m once

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="table"):
            with Vertical(id="left"):
                board = IslandBoard(seat_letters(self.names), id="board")
                board.can_focus = False
                yield board
                yield TimelineBar(id="timeline")
                yield TextLine(id="said")
                yield TextLine(id="info")
                yield Static(legend(), id="legend")
            with Vertical(id="side"):
                yield PlayersPanel(id="side-players", compact=True)
                yield TextLine(id="side-info")
            with Vertical(id="right"):
                yield PlayersPanel(id="players")
                yield CardsPanel(id="cards")
                yield EventLog(numbered=True, mark_current=True, id="log")
                yield Static(legend(), id="pane-legend")
        yield FittingFooter(compact=True)

    def fit_board(self, width: int, height: int) -> None:
        self.query_one(IslandBoard).scale = choose_scale(width, height)
        small = compact(width, height)
        self.set_class(small, "-compact")
        self.query_one(TimelineBar).compact = small
        fit_panes(self, small)

    def action_pane(self, pane: str) -> None:
        show_pane(self, pane)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pane":
            return pane_offered(self, parameters)
        return super().check_action(action, parameters)

    def show_board(self, state: Any, event: Event) -> None:
        fresh: frozenset[tuple[int, int]] = frozenset()
        if isinstance(event, ev.LavaPlaced | ev.TilePlaced):
            fresh = frozenset({event.slot})
        board = self.query_one(IslandBoard)
        board.show(state, Marks(fresh=fresh))
        self.query_one("#players", PlayersPanel).show(state, self.names, ())
        focus = state.active if state.active is not None else state.placer
        self.query_one("#side-players", PlayersPanel).show(state, self.names, (), focus=focus)
        self.query_one("#said", TextLine).text = self._sentence()
        self._show_hands()
        self._info()

    def _sentence(self) -> str:
        """What the event shown did, in the log's words (the compact replay's column)."""
        seqs = [seq for seq, _said in self._sentences]
        at = bisect_right(seqs, self.position)
        return self._sentences[at - 1][1] if at else ""

    def _show_hands(self) -> None:
        """The hands this viewer may see (shown only in an advanced game)."""
        seats = hands_seen(self.state, self.viewer.seat, self.viewer.everything)
        # TRANSLATORS: the cards' panel of a replay watched as a spectator (keep the key v)
        hidden = (
            _("Spectators see no hand (v: view as…)")
            if self.can_view_as
            else _("Spectators see no hand")
        )
        self.query_one(CardsPanel).show(self.state, self.names, seats, hidden=hidden)

    def _info(self) -> None:
        board = self.query_one(IslandBoard)
        self.query_one("#info", TextLine).text = space_info(self.state, board.cursor, self.names)

    @on(IslandBoard.CursorMoved)
    def _cursor_moved(self) -> None:
        if self.state is not None:
            self._info()

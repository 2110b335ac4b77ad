"""What a small terminal leaves off Kilauea's table, one key away: every player's island,
stones and canoe (``p``), the whole log (``l``), the action tiles in play and the board's key.

A pane over the table in tabs; ``←``/``→`` change the tab, ``escape`` goes back to the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static, TabbedContent, TabPane

from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import KilaueaState
from core.games.kilauea.transcript import face_text
from core.language import N_, Translator
from tui.games.kilauea.verbs import cost_text, sector_name
from tui.games.kilauea.widgets.glyphs import legend, tile_brief
from tui.games.kilauea.widgets.paint import Marks, Painter, Scale, Seats
from tui.widgets.event_log import EventLog
from tui.widgets.fitting_footer import FittingFooter
from tui.widgets.theme_colours import DEFAULT

C = COMPONENTS
TABS = ("players", "log", "tiles", "key")
_ = Translator("kilauea").gettext


def players_text(state: KilaueaState, scale: Scale, seats: Seats) -> Text:
    """Every seat's island, stones, canoe and score, as the board draws them."""
    text = Text()
    rows = Painter(state, Marks(), scale, seats, DEFAULT).islands()
    for i, row in enumerate(rows):
        if i:
            text.append("\n")
        for part, style in row:
            text.append(part, style)
    return text


def tiles_text(state: KilaueaState) -> str:
    """Every action tile in play: where it lies, its cost and what it does."""
    if len(state.reef) != len(C.sectors):
        return _("The action tiles are not dealt yet.")
    lines: list[str] = []

    def say(tile: int, where: str) -> None:
        face = state.face(tile)
        earned = _(" [b]earned this turn[/b]") if tile in state.may_use else ""
        lines.append(
            f"[b]{face.code:>3}[/b] {where} ({cost_text(face.cost)}, "
            f"{tile_brief(face.code)}): {face_text(face.code)}{earned}"
        )

    lines.append(_("[b]Reef tiles[/b] (≈, cutting by them earns them)"))
    for k, tile in enumerate(state.reef):
        say(tile, _("after {sector}").format(sector=sector_name(k)))
    slope = [(k, t) for k, t in enumerate(state.slope or ()) if t is not None]
    lines.append(_("[b]Volcano tiles on the slope[/b] (▲, building there earns them)"))
    for k, tile in slope:
        say(tile, _("on {sector}'s slope").format(sector=sector_name(k)))
    if not slope:
        lines.append(_("none yet"))
    locked = [(k, t) for k, t in enumerate(state.centres or ()) if t is not None]
    if locked:
        lines.append(_("[b]Locked in a forest[/b] (freed when its m spaces are empty)"))
        for k, tile in locked:
            say(tile, _("in the {sector} forest").format(sector=sector_name(k)))
    return "\n".join(lines)


class KilaueaDetails(ModalScreen[None]):
    """The players, the log, the tiles and the board's key, over the table."""

    DEFAULT_CSS = """
    KilaueaDetails {
        background: $background;
    }
    KilaueaDetails TabbedContent {
        height: 1fr;
    }
    KilaueaDetails TabPane {
        padding: 0 1;
    }
    KilaueaDetails #details-log {
        height: 1fr;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "tab(-1)", N_("Tab"), key_display="←→"),
        Binding("right", "tab(1)", N_("Tab"), show=False),
        Binding("up", "scroll(-1)", N_("Scroll"), key_display="↑↓"),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("p", "show('players')", N_("Players")),
        Binding("l", "show('log')", N_("Log")),
        Binding("escape,q", "back", N_("Back to the table"), key_display="esc"),
    ]

    def __init__(
        self,
        state: KilaueaState,
        scale: Scale,
        seats: Seats,
        sentences: Sequence[tuple[int, str]],
        names: Sequence[str],
        tab: str = "players",
    ) -> None:
        super().__init__()
        self._state = state
        self._scale = scale
        self._seats = seats
        self._sentences = list(sentences)
        self._names = tuple(names)
        self._tab = tab

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=self._tab):
            with TabPane(_("Players"), id="players"):
                yield Static(players_text(self._state, self._scale, self._seats))
            with TabPane(_("Log"), id="log"):
                yield EventLog(id="details-log")
            with TabPane(_("Tiles"), id="tiles"):
                yield Static(tiles_text(self._state))
            with TabPane(_("Board key"), id="key"):
                yield Static(legend())
        yield FittingFooter(compact=True)

    def on_mount(self) -> None:
        log = self.query_one(EventLog)
        log.set_names(self._names)
        log.reset(self._sentences)

    @property
    def tab(self) -> str:
        return self.query_one(TabbedContent).active

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_tab(self, step: int) -> None:
        at = TABS.index(self.tab) if self.tab in TABS else 0
        self.action_show(TABS[(at + step) % len(TABS)])

    def action_scroll(self, lines: int) -> None:
        if self.tab == "log":
            self.query_one(EventLog).scroll_lines(lines)

    def action_back(self) -> None:
        self.dismiss(None)

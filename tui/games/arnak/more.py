"""What the Arnak table leaves out at 80×24, one key away (``m``): the research track in words,
the card row with every card's effect, every player's board, the whole log and the legend,
in one pane that scrolls; ``escape`` or ``m`` closes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from core.games.arnak.state import ArnakState
from core.language import N_, Translator
from tui.games.arnak import panels

_ = Translator("arnak").gettext


def sections(
    state: ArnakState,
    names: Sequence[str],
    scores: Sequence[int],
    log: Sequence[str],
    width: int,
) -> list[RenderableType]:
    """The pane's parts at ``width`` columns of text."""
    title = "bold underline"
    parts: list[RenderableType] = [
        panels.map_text(state, names, None, width, 2),
        panels.research_text(state, names, None, width),
        Text(_("CARD ROW"), title) + Text("\n") + panels.row_text(state, None, width),
        Text(_("BOARDS"), title) + Text("\n") + panels.players_text(state, names, scores, width),
        Text(_("LOG"), title) + Text("\n" + ("\n".join(log) if log else _("(nothing yet)"))),
        Text(_("THE TABLE'S SIGNS"), title),
        panels.legend_table(),
    ]
    return parts


class MoreScreen(ModalScreen[None]):
    """The board's every part in words, over the table (at any size; made for 80×24)."""

    DEFAULT_CSS = """
    MoreScreen { background: $background 60%; }
    MoreScreen #more { border: round $accent; background: $surface; padding: 0 1; }
    MoreScreen #more > Static { margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("m", "close", N_("Close"), show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self, parts: Sequence[RenderableType]) -> None:
        super().__init__()
        self.parts = list(parts)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="more") as scroll:
            scroll.border_title = _("The whole table (↑↓ PgUp PgDn scroll, escape closes)")
            for part in self.parts:
                yield Static(part)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#more").focus()

    def action_close(self) -> None:
        self.dismiss(None)

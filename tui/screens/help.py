"""Help: the keys that act on the screen below, then the game's sections (the board's legend,
the game in brief; each game's package in ``tui.games`` gives them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


def keys_table(screen: Screen[object]) -> Table:
    """Every binding of ``screen`` (and the app), with whether it acts now."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    table.add_column(no_wrap=True)
    table.add_column()
    seen: set[str] = set()
    unused: frozenset[str] = getattr(screen, "help_hides", frozenset())  # unused by this game
    for _namespace, bindings in screen._binding_chain:
        for binding in bindings.key_to_bindings.values():
            for b in binding:
                if b.description in seen or not b.description or b.action in unused:
                    continue
                seen.add(b.description)
                keys = b.key_display or ", ".join(k.strip() for k in b.key.split(","))
                table.add_row(Text(keys, style="bold"), b.tooltip or b.description)
    return table


class HelpScreen(ModalScreen[None]):
    """Shown with ``?`` over any screen."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, under: Screen[object], sections: Sequence[str] = ()) -> None:
        super().__init__()
        self.under = under
        self.sections = list(sections)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="help"):
            yield Static("[b]Keys[/b] (the footer shows the ones that act right now)")
            yield Static(keys_table(self.under))
            for section in self.sections:
                yield Static("\n" + section)
            extra = getattr(self.under, "help_extra", "")  # what the screen adds (cards, say)
            if extra:
                yield Static("\n" + extra)
            yield Static(
                "\n[dim]ctrl+p opens the command palette: every action by name.  "
                "escape closes this help.[/dim]"
            )

    def action_close(self) -> None:
        self.dismiss(None)

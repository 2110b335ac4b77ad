"""Help: the keys that act on the screen below, then the game's sections (the board's legend,
the game in brief; ``tui.games`` says which)."""

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

from tui.widgets.maunakea.glyphs import legend

MAUNA_KEA = """\
[b]Mauna Kea in brief[/b]
Save your explorers and the artifacts (○ 1 VP, ◐ 2 VP, ◉ 3 VP) from the awakening volcano.
On your turn play every tile in your hand, in any order: [b]lay[/b] it on an empty slot (any way
round) to grow the island, or [b]spend[/b] it for its movement points (MP), pooled for the turn.
Moving into jungle costs 1 MP, into water 2 MP; mountains, lava, empty slots and other explorers
block the way. An explorer carries up to 3 artifacts. Boarding a boat from one of the 4 spaces
beside its landing costs 1 MP: the boat, the explorer (3 VP) and what fits in it are saved; each
empty place costs 1 VP. After your tiles you draw back to 5 MP; lava drawn flows at once and
destroys whatever it covers. The game ends when a player has no explorer left on the island
(everyone else gets one more turn)."""


MAUNA_KEA_HELP = ("[b]The board[/b]\n" + legend(), MAUNA_KEA)


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

    def __init__(self, under: Screen[object], sections: Sequence[str] | None = None) -> None:
        super().__init__()
        self.under = under
        self.sections = list(MAUNA_KEA_HELP if sections is None else sections)

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

"""The advanced game's draft: one player keeps 4 of the 6 cards dealt, seen by that player only.

The dialog only chooses; the table screen sends the ``KeepCards`` command. Keeping is offered
only for a choice the rules list as legal. Other players appear as "choosing" or "has chosen".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from core.games.maunakea.components import COMPONENTS
from core.language import N_, Translator
from tui.games.maunakea.widgets.cards import card_rule, card_title
from tui.play.seats import seat_colour
from tui.widgets.narrator import ROWS, Narrator

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
KEPT = Style(bold=True, color="#ffe14d")
SHORT = 34  # rows below which the dialog is drawn tighter
NARRATED_SHORT = 4  # a tutorial's narrator's rows there: the heading, two of words, the rule


class DraftScreen(ModalScreen[tuple[str, ...] | None]):
    """Dismissed with the cards kept (in the order dealt), or ``None`` to look at the board."""

    CSS_PATH = "draft.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "1",
            "toggle_card(0)",
            N_("Keep/leave"),
            key_display="1…6",
            tooltip=N_("Keep or leave card N"),
        ),
        *[Binding(str(i + 1), f"toggle_card({i})", show=False) for i in range(1, 6)],
        Binding(
            "enter", "keep", N_("Keep these"), tooltip=N_("Keep the chosen cards (the rest leave)")
        ),
        Binding("enter", "explain_keep", show=False),
        Binding(
            "escape", "close", N_("See the board"), tooltip=N_("Look at the board (c comes back)")
        ),
    ]

    chosen: reactive[frozenset[int]] = reactive(frozenset())
    problem: reactive[str] = reactive("")

    def __init__(
        self,
        seat: int,
        player: str,
        dealt: Sequence[str],
        legal: Collection[tuple[str, ...]],
        others: Sequence[tuple[int, str, bool]],
        *,
        narrated: bool = False,
    ) -> None:
        super().__init__()
        self.narrated = narrated  # a tutorial's: its narrator says the step in the hint's place
        self.seat = seat
        self.player = player
        self.dealt = tuple(dealt)
        self.legal = frozenset(legal)
        self.others = tuple(others)
        self.short = False  # a short terminal: a card's rule on its title's line

    def compose(self) -> ComposeResult:
        with Vertical(id="draft"):
            if self.narrated:  # the step says what to keep (its heading the tutorial's title)
                yield Narrator(id="draft-narrator")
            else:
                yield Label(
                    _("{player}: keep {kept} of these {n} cards").format(
                        player=self.player, kept=C.cards_kept, n=len(self.dealt)
                    ),
                    id="draft-title",
                )
                yield Static(
                    _(
                        "The other {n} leave the game unseen. Action cards are played in your "
                        "turn, free of MP; task cards score at the end."
                    ).format(n=len(self.dealt) - C.cards_kept),
                    classes="draft-hint",
                )
            with VerticalScroll(id="draft-list"):  # scrolls on a short terminal
                yield Static(id="draft-cards")
            yield Label("", id="draft-problem")
            yield Static(id="draft-others")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        """A short terminal (80×24): each card on fewer lines, the list scrolled if need be
        (the rows the dialog's border, title, hint, problem, progress and footer take)."""
        height = event.size.height
        self.short = height < SHORT
        self.set_class(self.short, "-short")
        around = 8 if self.short else 11
        if self.narrated:  # the narrator's rows (and its margin) for the title's and the hint's
            rows = NARRATED_SHORT if self.short else ROWS
            self.query_one(Narrator).styles.height = rows
            around += rows - 3 if self.short else rows + 1 - 4
        self.query_one("#draft-list").styles.max_height = max(4, height - around)
        self._show()

    def kept(self) -> tuple[str, ...]:
        return tuple(card for i, card in enumerate(self.dealt) if i in self.chosen)

    def show_others(self, others: Sequence[tuple[int, str, bool]]) -> None:
        """Update the other players' progress: (seat, name, has chosen)."""
        self.others = tuple(others)
        if self.is_mounted:
            self._show()

    def watch_chosen(self) -> None:
        if self.is_mounted:
            self._show()
            self.refresh_bindings()

    def watch_problem(self, problem: str) -> None:
        if self.is_mounted:
            self.query_one("#draft-problem", Label).update(problem)

    def _show(self) -> None:
        cards = Table.grid(padding=(0, 1))
        cards.add_column(no_wrap=True)
        cards.add_column(no_wrap=True)
        cards.add_column(ratio=1)
        for index, card in enumerate(self.dealt):
            keep = index in self.chosen
            what = Text(card_title(card), KEPT if keep else Style(bold=True))
            what.append(f"{' — ' if self.short else chr(10)}{card_rule(card)}", Style(dim=True))
            mark = Text("[✓]" if keep else "[ ]", KEPT if keep else Style(dim=True))
            cards.add_row(Text(str(index + 1), Style(bold=True)), mark, what)
        self.query_one("#draft-cards", Static).update(cards)
        others = Text()
        for seat, name, done in self.others:
            said = _("{player} has chosen") if done else _("{player} is choosing…")
            before, _sep, after = said.partition("{player}")
            others.append(before, Style(dim=not done))
            others.append(name, Style(color=seat_colour(seat), bold=True))
            others.append(after, Style(dim=not done))
            others.append("   ")
        count = len(self.chosen)
        chosen = _("{count} of {kept} chosen").format(count=count, kept=C.cards_kept)
        left = Text(chosen, Style(bold=True))
        if others:
            left.append("   ·   ")
            left.append_text(others)
        self.query_one("#draft-others", Static).update(left)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "keep":
            return self.kept() in self.legal
        return True

    def action_toggle_card(self, index: int) -> None:
        if index >= len(self.dealt):
            return
        if index in self.chosen:
            self.chosen = self.chosen - {index}
        elif len(self.chosen) >= C.cards_kept:
            self.problem = _("You keep {kept}: leave one first (press its number).").format(
                kept=C.cards_kept
            )
            return
        else:
            self.chosen = self.chosen | {index}
        self.problem = ""

    def action_keep(self) -> None:
        if self.kept() in self.legal:
            self.dismiss(self.kept())

    def action_explain_keep(self) -> None:
        self.problem = _("Choose {kept} cards to keep ({count} chosen).").format(
            kept=C.cards_kept, count=len(self.chosen)
        )

    def action_close(self) -> None:
        self.dismiss(None)

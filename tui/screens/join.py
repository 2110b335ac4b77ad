"""Taking a seat at a table from the lobby: your name, and which free seat (or the first).

``enter`` takes the highlighted seat from either field (the first free one is highlighted at
once), and the footer says so.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, OptionList
from textual.widgets.option_list import Option

from core.language import N_, Translator
from net.wire.messages import TableListing

T = Translator("app")
_ = T.gettext

JoinChoice = tuple[str, int | None]  # (your name, the seat: None for the first free one)


class JoinScreen(ModalScreen[JoinChoice | None]):
    """Your name and a free seat of ``card``; ``None`` on escape."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: enter in the name field and on the list alike (and so the footer shows it)
        Binding("enter", "take", N_("Take the seat"), priority=True, tooltip=N_("Sit at the seat")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, card: TableListing, name: str) -> None:
        super().__init__()
        self.card = card
        self.player_name = name
        self.seats: list[int | None] = [None, *card.open_seats()]

    def compose(self) -> ComposeResult:
        card = self.card
        with Vertical(classes="dialog"):
            yield Label(
                _("Join {name} ({game}, table {table})").format(
                    name=card.name, game=card.title, table=card.table
                ),
                classes="dialog-title",
            )
            yield Label(_("Your name"))
            yield Input(self.player_name, id="join-name", max_length=24)
            yield Label(_("Which seat? (enter takes the highlighted one)"))
            yield OptionList(
                *[
                    Option(
                        _("The first free seat")
                        if seat is None
                        else _("Seat {n}").format(n=seat + 1)
                    )
                    for seat in self.seats
                ],
                id="choices",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0
        self.query_one("#join-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_take()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._take(event.option_index)

    def action_take(self) -> None:
        """Sit at the highlighted seat (the first free one unless another was chosen)."""
        highlighted = self.query_one(OptionList).highlighted
        self._take(highlighted if highlighted is not None else 0)

    def _take(self, index: int) -> None:
        name = self.query_one("#join-name", Input).value.strip() or self.player_name
        self.dismiss((name, self.seats[index]))

    def action_cancel(self) -> None:
        self.dismiss(None)

"""Taking a seat at a table from the lobby: your name, and which free seat (or the first)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from net.wire import TableCard

JoinChoice = tuple[str, int | None]  # (your name, the seat: None for the first free one)


class JoinScreen(ModalScreen[JoinChoice | None]):
    """Your name and a free seat of ``card``; ``None`` on escape."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, card: TableCard, name: str) -> None:
        super().__init__()
        self.card = card
        self.player_name = name
        self.seats: list[int | None] = [None, *card.open_seats()]

    def compose(self) -> ComposeResult:
        card = self.card
        with Vertical(classes="dialog"):
            yield Label(
                f"Join {card.name} ({card.title}, table {card.table})", classes="dialog-title"
            )
            yield Label("Your name")
            yield Input(self.player_name, id="join-name", max_length=24)
            yield Label("Which seat? (enter takes the highlighted one)")
            yield OptionList(
                *[
                    Option("The first free seat" if seat is None else f"Seat {seat + 1}")
                    for seat in self.seats
                ],
                id="choices",
            )

    def on_mount(self) -> None:
        self.query_one("#join-name", Input).focus()

    def on_input_submitted(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        name = self.query_one("#join-name", Input).value.strip() or self.player_name
        self.dismiss((name, self.seats[event.option_index]))

    def action_cancel(self) -> None:
        self.dismiss(None)

"""Passing the keyboard at a hotseat table: the table is hidden until the next player looks.

Shown before a human's draft or turn when several humans share one keyboard in a game with
secret hands, so nobody sees another player's cards.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static


class CoverScreen(ModalScreen[bool]):
    """Dismissed with ``True`` when the named player is ready, ``False`` to leave the game."""

    CSS_PATH = "cover.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "Show my cards", tooltip="Only the named player is looking"),
        Binding("q", "leave", "Leave", tooltip="Leave the game (it stays saved)"),
    ]

    def __init__(self, player: str, what: str = "turn") -> None:
        super().__init__()
        self.player = player
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="cover"):
            yield Label(f"Pass the keyboard to {self.player}", id="cover-title")
            yield Static(
                f"It is {self.player}'s {self.what}. Everyone else, look away: "
                "each hand of cards is secret."
            )
            yield Static(f"Press [b]enter[/b] when only {self.player} is looking.", id="cover-hint")
        yield Footer(compact=True)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

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

from core.language import N_, Translator

T = Translator("app")
_ = T.gettext


WHOSE = {  # what comes, as each table says it (its cover_reason), as a whole sentence
    "turn": N_("It is {player}'s turn. Everyone else, look away: each hand of cards is secret."),
    "turn to choose cards": N_(  # internal
        "It is {player}'s turn to choose cards. Everyone else, look away: each hand of cards is "
        "secret."
    ),
    "round's end (keep or put away your leftover cards)": N_(  # internal
        "It is {player}'s round's end (keep or put away your leftover cards). Everyone else, look "
        "away: each hand of cards is secret."
    ),
}


class CoverScreen(ModalScreen[bool]):
    """Dismissed with ``True`` when the named player is ready, ``False`` to leave the game."""

    CSS_PATH = "cover.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter", "ready", N_("Show my cards"), tooltip=N_("Only the named player is looking")
        ),
        Binding("q", "leave", N_("Leave"), tooltip=N_("Leave the game (it stays saved)")),
    ]

    def __init__(self, player: str, what: str = "turn") -> None:
        super().__init__()
        self.player = player
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="cover"):
            who = self.player
            yield Label(_("Pass the keyboard to {player}").format(player=who), id="cover-title")
            said = WHOSE.get(self.what)
            if said is None:
                # TRANSLATORS: {what} is the game's word for what comes ("turn")
                said = N_("It is {player}'s {what}. Everyone else, look away: each hand of cards "
                         "is secret.")  # fmt: skip
            yield Static(_(said).format(player=who, what=self.what))
            hint = _("Press [b]enter[/b] when only {player} is looking.").format(player=who)
            yield Static(hint, id="cover-hint")
        yield Footer(compact=True)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

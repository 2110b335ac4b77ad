"""A tutorial's first words, on a card of their own before its first step: the learner reads
them at their own pace, then enter begins (a toast over the narrator hid the first step for
12 seconds and went before a newcomer had read it). It says how many steps there are and how
long they take at a newcomer's pace (TutorialSession.length), and the keys that help on the way."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from core.language import N_, Translator

_ = Translator("app").gettext


class TutorialIntro(ModalScreen[None]):
    """The tutorial's title and intro; dismissed by enter (or escape) to begin."""

    CSS_PATH = "tutorial_intro.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "begin", N_("Begin")),
        Binding("escape", "begin", show=False),
        Binding("space", "begin", show=False),
    ]

    def __init__(self, title: str, intro: str, length: str) -> None:
        super().__init__()
        self.heading = title
        self.intro = intro
        self.length = length  # "16 steps, about 7 minutes"

    def compose(self) -> ComposeResult:
        with Vertical(id="intro"):
            yield Label(self.heading, id="intro-title")
            yield Static(self.intro, id="intro-words")
            yield Static(
                _(
                    "{length}. Each step says what happens and the keys of its move. "
                    "E explains the question, ? the rules; q leaves, and you go on later "
                    "where you stopped."
                ).format(length=self.length),
                id="intro-how",
            )
            yield Static(_("Press [b]enter[/b] to begin."), id="intro-hint")
        yield Footer(compact=True)

    def action_begin(self) -> None:
        self.dismiss(None)

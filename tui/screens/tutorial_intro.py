"""A tutorial's first words, on a card of their own before its first step: the learner reads
them at their own pace, then enter begins (a toast over the narrator hid the first step for
12 seconds and went before a newcomer had read it). It says how many steps there are and how
long they take at a newcomer's pace (core.tutorial_pace), and the keys that help on the way."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from core.language import N_, Translator

T = Translator("app")
_, ngettext = T.gettext, T.ngettext


def length_words(steps: int, minutes: float) -> str:
    """``16 steps, about 5 minutes`` (rounded up, at a newcomer's pace)."""
    whole = max(1, -int(-minutes // 1))
    return _("{steps}, about {minutes}").format(
        steps=ngettext("{n} step", "{n} steps", steps).format(n=steps),
        minutes=ngettext("{n} minute", "{n} minutes", whole).format(n=whole),
    )


class TutorialIntro(ModalScreen[None]):
    """The tutorial's title and intro; dismissed by enter (or escape) to begin."""

    CSS_PATH = "tutorial_intro.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "begin", N_("Begin")),
        Binding("escape", "begin", show=False),
        Binding("space", "begin", show=False),
    ]

    def __init__(self, title: str, intro: str, steps: int, minutes: float) -> None:
        super().__init__()
        self.heading = title
        self.intro = intro
        self.steps = steps
        self.minutes = minutes

    def compose(self) -> ComposeResult:
        with Vertical(id="intro"):
            yield Label(self.heading, id="intro-title")
            yield Static(self.intro, id="intro-words")
            yield Static(
                _(
                    "{length}. Each step says what happens and the keys of its move. "
                    "E explains the question, ? the rules; q leaves, and you go on later "
                    "where you stopped."
                ).format(length=length_words(self.steps, self.minutes)),
                id="intro-how",
            )
            yield Static(_("Press [b]enter[/b] to begin."), id="intro-hint")
        yield Footer(compact=True)

    def action_begin(self) -> None:
        self.dismiss(None)

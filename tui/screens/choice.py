"""Small modal questions: pick one of a few options, or confirm (yes/no)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, ScreenResultType
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from core.language import N_, Translator, anywhere

_ = Translator("app").gettext

WIDEST = 90  # columns of a dialog box on a wide terminal (``.dialog`` in dialogs.tcss)
FRAME = 6  # the box's border and padding, both sides


class Dialog(ModalScreen[ScreenResultType]):
    """A box of at most ``WIDEST`` columns, narrower on a narrow terminal, whose question and
    hints wrap inside it (a long one was cut off at the box's edge)."""

    CSS_PATH = "dialogs.tcss"

    def on_mount(self) -> None:
        self._fit(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, columns: int) -> None:
        box = max(FRAME + 10, min(WIDEST, columns - 2))
        for dialog in self.query(".dialog"):
            dialog.styles.max_width = box
        for label in self.query(".dialog-title, .dialog-hint"):
            label.styles.max_width = box - FRAME


class ChoiceScreen(Dialog[int | None]):
    """A titled list of options; returns the index chosen, or ``None`` on escape."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", N_("Cancel"))]

    def __init__(self, title: str, options: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(
                *[Option(f"{i + 1}. {text}", id=str(i)) for i, text in enumerate(self.options)],
                id="choices",
            )

    def on_key(self, event: events.Key) -> None:
        if event.key.isdigit() and 1 <= int(event.key) <= len(self.options):
            event.stop()
            self.dismiss(int(event.key) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog[bool]):
    """A yes/no question."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, *, hint: str | None = None) -> None:
        super().__init__()
        self.question = question
        self.hint = _("[b]y[/b] yes    [b]n[/b] no") if hint is None else anywhere(hint)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            yield Label(self.hint, classes="dialog-hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class AskScreen(Dialog[str | None]):
    """One line of text (a broker's address, say); ``None`` on escape."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, question: str, value: str = "", hint: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            yield Input(self.value, id="answer")
            if self.hint:
                yield Label(self.hint, classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)

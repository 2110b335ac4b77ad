"""The table's ``E``: what the question asks now, each kind of answer with the keys that make
it and what it does, in the game's words (``tui.games.<game>.explain`` words each kind)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from core.language import N_, Translator
from core.messages import Command
from tui.screens.choice import Dialog

_ = Translator("app").gettext
HINT = N_("escape closes · ↑ ↓ scroll")


@dataclass(frozen=True)
class Answer:
    """A kind of answer the question takes now: its command's tag, the keys, what it does."""

    kind: str
    keys: str
    what: str
    ways: int  # how many answers of this kind there are now


def game_words(game: str) -> Mapping[str, str]:
    """What each kind of ``game``'s commands does (its ``explain`` module's ``WHAT``), in the
    player's language (the game's catalogue)."""
    module = importlib.import_module(f"tui.games.{game}.explain")
    words: Mapping[str, str] = module.WHAT
    said = Translator(game).gettext
    return {tag: said(text) for tag, text in words.items()}


def answers(
    commands: Iterable[Command], words: Mapping[str, str], keys: Mapping[str, str]
) -> list[Answer]:
    """The kinds among ``commands`` (in their order), each worded and with its keys."""
    ways: dict[str, int] = {}
    for command in commands:
        tag = type(command).TAG
        ways[tag] = ways.get(tag, 0) + 1
    return [
        Answer(tag, keys.get(tag, ""), words.get(tag, tag.partition(".")[2].replace("_", " ")), n)
        for tag, n in ways.items()
    ]


def told(answers: Sequence[Answer]) -> Text:
    """The answers as the dialog lists them: the keys, then what the kind does."""
    text = Text()
    for n, answer in enumerate(answers):
        if n:
            text.append("\n")
        if answer.keys:
            text.append(f" {answer.keys} ", style="bold reverse")
            text.append(" ")
        text.append(answer.what)
    return text


class ExplainScreen(Dialog[None]):
    """The question, and what each kind of answer does."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,E,q", "close", "Close")]

    def __init__(self, question: str, answers: Sequence[Answer]) -> None:
        super().__init__()
        self.question = question
        self.answers = list(answers)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog explain"):
            yield Label(self.question, classes="dialog-title")
            with VerticalScroll(id="explain-kinds"):
                yield Static(told(self.answers), id="explain-text")
            yield Label(_(HINT), classes="dialog-hint")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#explain-kinds").focus()

    def action_close(self) -> None:
        self.dismiss(None)

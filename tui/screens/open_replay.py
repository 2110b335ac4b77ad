"""Asking for a replay file by path (for games saved elsewhere)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label

from core.language import N_, Translator
from tui.replay import paths
from tui.replay.library import replays_dir

T = Translator("app")
_ = T.gettext


class PathSuggester(Suggester):
    """Completes a typed path to a folder or a replay file (→ takes the completion)."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return paths.completion(value) if value else None


class OpenReplayScreen(ModalScreen[Path | None]):
    """A path prompt; returns the path (checked to exist), or ``None``."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Open a replay file"), classes="dialog-title")
            yield Input(
                placeholder=paths.shown(replays_dir() / "….caldera"),
                id="path",
                suggester=PathSuggester(),
            )
            yield Label("", id="error", classes="dialog-error")
            yield Label(_("→ completes a name, enter opens, escape cancels"), classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        try:
            path = paths.typed_path(text)
        except paths.OutsideFolder as exc:
            self.query_one("#error", Label).update(str(exc))
            return
        if not path.is_file():
            said = _("No such file: {path}").format(path=paths.shown(path))
            self.query_one("#error", Label).update(said)
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)

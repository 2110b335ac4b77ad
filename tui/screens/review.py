"""The review of a finished game in the app (``r`` at the end screen and in a replay): the same
words as ``caldera review`` (:mod:`tui.cli.review`), worked out in a thread while a line says how
far it got; ``escape`` leaves (and stops it)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static
from textual.worker import get_current_worker

from core.codec import Envelope
from core.errors import CalderaError
from core.protocol import Rules

LEVEL = "medium"
SAMPLES = 12


class Stopped(Exception):
    """The player left the review before it was done."""


class ReviewScreen(ModalScreen[None]):
    """How each seat played ``envelopes``, once worked out."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r", "close", "Close")]

    def __init__(
        self,
        rules: Rules[Any],
        envelopes: Sequence[Envelope],
        names: Sequence[str],
        path: Path | None = None,
    ) -> None:
        """``path``: the replay, beside which the review is kept (and found the next time)."""
        super().__init__()
        self.path = path
        self.rules = rules
        self.envelopes = list(envelopes)
        self.names = tuple(names)
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog review"):
            yield Label("How each seat played", classes="dialog-title")
            yield Static("Reviewing…", id="review-text")
            yield Label("escape closes", classes="dialog-hint")

    def on_mount(self) -> None:
        self._work()

    @work(thread=True, exclusive=True)
    def _work(self) -> None:
        from core.bots import make_bot
        from core.review import reviewing
        from core.search.bot import SearchBot
        from replays.reviews import reviewed
        from tui.replay.review_words import review_lines

        worker = get_current_worker()
        bot = make_bot(self.rules.game, LEVEL, "review")
        if not isinstance(bot, SearchBot):
            self.app.call_from_thread(self._show, [f"{self.rules.title} has no bot to judge with."])
            return
        level = reviewing(bot.level, None)

        def progress(seq: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            if seq % 10 == 0:
                self.app.call_from_thread(self._show, [f"Reviewing event {seq} of {total}…"])

        try:
            done = reviewed(self.rules, bot.hooks, level, self.envelopes, samples=SAMPLES,
                            path=self.path, progress=progress)  # fmt: skip
        except Stopped:
            return
        except CalderaError as exc:
            self.app.call_from_thread(self._show, [f"{str(exc)[:1].upper()}{str(exc)[1:]}."])
            return
        lines = review_lines(self.rules, self.envelopes, self.names, done, level, SAMPLES)
        self.app.call_from_thread(self._show, lines)

    def _show(self, lines: list[str]) -> None:
        self.lines = lines
        if self.query("#review-text"):
            self.query_one("#review-text", Static).update("\n".join(lines))

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(None)

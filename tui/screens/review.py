"""The review of a finished game in the app (``r`` at the end screen and in a replay): the same
words as ``caldera review`` (:mod:`tui.cli.review`), worked out in a thread while a line says how
far it got; ``escape`` leaves (and stops it). The review worked out is handed back to the screen
that asked (the replay marks it on its timeline)."""

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
from core.review import Review

LEVEL = "medium"
SAMPLES = 12


def judge(rules: Rules[Any]) -> tuple[Any, Any] | None:
    """The search's hooks and the level the app's review judges ``rules``' games with (``None``:
    the game has no search bot)."""
    from core.bots import make_bot
    from core.review import reviewing
    from core.search.bot import SearchBot

    bot = make_bot(rules.game, LEVEL, "review")
    if not isinstance(bot, SearchBot):
        return None
    return bot.hooks, reviewing(bot.level, None)


def kept_review(rules: Rules[Any], envelopes: Sequence[Envelope], path: Path) -> Review | None:
    """The app's review kept beside the replay at ``path``, if there is one (nothing is worked
    out: a replay opens with its marks at once, or without them)."""
    from replays.reviews import kept, key_of

    found = judge(rules)
    if found is None or not envelopes:
        return None
    level = found[1]
    doc = kept(path, key_of(list(envelopes), rules.game, level.name, level.iterations, SAMPLES))
    if doc is None:
        return None
    try:
        return Review.from_json(doc)
    except CalderaError:
        return None


class Stopped(Exception):
    """The player left the review before it was done."""


class ReviewScreen(ModalScreen[Review | None]):
    """How each seat played ``envelopes``, once worked out (dismissed with the review, or
    ``None`` when left before it was done)."""

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
        self.done: Review | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog review"):
            yield Label("How each seat played", classes="dialog-title")
            yield Static("Reviewing…", id="review-text")
            yield Label("escape closes", classes="dialog-hint")

    def on_mount(self) -> None:
        self._work()

    @work(thread=True, exclusive=True)
    def _work(self) -> None:
        from replays.reviews import reviewed
        from tui.replay.review_words import review_lines

        worker = get_current_worker()
        found = judge(self.rules)
        if found is None:
            self.app.call_from_thread(self._show, [f"{self.rules.title} has no bot to judge with."])
            return
        hooks, level = found

        def progress(seq: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            if seq % 10 == 0:
                self.app.call_from_thread(self._show, [f"Reviewing event {seq} of {total}…"])

        try:
            done = reviewed(self.rules, hooks, level, self.envelopes, samples=SAMPLES,
                            path=self.path, progress=progress)  # fmt: skip
        except Stopped:
            return
        except CalderaError as exc:
            self.app.call_from_thread(self._show, [f"{str(exc)[:1].upper()}{str(exc)[1:]}."])
            return
        lines = review_lines(self.rules, self.envelopes, self.names, done, level, SAMPLES)
        self.app.call_from_thread(self._show, lines, done)

    def _show(self, lines: list[str], done: Review | None = None) -> None:
        self.lines = lines
        if done is not None:
            self.done = done
        if self.query("#review-text"):
            self.query_one("#review-text", Static).update("\n".join(lines))

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(self.done)

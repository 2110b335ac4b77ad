"""The review of a finished game in the app (``r`` at the end screen and in a replay): the same
words as ``caldera review`` (:mod:`tui.cli.review`), worked out in the bots' workers
(:mod:`core.search.workers`, a part in each, off the event loop: every key is answered while it
runs) while a line says how far it got; ``escape`` leaves, and ends the workers and their work.
The review worked out is handed back to the screen that asked (the replay marks it on its
timeline)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from core.codec import Envelope
from core.errors import CalderaError
from core.language import N_, Translator
from core.protocol import Rules
from core.review import Review
from core.search import workers

_ = Translator("app").gettext

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


def saved_review(path: Path, notify: Callable[..., object]) -> ReviewScreen | None:
    """The review screen of the saved game in ``path``; ``None`` when the file cannot be read or
    its game is not over, which ``notify`` is told in one line."""
    from core.games import get_rules
    from core.review import reviewable
    from replays.file import read

    title = _("Cannot review the game")
    try:
        replay = read(path)
        reviewable(replay.envelopes)
    except CalderaError as exc:
        notify(f"{str(exc)[:1].upper()}{str(exc)[1:]}.", title=title, severity="error")
        return None
    try:
        rules = get_rules(replay.header.game)
    except KeyError:
        said = _("{file}: a game this version does not know ({game})")
        notify(said.format(file=path.name, game=replay.header.game), title=title, severity="error")
        return None
    return ReviewScreen(rules, replay.envelopes, replay.header.players, path)


class ReviewScreen(ModalScreen[Review | None]):
    """How each seat played ``envelopes``, once worked out (dismissed with the review, or
    ``None`` when left before it was done)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,r", "close", N_("Close")),
        Binding("question_mark", "judging", N_("How it judges"), key_display="?"),
    ]

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
        self.judging: str | None = None  # how it judges, shown under the progress (``?``)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog review"):
            yield Label(_("How each seat played"), classes="dialog-title")
            yield Static(_("Reviewing…"), id="review-text")
            yield Label(_("escape closes · ? how it judges"), classes="dialog-hint")

    def on_mount(self) -> None:
        self._work()

    @work(exclusive=True)
    async def _work(self) -> None:
        from replays.reviews import reviewed_in
        from tui.replay.review_words import review_lines

        found = judge(self.rules)
        if found is None:
            said = _("{game} has no bot to judge with.").format(game=self.rules.title)
            self._show([said])
            return
        _hooks, level = found

        def progress(move: int, total: int) -> None:
            said = _("Reviewing move {move} of {total}…").format(move=min(move + 1, total),
                                                                total=total)  # fmt: skip
            self._show([said])

        try:
            done = await reviewed_in(workers.shared(), self.rules, level, self.envelopes,
                                     samples=SAMPLES, path=self.path,
                                     progress=progress)  # fmt: skip
        except CalderaError as exc:
            self._show([f"{str(exc)[:1].upper()}{str(exc)[1:]}."])
            return
        except workers.ThinkingError as exc:  # a bug in the review, or the workers closed
            self._show([_("The review failed: {why}").format(why=exc)])
            return
        self._show(review_lines(self.rules, self.envelopes, self.names, done, level, SAMPLES), done)

    def _show(self, lines: list[str], done: Review | None = None) -> None:
        self.lines = lines
        if done is not None:
            self.done = done
        shown = lines if self.judging is None or done or self.done else [*lines, "", self.judging]
        if self.query("#review-text"):
            self.query_one("#review-text", Static).update("\n".join(shown))

    def action_judging(self) -> None:
        """How the review judges, under its progress (again: hidden); once it is done, its
        first line says it."""
        from tui.replay.review_words import judging_line

        found = judge(self.rules)
        if self.judging is None and found is not None:
            self.judging = judging_line(self.rules, self.names, found[1], SAMPLES)
        else:
            self.judging = None
        self._show(self.lines)

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(self.done)

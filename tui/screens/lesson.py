"""Learn from your mistakes: over a reviewed replay, stop at each mistake or blunder of one seat
(the board shows the position the seat decided in), ask for a better move among the commands
the search weighs there, then weigh the one chosen beside the search's choice and the game's by
the review's own playouts (:func:`core.review.weigh_at`, in the bots' workers) and say, in the
game's words, what the search preferred and what each keeps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from core.codec import Envelope
from core.fold import state_before
from core.language import N_, Translator, decimal
from core.messages import Command
from core.protocol import Rules
from core.review import INACCURACY, POINTS, Judged
from tui.replay.review_why import why
from tui.screens.review import SAMPLES, judge

_ = Translator("app").gettext

ASKED = {  # what the lesson asks at a mistake, by its mark (only mistakes and blunders stop it)
    "inaccuracy": N_("Event {n}, {player}'s move: {move} — an inaccuracy. Find a better one:"),
    "mistake": N_("Event {n}, {player}'s move: {move} — a mistake. Find a better one:"),
    "blunder": N_("Event {n}, {player}'s move: {move} — a blunder. Find a better one:"),
}


class LessonScreen(ModalScreen[None]):
    """``seat``'s mistakes (``mistakes``, in order), one after another; ``goto(seq)`` shows
    the replay at event ``seq`` behind the lesson."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", N_("Next mistake"), tooltip=N_("The seat's next mistake")),
        Binding("escape,q", "close", N_("Stop"), tooltip=N_("Leave the lesson")),
    ]

    def __init__(
        self,
        rules: Rules[Any],
        envelopes: Sequence[Envelope],
        names: Sequence[str],
        mistakes: Sequence[Judged],
        goto: Callable[[int], None],
    ) -> None:
        super().__init__()
        self.rules, self.envelopes, self.names = rules, list(envelopes), tuple(names)
        self.mistakes = list(mistakes)
        self.goto = goto
        self.at = 0
        self.offered: list[Command] = []
        self.verdict = ""  # what the search made of the move chosen, once weighed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog lesson"):
            yield Label("", id="lesson-title", classes="dialog-title")
            yield Static("", id="lesson-ask")
            yield OptionList(id="lesson-moves")
            yield Static("", id="lesson-verdict")
            yield Label(
                _("enter tries a move · n next mistake · escape stops"), classes="dialog-hint"
            )

    def on_mount(self) -> None:
        self._ask()

    @property
    def judged(self) -> Judged:
        return self.mistakes[self.at]

    def _ask(self) -> None:
        """The mistake at hand: its position behind, the question and the moves to try."""
        judged = self.judged
        seat, name = judged.seat, self.names[judged.seat]
        self.goto(judged.seq - 1)  # the position the seat decided in
        state = state_before(self.rules, self.envelopes, judged.seq)
        view = self.rules.view(state, seat)
        played = self._words(view, judged.played)
        title = _("Learn from your mistakes — {player} ({n} of {total})")
        self.query_one("#lesson-title", Label).update(
            title.format(player=name, n=self.at + 1, total=len(self.mistakes))
        )
        asked = _(ASKED.get(judged.mark, ASKED["mistake"]))
        self.query_one("#lesson-ask", Static).update(
            asked.format(n=judged.seq, player=name, move=played)
        )
        found = judge(self.rules)
        legal = self.rules.legal_commands(view, seat)
        weighed = list(found[0].candidates(view, seat, legal)) if found else list(legal)
        if judged.best not in weighed:
            weighed.insert(0, judged.best)
        self.offered = [c for c in weighed if c != judged.played]
        moves = self.query_one("#lesson-moves", OptionList)
        moves.clear_options()
        moves.add_options([Option(self._words(view, c)) for c in self.offered])
        moves.highlighted = 0
        moves.focus()
        self.verdict = ""
        self.query_one("#lesson-verdict", Static).update("")
        self.query_one(".lesson").remove_class("weighed")

    def _words(self, view: Any, command: Command) -> str:
        from tui.lines.player import command_words

        words = command_words(self.rules, view, self.judged.seat, command, self.names)
        return words.removeprefix(f"{self.names[self.judged.seat]} ")

    @on(OptionList.OptionSelected, "#lesson-moves")
    def _tried(self, message: OptionList.OptionSelected) -> None:
        self.query_one("#lesson-verdict", Static).update(_("Weighing it…"))
        self._weigh(self.at, self.offered[message.option_index])

    @work(exclusive=True)
    async def _weigh(self, at: int, tried: Command) -> None:
        """Weighed in one of the bots' workers (leaving, or the next mistake, ends it)."""
        from core.search import workers
        from core.search.workers import Job

        judged = self.mistakes[at]
        found = judge(self.rules)
        if found is None:
            return
        _hooks, level = found
        commands = [judged.best, judged.played, tried]
        told = (self.rules.game, level, self.envelopes, judged.seq, commands, SAMPLES)
        job = Job("core.review:weigh_part", told)
        kept = await workers.shared().run(job)
        self._said(at, tried, kept)

    def _said(self, at: int, tried: Command, kept: list[tuple[float, float]]) -> None:
        if at != self.at:
            return  # the lesson went on meanwhile
        judged = self.judged
        before = state_before(self.rules, self.envelopes, judged.seq)
        view = self.rules.view(before, judged.seat)
        (best, best_points), (played, played_points), (mine, points) = kept
        lost, cost = best - mine, best_points - points
        if tried == judged.best or (lost < INACCURACY and cost < POINTS["inaccuracy"]):
            head = _("Well found: the search sees no better.")
        elif mine > played:
            head = _("Better than the game's move, but the search still preferred another.")
        else:
            head = _("No better than the game's move.")
        kept_words = _(
            "Yours keeps {percent}% of winning chance and {points} points over the next turns; "
            "the game's {game_percent}% and {game_points}."
        )
        lines = [
            head,
            kept_words.format(
                percent=f"{100 * mine:.0f}",
                points=decimal(points, signed=True),
                game_percent=f"{100 * played:.0f}",
                game_points=decimal(played_points, signed=True),
            ),
        ]
        if tried != judged.best:
            # TRANSLATORS: {move} is a move said without its player ("moved the canoe 1 space
            # to hibiscus b"): where your language's verb cannot follow, put it after a colon
            preferred = _("The search preferred {move}: it keeps {percent}% and {points} points.")
            lines.append(
                preferred.format(
                    move=self._words(view, judged.best),
                    percent=f"{100 * best:.0f}",
                    points=decimal(best_points, signed=True),
                )
            )
        if reason := why(self.rules, before, judged.seat, judged.best, judged.played, self.names):
            lines.append(reason)
        self.verdict = "\n".join(lines)
        self.query_one("#lesson-verdict", Static).update(self.verdict)
        self.query_one(".lesson").add_class("weighed")  # room for the verdict and its why

    def action_next(self) -> None:
        if self.at + 1 >= len(self.mistakes):
            self.notify(_("That was the last mistake."), timeout=4)
            return
        self.workers.cancel_all()
        self.at += 1
        self._ask()

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(None)

"""A review (:mod:`core.review`) in words, as ``caldera review`` prints it and the app shows it:
per seat its decisions and accuracy, its inaccuracies, mistakes and blunders, its three costliest
moments (what was played, what the search liked better, what it cost, and why in the game's
words: :mod:`tui.replay.review_why`; with ``--all`` every decision's why), and the last line:
the points lost to decisions and those lost (or won) to luck."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.language import Translator, decimal
from core.review import Judged, Review
from core.search import calibration
from core.search.levels import Level

T = Translator("app")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

MARKS = ("inaccuracy", "mistake", "blunder")


def mark_word(mark: str) -> str:
    """A decision's mark (``"blunder"``) in the reader's language, as "event 12 (mistake)"
    puts it."""
    return {
        "inaccuracy": pgettext("review mark", "inaccuracy"),
        "mistake": pgettext("review mark", "mistake"),
        "blunder": pgettext("review mark", "blunder"),
    }.get(mark, mark)


def _counted(mark: str, n: int) -> str:
    """``n`` decisions of one mark: "2 inaccuracies", "1 blunder"."""
    if mark == "inaccuracy":
        return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
    if mark == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    return ngettext("{n} blunder", "{n} blunders", n).format(n=n)


def review_lines(
    rules: Any,
    envelopes: Sequence[Any],
    names: Sequence[str],
    done: Review,
    level: Level,
    samples: int,
    seat: int | None = None,
    every: bool = False,
) -> list[str]:
    """The review in words: a head line, then a paragraph for each seat (``seat``: that one,
    from 1); ``every``: each decision, not only the costliest."""
    words = _Words(rules, envelopes, names)
    lines = [judging_line(rules, names, level, samples)]
    for me in range(len(names)) if seat is None else [seat - 1]:
        mine = done.of(me)
        counts = {mark: sum(d.mark == mark for d in mine) for mark in MARKS}
        accuracy = done.accuracy(me)
        if accuracy is None:
            said = _("no decision to judge")
        else:
            said = _("accuracy {percent}%").format(percent=f"{accuracy:.0f}")
        marks = ", ".join(_counted(mark, n) for mark, n in reversed(counts.items()))
        lines += ["", seat_line(names[me], me, len(mine), done.forced[me], said, marks)]
        if every:
            for judged in mine:
                lines.append(words.decision(judged))
                if reason := words.why(judged):
                    lines.append("    " + reason)
        costly = done.costliest(me)
        if costly:
            lines.append("  " + _("The costliest moments:"))
            for judged in costly:
                lines.append(words.decision(judged))
                if reason := words.why(judged):
                    lines.append("    " + reason)
        lines.append("  " + luck_line(names[me], done.points_to_decisions(me),
                                      done.points_to_luck(me)))  # fmt: skip
    return lines


def reasons(
    rules: Any, envelopes: Sequence[Any], names: Sequence[str], decisions: Sequence[Judged]
) -> list[str]:
    """Each decision's why in the game's words (``""`` where the search played it too), as
    the lines above say it: ``caldera review --format json`` gives the same."""
    words = _Words(rules, envelopes, names)
    return [words.why(judged) for judged in decisions]


def seat_line(name: str, seat: int, judged: int, forced: int, accuracy: str, marks: str) -> str:
    """A seat's head line: ``Ann (seat 1): 12 decisions judged (3 forced, not counted),
    accuracy 87%; 1 blunder, 0 mistakes, 2 inaccuracies.`` (``seat`` from 0)."""
    # TRANSLATORS: {n} decisions judged; {accuracy} is "accuracy 87%" or "no decision to
    # judge"; {marks} counts blunders, mistakes and inaccuracies ("1 blunder, 0 mistakes, 2
    # inaccuracies"). The English says "decisions" for one too.
    said = ngettext(
        "{player} (seat {seat}): {n} decisions judged ({forced} forced, not counted), "
        "{accuracy}; {marks}.",
        "{player} (seat {seat}): {n} decisions judged ({forced} forced, not counted), "
        "{accuracy}; {marks}.",
        judged,
    )
    return said.format(player=name, seat=seat + 1, n=judged, forced=forced, accuracy=accuracy,
                       marks=marks)  # fmt: skip


def luck_line(name: str, lost: float, luck: float) -> str:
    """A seat's last line: the points it lost to its decisions, and those luck took or gave."""
    if luck < 0:
        said = _("{player} lost {points} points to decisions and lost {luck} to luck.")
        return said.format(player=name, points=decimal(lost), luck=decimal(-luck))
    said = _("{player} lost {points} points to decisions and won {luck} from luck.")
    return said.format(player=name, points=decimal(lost), luck=decimal(luck))


def judging_line(rules: Any, names: Sequence[str], level: Level, samples: int) -> str:
    """How the review judges: the search, and the thresholds of its marks."""
    if calibration.chance(rules.game, level.name, 0.5) is not None:
        said = _(
            "{game}, {players}: each decision judged by the {level} search ({iterations} "
            "iterations, {samples} playouts a command). A decision is an inaccuracy, a mistake "
            "or a blunder when it lost 5, 10 or 15 points of winning chance, or 1, 2 or 4 points "
            "of the game."
        )
    else:
        said = _(
            "{game}, {players}: each decision judged by the {level} search ({iterations} "
            "iterations, {samples} playouts a command). A decision is an inaccuracy, a mistake "
            "or a blunder when it lost 5, 10 or 15 points of winning chance, or 1, 2 or 4 points "
            "of the game (the search's lead, not yet calibrated for this game)."
        )
    return said.format(game=rules.title, players=", ".join(names), level=level_word(level.name),
                       iterations=level.iterations, samples=samples)  # fmt: skip


def level_word(name: str) -> str:
    """A search level's name (``medium``) in the reader's language, as "the {level} search"
    puts it."""
    return {
        "easy": pgettext("the … search", "easy"),
        "medium": pgettext("the … search", "medium"),
        "hard": pgettext("the … search", "hard"),
    }.get(name, name)


def decision_words(
    rules: Any, envelopes: Sequence[Any], names: Sequence[str], judged: Judged
) -> str:
    """One judged decision in words: ``event 12 (mistake): Ann … — lost 12 points of winning
    chance and 2.1 points; better: …``."""
    return _Words(rules, envelopes, names).decision(judged).strip()


class _Words:
    """The sentences of the commands played and of those the search liked better."""

    def __init__(self, rules: Any, envelopes: Sequence[Any], names: Sequence[str]) -> None:
        self.rules, self.names, self.log = rules, names, list(envelopes)

    def _state_before(self, seq: int) -> Any:
        from core.fold import state_before

        return state_before(self.rules, self.log, seq)

    def why(self, judged: Judged) -> str:
        """Why the search's move was better, in the game's words (:mod:`.review_why`)."""
        from tui.replay.review_why import why

        state = self._state_before(judged.seq)
        return why(self.rules, state, judged.seat, judged.best, judged.played, self.names)

    def decision(self, judged: Judged) -> str:
        from tui.lines.player import command_words

        state = self._state_before(judged.seq)
        played = command_words(self.rules, state, judged.seat, judged.played, self.names)
        if judged.mark:
            head = _("event {n} ({mark}): {move}").format(
                n=judged.seq, mark=mark_word(judged.mark), move=played
            )
        else:
            head = _("event {n}: {move}").format(n=judged.seq, move=played)
        if judged.best == judged.played:
            return "  " + _("{decision} — the search's choice too").format(decision=head)
        best = command_words(self.rules, state, judged.seat, judged.best, self.names)
        chance = round(judged.chance_lost * 100)
        said = ngettext(
            "{decision} — lost {chance} point of winning chance and {points} points; "
            "better: {best}",
            "{decision} — lost {chance} points of winning chance and {points} points; "
            "better: {best}",
            chance,
        )
        return "  " + said.format(
            decision=head, chance=chance, points=decimal(judged.points_lost), best=best
        )

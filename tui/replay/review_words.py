"""A review (:mod:`core.review`) in words, as ``caldera review`` prints it and the app shows it:
per seat its decisions and accuracy, its inaccuracies, mistakes and blunders, its three costliest
moments (what was played, what the search liked better, what it cost), and the last line: the
points lost to decisions and those lost (or won) to luck."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.review import Judged, Review
from core.search import calibration
from core.search.levels import Level

MARKS = ("inaccuracy", "mistake", "blunder")


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
        said = "no decision to judge" if accuracy is None else f"accuracy {accuracy:.0f}%"
        forced = done.forced[me]
        lines += [
            "",
            f"{names[me]} (seat {me + 1}): {len(mine)} decisions judged ({forced} forced, "
            f"not counted), {said}; "
            + ", ".join(f"{n} {_plural(mark, n)}" for mark, n in reversed(counts.items()))
            + ".",
        ]
        if every:
            lines += [words.decision(judged) for judged in mine]
        costly = done.costliest(me)
        if costly:
            lines.append("  The costliest moments:")
            lines += [words.decision(judged) for judged in costly]
        lost = done.points_to_decisions(me)
        luck = done.points_to_luck(me)
        to_luck = f"lost {-luck:.1f} to luck" if luck < 0 else f"won {luck:.1f} from luck"
        lines.append(f"  {names[me]} lost {lost:.1f} points to decisions and {to_luck}.")
    return lines


def judging_line(rules: Any, names: Sequence[str], level: Level, samples: int) -> str:
    """How the review judges: the search, and the thresholds of its marks."""
    return (
        f"{rules.title}, {', '.join(names)}: each decision judged by the {level.name} search "
        f"({level.iterations} iterations, {samples} playouts a command). A decision is an "
        "inaccuracy, a mistake or a blunder when it lost 5, 10 or 15 points of winning chance, "
        "or 1, 2 or 4 points of the game"
        + (
            "."
            if calibration.chance(rules.game, level.name, 0.5) is not None
            else " (the search's lead, not yet calibrated for this game)."
        )
    )


def decision_words(
    rules: Any, envelopes: Sequence[Any], names: Sequence[str], judged: Judged
) -> str:
    """One judged decision in words: ``event 12 (mistake): Ann … — lost 12 points of winning
    chance and 2.1 points; better: …``."""
    return _Words(rules, envelopes, names).decision(judged).strip()


def _plural(mark: str, n: int) -> str:
    return mark if n == 1 else ("inaccuracies" if mark == "inaccuracy" else f"{mark}s")


class _Words:
    """The sentences of the commands played and of those the search liked better."""

    def __init__(self, rules: Any, envelopes: Sequence[Any], names: Sequence[str]) -> None:
        self.rules, self.names, self.log = rules, names, list(envelopes)

    def _state_before(self, seq: int) -> Any:
        from core.fold import state_before

        return state_before(self.rules, self.log, seq)

    def decision(self, judged: Judged) -> str:
        from tui.lines.player import command_words

        state = self._state_before(judged.seq)
        played = command_words(self.rules, state, judged.seat, judged.played, self.names)
        mark = f" ({judged.mark})" if judged.mark else ""
        head = f"  event {judged.seq}{mark}: {played}"
        if judged.best == judged.played:
            return head + " — the search's choice too"
        best = command_words(self.rules, state, judged.seat, judged.best, self.names)
        chance = round(judged.chance_lost * 100)
        return (
            f"{head} — lost {chance} point{'' if chance == 1 else 's'} of winning chance and "
            f"{judged.points_lost:.1f} points; better: {best}"
        )

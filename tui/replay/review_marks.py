"""A review (:mod:`core.review`) laid along a replay's timeline: a seat's winning chance after
each of its decisions (the bar draws it as a sparkline), its judged decisions marked as
Lichess marks them (``?!`` an inaccuracy, ``?`` a mistake, ``??`` a blunder), and the mistakes to
jump to. Everything here reads the review only; the replay is never changed."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from core.review import Judged, Review

SUFFIX = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""After a log sentence, as a chess score marks a move."""
GLYPH = {"inaccuracy": "⁈", "mistake": "?", "blunder": "⁇"}
"""The same marks in one cell each, on the bar."""
RANK = {"": 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}
BLOCKS = "▁▂▃▄▅▆▇█"
MISTAKES = ("mistake", "blunder")  # what the next-mistake key and the lessons stop at


@dataclass(frozen=True)
class Cell:
    """One column of the bar: the seat's chance there (``None`` before its first decision) and
    the worst mark among its decisions in that column."""

    chance: float | None
    mark: str

    @property
    def glyph(self) -> str:
        if self.mark:
            return GLYPH[self.mark]
        if self.chance is None:
            return "─"
        return BLOCKS[min(len(BLOCKS) - 1, int(self.chance * len(BLOCKS)))]


class ReviewMarks:
    """A review as the replay screen reads it, seat by seat."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.players = review.players
        self.by_seq: dict[int, Judged] = {d.seq: d for d in review.decisions}
        self._seqs = [sorted(d.seq for d in review.of(s)) for s in range(review.players)]

    @staticmethod
    def kept_chance(judged: Judged) -> float:
        """The winning chance the command played kept (the best's, less what it lost)."""
        return max(0.0, judged.chance - judged.chance_lost)

    def mark_at(self, seq: int) -> str:
        judged = self.by_seq.get(seq)
        return judged.mark if judged is not None else ""

    def marked(self, seq: int, sentence: str) -> str:
        """The log's sentence of event ``seq``, with its mark when it is one."""
        mark = self.mark_at(seq)
        return f"{sentence} {SUFFIX[mark]}" if mark and sentence else sentence

    def last_decision(self, seat: int, seq: int) -> Judged | None:
        """``seat``'s last judged decision at or before event ``seq``."""
        seqs = self._seqs[seat]
        at = bisect.bisect_right(seqs, seq)
        return self.by_seq[seqs[at - 1]] if at else None

    def chance_at(self, seat: int, seq: int) -> float | None:
        judged = self.last_decision(seat, seq)
        return None if judged is None else self.kept_chance(judged)

    def mistakes(self, seat: int | None = None) -> list[Judged]:
        """The decisions marked mistake or blunder (``seat``'s, or every seat's), in order."""
        found = [d for d in self.review.decisions if d.mark in MISTAKES]
        return sorted((d for d in found if seat is None or d.seat == seat), key=lambda d: d.seq)

    def next_mistake(self, seat: int | None, after: int, forward: bool = True) -> int | None:
        """The event of the next (or previous) mistake or blunder after (before) ``after``."""
        seqs = [d.seq for d in self.mistakes(seat)]
        if forward:
            return next((s for s in seqs if s > after), None)
        return next((s for s in reversed(seqs) if s < after), None)

    def cells(self, seat: int, length: int, width: int) -> list[Cell]:
        """The bar's ``width`` columns over ``length`` events (column of event p: p / last of
        the width, as the bar places its marker): ``seat``'s chance at the last event each
        column covers, and the worst mark of its decisions there."""
        last = max(length - 1, 1)
        ends: list[int | None] = [None] * width
        marks = [""] * width
        for seq in range(length):
            column = round(seq / last * (width - 1))
            ends[column] = seq
            mark = self.mark_at(seq)
            if mark and self.by_seq[seq].seat == seat and RANK[mark] > RANK[marks[column]]:
                marks[column] = mark
        cells, chance = [], None
        for end, mark in zip(ends, marks, strict=True):
            if end is not None:
                chance = self.chance_at(seat, end)
            cells.append(Cell(chance, mark))
        return cells

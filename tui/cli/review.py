"""``caldera review FILE``: how each seat played a finished game (:mod:`core.review`), in words.

Per seat: its decisions and accuracy, its inaccuracies, mistakes and blunders, its three
costliest moments (what was played, what the search liked better, what it cost), and the last
line: the points lost to decisions and those lost (or won) to luck.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from tui.cli import shared
from tui.cli.command import Parser, fail

MARKS = ("inaccuracy", "mistake", "blunder")


def review_flags(p: Parser, games: Sequence[str]) -> None:
    shared.replay_file(p)
    p.add_argument("--seat", type=int, default=None, help="review this seat only (1-based)")
    p.add_argument(
        "--level",
        choices=("easy", "medium", "hard"),
        default="medium",
        help="the search bot that judges (default: medium; hard is slower and sees further)",
    )
    p.add_argument("--samples", type=int, default=16, help="playouts a command (default 16)")
    p.add_argument("--all", action="store_true", help="list every decision, not only the marked")


def run_review(args: argparse.Namespace) -> int:
    from core.bots import make_bot
    from core.errors import CalderaError
    from core.games import get_rules
    from core.review import review, reviewing
    from core.search.bot import SearchBot
    from replays.check import playable
    from replays.file import read

    replay = read(args.file)
    for warning in replay.warnings:
        print(f"caldera: warning: {warning}", file=sys.stderr)
    playable(replay)
    envelopes = replay.envelopes
    names = replay.header.players
    rules = get_rules(replay.header.game)
    if args.seat is not None and args.seat not in range(1, len(names) + 1):
        return fail(f"--seat is 1 to {len(names)}")
    if args.samples < 1:
        return fail("--samples is at least 1")
    bot = make_bot(rules.game, args.level, "review")
    if not isinstance(bot, SearchBot):
        return fail(f"{rules.title} has no search bot to judge with")
    level = reviewing(bot.level, None)
    seats = None if args.seat is None else [args.seat - 1]
    tty = sys.stderr.isatty()

    def progress(seq: int, total: int) -> None:
        if tty and seq % 10 == 0:
            print(f"\rreviewing event {seq} of {total}", end="", file=sys.stderr, flush=True)

    try:
        done = review(rules, bot.hooks, level, envelopes, seats=seats, samples=args.samples,
                      progress=progress)  # fmt: skip
    except CalderaError as exc:
        return fail(str(exc))
    if tty:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    for line in review_lines(rules, envelopes, names, done, args, level):
        print(line)
    return 0


def review_lines(
    rules: Any, envelopes: Sequence[Any], names: Sequence[str], done: Any, args: Any, level: Any
) -> list[str]:
    """The review in words: a head line, then a paragraph a seat."""
    words = _Words(rules, envelopes, names)
    lines = [
        f"{rules.title}, {', '.join(names)}: each decision judged by the {level.name} search "
        f"({level.iterations} iterations, {args.samples} playouts a command). A decision is an "
        "inaccuracy, a mistake or a blunder when it lost 5, 10 or 15 points of winning chance."
    ]
    seats = range(len(names)) if args.seat is None else [args.seat - 1]
    for seat in seats:
        mine = done.of(seat)
        counts = {mark: sum(d.mark == mark for d in mine) for mark in MARKS}
        accuracy = done.accuracy(seat)
        said = "no decision to judge" if accuracy is None else f"accuracy {accuracy:.0f}%"
        forced = done.forced[seat]
        lines += [
            "",
            f"{names[seat]} (seat {seat + 1}): {len(mine)} decisions judged ({forced} forced, "
            f"not counted), {said}; "
            + ", ".join(f"{n} {_plural(mark, n)}" for mark, n in reversed(counts.items()))
            + ".",
        ]
        if args.all:
            lines += [words.decision(judged) for judged in mine]
        costly = done.costliest(seat)
        if costly:
            lines.append("  The costliest moments:")
            lines += [words.decision(judged) for judged in costly]
        lost = done.points_to_decisions(seat)
        luck = done.points_to_luck(seat)
        to_luck = f"lost {-luck:.1f} to luck" if luck < 0 else f"won {luck:.1f} from luck"
        lines.append(f"  {names[seat]} lost {lost:.1f} points to decisions and {to_luck}.")
    return lines


def _plural(mark: str, n: int) -> str:
    return mark if n == 1 else ("inaccuracies" if mark == "inaccuracy" else f"{mark}s")


class _Words:
    """The sentences of the commands played and of those the search liked better."""

    def __init__(self, rules: Any, envelopes: Sequence[Any], names: Sequence[str]) -> None:
        self.rules, self.names, self.log = rules, names, list(envelopes)

    def _state_before(self, seq: int) -> Any:
        from core.fold import state_before

        return state_before(self.rules, self.log, seq)

    def decision(self, judged: Any) -> str:
        from tui.lines.player import command_words

        state = self._state_before(judged.seq)
        played = command_words(self.rules, state, judged.seat, judged.played, self.names)
        mark = f" ({judged.mark})" if judged.mark else ""
        head = f"  event {judged.seq}{mark}: {played}"
        if judged.best == judged.played:
            return head + " — the search's choice too"
        best = command_words(self.rules, state, judged.seat, judged.best, self.names)
        return (
            f"{head} — lost {judged.chance_lost * 100:.0f} points of winning chance and "
            f"{judged.points_lost:.1f} points; better: {best}"
        )

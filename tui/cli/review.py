"""``caldera review FILE``: how each seat played a finished game (:mod:`core.review`), printed
in the words of :mod:`tui.replay.review_words`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.language import Translator
from tui.cli import shared
from tui.cli.command import Parser, fail

if TYPE_CHECKING:
    from core.review import Review

_ = Translator("cli").gettext


def review_flags(p: Parser, games: Sequence[str]) -> None:
    shared.replay_file(p)
    p.add_argument("--seat", type=int, default=None, help=_("review this seat only (1-based)"))
    p.add_argument(
        "--level",
        choices=("easy", "medium", "hard"),
        default="medium",
        help=_("the search bot that judges (default: medium; hard is slower and sees further)"),
    )
    p.add_argument("--samples", type=int, default=16, help=_("playouts a command (default 16)"))
    p.add_argument("--all", action="store_true", help=_("list every decision, not only the marked"))
    p.add_argument("--format", choices=("text", "json"), default="text")


def run_review(args: argparse.Namespace) -> int:
    from core.bots import make_bot
    from core.errors import CalderaError
    from core.games import get_rules
    from core.review import reviewing
    from core.search.bot import SearchBot
    from core.search.workers import Thinkers
    from replays.check import playable
    from replays.file import read
    from replays.reviews import reviewed_in
    from tui.replay.review_words import reasons, review_lines

    replay = read(args.file)
    for warning in replay.warnings:
        print(_("caldera: warning: {what}").format(what=warning), file=sys.stderr)
    playable(replay)
    envelopes = replay.envelopes
    names = replay.header.players
    rules = get_rules(replay.header.game)
    if args.seat is not None and args.seat not in range(1, len(names) + 1):
        return fail(_("--seat is 1 to {n}").format(n=len(names)))
    if args.samples < 1:
        return fail(_("--samples is at least 1"))
    bot = make_bot(rules.game, args.level, "review")
    if not isinstance(bot, SearchBot):
        return fail(_("{game} has no search bot to judge with").format(game=rules.title))
    level = reviewing(bot.level, None)
    seats = None if args.seat is None else [args.seat - 1]
    tty = sys.stderr.isatty()

    def progress(move: int, total: int) -> None:
        if tty:
            said = _("reviewing move {n} of {total}").format(n=min(move + 1, total), total=total)
            print("\r" + said, end="", file=sys.stderr, flush=True)

    async def work() -> Review:
        pool = Thinkers()  # a part of the review in each of the bots' workers
        try:
            return await reviewed_in(pool, rules, level, envelopes, samples=args.samples,
                                     path=args.file, seats=seats, progress=progress)  # fmt: skip
        finally:
            pool.close()

    try:
        done = asyncio.run(work())
    except CalderaError as exc:
        return fail(str(exc))
    if tty:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    if args.format == "json":
        doc = done.to_json()
        whys = reasons(rules, envelopes, names, done.decisions)
        for decision, why in zip(doc["decisions"], whys, strict=True):
            decision["why"] = why  # the game's words, as the line mode says it
        print(json.dumps(doc, indent=1))
        return 0
    for line in review_lines(
        rules, envelopes, names, done, level, args.samples, args.seat, args.all
    ):
        print(line)
    return 0

"""``learn``: a game's tutorial (or a club's tutorial file), in the app or the line mode."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from core.language import N_, Translator
from tui.cli.command import Command, Parser, fail

if TYPE_CHECKING:
    from tui.app import Launch

_ = Translator("cli").gettext


def _learn_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument(
        "tutorial", metavar="GAME", help=_("a game (its own tutorial) or a tutorial file")
    )
    p.add_argument("--again", action="store_true", help=_("from the start, not where it was left"))
    p.add_argument(
        "--pace",
        type=float,
        default=argparse.SUPPRESS,
        help=_("seconds between two bot commands (default 0.5; 0 is instant)"),
    )
    p.add_argument("--lines", action="store_true", help=_("no full screen: the line mode"))


def _learn(args: argparse.Namespace) -> int | Launch:
    from core.tutorial import builtin, load
    from tui.app import Launch
    from tui.play import learn

    name = args.tutorial
    load(Path(name) if learn.is_file(name) else builtin(name))  # a bad file: one line, first
    if args.lines:
        return _learn_lines(args)
    return Launch(learn=name, again=args.again)


def _learn_lines(args: argparse.Namespace) -> int:
    """A tutorial in the line mode: the narrator's words before each question."""
    import asyncio

    from tui.lines.player import LinePlayer, stdin_line
    from tui.play import learn
    from tui.play.tutorial_table import resume

    pace = getattr(args, "pace", None)  # the app's --pace is None unless given
    pace = 0.0 if pace is None else pace  # a reader wants the bots' moves at once
    if pace < 0:
        return fail(_("--pace is a number of seconds, 0 or more"))
    left = None if args.again else learn.left_unfinished(args.tutorial)

    async def play() -> int:
        if left is not None:
            session = resume(left, bot_pace=pace)
        else:
            session = learn.open_named(args.tutorial, bot_pace=pace)
        player = LinePlayer(session, stdin_line, sys.stdout)
        try:
            await session.start()
            code = await player.run()
        finally:
            await session.close()
        print(_("Replay: {file}").format(file=session.replay_path), flush=True)
        return code

    return asyncio.run(play())


COMMANDS = (
    Command(
        "learn",
        N_("learn a game by playing it: a guided first game"),
        _learn_flags,
        _learn,
        # TRANSLATORS: printed as it is: keep the line breaks, lines under 80 columns
        description=N_(
            "A tutorial: a real game with a narrator. Each step says what happens and\n"
            "why, names the rule, and asks for one move (a wrong one is explained). Left, it\n"
            "goes on where it stopped next time (--again starts afresh)."
        ),
        # TRANSLATORS: printed as it is: keep the line breaks and the commands, lines under 80
        epilog=N_(
            "examples:\n"
            "  caldera learn GAME\n"
            "  caldera learn GAME --lines        the tutorial in the line mode\n"
            "  caldera learn club.toml           a tutorial file (docs/tutorials.md)\n"
            "GAME is a game with a tutorial of its own, or another of Caldera's tutorials by its\n"
            "name (the game, a dash and what it teaches; all are in core/tutorials/)."
        ),
    ),
)

"""The ``caldera`` command: the app with no arguments, subcommands for scripts and tests.

A module per group of commands: ``local`` (play, replay, selfplay), ``files`` (export, state,
verify), ``club`` (broker, serve, lobby), ``notify`` (turn notices), ``table`` (host, join,
bot), ``doors`` (ssh-server, web). To add a command, give its group a
:class:`~tui.cli.command.Command` (a name, a function declaring its flags, a function running
it); flags other commands share are declared once in :mod:`tui.cli.shared`.

Every error a user can meet is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.known_games import GAMES
from core.language import LANGUAGES, N_, Translator
from tui.cli.command import Command, OneLineParser, fail
from tui.launch import logs

__all__ = ["COMMANDS", "main", "parse_bots", "selfplay_turn_limit"]

# modules of tui.cli, in --help's order
GROUP_NAMES = ("local", "learn", "files", "club", "notify", "table", "doors")


def gather(groups: Sequence[Any]) -> dict[str, Command]:
    """Every group's commands by name; a name two commands claim is a mistake said at once."""
    found: dict[str, Command] = {}
    for group in groups:
        for command in group.COMMANDS:
            if command.name in found:
                raise ValueError(f"two commands are named {command.name!r}")  # internal
            found[command.name] = command
    return found


def groups() -> list[Any]:
    """The command groups' modules, loaded when first asked (the app's launch, with no words,
    needs none: the menu shows sooner)."""
    return [import_module(f"{__name__}.{group}") for group in GROUP_NAMES]


@cache
def commands() -> dict[str, Command]:
    """Every command by name (see ``groups``)."""
    return gather(groups())


def __getattr__(name: str) -> Any:
    """``COMMANDS``, ``GROUPS`` and the local group's helpers, loaded when first asked."""
    if name == "COMMANDS":
        return commands()
    if name == "GROUPS":
        return tuple(groups())
    if name in ("parse_bots", "selfplay_turn_limit"):
        return getattr(import_module(f"{__name__}.local"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # internal


_ = Translator("cli").gettext

DESCRIPTION = N_(
    "Caldera: three volcano-island board games in the terminal. Without a command it opens "
    "the app; the commands below play, host and join tables and read replays from a shell.\n\n"
    "Every error a user can meet is one line on stderr and a non-zero exit, never a traceback."
)


def _flag_games(words: Sequence[str]) -> tuple[str, ...]:
    """The games whose flags a command line needs: every game for a command that opens a
    table (so a flag of another game is refused in the game's words), none otherwise (the
    other commands import no game's rules)."""
    if "--print-completion" in words:
        return tuple(GAMES)  # the completion knows every flag
    if not words:
        return ()
    found = commands()
    name = next((word for word in words if word in found), None)
    return tuple(GAMES) if name is not None and found[name].table_options else ()


def _parser(
    games: Sequence[str] = (), words: Sequence[str] | None = None
) -> argparse.ArgumentParser:
    """The command line; ``games``: those whose table options are flags; ``words``: the
    command line it reads, if known (the completion script's flag is shtab's only when given,
    and no words, the app's launch, need no command's parser)."""
    p = OneLineParser(prog="caldera", description=_(DESCRIPTION))
    p.add_argument("--version", action=Version, nargs=0, help=_("show the version and exit"))
    p.add_argument("--lang", choices=tuple(LANGUAGES), default=None,
                   help=_("the language to speak, anywhere on the line (default: the menu's "
                          "setting, else the locale's)"))  # fmt: skip
    p.add_argument("--log", type=Path, default=None, metavar="FILE",
                   help=_("write what happens here (the app's default: "
                          "~/.local/state/caldera/caldera.log)"))  # fmt: skip
    completion = _("print the shell completion script (bash, zsh or tcsh), e.g. caldera "
                   "--print-completion bash")  # fmt: skip
    if "--print-completion" in (words or ()):
        import shtab  # 50 ms of imports: only for the command that asks it

        shtab.add_argument_to(p, "--print-completion", help=completion)
    else:  # its help: given, the flag would have taken the branch above
        p.add_argument("--print-completion", choices=("bash", "zsh", "tcsh"), help=completion)
    p.add_argument(
        "--pace",
        type=float,
        default=None,
        help=_("seconds between two bot commands in the app (default 0.5; 0 is instant)"),
    )
    if words is not None and not words:
        p.set_defaults(command=None)  # the menu opens at once
        return p
    sub = p.add_subparsers(dest="command")
    for command in commands().values():
        command.add_to(sub, games)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    from tui.settings import language

    try:
        words, lang = language.take_flag(sys.argv[1:] if argv is None else argv)
    except ValueError as exc:
        return fail(str(exc))
    language.start(lang)
    args = _parser(_flag_games(words), words).parse_args(words)
    if args.log is not None and logs.start(args.log) is None:
        return fail(_("--log: cannot write {file}").format(file=args.log))
    try:
        if args.command is None:
            return _run_app(args, None)
        done = commands()[args.command].run(args)
        return done if isinstance(done, int) else _run_app(args, done)
    except CalderaError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `caldera export … | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run_app(args: argparse.Namespace, launch: Any) -> int:
    """The full-screen app, opening ``launch`` (a game, a replay; the menu when None). The menu
    is drawn at once from the last launch's first frame while the app loads (tui.launch.splash)."""
    from tui.launch import collector, splash

    if args.pace is not None and args.pace < 0:
        return fail(_("--pace is a number of seconds, 0 or more"))
    shown = splash.show() if launch is None else None
    collector.pause()  # until the first frame (the app resumes it): see tui.launch.collector
    try:
        from tui.app import CalderaApp
        from tui.settings.play import DEFAULT_BOT_PACE

        pace = args.pace if args.pace is not None else DEFAULT_BOT_PACE
        if logs.current() is None:
            logs.start()
        keep = launch is None and splash.at_a_terminal()
        app = CalderaApp(launch, bot_pace=pace, keep_frame=keep)
        if shown is not None:
            shown.hand_over()
        app.run()
        return app.return_code or 0
    finally:
        if shown is not None:
            shown.take_back()  # the app never started: the screen as it was
        collector.resume()  # an app that never showed a frame


class Version(argparse.Action):
    """``--version``: the installed version, read only when asked (importlib.metadata is slow
    to load)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kwargs: Any) -> None:
        print(f"caldera {_version()}")  # on stdout, as argparse's own version action does
        parser.exit()


def _version() -> str:
    """This Caldera's version (as installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("caldera")
    except PackageNotFoundError:
        return _("(not installed)")

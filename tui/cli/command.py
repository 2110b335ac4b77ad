"""What a ``caldera`` command is: a name, its flags, what it runs.

A command is a :class:`Command` in its group's ``COMMANDS`` (``tui/cli/local.py``, ``files.py``,
``club.py``, ``table.py``); ``tui/cli/__init__.py`` gathers the groups. Its ``flags`` function
declares its flags, calling :mod:`tui.cli.shared` for those other commands have too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from core.known_games import GAMES
from core.language import N_, Translator

if TYPE_CHECKING:
    from tui.app import Launch

T = Translator("cli")
_ = T.gettext

ARGPARSE_WORDS = (  # argparse's own (its module calls gettext): in the cli catalogue
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
)
argparse._ = T.gettext  # type: ignore[attr-defined]  # read when argparse speaks, not at import

Parser = argparse.ArgumentParser
Flags = Callable[[Parser, Sequence[str]], None]
"""Declares a command's flags; the games are those whose table options are flags."""
Run = Callable[[argparse.Namespace], "int | Launch"]
"""Runs a command: its exit status, or what the full-screen app opens (the app runs it)."""


@dataclass(frozen=True)
class Command:
    """One ``caldera`` subcommand."""

    name: str
    help: str
    flags: Flags
    run: Run
    table_options: bool = False
    """It opens a table: every game's options are its flags (``tui.cli.flags``)."""
    description: str | None = None
    epilog: str | None = None

    def add_to(self, sub: Any, games: Sequence[str]) -> Parser:
        """Its parser among ``caldera``'s subcommands, with its flags."""
        shaped = self.epilog is not None
        parser: Parser = sub.add_parser(
            self.name,
            help=_(self.help),
            description=_(self.description) if self.description else None,
            epilog=_(self.epilog).format(games=", ".join(GAMES)) if self.epilog else None,
            formatter_class=(
                argparse.RawDescriptionHelpFormatter if shaped else argparse.HelpFormatter
            ),
        )
        self.flags(parser, games)
        return parser


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line (argparse prints the whole usage first);
    its subcommands' parsers are of the same kind."""

    def error(self, message: str) -> NoReturn:
        said = _("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=message)
        self.exit(2, said + "\n")


def fail(message: str) -> int:
    """Say what is wrong in one line on stderr; the exit status of a refused command."""
    say(message)
    return 2


def say(message: str) -> None:
    print(f"caldera: {message}", file=sys.stderr, flush=True)


def no_flags(parser: Parser, games: Sequence[str]) -> None:
    """A command without flags of its own."""

"""Flags several ``caldera`` commands share, each declared once here."""

from __future__ import annotations

import argparse
from pathlib import Path

from core.errors import CalderaError
from core.known_games import GAMES
from core.language import Translator
from tui.cli.command import Parser

_ = Translator("cli").gettext


def broker(p: Parser) -> None:
    """Where the club's broker is, and how much to say about the network."""
    p.add_argument(
        "--broker",
        default=None,
        help=_(
            "mqtt://[user:password@]host:port, or a cluster's nodes separated by commas "
            "(default: $CALDERA_BROKER, the config file, or mqtt://127.0.0.1:1883)"
        ),
    )
    p.add_argument("--verbose", "-v", action="store_true", help=_("say more about the network"))


def game_or_resume(p: Parser, resume_help: str) -> None:
    """A game to begin, or ``--resume FILE``: the unfinished game saved there (``play``,
    ``host``)."""
    games = _(" or ").join(GAMES)
    p.add_argument("game", nargs="?", help=_("{games} (not with --resume)").format(games=games))
    p.add_argument("--resume", type=Path, metavar="FILE", default=None, help=resume_help)


def seat(p: Parser) -> None:
    """The seat to take, counted from 1."""
    p.add_argument("--seat", type=int, default=None, help=_("1-based (default: the first free)"))


def seed(p: Parser, help: str | None = None) -> None:
    p.add_argument("--seed", default=None, help=help)


def replay_file(p: Parser) -> None:
    p.add_argument("file", type=Path)


def replay_dir(p: Parser) -> None:
    p.add_argument("--replay-dir", type=Path, default=None)


def bot_delay(p: Parser, default: float, help: str | None = None) -> None:
    said = _("seconds a bot waits to move") if help is None else help
    p.add_argument("--bot-delay", type=float, default=default, help=said)


def linger(p: Parser, help: str) -> None:
    p.add_argument("--linger", type=float, default=30.0, help=help)


def at_least_one(text: str) -> int:
    """A whole number of at least 1, for argparse (its error is the one line shown)."""
    try:
        value = int(text)
    except ValueError:
        said = _("{text!r} is not a whole number").format(text=text)
        raise argparse.ArgumentTypeError(said) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{n} is less than 1").format(n=value))
    return value


def terms(p: Parser) -> None:
    """A table's terms: its clock, what a timeout does, rated or casual (``host``, ``serve``)."""
    p.add_argument("--clock", default="",
                   help=_("20m+10s: a bank and an increment a turn; 2d: time for each turn "
                          "(turn-based: an absent player's seat waits)"))  # fmt: skip
    p.add_argument("--on-timeout", choices=("bot_turn", "drop"), default="bot_turn",
                   help=_("when a clock runs out: a bot plays that turn, or the player is "
                          "dropped and a bot plays the seat to the end"))  # fmt: skip
    p.add_argument("--rated", action="store_true", help=_("the result counts for the ratings"))


def members(path: Path | None, flag: str = "--members") -> frozenset[str]:
    """The public keys (hex) of ``--members FILE`` (or ``flag``'s), one a line (``#`` starts a
    comment)."""
    if path is None:
        return frozenset()
    from net.trust.keys import public_from_hex

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        said = _("{flag}: cannot read {file}: {why}").format(flag=flag, file=path, why=exc)
        raise CalderaError(said) from None
    keys = set()
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if text and public_from_hex(text) is None:
            said = _("{flag}: {file}:{line} is not a public key (64 hex digits)")
            raise CalderaError(said.format(flag=flag, file=path, line=number))
        if text:
            keys.add(text.lower())
    return frozenset(keys)

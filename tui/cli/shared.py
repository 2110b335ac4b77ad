"""Flags several ``caldera`` commands share, each declared once here."""

from __future__ import annotations

import argparse
from pathlib import Path

from core.errors import CalderaError
from core.known_games import GAMES
from tui.cli.command import Parser


def broker(p: Parser) -> None:
    """Where the club's broker is, and how much to say about the network."""
    p.add_argument(
        "--broker",
        default=None,
        help="mqtt://[user:password@]host:port, or a cluster's nodes separated by commas "
        "(default: $CALDERA_BROKER, the config file, or mqtt://127.0.0.1:1883)",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="say more about the network")


def game_or_resume(p: Parser, resume_help: str) -> None:
    """A game to begin, or ``--resume FILE``: the unfinished game saved there (``play``,
    ``host``)."""
    p.add_argument("game", nargs="?", help=f"{' or '.join(GAMES)} (not with --resume)")
    p.add_argument("--resume", type=Path, metavar="FILE", default=None, help=resume_help)


def seat(p: Parser) -> None:
    """The seat to take, counted from 1."""
    p.add_argument("--seat", type=int, default=None, help="1-based (default: the first free)")


def seed(p: Parser, help: str | None = None) -> None:
    p.add_argument("--seed", default=None, help=help)


def replay_file(p: Parser) -> None:
    p.add_argument("file", type=Path)


def replay_dir(p: Parser) -> None:
    p.add_argument("--replay-dir", type=Path, default=None)


def bot_delay(p: Parser, default: float, help: str = "seconds a bot waits to move") -> None:
    p.add_argument("--bot-delay", type=float, default=default, help=help)


def linger(p: Parser, help: str) -> None:
    p.add_argument("--linger", type=float, default=30.0, help=help)


def at_least_one(text: str) -> int:
    """A whole number of at least 1, for argparse (its error is the one line shown)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def terms(p: Parser) -> None:
    """A table's terms: its clock, what a timeout does, rated or casual (``host``, ``serve``)."""
    p.add_argument("--clock", default="",
                   help="20m+10s: a bank and an increment a turn; 2d: time for each turn "
                        "(turn-based: an absent player's seat waits)")  # fmt: skip
    p.add_argument("--on-timeout", choices=("bot_turn", "drop"), default="bot_turn",
                   help="when a clock runs out: a bot plays that turn, or the player is "
                        "dropped and a bot plays the seat to the end")  # fmt: skip
    p.add_argument("--rated", action="store_true", help="the result counts for the ratings")


def members(path: Path | None) -> frozenset[str]:
    """The public keys (hex) of ``--members FILE``, one a line (``#`` starts a comment)."""
    if path is None:
        return frozenset()
    from net.trust.keys import public_from_hex

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CalderaError(f"--members: cannot read {path}: {exc}") from None
    keys = set()
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if text and public_from_hex(text) is None:
            raise CalderaError(f"--members: {path}:{number} is not a public key (64 hex digits)")
        if text:
            keys.add(text.lower())
    return frozenset(keys)

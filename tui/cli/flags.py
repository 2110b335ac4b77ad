"""Command-line flags for table options, derived from what each game's rules declare.

Every option a game declares (:mod:`core.options`) is a flag: ``--turn-limit 10``,
``--start-player 2`` (seats count from 1), ``--advanced``, ``--forest-sides ABBAB``. A flag only
some games know says which in its help, and given for another game it is refused in one line.
The commands that open a table know every game's flags (their help lists them all).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any

from core.language import Translator, listed
from core.options import Option

_ = Translator("cli").gettext


def declared(games: Sequence[str]) -> list[tuple[Option, list[str]]]:
    """Each option the ``games`` declare, once, with the titles of the games that declare it."""
    if not games:
        return []  # no rules to load (a command that opens no table, the app)
    from core.games import get_rules

    found: dict[str, tuple[Option, list[str]]] = {}
    for game in games:
        rules = get_rules(game)
        for option in rules.options:
            found.setdefault(option.name, (option, []))[1].append(rules.title)
    return list(found.values())


def add_flags(
    parser: argparse.ArgumentParser, games: Sequence[str], *, skip: Iterable[str] = ()
) -> None:
    """A flag for each option of ``games`` (but those in ``skip``, which the command words
    itself); :func:`chosen` reads them back."""
    skipped = set(skip)
    names = []
    for option, titles in declared(games):
        if option.name in skipped:
            continue
        names.append(option.name)
        whose = "" if len(titles) == len(games) else listed(titles) + ": "
        text = f"{whose}{option.help}".replace("%", "%%")
        if option.kind == "bool":
            parser.add_argument(option.flag, action="store_true", default=None, help=text)
        else:
            metavar = {"int": "N", "seat": "SEAT", "choice": "|".join(option.choices)}
            parser.add_argument(
                option.flag, default=None, metavar=metavar.get(option.kind, "TEXT"), help=text
            )
    parser.set_defaults(table_options=tuple(names))


def chosen(args: argparse.Namespace, game: str, players: int) -> dict[str, Any]:
    """The options given as flags for a ``game`` of ``players``, checked (seats typed from 1);
    ``ValueError`` with one line for a wrong value or a flag the game does not know."""
    from core.games import get_rules

    rules = get_rules(game)
    own = {option.name: option for option in rules.options}
    options: dict[str, Any] = {}
    for name in getattr(args, "table_options", ()):
        given = getattr(args, name, None)
        if given is None:
            continue
        option = own.get(name)
        if option is None:
            flags = ", ".join(o.flag for o in rules.options) or _("none")
            flag = "--" + name.replace("_", "-")
            raise ValueError(
                _("{flag}: not an option of {game} (its own: {flags})").format(
                    flag=flag, game=rules.title, flags=flags
                )
            )
        value = True if option.kind == "bool" else option.parse(str(given), players)
        if value is not None:
            options[name] = value
    return options

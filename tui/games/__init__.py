"""The games the terminal can show: one package per game, ``tui/games/<game>/``, found by name.

A game of :data:`core.games.GAMES` is shown by the terminal when ``tui.games.<game>`` exists and
names its :class:`GameScreens` as ``SCREENS``: the screen that plays a session, the screen that
replays a log, the help's sections, the game in brief (the menu's help), the hints its own
table options get in the new-game and host forms, and the smallest terminal its table fits (the
forms say so before a game starts). Nothing outside that package names the game:
the menu, the forms and the lobby offer :func:`shown_games`, and the app asks
:func:`screens_for` for the rest.

A package's ``__init__`` stays light (its screens are imported when the game is first shown, not
when the app starts: the menu needs none of them, and they pull in the game's rules).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Protocol

from textual.screen import Screen

from core.known_games import GAMES
from core.language import Translator

if TYPE_CHECKING:  # the menu shows before any of these loads
    from core.codec import Envelope
    from core.session import Session
    from tui.screens.replay import ReplayScreen

PlayScreen = Callable[["Session", float], Screen[None]]

_ = Translator("app").gettext


class ReplayScreenFor(Protocol):
    """A game's replay screen of a log, with a title; ``audited``: a file's log, checked against
    the rules in the fold that shows it (see ``tui.screens.replay.ReplayScreen``)."""

    def __call__(
        self, envelopes: Sequence[Envelope], title: str, *, audited: bool = False
    ) -> ReplayScreen: ...


@dataclass(frozen=True)
class GameScreens:
    """One game's part of the terminal: playing a session (with its reveal pace), replaying a log
    (with a title), the help's sections after the keys, the game in brief for the menu's help,
    a form's hint per table option where the option's own help is not the best words, and the
    smallest terminal (columns, rows) the table fits: its screen's ``MIN_SIZE``, read when asked
    (the screen's module loads then, not with the menu)."""

    play: PlayScreen
    replay: ReplayScreenFor
    help: Callable[[], Sequence[str]]
    brief: Callable[[], str]
    option_hints: Mapping[str, str] = field(default_factory=dict)
    min_size: Callable[[], tuple[int, int]] | None = None


def _package(game: str) -> str:
    return f"{__name__}.{game}"


@cache
def shown_games() -> tuple[str, ...]:
    """The games of ``core.games.GAMES`` that have a package here, in that registry's order."""
    import importlib.util  # (not before the menu's first frame)

    return tuple(g for g in GAMES if importlib.util.find_spec(_package(g)) is not None)


def screens_for(game: str) -> GameScreens:
    """The screens of ``game``; ``ValueError`` (one line) for a game the terminal cannot show."""
    if game not in shown_games():
        known = ", ".join(shown_games())
        # TRANSLATORS: a table of a game this Caldera has no screens for (another's, newer)
        said = _("the terminal cannot show {game} yet (it shows {known})")
        raise ValueError(said.format(game=repr(game), known=known))
    screens: GameScreens = importlib.import_module(_package(game)).SCREENS
    return screens


def min_size(game: str) -> tuple[int, int] | None:
    """The smallest terminal ``game``'s table fits (``None``: it does not say)."""
    size = screens_for(game).min_size
    return size() if size is not None else None


def game_help() -> Sequence[str]:
    """The help of no game in particular (the menu): every game in brief."""
    return tuple(screens_for(game).brief() for game in shown_games())

"""The games the terminal can show, and which screens and help each one uses.

The app asks here, by the game's name (``"kilauea"``), for the screen that plays a session, the
screen that replays a log, and the sections of the help; nothing else in the app names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual.screen import Screen

from core.codec import Envelope
from core.session import Session
from tui.screens.help import MAUNA_KEA, MAUNA_KEA_HELP
from tui.screens.kilauea import KilaueaScreen
from tui.screens.kilauea_help import BRIEF as KILAUEA_BRIEF
from tui.screens.kilauea_help import tiles_text
from tui.screens.kilauea_replay import KilaueaReplayScreen
from tui.screens.maunakea import MaunaKeaScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.kilauea.glyphs import legend as kilauea_legend

PlayScreen = Callable[[Session, float], Screen[None]]
ReplayScreenFor = Callable[[Sequence[Envelope], str], ReplayScreen]


@dataclass(frozen=True)
class GameScreens:
    """One game's screens: playing a session (with its reveal pace), replaying a log (with a
    title), and the help's sections after the keys."""

    play: PlayScreen
    replay: ReplayScreenFor
    help: Callable[[], Sequence[str]]


def _kilauea_help() -> Sequence[str]:
    return ("[b]The board[/b]\n" + kilauea_legend(), KILAUEA_BRIEF, tiles_text())


GAME_SCREENS: dict[str, GameScreens] = {
    "maunakea": GameScreens(
        play=lambda session, pace: MaunaKeaScreen(session, reveal_pace=pace),
        replay=lambda envelopes, title: ReplayScreen(envelopes, title=title),
        help=lambda: MAUNA_KEA_HELP,
    ),
    "kilauea": GameScreens(
        play=lambda session, pace: KilaueaScreen(session, reveal_pace=pace),
        replay=lambda envelopes, title: KilaueaReplayScreen(envelopes, title=title),
        help=_kilauea_help,
    ),
}


def screens_for(game: str) -> GameScreens:
    """The screens of ``game``; ``ValueError`` (one line) for a game the terminal cannot show."""
    found = GAME_SCREENS.get(game)
    if found is None:
        known = ", ".join(sorted(GAME_SCREENS))
        raise ValueError(f"the terminal cannot show {game!r} yet (it shows {known})")
    return found


def game_help() -> Sequence[str]:
    """The help of no game in particular (the menu): every game in brief."""
    return (MAUNA_KEA, KILAUEA_BRIEF)

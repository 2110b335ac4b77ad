"""The games the terminal can show, and which screens and help each one uses.

The app asks here, by the game's name (``"kilauea"``), for the screen that plays a session, the
screen that replays a log, and the sections of the help; nothing else in the app names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.screen import Screen

from core.codec import Envelope
from core.session import Session

if TYPE_CHECKING:
    from tui.screens.replay import ReplayScreen

PlayScreen = Callable[[Session, float], Screen[None]]
ReplayScreenFor = Callable[[Sequence[Envelope], str], "ReplayScreen"]


@dataclass(frozen=True)
class GameScreens:
    """One game's screens: playing a session (with its reveal pace), replaying a log (with a
    title), and the help's sections after the keys."""

    play: PlayScreen
    replay: ReplayScreenFor
    help: Callable[[], Sequence[str]]


# The screens are imported when a game is first shown, not when the app starts (the menu needs
# none of them, and they pull in every game's rules).


def _maunakea_play(session: Session, pace: float) -> Screen[None]:
    from tui.screens.maunakea import MaunaKeaScreen

    return MaunaKeaScreen(session, reveal_pace=pace)


def _maunakea_replay(envelopes: Sequence[Envelope], title: str) -> ReplayScreen:
    from tui.screens.replay import ReplayScreen

    return ReplayScreen(envelopes, title=title)


def _maunakea_help() -> Sequence[str]:
    from tui.screens.help import MAUNA_KEA_HELP

    return MAUNA_KEA_HELP


def _kilauea_play(session: Session, pace: float) -> Screen[None]:
    from tui.screens.kilauea import KilaueaScreen

    return KilaueaScreen(session, reveal_pace=pace)


def _kilauea_replay(envelopes: Sequence[Envelope], title: str) -> ReplayScreen:
    from tui.screens.kilauea_replay import KilaueaReplayScreen

    return KilaueaReplayScreen(envelopes, title=title)


def _kilauea_help() -> Sequence[str]:
    from tui.screens.kilauea_help import BRIEF, tiles_text
    from tui.widgets.kilauea.glyphs import legend

    return ("[b]The board[/b]\n" + legend(), BRIEF, tiles_text())


GAME_SCREENS: dict[str, GameScreens] = {
    "maunakea": GameScreens(play=_maunakea_play, replay=_maunakea_replay, help=_maunakea_help),
    "kilauea": GameScreens(play=_kilauea_play, replay=_kilauea_replay, help=_kilauea_help),
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
    from tui.screens.help import MAUNA_KEA
    from tui.screens.kilauea_help import BRIEF

    return (MAUNA_KEA, BRIEF)

"""A replay file opened to be shown: read once, its log audited in the one fold that makes its
screen's timeline and sentences (:func:`replays.check.checked_timeline`).

``caldera replay FILE`` opens it before the app starts, so a bad file is one line on stderr and
the app never shows; the app then shows the screen made (:class:`tui.app.Launch`). A file opened
from the menu is opened by the app itself, a bad one told in a notice.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from replays.file import Replay
from tui.games import screens_for

if TYPE_CHECKING:
    from tui.screens.replay import ReplayScreen


class Opened(NamedTuple):
    """A replay file's screen, and what was wrong with the file but could be read past."""

    screen: ReplayScreen
    warnings: tuple[str, ...]


def opened(path: Path, replay: Replay) -> Opened:
    """The screen of ``replay``, read from ``path``: a log the rules cannot re-play is refused
    (a :class:`~core.errors.ReplayError` with one line) before anything is shown."""
    screen = screens_for(replay.header.game).replay(replay.envelopes, path.name, audited=True)
    screen.replay_path = path  # its review is kept beside it
    return Opened(screen, tuple(replay.warnings))

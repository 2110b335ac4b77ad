"""Kilauea in the terminal: the volcano table (move the canoe, cut, build, use tiles), its
replay board and its help (the board's legend, the game in brief, the action tiles)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.screen import Screen

from core.codec import Envelope
from core.language import N_
from core.session import Session
from tui.games import GameScreens

if TYPE_CHECKING:
    from tui.screens.replay import ReplayScreen


def _play(session: Session, pace: float) -> Screen[None]:
    from tui.games.kilauea.screen import KilaueaScreen

    return KilaueaScreen(session, reveal_pace=pace)


def _replay(envelopes: Sequence[Envelope], title: str, *, audited: bool = False) -> ReplayScreen:
    from tui.games.kilauea.replay import KilaueaReplayScreen

    return KilaueaReplayScreen(envelopes, title=title, audited=audited)


def _help() -> Sequence[str]:
    from tui.games.kilauea.help import sections

    return sections()


def _brief() -> str:
    from tui.games.kilauea.help import brief

    return brief()


def _min_size() -> tuple[int, int]:
    from tui.games.kilauea.screen import KilaueaScreen

    return KilaueaScreen.MIN_SIZE


SCREENS = GameScreens(
    play=_play,
    replay=_replay,
    help=_help,
    brief=_brief,
    option_hints={  # marked: the form says them in its language
        "forest_sides": N_("ABBAB: boards 1–5's sides; empty: random")
    },
    min_size=_min_size,
)

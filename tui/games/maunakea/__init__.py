"""Mauna Kea in the terminal: the island table (lay, spend, move, board boats; the advanced
game's draft and cards), its replay board, its help, and the hint of its Advanced switch."""

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
    from tui.games.maunakea.screen import MaunaKeaScreen

    return MaunaKeaScreen(session, reveal_pace=pace)


def _replay(envelopes: Sequence[Envelope], title: str, *, audited: bool = False) -> ReplayScreen:
    from tui.games.maunakea.replay import MaunaKeaReplayScreen

    return MaunaKeaReplayScreen(envelopes, title=title, audited=audited)


def _help() -> Sequence[str]:
    from tui.games.maunakea.help import sections

    return sections()


def _brief() -> str:
    from tui.games.maunakea.help import brief

    return brief()


def _min_size() -> tuple[int, int]:
    from tui.games.maunakea.table import MIN_SIZE

    return MIN_SIZE


SCREENS = GameScreens(
    play=_play,
    replay=_replay,
    help=_help,
    brief=_brief,
    option_hints={  # marked: the form says them in its language
        "advanced": N_("Mauna Kea's advanced game: 4 secret cards each")
    },
    min_size=_min_size,
)

"""Lost Ruins of Arnak in the terminal: the table (map, card row, research track, boards, your
hand; cards, sites, research and every question an effect asks chosen from a list), its replay
board, its help, and the hint of its side option."""

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
    from tui.games.arnak.screen import ArnakScreen

    return ArnakScreen(session, reveal_pace=pace)


def _replay(envelopes: Sequence[Envelope], title: str, *, audited: bool = False) -> ReplayScreen:
    from tui.games.arnak.replay import ArnakReplayScreen

    return ArnakReplayScreen(envelopes, title=title, audited=audited)


def _help() -> Sequence[str]:
    from tui.games.arnak.help import sections

    return sections()


def _brief() -> str:
    from tui.games.arnak.help import brief

    return brief()


def _min_size() -> tuple[int, int]:
    from tui.games.arnak.layout import MIN_SIZE

    return MIN_SIZE


SCREENS = GameScreens(
    play=_play,
    replay=_replay,
    help=_help,
    brief=_brief,
    option_hints={  # marked: the form says them in its language
        "side": N_("Arnak's board: bird (the basic temple) or snake (the harder one)")
    },
    min_size=_min_size,
)

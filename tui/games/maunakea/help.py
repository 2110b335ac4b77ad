"""Mauna Kea in brief, and the board's legend, for the help screen."""

from __future__ import annotations

from core.language import N_, Translator
from tui.games.maunakea.widgets.glyphs import legend

T = Translator("maunakea")
_ = T.gettext

BRIEF = N_("""\
[b]Mauna Kea in brief[/b]
Save your explorers and the artifacts (○ 1 VP, ◐ 2 VP, ◉ 3 VP) from the awakening volcano.
On your turn play every tile in your hand, in any order: [b]lay[/b] it on an empty slot (any way
round) to grow the island, or [b]spend[/b] it for its movement points (MP), pooled for the turn.
Moving into jungle costs 1 MP, into water 2 MP; mountains, lava, empty slots and other explorers
block the way. An explorer carries up to 3 artifacts. Boarding a boat from one of the 4 spaces
beside its landing costs 1 MP: the boat, the explorer (3 VP) and what fits in it are saved; each
empty place costs 1 VP. After your tiles you draw back to 5 MP; lava drawn flows at once and
destroys whatever it covers. The game ends when a player has no explorer left on the island
(everyone else gets one more turn).""")
"""The game in brief (translated where it is shown: :func:`brief`)."""


def brief() -> str:
    """The game in brief, in the reader's language."""
    return _(BRIEF)


def sections() -> tuple[str, ...]:
    """The help's sections after the keys: the board's legend, then the game in brief."""
    marks = _(
        "Underlined: what the other players' last turns touched (the tile laid, the path "
        "walked, the explorer placed), until your next command; lava that has just flowed is "
        "bright."
    )
    return (_("[b]The board[/b]") + "\n" + legend() + "\n" + marks, brief())

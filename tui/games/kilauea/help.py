"""Kilauea in brief, the board's legend and every action tile's two sides, for the help screen."""

from __future__ import annotations

from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.transcript import face_text
from core.language import N_, Translator
from tui.games.kilauea.widgets.glyphs import legend

T = Translator("kilauea")
_, ngettext = T.gettext, T.ngettext
C = COMPONENTS

BRIEF = N_("""\
[b]Kilauea in brief[/b]
Build Tiki columns for Pele. Before the first turn everyone takes 2 Tikis from the volcano into
their canoe (turn order, then back). On your turn: [b]move the canoe[/b] clockwise, 1 space
plus 1 free space per empty place in your canoe (4 places), then 1 Sacred Stone a space. Then
one [b]main action[/b] in the canoe's sector: [b]cut[/b] 1 or 2 fully accessible Tikis from its
forest (every path to them open) into your canoe; or put a canoe Tiki on the volcano column of
its colour there (take up to 3 stones, hold at most 5); or pay 2 stones to put one on your
island in that sector. Cutting earns the reef tile by the canoe; building on the volcano earns
the sector's slope tile; clearing a forest's middle row frees its volcano tile to the slope,
and you may use it at once. Each earned tile may be used once, before you end the turn.
Scoring (when the 1st and the 3rd forest are empty): in each sector, a colour's column is
worth its height ×1 if it is the tallest, ×3 otherwise; each island Tiki of that colour in
that sector scores that much. At the end: 15 VP for all 5 island sectors, 1 VP per 2 stones,
1 VP per canoe Tiki. Most VP wins; a tie goes to fewer Tikis on the island.""")
"""The game in brief (translated where it is shown: :func:`brief`)."""


def brief() -> str:
    """The game in brief, in the reader's language."""
    return _(BRIEF)


def tiles_text() -> str:
    """The 10 action tiles: reef side (A) and volcano side (B), cost and effect."""
    lines = [_("[b]Action tiles[/b] (A: on the reef · B: in a forest, then on the slope)")]
    for tile in C.tiles:
        for face in (tile.a, tile.b):
            n = face.cost
            cost = ngettext("{n} stone", "{n} stones", n).format(n=n) if n else _("free")
            lines.append(f"[b]{face.code:>3}[/b] ({cost}) {face_text(face.code)}")
    return "\n".join(lines)


def sections() -> tuple[str, ...]:
    """The help's sections after the keys: the board's legend, the game in brief, the tiles."""
    return (_("[b]The board[/b]") + "\n" + legend(), brief(), tiles_text())

"""Kilauea in plain sentences, for the line mode's ``look``: whose turn and where the canoe is,
each player's points, Sacred Stones, canoe and island, the volcano's columns, what stands in
each forest and which of its Tikis can be cut, and the action tiles of the reef and the slope.
Each sentence is one template in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.kilauea import forest
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import SECTORS, KilaueaState, Phase
from core.games.kilauea.transcript import canoe_space, colour, face_text, sector, stones
from core.language import N_, Translator

C = COMPONENTS
T = Translator("kilauea")
_, pgettext = T.gettext, T.pgettext

PARTS = {
    "tiles": N_("tiles"),
    "intermediate": N_("intermediate"),
    "final": N_("final"),
    "all sectors": N_("all sectors"),  # internal
    "stones": N_("stones"),
    "canoe": N_("canoe"),
}
"""Where a player's points came from (:data:`state.POINT_PARTS`), as ``look`` says them."""


def look(
    state: KilaueaState, names: Sequence[str], viewer: int | None, about: int | None
) -> list[str]:
    """The position (Kilauea hides nothing); ``about`` narrows it to one player."""
    if about is not None:
        return _player(state, names, about)
    lines = [_where(state, names)]
    for seat in range(state.players):
        lines += _player(state, names, seat)
    columns = "; ".join(_column(state, k) for k in SECTORS)
    lines.append(_("The volcano: {columns}.").format(columns=columns))
    lines += [_forest(state, k) for k in SECTORS]
    lines += _tiles(state)
    return lines


def _phase(phase: Phase) -> str:
    """A phase as ``look`` names it (English: the phase's own value, as always)."""
    said = {
        # TRANSLATORS: the phase of a turn, in brackets after whose turn it is ("Red plays
        # (move)"): move the canoe, main action, cutting, the earned action tiles, between turns
        Phase.SETUP: pgettext("phase", "setup"),
        Phase.DRAFT: pgettext("phase", "draft"),
        Phase.MOVE: pgettext("phase", "move"),
        Phase.MAIN: pgettext("phase", "main"),
        Phase.CUTTING: pgettext("phase", "cutting"),
        Phase.ACTIONS: pgettext("phase", "actions"),
        Phase.HANDOVER: pgettext("phase", "handover"),
        Phase.FINAL: pgettext("phase", "final"),
        Phase.OVER: pgettext("phase", "over"),
    }
    return said.get(phase, phase.value)


def _where(state: KilaueaState, names: Sequence[str]) -> str:
    if state.phase is Phase.OVER:
        head = _("The game is over.")
    elif state.phase is Phase.DRAFT:
        head = _("The draft: each player takes Tikis from the volcano into their canoe.")
    elif state.active is not None:
        head = _("Turn {turn}: {player} plays ({phase}).").format(
            turn=state.turn, player=names[state.active], phase=_phase(state.phase)
        )
    else:
        head = _("Turn {turn} ({phase}).").format(turn=state.turn, phase=_phase(state.phase))
    crater = stones(state.crater)
    return _("{head} The canoe is at {space}; the crater holds {stones}.").format(
        head=head, space=canoe_space(state.canoe), stones=crater
    )


def _player(state: KilaueaState, names: Sequence[str], seat: int) -> list[str]:
    points = state.points[seat] if seat < len(state.points) else {}
    total = sum(points.values())
    parts = ", ".join(f"{_(PARTS.get(part, part))} {vp}" for part, vp in points.items() if vp)
    said = dict(player=names[seat], seat=seat + 1, total=total, parts=parts)
    if parts:
        lines = [_("{player} (seat {seat}): {total} VP ({parts}).").format(**said)]
    else:
        lines = [_("{player} (seat {seat}): {total} VP.").format(**said)]
    lines.append(
        _("  {stones}; canoe: {tikis}.").format(
            stones=stones(state.stones[seat]), tikis=_tikis(state.canoes[seat])
        )
    )
    island = [
        f"{sector(k)} {_tikis(column)}" for k, column in enumerate(state.islands[seat]) if column
    ]
    if island:
        lines.append(_("  Island (bottom first): {columns}.").format(columns="; ".join(island)))
    else:
        lines.append(_("  Island (bottom first): no Tiki yet."))
    return lines


def _tikis(colours: Sequence[str]) -> str:
    return ", ".join(colour(c, "colour") for c in colours) if colours else _("empty")


def _column(state: KilaueaState, k: int) -> str:
    heights = state.volcano[k] if k < len(state.volcano) else []
    stacked = [f"{colour(C.colours[c], 'colour')} {h}" for c, h in enumerate(heights) if h]
    return f"{sector(k)} {', '.join(stacked) if stacked else _('empty')}"


def _forest(state: KilaueaState, k: int) -> str:
    """``The orchid forest: m1 green, o2 yellow; can be cut: o2.`` (the Tikis a cut may reach
    now, whoever's canoe comes there)."""
    standing = state.forests[k] if k < len(state.forests) else {}
    if not standing:
        return _("The {sector} forest: empty.").format(sector=sector(k))
    tikis = ", ".join(f"{space} {colour(c, 'colour')}" for space, c in sorted(standing.items()))
    open_now = sorted(forest.accessible_spaces(state.template(k), standing))
    cut = ", ".join(open_now) if open_now else _("none")
    return _("The {sector} forest: {tikis}; can be cut: {spaces}.").format(
        sector=sector(k), tikis=tikis, spaces=cut
    )


def _tiles(state: KilaueaState) -> list[str]:
    lines = []
    for k, tile in enumerate(state.reef):
        code = f"{tile}A"
        lines.append(
            _("Reef tile {tile} (after {sector}): {text}").format(
                tile=code, sector=sector(k), text=face_text(code)
            )
        )
    for k, slope in enumerate(state.slope):
        if slope is not None:
            code = f"{slope}B"
            lines.append(
                _("Slope of {sector}: tile {tile}: {text}").format(
                    sector=sector(k), tile=code, text=face_text(code)
                )
            )
    return lines

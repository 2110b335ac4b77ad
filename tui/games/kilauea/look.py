"""Kilauea in plain sentences, for the line mode's ``look``: whose turn and where the canoe is,
each player's points, Sacred Stones, canoe and island, the volcano's columns, what stands in
each forest and which of its Tikis can be cut, and the action tiles of the reef and the slope."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.kilauea import forest, track
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import SECTORS, KilaueaState, Phase
from core.games.kilauea.transcript import face_text, stones

C = COMPONENTS


def look(
    state: KilaueaState, names: Sequence[str], viewer: int | None, about: int | None
) -> list[str]:
    """The position (Kilauea hides nothing); ``about`` narrows it to one player."""
    if about is not None:
        return _player(state, names, about)
    lines = [_where(state, names)]
    for seat in range(state.players):
        lines += _player(state, names, seat)
    lines.append("The volcano: " + "; ".join(_column(state, k) for k in SECTORS) + ".")
    lines += [_forest(state, k) for k in SECTORS]
    lines += _tiles(state)
    return lines


def _where(state: KilaueaState, names: Sequence[str]) -> str:
    if state.phase is Phase.OVER:
        head = "The game is over."
    elif state.phase is Phase.DRAFT:
        head = "The draft: each player takes Tikis from the volcano into their canoe."
    elif state.active is not None:
        head = f"Turn {state.turn}: {names[state.active]} plays ({state.phase.value})."
    else:
        head = f"Turn {state.turn} ({state.phase.value})."
    crater = stones(state.crater)
    return f"{head} The canoe is at {track.name(state.canoe)}; the crater holds {crater}."


def _player(state: KilaueaState, names: Sequence[str], seat: int) -> list[str]:
    points = state.points[seat] if seat < len(state.points) else {}
    total = sum(points.values())
    parts = ", ".join(f"{part} {vp}" for part, vp in points.items() if vp)
    lines = [f"{names[seat]} (seat {seat + 1}): {total} VP" + (f" ({parts})." if parts else ".")]
    lines.append(f"  {stones(state.stones[seat])}; canoe: {_tikis(state.canoes[seat])}.")
    island = [
        f"{C.sectors[k]} {_tikis(column)}" for k, column in enumerate(state.islands[seat]) if column
    ]
    lines.append(f"  Island (bottom first): {'; '.join(island) if island else 'no Tiki yet'}.")
    return lines


def _tikis(colours: Sequence[str]) -> str:
    return ", ".join(colours) if colours else "empty"


def _column(state: KilaueaState, sector: int) -> str:
    heights = state.volcano[sector] if sector < len(state.volcano) else []
    stacked = [f"{C.colours[c]} {h}" for c, h in enumerate(heights) if h]
    return f"{C.sectors[sector]} {', '.join(stacked) if stacked else 'empty'}"


def _forest(state: KilaueaState, sector: int) -> str:
    """``The orchid forest: m1 green, o2 yellow; can be cut: o2.`` (the Tikis a cut may reach
    now, whoever's canoe comes there)."""
    standing = state.forests[sector] if sector < len(state.forests) else {}
    tikis = ", ".join(f"{space} {colour}" for space, colour in sorted(standing.items()))
    if not standing:
        return f"The {C.sectors[sector]} forest: empty."
    open_now = sorted(forest.accessible_spaces(state.template(sector), standing))
    cut = ", ".join(open_now) if open_now else "none"
    return f"The {C.sectors[sector]} forest: {tikis}; can be cut: {cut}."


def _tiles(state: KilaueaState) -> list[str]:
    lines = []
    for k, tile in enumerate(state.reef):
        lines.append(f"Reef tile {tile}A (after {C.sectors[k]}): {face_text(f'{tile}A')}")
    for k, slope in enumerate(state.slope):
        if slope is not None:
            lines.append(f"Slope of {C.sectors[k]}: tile {slope}B: {face_text(f'{slope}B')}")
    return lines

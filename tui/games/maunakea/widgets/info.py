"""Words for what is under the cursor: the space, its slot, who stands there, what lies there."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from core.games.maunakea.board import LANDING_OF_SPACE, slot_name, slot_of, space_name
from core.games.maunakea.components import COMPONENTS, Space
from core.games.maunakea.state import Kind, MaunaKeaState
from core.games.maunakea.transcript import artifact_colour
from tui.games.maunakea.widgets.glyphs import ARTIFACT_GLYPH, TERRAIN_NAME
from tui.play.seats import seat_colour

C = COMPONENTS


def colours_text(colours: Sequence[str]) -> str:
    """``○ white, ◐ grey``."""
    return ", ".join(f"{ARTIFACT_GLYPH.get(c, '?')} {artifact_colour(c, 'alone')}" for c in colours)


def space_info(state: MaunaKeaState, space: Space, names: Sequence[str]) -> Text:
    """One line about ``space``: ``g7 (slot D4) jungle · Blue's explorer 2 carrying ○ white``."""
    text = Text()
    slot = slot_of(space)
    text.append(f"{space_name(space)}", Style(bold=True))
    text.append(f" (slot {slot_name(slot)}) ")
    terrain = state.terrain(space)
    placed = state.board.get(slot)
    if placed is not None and placed.kind is Kind.LAVA:
        flow = C.flows[C.lava_tile(placed.tile).flow]
        text.append(f"lava {flow.glyph} ({flow.name} flow)")
    elif slot in C.start_fields:
        text.append("jungle (start field)")
    else:
        text.append(TERRAIN_NAME[terrain])
    occupant = state.occupant(space)
    if occupant is not None:
        who = names[occupant.seat] if occupant.seat < len(names) else f"Seat {occupant.seat + 1}"
        text.append(" · ")
        text.append(
            f"{who}'s explorer {occupant.index + 1}", Style(color=seat_colour(occupant.seat))
        )
        if occupant.carried:
            text.append(f" carrying {colours_text(occupant.carried)}")
    ground = state.artifacts.get(space)
    if ground:
        text.append(f" · lying here: {colours_text(ground)}")
    landing = LANDING_OF_SPACE.get(space)
    if landing is not None:
        boat = state.docked.get(landing)
        name = C.landings[landing].name
        if boat is None:
            text.append(f" · landing {name} (its boat has left)")
        else:
            b = C.boats[boat]
            places = f"{b.places} place{'' if b.places == 1 else 's'}"
            text.append(f" · landing {name}: {b.colour} boat ({places})")
    return text

"""Words for what is under the cursor: the space, its slot, who stands there, what lies there."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from core.games.maunakea.board import LANDING_OF_SPACE, slot_name, slot_of, space_name
from core.games.maunakea.components import COMPONENTS, Space
from core.games.maunakea.state import Kind, MaunaKeaState
from core.games.maunakea.transcript import artifact_colour, boat_colour
from core.language import Translator
from tui.games.maunakea.widgets.glyphs import ARTIFACT_GLYPH, terrain_name
from tui.play.seats import seat_colour

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext


def colours_text(colours: Sequence[str]) -> str:
    """``○ white, ◐ grey``."""
    return ", ".join(f"{ARTIFACT_GLYPH.get(c, '?')} {artifact_colour(c, 'alone')}" for c in colours)


def flow_name(flow: str) -> str:
    """A lava flow by its glyph's shape, in the reader's language ("triangle flow")."""
    # TRANSLATORS: a lava flow, named by the shape of its glyph (▲ ● ■ ◆), under the cursor
    names = {
        "triangle": _("triangle flow"),
        "circle": _("circle flow"),
        "square": _("square flow"),
        "diamond": _("diamond flow"),
    }
    return names.get(flow, flow)


def space_info(state: MaunaKeaState, space: Space, names: Sequence[str]) -> Text:
    """One line about ``space``: ``g7 (slot D4) jungle · Blue's explorer 2 carrying ○ white``."""
    text = Text()
    slot = slot_of(space)
    text.append(f"{space_name(space)}", Style(bold=True))
    # TRANSLATORS: after a space's name under the cursor: "g7 (slot D4) jungle"; Mauna Kea
    # rulebook: the island's 36 slots hold the tiles (Feld / emplacement / vak)
    text.append(" " + _("(slot {slot})").format(slot=slot_name(slot)) + " ")
    terrain = state.terrain(space)
    placed = state.board.get(slot)
    if placed is not None and placed.kind is Kind.LAVA:
        flow = C.flows[C.lava_tile(placed.tile).flow]
        # TRANSLATORS: a space under lava: "lava ▲ (triangle flow)"; {flow}: "triangle flow"
        text.append(_("lava {glyph} ({flow})").format(glyph=flow.glyph, flow=flow_name(flow.name)))
    elif slot in C.start_fields:
        # TRANSLATORS: term: Mauna Kea rulebook, Startfeld / case de départ / startplaats
        text.append(_("jungle (start field)"))
    else:
        text.append(terrain_name(terrain))
    occupant = state.occupant(space)
    if occupant is not None:
        who = (
            names[occupant.seat]
            if occupant.seat < len(names)
            else _("Seat {n}").format(n=occupant.seat + 1)
        )
        text.append(" · ")
        text.append(
            _("{player}'s explorer {n}").format(player=who, n=occupant.index + 1),
            Style(color=seat_colour(occupant.seat)),
        )
        if occupant.carried:
            # TRANSLATORS: after "Ann's explorer 2": what it carries ("○ white, ◐ grey")
            text.append(
                " " + _("carrying {artifacts}").format(artifacts=colours_text(occupant.carried))
            )
    ground = state.artifacts.get(space)
    if ground:
        text.append(" · " + _("lying here: {artifacts}").format(artifacts=colours_text(ground)))
    landing = LANDING_OF_SPACE.get(space)
    if landing is not None:
        boat = state.docked.get(landing)
        name = C.landings[landing].name
        if boat is None:
            # TRANSLATORS: term: Mauna Kea rulebook, Anlegestelle / crique d'amarrage / aanlegplaats
            text.append(" · " + _("landing {landing} (its boat has left)").format(landing=name))
        else:
            b = C.boats[boat]
            # TRANSLATORS: "landing N1: brown boat (3 places)"; {colour} is the colour alone
            # ("braun"); Mauna Kea rulebook: a boat's places (Platz / place / plaats)
            said = ngettext(
                "landing {landing}: {colour} boat ({n} place)",
                "landing {landing}: {colour} boat ({n} places)",
                b.places,
            )
            text.append(
                " · " + said.format(landing=name, colour=boat_colour(b.colour, "alone"), n=b.places)
            )
    return text

"""Mauna Kea in plain sentences, for the line mode's ``look``: whose turn, each player's score,
explorers, boats and tiles in hand, the island around the looking player's explorers (or where
the first may be placed), where the artifacts lie and the boats wait, and how far each is. It
reads a seat's view (:meth:`Rules.view`): a card that seat may not see is never named."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.maunakea.board import (
    LANDING_OF_SPACE,
    START_FIELDS,
    neighbours,
    space_name,
    spaces_of,
)
from core.games.maunakea.components import COMPONENTS, Space
from core.games.maunakea.movement import reach
from core.games.maunakea.scoring import score_parts
from core.games.maunakea.state import HIDDEN, MaunaKeaState, Phase, Status
from core.games.maunakea.transcript import artifact_colour, boat_colour, tile_text
from core.language import Translator
from tui.games.maunakea.widgets.cards import card_title
from tui.games.maunakea.widgets.info import space_info

C = COMPONENTS
T = Translator("maunakea")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext
FAR = 99  # MP: more than any way across the island costs
LANDING_SPACES: dict[int, list[Space]] = {}
for _space, _landing in LANDING_OF_SPACE.items():
    LANDING_SPACES.setdefault(_landing, []).append(_space)


def look(
    state: MaunaKeaState, names: Sequence[str], viewer: int | None, about: int | None
) -> list[str]:
    """The position as ``viewer`` sees it; ``about`` narrows it to one player."""
    seats = range(state.players) if about is None else [about]
    lines = [] if about is not None else [_where(state, names)]
    for seat in seats:
        lines += _player(state, names, seat, viewer)
    if about is None or about == viewer:
        lines += _around(state, names, viewer if about is None else about)
    if about is None:
        lines += _island(state, viewer)
    return lines


def _where(state: MaunaKeaState, names: Sequence[str]) -> str:
    """Turn, phase and who acts: ``Turn 4: Red plays, pool 3 MP. 70 tiles in the bag.``"""
    # TRANSLATORS: the line mode's look, its first line; Mauna Kea rulebook (de): Forscher, BP,
    # Beutel, Plättchen
    if state.phase is Phase.OVER:
        head = _("The game is over.")
    elif state.phase is Phase.PLACEMENT and state.placer is not None:
        head = _("Placing explorers: {player} places next.").format(player=names[state.placer])
    elif state.phase is Phase.DRAFT:
        head = _("The players are choosing their cards.")
    elif state.active is not None:
        head = _("Turn {n}: {player} plays, pool {mp} MP.").format(
            n=state.turn, player=names[state.active], mp=state.pool
        )
    else:
        head = _("Turn {n}.").format(n=state.turn)
    if state.end is not None and state.phase is not Phase.OVER:
        left = ", ".join(f"{names[s]} {state.end.to_play.count(s)}" for s in range(state.players))
        head += " " + _("The end is triggered; turns left: {left}.").format(left=left)
    bag = ngettext("{n} tiles in the bag.", "{n} tiles in the bag.", len(state.bag))
    return f"{head} {bag.format(n=len(state.bag))}"


def score_part(part: str) -> str:
    """A part of a score, as the look lists it (``explorers 6``)."""
    # TRANSLATORS: a part of a score in the line mode's look ("explorers 6, white 4")
    said = {
        "explorers": pgettext("score part", "explorers"),
        "white": pgettext("score part", "white"),
        "grey": pgettext("score part", "grey"),
        "black": pgettext("score part", "black"),
        "empty places": pgettext("score part", "empty places"),
        "helicopter": pgettext("score part", "helicopter"),
        "tasks": pgettext("score part", "tasks"),
    }
    return said.get(part, part)


def _colours(colours: Sequence[str]) -> str:
    return ", ".join(artifact_colour(c, "alone") for c in colours)


def _player(state: MaunaKeaState, names: Sequence[str], seat: int, viewer: int | None) -> list[str]:
    name = names[seat]
    parts = score_parts(state, seat)
    scored = ", ".join(
        f"{score_part(part)} {vp}" for part, vp in parts.items() if part != "total" and vp
    )
    # TRANSLATORS: a player's line in the look; {scored} is " (explorers 6, white 4)" or ""
    head = _("{player} (seat {n}): {vp} VP{scored}.").format(
        player=name, n=seat + 1, vp=parts["total"], scored=f" ({scored})" if scored else ""
    )
    lines = [head]
    explorers = []
    for explorer in state.explorers[seat]:
        n = explorer.index + 1
        if explorer.status is Status.ISLAND and explorer.space is not None:
            where = space_name(explorer.space)
            if explorer.carried:
                said = _("explorer {n} at {space} carrying {artifacts}").format(
                    n=n, space=where, artifacts=_colours(explorer.carried)
                )
            else:
                said = _("explorer {n} at {space}").format(n=n, space=where)
            explorers.append(said)
        elif explorer.status is Status.BOAT:
            explorers.append(_("explorer {n} saved").format(n=n))
        elif explorer.status is Status.SUPPLY:
            explorers.append(_("explorer {n} still to place").format(n=n))
        elif explorer.status is Status.RESCUED:
            explorers.append(_("explorer {n} rescued").format(n=n))
        else:  # lost to the lava
            explorers.append(_("explorer {n} lost").format(n=n))
    lines.append("  " + _("Explorers: {explorers}.").format(explorers="; ".join(explorers)))
    boats = [t for t in state.taken if t.seat == seat]
    if boats:
        took = []
        for taken in boats:
            cargo = _colours(taken.cargo) or _("nothing")
            # TRANSLATORS: a boat a player took: "the teal boat (3 places) with white, grey"
            took.append(_("the {boat} with {cargo}").format(boat=_boat(taken.boat), cargo=cargo))
        lines.append("  " + _("Boats: {boats}.").format(boats="; ".join(took)))
    hand = state.hands[seat]
    tiles = ", ".join(tile_text(t) for t in hand) if hand else _("no tiles")
    lines.append("  " + _("Hand: {tiles}.").format(tiles=tiles))
    if state.advanced:
        drafting = state.phase is Phase.DRAFT and bool(state.dealt[seat])
        cards = state.dealt[seat] if drafting else state.cards[seat]
        if seat == viewer or (cards and HIDDEN not in cards):
            named = ", ".join(card_title(c) for c in cards) or _("none")
            if drafting:
                lines.append("  " + _("Cards dealt: {cards}.").format(cards=named))
            else:
                lines.append("  " + _("Cards: {cards}.").format(cards=named))
        elif drafting:
            lines.append("  " + _("Cards: still choosing which to keep."))
        else:
            count = len(cards)
            said = ngettext("Cards: {n} card, not shown.", "Cards: {n} cards, not shown.", count)
            lines.append("  " + said.format(n=count))
    return lines


def _around(state: MaunaKeaState, names: Sequence[str], seat: int | None) -> list[str]:
    """Each of ``seat``'s explorers on the island, the space it stands on and its neighbours;
    before the first is placed, where one may be."""
    if seat is None:
        return []
    if not any(e.status is Status.ISLAND for e in state.explorers[seat]):
        free = [
            space_name(space)
            for field in sorted(START_FIELDS)
            for space in spaces_of(field)
            if state.occupant(space) is None
        ]
        # TRANSLATORS: Mauna Kea rulebook (de): Startfeld; (fr) case de départ; (nl) startplaats
        return [
            _(
                "No explorer of {player}'s is on the island yet. It is placed on a free space "
                "of a start field: {spaces}."
            ).format(player=names[seat], spaces=", ".join(free) or _("none is free"))
        ]
    lines = []
    for explorer in state.explorers[seat]:
        if explorer.status is not Status.ISLAND or explorer.space is None:
            continue
        lines.append(
            _("Around {player}'s explorer {n}:").format(player=names[seat], n=explorer.index + 1)
        )
        lines.append(f"  {space_info(state, explorer.space, names).plain}")
        for space in neighbours(explorer.space):
            said = space_info(state, space, names).plain
            lines.append("  " + _("next to it: {space}").format(space=said))
    return lines


def _island(state: MaunaKeaState, viewer: int | None) -> list[str]:
    """Where the artifacts lie and the boats wait, each with its cost in MP from the nearest
    explorer of ``viewer`` (the way open now: lava and explorers in the way counted)."""
    costs = _costs(state, viewer)

    def far(spaces: Sequence[Space]) -> str:
        found = [costs[space] for space in spaces if space in costs]
        if viewer is None or not costs:
            return ""
        # TRANSLATORS: after an artifact's or a boat's place in the look: how far it is
        return _(", {mp} MP away").format(mp=min(found)) if found else _(", out of reach now")

    lying = [
        _("{artifacts} at {space}{far}").format(
            artifacts=_colours(colours), space=space_name(space), far=far([space])
        )
        for space, colours in sorted(state.artifacts.items())
        if colours
    ]
    lines = [
        _("Artifacts on the island: {artifacts}.").format(artifacts="; ".join(lying))
        if lying
        else _("No artifact lies on the island.")
    ]
    # TRANSLATORS: a boat at its landing in the look: "N1 the teal boat (3 places, 4 MP away)";
    # {colour} is the colour alone ("braun")
    boats = [
        _("{landing} the {colour} boat ({places}{far})").format(
            landing=C.landings[landing].name,
            colour=boat_colour(C.boats[boat].colour, "alone"),
            places=_places(boat),
            far=far(LANDING_SPACES[landing]),
        )
        for landing, boat in sorted(state.docked.items())
    ]
    # TRANSLATORS: Mauna Kea rulebook (de): Anlegestelle; (fr) crique d'amarrage; (nl) aanlegplaats
    lines.append(
        _("At the landings: {boats}.").format(boats="; ".join(boats))
        if boats
        else _("No boat is left at the landings.")
    )
    return lines


def _costs(state: MaunaKeaState, viewer: int | None) -> dict[Space, int]:
    """The cheapest cost in MP from any of ``viewer``'s explorers on the island to each space
    (an explorer's own space: 0)."""
    if viewer is None:
        return {}
    out: dict[Space, int] = {}
    for explorer in state.explorers[viewer]:
        if explorer.status is not Status.ISLAND or explorer.space is None:
            continue
        out[explorer.space] = 0
        for space, cost in reach(state, explorer, FAR).items():
            out[space] = min(cost, out.get(space, cost))
    return out


def _boat(boat: int) -> str:
    """``teal boat (3 places)``."""
    # TRANSLATORS: {colour} is the colour alone ("braun"): "Boot {colour}" may read best
    return _("{colour} boat ({places})").format(
        colour=boat_colour(C.boats[boat].colour, "alone"), places=_places(boat)
    )


def _places(boat: int) -> str:
    places = C.boats[boat].places
    # TRANSLATORS: a boat's places (Mauna Kea rulebook: Platz / place / plaats)
    return ngettext("{n} place", "{n} places", places).format(n=places)

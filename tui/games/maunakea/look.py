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
from core.games.maunakea.transcript import tile_text
from tui.games.maunakea.widgets.cards import card_title
from tui.games.maunakea.widgets.info import space_info

C = COMPONENTS
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
    if state.phase is Phase.OVER:
        head = "The game is over."
    elif state.phase is Phase.PLACEMENT and state.placer is not None:
        head = f"Placing explorers: {names[state.placer]} places next."
    elif state.phase is Phase.DRAFT:
        head = "The players are choosing their cards."
    elif state.active is not None:
        head = f"Turn {state.turn}: {names[state.active]} plays, pool {state.pool} MP."
    else:
        head = f"Turn {state.turn}."
    if state.end is not None and state.phase is not Phase.OVER:
        left = ", ".join(f"{names[s]} {state.end.to_play.count(s)}" for s in range(state.players))
        head += f" The end is triggered; turns left: {left}."
    return f"{head} {len(state.bag)} tiles in the bag."


def _player(state: MaunaKeaState, names: Sequence[str], seat: int, viewer: int | None) -> list[str]:
    name = names[seat]
    parts = score_parts(state, seat)
    scored = ", ".join(f"{part} {vp}" for part, vp in parts.items() if part != "total" and vp)
    head = f"{name} (seat {seat + 1}): {parts['total']} VP"
    lines = [head + (f" ({scored})." if scored else ".")]
    explorers = []
    for explorer in state.explorers[seat]:
        number = f"explorer {explorer.index + 1}"
        if explorer.status is Status.ISLAND and explorer.space is not None:
            carried = f" carrying {', '.join(explorer.carried)}" if explorer.carried else ""
            explorers.append(f"{number} at {space_name(explorer.space)}{carried}")
        elif explorer.status is Status.BOAT:
            explorers.append(f"{number} saved")
        elif explorer.status is Status.SUPPLY:
            explorers.append(f"{number} still to place")
        else:
            explorers.append(f"{number} {explorer.status.value}")
    lines.append(f"  Explorers: {'; '.join(explorers)}.")
    boats = [t for t in state.taken if t.seat == seat]
    if boats:
        said = []
        for taken in boats:
            cargo = ", ".join(taken.cargo) or "nothing"
            said.append(f"the {_boat(taken.boat)} with {cargo}")
        lines.append(f"  Boats: {'; '.join(said)}.")
    hand = state.hands[seat]
    lines.append(f"  Hand: {', '.join(tile_text(t) for t in hand) if hand else 'no tiles'}.")
    if state.advanced:
        drafting = state.phase is Phase.DRAFT and bool(state.dealt[seat])
        cards = state.dealt[seat] if drafting else state.cards[seat]
        if seat == viewer or (cards and HIDDEN not in cards):
            named = ", ".join(card_title(c) for c in cards) or "none"
            lines.append(f"  Cards{' dealt' if drafting else ''}: {named}.")
        elif drafting:
            lines.append("  Cards: still choosing which to keep.")
        else:
            count = len(cards)
            lines.append(f"  Cards: {count} card{'' if count == 1 else 's'}, not shown.")
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
        return [
            f"No explorer of {names[seat]}'s is on the island yet. It is placed on a free space "
            f"of a start field: {', '.join(free) or 'none is free'}."
        ]
    lines = []
    for explorer in state.explorers[seat]:
        if explorer.status is not Status.ISLAND or explorer.space is None:
            continue
        lines.append(f"Around {names[seat]}'s explorer {explorer.index + 1}:")
        lines.append(f"  {space_info(state, explorer.space, names).plain}")
        for space in neighbours(explorer.space):
            lines.append(f"  next to it: {space_info(state, space, names).plain}")
    return lines


def _island(state: MaunaKeaState, viewer: int | None) -> list[str]:
    """Where the artifacts lie and the boats wait, each with its cost in MP from the nearest
    explorer of ``viewer`` (the way open now: lava and explorers in the way counted)."""
    costs = _costs(state, viewer)

    def far(spaces: Sequence[Space]) -> str:
        found = [costs[space] for space in spaces if space in costs]
        if viewer is None or not costs:
            return ""
        return f", {min(found)} MP away" if found else ", out of reach now"

    lying = [
        f"{', '.join(colours)} at {space_name(space)}{far([space])}"
        for space, colours in sorted(state.artifacts.items())
        if colours
    ]
    lines = [
        f"Artifacts on the island: {'; '.join(lying)}."
        if lying
        else "No artifact lies on the island."
    ]
    boats = [
        f"{C.landings[landing].name} the {C.boats[boat].colour} boat "
        f"({_places(boat)}{far(LANDING_SPACES[landing])})"
        for landing, boat in sorted(state.docked.items())
    ]
    lines.append(
        f"At the landings: {'; '.join(boats)}." if boats else "No boat is left at the landings."
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
    return f"{C.boats[boat].colour} boat ({_places(boat)})"


def _places(boat: int) -> str:
    places = C.boats[boat].places
    return f"{places} place{'' if places == 1 else 's'}"

"""Lost Ruins of Arnak in plain sentences, for the line mode's ``look``: the round and who acts,
each player's resources, idols, assistants, guardians (each boon used or not) and cards (how
many: a hand is named only to its player), where their archaeologists and research tokens
stand; what each camp gives, each undiscovered site's face-up idol, each discovered site's
effect and guardian (its cost and boon), the research track row by row (cost, effects, points,
bonus tiles), the looking player's hand and the card row with each card's price and effect.
It reads a seat's view (:meth:`Rules.view`), so another player's cards are never named."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.arnak import board_words as B
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState
from core.games.arnak.words import RES_WORDS, plural
from tui.games.arnak.panels import hand_text, status


def look(
    state: ArnakState, names: Sequence[str], viewer: int | None, about: int | None
) -> list[str]:
    """The position as ``viewer`` sees it; ``about`` narrows it to one player."""
    seats = range(len(state.seats)) if about is None else [about]
    lines = [] if about is not None else [status(state, names).plain + "."]
    for seat in seats:
        lines += _player(state, names, seat)
    shown = viewer if about is None else about
    if shown is not None and shown == viewer:
        lines += [line.strip() for line in hand_text(state, names, viewer, None).plain.splitlines()]
    if about is None:
        lines += _sites(state, names)
        lines += _research(state)
        lines += _row(state)
    return lines


def _player(state: ArnakState, names: Sequence[str], seat: int) -> list[str]:
    p = state.seats[seat]
    res = ", ".join(plural(n, one, many) for n, (one, many) in zip(p.res, RES_WORDS, strict=False))
    lines = [f"{names[seat]} (seat {seat + 1}): {res}."]
    idols = f"{plural(p.idols, 'idol')}, {plural(p.slots, 'idol slot')} filled"
    helpers = ", ".join(
        f"assistant {int(a.id[1:])} ({'gold' if a.gold else 'silver'}"
        f"{', exhausted' if a.exhausted else ''})"
        for a in p.assistants
    )
    guardians = "; ".join(
        f"a guardian (boon {B.boon(g)}, {'used' if g in p.boons_used else 'not used yet'})"
        for g in p.guardians
    )
    lines.append(f"  {idols}; {helpers or 'no assistant'}; {guardians or 'no guardian'}.")
    sites = sorted(space for space, who in state.occupant.items() if who == seat)
    named = ", ".join(W.space_name(space) for space in sites)
    at = f"archaeologists at {named}" if sites else "no archaeologist out"
    lines.append(f"  Research: glass {_research_at(state, p.glass)}, notebook "
                 f"{_research_at(state, p.notebook)}; {at}.")  # fmt: skip
    hand = len(p.hand)
    cards = f"{plural(len(p.deck), 'card')} in the deck, {hand} in hand, {len(p.play)} in play"
    if p.fear_tiles:
        cards += f", {plural(p.fear_tiles, 'Fear tile')}"
    if state.passed and state.passed[seat]:
        cards += "; passed this round"
    lines.append(f"  {cards}.")
    return lines


def _sites(state: ArnakState, names: Sequence[str]) -> list[str]:
    """Every place on the map: what each camp gives and who is there, each undiscovered
    site's face-up idol, each discovered site's effect and its guardian's cost and boon."""
    lines = ["The map:"]
    for n in range(1, 6):
        lines.append("  " + B.site(state, list(names), f"C{n}") + ".")
    for space in W.side(state).spaces:
        if space.id.startswith("L"):
            lines.append("  " + B.site(state, list(names), space.id) + ".")
    left = f"{len(state.sites1)} level-I and {len(state.sites2)} level-II site tiles"
    lines.append(f"  Left to discover: {left}; {plural(len(state.guardians), 'guardian')}.")
    return lines


def _research(state: ArnakState) -> list[str]:
    """The research track from the temple down: each row's cost, what the glass and the
    notebook get there and their points, its bonus tiles."""
    board = W.side(state)
    lines = ["The research track:", "  " + B.temple(board) + "."]
    for row in range(len(board.rows), 0, -1):
        said = B.research_row(board, row)
        tiles = [
            W.effect(C.bonus_tile(t).effect)
            for spot in board.research
            if spot.row == row
            for t in state.bonus.get(spot.space, [])
            if t != HIDDEN
        ]
        if tiles:
            said += f" · bonus tiles: {', '.join(tiles)}"
        lines.append(f"  {said[:1].upper()}{said[1:]}.")
    return lines


def _research_at(state: ArnakState, space: int) -> str:
    """Where a research token stands: ``at the start``, ``in row 3``, ``in the temple``."""
    if space == 0:
        return "at the start"
    if space == TEMPLE:
        return "in the temple"
    return f"in row {W.side(state).research_space(space).row}"


def _row(state: ArnakState) -> list[str]:
    """The card row, place by place (artifacts left of the moon staff, then items)."""
    lines = ["The card row (artifacts for compasses, then items for coins):"]
    for place, card in enumerate([*state.row_art, *state.row_items], 1):
        said = B.card(card) if card and card != HIDDEN else "empty"
        lines.append(f"  {place}: {said}.")
    return lines

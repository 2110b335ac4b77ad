"""Lost Ruins of Arnak in plain sentences, for the line mode's ``look``: the round and who acts,
each player's resources, idols, assistants, guardians and cards (how many: a hand is named only
to its player), where their archaeologists and research tokens stand, the sites discovered and
their guardians, the looking player's hand and the card row with its prices. It reads a seat's view
(:meth:`Rules.view`), so another player's cards are never named."""

from __future__ import annotations

from collections.abc import Sequence

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
        lines.append(_sites(state))
        row = f"artifacts {_row(state.row_art)}; items {_row(state.row_items)}"
        lines.append(f"The card row: {row}.")
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
    guardians = plural(len(p.guardians), "guardian")
    lines.append(f"  {idols}; {helpers or 'no assistant'}; {guardians}.")
    sites = sorted(space for space, who in state.occupant.items() if who == seat)
    named = ", ".join(W.space_name(space) for space in sites)
    at = f"archaeologists at {named}" if sites else "no archaeologist out"
    lines.append(f"  Research: glass {_research(state, p.glass)}, notebook "
                 f"{_research(state, p.notebook)}; {at}.")  # fmt: skip
    hand = len(p.hand)
    cards = f"{plural(len(p.deck), 'card')} in the deck, {hand} in hand, {len(p.play)} in play"
    if p.fear_tiles:
        cards += f", {plural(p.fear_tiles, 'Fear tile')}"
    if state.passed and state.passed[seat]:
        cards += "; passed this round"
    lines.append(f"  {cards}.")
    return lines


def _sites(state: ArnakState) -> str:
    """The sites discovered so far: what each gives, and the guardian still there."""
    said = []
    for space, tile in sorted(state.site_tile.items()):
        if tile is None:
            continue
        guardian = state.guardian.get(space)
        there = f"; a guardian: {W.guardian_line(guardian)}" if guardian else ""
        said.append(f"{W.site_name(space)} ({W.site_effect(state, space)}{there})")
    return f"Sites discovered: {'; '.join(said)}." if said else "No site discovered yet."


def _research(state: ArnakState, space: int) -> str:
    """Where a research token stands: ``at the start``, ``in row 3``, ``in the temple``."""
    if space == 0:
        return "at the start"
    if space == TEMPLE:
        return "in the temple"
    return f"in row {W.side(state).research_space(space).row}"


def _row(cards: Sequence[str | None]) -> str:
    named = [f"{C.card(card).name} ({W.price(card)})" for card in cards if card and card != HIDDEN]
    return ", ".join(named) or "none"

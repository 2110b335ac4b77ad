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
from core.language import Translator
from tui.games.arnak.panels import hand_text, status

T = Translator("arnak")
_, ngettext = T.gettext, T.ngettext


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
    lines = [
        _("{player} (seat {n}): {resources}.").format(player=names[seat], n=seat + 1, resources=res)
    ]
    idols = ngettext(
        "{idols}, {n} idol slot filled", "{idols}, {n} idol slots filled", p.slots
    ).format(idols=plural(p.idols, "idol"), n=p.slots)
    helpers = ", ".join(_assistant(int(a.id[1:]), a.gold, a.exhausted) for a in p.assistants)
    guardians = "; ".join(
        (
            _("a guardian (boon {boon}, used)")
            if g in p.boons_used
            else _("a guardian (boon {boon}, not used yet)")
        ).format(boon=B.boon(g))
        for g in p.guardians
    )
    said = {"helpers": helpers or _("no assistant"), "guardians": guardians or _("no guardian")}
    lines.append("  " + _("{idols}; {helpers}; {guardians}.").format(idols=idols, **said))
    sites = sorted(space for space, who in state.occupant.items() if who == seat)
    named = ", ".join(W.space_name(space) for space in sites)
    at = _("archaeologists at {sites}").format(sites=named) if sites else _("no archaeologist out")
    lines.append(
        "  "
        + _("Research: glass {glass}, notebook {notebook}; {archaeologists}.").format(
            glass=_research_at(state, p.glass),
            notebook=_research_at(state, p.notebook),
            archaeologists=at,
        )
    )
    cards = _("{deck} in the deck, {hand} in hand, {play} in play").format(
        deck=plural(len(p.deck), "card"), hand=len(p.hand), play=len(p.play)
    )
    if p.fear_tiles:
        fear = ngettext("{n} Fear tile", "{n} Fear tiles", p.fear_tiles).format(n=p.fear_tiles)
        cards = _("{cards}, {fear}").format(cards=cards, fear=fear)
    if state.passed and state.passed[seat]:
        cards = _("{cards}; passed this round").format(cards=cards)
    lines.append(f"  {cards}.")
    return lines


def _assistant(n: int, gold: bool, exhausted: bool) -> str:
    """``assistant 3 (gold, exhausted)``."""
    if gold:
        text = _("assistant {n} (gold, exhausted)") if exhausted else _("assistant {n} (gold)")
    else:
        text = _("assistant {n} (silver, exhausted)") if exhausted else _("assistant {n} (silver)")
    return text.format(n=n)


def _sites(state: ArnakState, names: Sequence[str]) -> list[str]:
    """Every place on the map: what each camp gives and who is there, each undiscovered
    site's face-up idol, each discovered site's effect and its guardian's cost and boon."""
    lines = [_("The map:")]
    for n in range(1, 6):
        lines.append("  " + B.site(state, list(names), f"C{n}") + ".")
    for space in W.side(state).spaces:
        if space.id.startswith("L"):
            lines.append("  " + B.site(state, list(names), space.id) + ".")
    guardians = ngettext("{n} guardian", "{n} guardians", len(state.guardians))
    said = _("Left to discover: {one} level-I and {two} level-II site tiles; {guardians}.")
    lines.append(
        "  "
        + said.format(
            one=len(state.sites1),
            two=len(state.sites2),
            guardians=guardians.format(n=len(state.guardians)),
        )
    )
    return lines


def _research(state: ArnakState) -> list[str]:
    """The research track from the temple down: each row's cost, what the glass and the
    notebook get there and their points, its bonus tiles."""
    board = W.side(state)
    lines = [_("The research track:"), "  " + B.temple(board) + "."]
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
            said += _(" · bonus tiles: {effects}").format(effects=", ".join(tiles))
        lines.append(f"  {said[:1].upper()}{said[1:]}.")
    return lines


def _research_at(state: ArnakState, space: int) -> str:
    """Where a research token stands: ``at the start``, ``in row 3``, ``in the temple``."""
    if space == 0:
        return _("at the start")
    if space == TEMPLE:
        return _("in the temple")
    return _("in row {n}").format(n=W.side(state).research_space(space).row)


def _row(state: ArnakState) -> list[str]:
    """The card row, place by place (artifacts left of the moon staff, then items)."""
    lines = [_("The card row (artifacts for compasses, then items for coins):")]
    for place, card in enumerate([*state.row_art, *state.row_items], 1):
        said = B.card(card) if card and card != HIDDEN else _("empty")
        lines.append(f"  {place}: {said}.")
    return lines

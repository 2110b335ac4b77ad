"""What a player plans with, in words: each guardian's cost and boon, each research row's cost,
effects and points, a card of the row or of a hand in one line, what a camp, a site or an idol
gives, and the names players use for the places (camp 2, site 1.3, row 4).

Each comes in full words (:mod:`.words`) and in the board's shorthand for narrow panels: the
same words with each resource as a short word (``+2 comp`` two compasses, never a letter: a box
player reads a German "M" as coins) and a few long phrases cut (:func:`short`); :data:`LEGEND`
explains every shorthand a table shows. Shared by the terminal's
table, the line mode's ``look`` and anyone who shows the board to a person.
"""

from __future__ import annotations

import re

from core.games.arnak import ops as o
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.components import Side
from core.games.arnak.state import HIDDEN, ArnakState
from core.language import Translator

T = Translator("arnak")
_ = T.gettext

SHORTHAND: dict[str, str] = {
    "coin comp tablet arrow jewel": "coins, compasses, tablets, arrowheads, jewels (2 comp: two)",
    "boot car ship plane": "travel icons (2ship: two ships)",
    "VP": "victory points",
    "● ○": "a player's magnifying glass and notebook (R● Red's glass)",
    "[R ]": "an archaeologist of Red's on a space",
    "[XX]": "a camp space under a blocking tile",
    "?coin": "an undiscovered site and its face-up idol (+?: a face-down idol too)",
    "ex up rf dr": (
        "an idol's or a bonus tile's effect: exile a card, upgrade (tablet→arrowhead or "
        "arrowhead→jewel), refresh an assistant, draw 1 (or +1 of a resource: coin, comp…)"
    ),
    "G:4 coin→up": "a guardian: what overcoming it costs → its boon",
    "[up]": "a research space's bonus tile ([2] on the temple: two face down)",
    "discard→+1 jewel": "discard a hand card (it goes to your play area unused), then +1 jewel",
    "2×2": "temple tiles: 2 VP, 2 left",
    "+Fear card": "take a Fear card",
    "asst 12g 8s✗": "assistants: 12 gold, 8 silver (✗ used this round)",
    "guard ○+car": "a player's guardians by their boon (○ unused, ✓ used)",
    "5/2/3": "cards in a player's deck / hand / play area",
    "overcome a guardian": "(research row 7) overcome a guardian where you are",
    "◆ ◇": "an idol slot filled, empty",
    "✓ ○": "a guardian's boon used, unused",
    "☾": "the moon staff: artifacts (compasses) left of it, items (coins) right",
    "(free)": "a free action (an artifact costs 1 tablet to play: a main action)",
    "G": "(80×24 map) a guardian waits at this site (m shows its cost and boon)",
    "▶": "what the highlighted answer points at (map, track, row)",
    "▸": "the player to act; the details of the highlighted answer",
}
LEGEND = " · ".join(f"{short} {meaning}" for short, meaning in SHORTHAND.items())
"""Every shorthand the Arnak table leaves on screen, explained (the help shows it)."""

RES_SHORT = ("coin", "comp", "tablet", "arrow", "jewel")
"""Each resource in the fewest letters a box player still reads as it (coin, compass, tablet,
arrowhead, jewel), in the order of ``Res``."""
_RES = {word: RES_SHORT[i] for i, (one, many) in enumerate(W.RES_WORDS) for word in (one, many)}
_AMOUNT = re.compile(r"\b(\d+) (coins?|compass(?:es)?|tablets?|arrowheads?|jewels?)\b")
_SHORT_WORD = "|".join(RES_SHORT)
_JOINED = re.compile(rf"\b({_SHORT_WORD}), (?=\d+ (?:{_SHORT_WORD})\b)")
_CUTS = (
    (" this turn", ""),
    (" (1 tablet, main)", " (tablet, main)"),
    (" (pay 1 tablet to play; main action)", " (tablet, main)"),
    ("an archaeologist comes home", "archaeologist home"),
    ("your travel icons are planes this round", "travel icons = planes"),
    ("move an archaeologist to", "move archaeologist to"),
    ("look at ", "see "),
    ("use a supply assistant", "supply assistant"),
    ("(exiled after)", "(exiled)"),
    ("buy an artifact", "buy artifact"),
    ("buy an item", "buy item"),
    ("research (notebook) free", "○ research free"),
    ("research (glass) free", "● research free"),
    ("glass or notebook", "● or ○"),
    ("discard a card → ", "discard→"),
    ("dig or discover", "dig"),
    ("upgrade tablet→arrowhead or arrowhead→jewel", "upgrade tablet→arrow or arrow→jewel"),
    ("overcome a guardian where you are", "overcome a guardian here"),
    ("an assistant", "assistant"),
    ("gain an artifact", "+artifact"),
    ("gain an item", "+item"),
    ("take a Fear card", "+Fear card"),
    ("exile a card", "exile"),
)


def res_short(res: tuple[int, ...], sep: str = "+") -> str:
    """A bundle of resources in the board's shorthand: ``(1, 0, 1, 1, 0)`` ->
    ``coin+tablet+arrow``, ``(0, 0, 2, 1, 0)`` -> ``2 tablet+arrow`` (``free`` for none)."""
    parts = [f"{n} {w}" if n > 1 else w for n, w in zip(res, RES_SHORT, strict=True) if n]
    return sep.join(parts) or "free"


def short(text: str) -> str:
    """Worded effects or costs in the board's shorthand: ``+1 coin, 2 compasses`` -> ``+1 coin
    2 comp``, a few long phrases cut (``exile a card`` -> ``exile``)."""
    out = _AMOUNT.sub(lambda m: f"{m[1]} {_RES[m[2]]}", text)
    out = _JOINED.sub(r"\1 ", out)
    for long, cut in _CUTS:
        out = out.replace(long, cut)
    return out


# --- places --------------------------------------------------------------------------------------


def place(space: str) -> str:
    """The name a player uses for a place and types as its key: ``camp 2``, ``site 1.3``."""
    site = space.split(".")[0] if space.startswith("C") else space
    if site.startswith("C"):
        return f"camp {site[1:]}"
    return f"site {site[1:]}"


def place_key(space: str) -> str:
    """The key of a place in a list of places: ``2`` for camp 2, ``1.3`` for site 1.3."""
    if space.startswith("C"):
        return space[1:].split(".")[0]
    return space[1:]


# --- components ----------------------------------------------------------------------------------


def guardian(gid: str) -> str:
    """``pay 1 coin, 1 compass, 1 arrowhead · boon: +ship this turn``."""
    g = C.guardian(gid)
    return _("overcome for {cost} · boon: {boon}").format(cost=cost(g.cost), boon=W.effect(g.boon))


def guardian_short(gid: str) -> str:
    """``M C A → boon +ship``: a guardian in the board's shorthand."""
    g = C.guardian(gid)
    return f"{short(W.cost(g.cost))} → boon {short(W.effect(g.boon))}"


BOON_CODES = {
    "exile a card": "ex",
    "draw 1": "dr",
    "upgrade tablet→arrowhead or arrowhead→jewel": "up",
}


def guardian_code(gid: str) -> str:
    """``G:4 coin→up``: a guardian's cost and boon in the narrowest shorthand (its boon by the
    codes of :data:`SHORTHAND`)."""
    g = C.guardian(gid)
    said = W.effect(g.boon)
    cost = g.cost
    parts = ["discard"] * cost.down + ([travel_short(cost.travel)] if cost.travel.total else [])
    parts += [res_short(cost.res)] if any(cost.res) else []
    boon = BOON_CODES.get(said, short(said)).replace(" ", "")
    return f"G:{'+'.join(parts)}→{boon}"


def boon(gid: str) -> str:
    return W.effect(C.guardian(gid).boon)


def idol(iid: str) -> str:
    """What an idol tile gives when its site is discovered."""
    return W.effect(C.idol(iid).reward)


def site_tile(tile: str) -> str:
    """What a camp or site tile gives when an archaeologist digs there."""
    return W.effect(C.site(tile).effect)


def card(cid: str) -> str:
    """A card in a line: ``Axe (2 coins, 2 VP, ship): exile a card; +1 compass``; an artifact
    costs a tablet to play, a free card is marked (free)."""
    if cid == HIDDEN:
        return "a hidden card"
    info = C.card(cid)
    if info.kind == "fear":
        return "Fear (boot, -1 VP): no effect"
    price = f"{W.price(cid)}, " if info.kind in ("item", "artifact") else ""
    vp = f"{info.vp} VP, " if info.vp else ""
    head = f"{W.card_name(cid)} ({price}{vp}{W.travel(info.travel)})"
    return f"{head}: {effect_of(cid)}"


def effect_of(cid: str) -> str:
    """A card's effect with what playing it costs or how it counts (main, free, exiled)."""
    info = C.card(cid)
    if info.kind == "fear":
        return "no effect"
    tags = ""
    if info.kind == "artifact":
        tags += " (pay 1 tablet to play; main action)"
    elif info.free:
        tags += " (free)"
    if info.exile_self:
        tags += " (exiled after)"
    return W.effect(info.effect) + tags


def card_short(cid: str) -> str:
    """A card in the board's shorthand: ``2 coins, 2 VP, ship: exile; +1 comp``."""
    if cid == HIDDEN:
        return "?"
    info = C.card(cid)
    if info.kind in ("fear", "basic"):
        return f"{W.card_name(cid)} {W.travel(info.travel)}: {short(effect_of(cid))}"
    tags = " (free)" if info.free else ""
    head = f"{W.price(cid)}, {info.vp} VP, {W.travel(info.travel)}"
    return f"{head}: {short(W.effect(info.effect))}{tags}"


# --- the research track --------------------------------------------------------------------------


def cost(c: o.Cost) -> str:
    """A cost with ``+`` between its parts (``1 coin + 2 tablets``), to list several with
    ``or`` or commas between them."""
    return W.cost(c).replace(", ", " + ")


def row_cost(board: Side, row: int) -> str:
    """What moving into a row costs (each of its spaces, ``or`` between them)."""
    costs = [cost(s.cost) for s in board.research if s.row == row]
    return " or ".join(dict.fromkeys(costs))


def research_row(board: Side, row: int) -> str:
    """``row 3: 2 tablets or 1 arrowhead · glass +1 compass, 4 VP · notebook upgrade an
    assistant, 2 VP`` (the rows numbered as the board and every question count them)."""
    info = board.row(row)
    glass = f"glass {W.effect(info.glass)}, {info.glass_vp} VP"
    notebook = f"notebook {W.effect(info.notebook)}, {info.notebook_vp} VP"
    return f"row {row}: {row_cost(board, row)} · {glass} · {notebook}"


def temple(board: Side) -> str:
    """The Lost Temple: the glass only; its tiles' costs and points."""
    tiles = ", ".join(f"{t.vp} VP for {cost(t.cost)}" for t in board.temple_stacks)
    return f"temple (glass only): {cost(board.research_space(14).cost)}; its tiles {tiles}"


def research_space_name(board: Side, space: int) -> str:
    """``row 3`` (``the temple``, ``the start``): how a research space is named."""
    if space == 0:
        return "the start"
    spot = board.research_space(space)
    return "the temple" if spot.row > len(board.rows) else f"row {spot.row}"


def site(state: ArnakState, names: tuple[str, ...] | list[str], space: str) -> str:
    """Everything about a place in a sentence: its travel, what it gives (or its idol and the
    compasses to discover it), its guardian's cost and boon, who is there."""
    board = W.side(state)
    here = space if space.startswith("L") or "." in space else f"{space}.1"
    travel = W.travel(board.space(here).travel)
    name = place(space)
    if space.startswith("C"):
        camp = space.split(".")[0]
        spaces = [s for s in (f"{camp}.1", f"{camp}.2") if s not in state.blocked]
        who = [names[seat] for s in spaces if (seat := state.occupant.get(s)) is not None]
        gives = site_tile("c" + camp[1:])
        there = f" · there: {', '.join(who)}" if who else ""
        return f"{name} (a boot; its 2nd space 2 boots): {gives}{there}"
    tile = state.site_tile.get(space)
    seat = state.occupant.get(space)
    there = f" · there: {names[seat]}" if seat is not None else ""
    if tile is None:
        level = int(space[1])
        face_up = state.idol_up.get(space)
        gives = f"idol {idol(face_up)}" if face_up and face_up != HIDDEN else "an idol"
        down = " and a face-down idol" if state.idol_down.get(space) else ""
        cost = W.plural(C.rules.discover_cost[level].C, "compass", "compasses")
        return f"{name} ({travel}): undiscovered, {cost} to discover; {gives}{down}{there}"
    out = f"{name} ({travel}): {site_tile(tile)}"
    g = state.guardian.get(space)
    if g:
        out += f" · guardian: {guardian(g)}"
    return out + there


_PRINTED = re.compile(r"\+(\d*)([MCTAJ])\b")  # +2M in the data: two coins


def tile_short(text: str) -> str:
    """An idol's or a bonus tile's effect as printed in the data (``+M``, ``exile``,
    ``draw(1)``), for the narrowest panels: ``+1 coin``, ``exile``, ``draw 1``."""
    text = _PRINTED.sub(lambda m: f"+{m[1] or 1} {RES_SHORT[o.RESOURCE_LETTERS.index(m[2])]}", text)
    text = text.replace("down -> ", "discard→").replace(" -> ", "→")
    return text.replace("draw(1)", "draw 1").replace("; ", " ")


def travel_short(travel: o.Travel) -> str:
    """``2ship``, ``car ship``: travel icons without spaces inside a count."""
    return (
        " ".join(
            f"{n if n > 1 else ''}{w}" for w, n in zip(o.TRAVEL_WORDS, travel, strict=True) if n
        )
        or "no travel"
    )

"""The Arnak table in text: the map, the research track, the card row, the players' boards and
the hand, each a function of the state a viewer sees (``rules.view``), for fixed-size panels.

The map and the track use the board's own shorthand (``M`` coin, ``C`` compass, ``T`` tablet,
``A`` arrowhead, ``J`` jewel; travel words boot car ship plane), the hand says each card in
words. A secret card (``?``) is only ever counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from core.games.arnak import effects as fx
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, RES, TEMPLE, ArnakState
from tui.seats import seat_colour, seat_letters

ROMAN = ("", "I", "II", "III", "IV", "V")
DIM = "dim"
LEGEND = "M coin · C compass · T tablet · A arrowhead · J jewel · ● glass ○ notebook"


def _who(names: Sequence[str], seat: int) -> Text:
    return Text(seat_letters(names)[seat], style=f"bold {seat_colour(seat)}")


def _res(res: Sequence[int]) -> str:
    return " ".join(f"{n}{ch}" for n, ch in zip(res, RES, strict=True))


def _short(text: str) -> str:
    """A component's effect string, tidied for the board (``draw(1); +MT`` -> ``draw1 +MT``)."""
    return text.replace("draw(1)", "draw1").replace("; ", " ").replace(" -> ", "→")


# --- the status line ------------------------------------------------------------------------


def status(state: ArnakState, names: Sequence[str]) -> Text:
    """Round, side, who acts, whether the main action is taken and this turn's travel."""
    out = Text()
    out.append(f"Round {ROMAN[min(state.round, 5)]} of V", "bold")
    out.append(f" · {state.side} side · ")
    if state.phase == "over":
        out.append("game over", "bold")
        return out
    seat = state.active
    out.append_text(Text(names[seat], style=f"bold {seat_colour(seat)}"))
    out.append(" to act")
    if state.phase == "turn":
        out.append(" · main action " + ("taken ✓" if state.main_done else "open"))
        pool = " ".join(state.pool) or "none"
        out.append(f" · travel this turn: {pool}")
    passed = [names[s] for s, p in enumerate(state.passed) if p]
    if passed:
        out.append(" · passed: " + ", ".join(passed), DIM)
    return out


# --- the map --------------------------------------------------------------------------------


def _space(state: ArnakState, names: Sequence[str], space: str) -> Text:
    if space in state.blocked:
        return Text("[XX]", DIM)
    seat = state.occupant.get(space)
    if seat is None:
        return Text("[  ]", DIM)
    out = Text("[")
    out.append_text(_who(names, seat))
    out.append(" ]")
    return out


def _site_cell(state: ArnakState, names: Sequence[str], space: str, focus: set[str]) -> Text:
    """A level-I or II site in 34 columns: travel, idol or effect and guardian, who is there."""
    side = W.side(state)
    info = side.space(space)
    mark = space in focus or fx.site_of(space) in focus
    line = Text("▶" if mark else " ", "bold reverse" if mark else "")
    line.append(f"{space[1:]:<4}", "bold")
    line.append(f"{_travel(str(info.travel)):<7}", "cyan")
    tile = state.site_tile.get(space)
    if tile is None:
        idol = state.idol_up.get(space)
        what = f"?{_short(C.idol(idol).text)}" if idol else "?"
        if state.idol_down.get(space):
            what += "+?"
        line.append(f"{what[:13]:<13}", DIM)
        line.append("    ")
    else:
        line.append(f"{_short(C.site(tile).text)[:13]:<13}")
        guardian = state.guardian.get(space)
        line.append(f"{f'G{int(guardian[1:])}' if guardian else '':<4}", "bold magenta")
    line.append_text(_space(state, names, space))
    return line


TRAVEL_SHORT = {"boot": "b", "car": "car", "ship": "sh", "plane": "pl"}


def _travel(text: str) -> str:
    """``boot plane`` -> ``b+pl``, ``2ship`` -> ``2sh`` (the map's travel column)."""
    words = []
    for word in text.split():
        n = word[:1] if word[:1].isdigit() else ""
        words.append(n + TRAVEL_SHORT.get(word[len(n) :], word))
    return "+".join(words)


def map_text(state: ArnakState, names: Sequence[str], focus: set[str] | None = None) -> Text:
    """The board's sites: camps with their two spaces (boot, 2 boots; ``XX`` blocked), then
    level I and II two to a line with their travel, face-up idol (``?``) or effect, guardian
    (``G7``) and archaeologist (the seat's letter)."""
    focus = focus or set()
    out = Text()
    out.append("MAP", "bold underline")
    out.append(f"  site tiles left {len(state.sites1)} I, {len(state.sites2)} II · ", DIM)
    out.append(f"guardians {len(state.guardians)} · ? undiscovered", DIM)
    camps = []
    for n in range(1, 6):
        camp = C.site(f"c{n}")
        mark = any(f in focus for f in (f"C{n}", f"C{n}.1", f"C{n}.2"))
        cell = Text("▶" if mark else " ", "bold reverse" if mark else "")
        cell.append(f"C{n}  ", "bold")
        cell.append(f"{_short(camp.text):<10}")
        cell.append_text(_space(state, names, f"C{n}.1"))
        cell.append_text(_space(state, names, f"C{n}.2"))
        camps.append(cell)
    out.append("\nCamps (boot, 2 boots)", DIM)
    for i in range(0, 5, 2):
        out.append("\n")
        out.append_text(camps[i])
        if i + 1 < 5:
            out.append(" " * 4)
            out.append_text(camps[i + 1])
    spaces = [s.id for s in W.side(state).spaces if s.id.startswith("L")]
    for level in ("L1", "L2"):
        out.append(f"\nLevel {'I' if level == 'L1' else 'II'}", "bold")
        here = [s for s in spaces if s.startswith(level)]
        for i in range(0, len(here), 2):
            out.append("\n")
            out.append_text(_site_cell(state, names, here[i], focus))
            if i + 1 < len(here):
                out.append(" ")
                out.append_text(_site_cell(state, names, here[i + 1], focus))
    return out


# --- the research track ---------------------------------------------------------------------


def _tokens(state: ArnakState, names: Sequence[str], space: int) -> Text:
    out = Text()
    for seat, player in enumerate(state.seats):
        style = f"bold {seat_colour(seat)}"
        if player.glass == space:
            out.append(seat_letters(names)[seat] + "●", style)
        if player.notebook == space:
            out.append(seat_letters(names)[seat] + "○", style)
    return out


SHORT_ROW = {
    "overcome(mine)": "beat a guardian",
    "get(artifact)": "+artifact",
    "upgrade_assistant": "upgrade asst",
    "recruit": "recruit",
    "draw(1)": "draw 1",
}


def _row_effect(text: str) -> str:
    return SHORT_ROW.get(text, _short(text))


def research_text(state: ArnakState, names: Sequence[str], focus: set[str] | None = None) -> Text:
    """The side's research track from the temple down: each row's spaces with their cost,
    bonus tiles (``b``) and tokens (● glass, ○ notebook), then the row's effects and VP."""
    focus = focus or set()
    side = W.side(state)
    out = Text()
    out.append(f"RESEARCH ({state.side} side)", "bold underline")
    out.append(f"  temple bonus tiles {len(state.temple_bonus)}", DIM)
    stacks = " ".join(
        f"{s.vp}:{left}" for s, left in zip(side.temple_stacks, state.temple_stacks, strict=True)
    )
    out.append("\nTemple ", "bold")
    out.append(f"{side.research_space(TEMPLE).cost.res} ", "cyan")
    out.append_text(_tokens(state, names, TEMPLE))
    seen = [_short(C.bonus_tile(t).text) for t in state.temple_bonus if t != HIDDEN]
    if seen:  # only a seat that looked through the stack (or a finished game's replay)
        out.append(" bonus: " + " ".join(seen), "yellow")
    out.append(f"\n  tiles VP:left {stacks}", DIM)
    for row in range(7, 0, -1):
        info = side.row(row)
        out.append(f"\n{row} ", "bold")
        width = 0
        for spot in side.research:
            if spot.row != row:
                continue
            marked = str(spot.space) in focus
            cell = Text("▶" if marked else "", "bold reverse")
            cost = "idol" if spot.cost.idol else str(spot.cost.res)
            cell.append(cost, "cyan")
            bonus = len(state.bonus.get(spot.space, []))
            if bonus:
                cell.append(f"b{bonus}", "yellow")
            tokens = _tokens(state, names, spot.space)
            if tokens:
                cell.append(" ")
                cell.append_text(tokens)
            cell.append(" ")
            width += cell.cell_len
            out.append_text(cell)
        out.append(" " * max(0, 18 - width))
        glass, notebook = _row_effect(info.glass_text), _row_effect(info.notebook_text)
        out.append(f"●{glass} {info.glass_vp} ○{notebook} {info.notebook_vp}", DIM)
    out.append("\n0 ", "bold")
    out.append_text(_tokens(state, names, 0))
    if state.side == "snake":
        out.append(f"  rescue stack {len(state.rescue)}", DIM)
        seen = [str(int(h[1:])) for h in state.rescue if h != HIDDEN]
        if seen:  # the face-up top, and what a seat that looked through it saw
            out.append(": assistants " + " ".join(seen), "yellow")
    return out


# --- the card row ---------------------------------------------------------------------------


CELL = 18


def _row_cell(card: str | None, focus: set[str]) -> tuple[Text, Text]:
    if card is None:
        return Text("(empty)".ljust(CELL), DIM), Text(" " * CELL)
    info = C.card(card)
    marked = card in focus
    name = Text("▶" if marked else "", "bold reverse")
    name.append(info.name[: CELL - 1 - int(marked)].ljust(CELL - int(marked)), "bold")
    price = f"{info.cost}{'M' if info.kind == 'item' else 'C'}"
    detail = Text(f"{price} {info.vp}vp {_travel(str(info.travel))}".ljust(CELL), DIM)
    return name, detail


def row_text(state: ArnakState, focus: set[str] | None = None) -> Text:
    """The card row: artifacts left of the moon staff, items right (cost: ``M`` coins, ``C``
    compasses; VP; travel); the decks, the exile, Fear and the assistants' stacks."""
    focus = focus or set()
    cells = [_row_cell(c, focus) for c in state.row_art]
    staff = len(cells)
    cells += [_row_cell(c, focus) for c in state.row_items]
    out = Text()
    for line in (0, 1):
        if line:
            out.append("\n")
        for i, cell in enumerate(cells):
            if i == staff:
                out.append("☾ " if line == 0 else "  ", "bold yellow")
            out.append_text(cell[line])
            out.append(" ")
    out.append("\n")
    out.append(
        f"decks: items {len(state.item_deck)}, artifacts {len(state.art_deck)} · "
        f"exiled {len(state.item_exile) + len(state.art_exile)} · "
        f"Fear cards {len(state.fear_deck)}, tiles {state.fear_tiles} · ",
        DIM,
    )
    out.append("assistants on the supply: ")
    for stack in state.supply:
        top = stack[0] if stack else None
        label = f"{int(top[1:])}" if top and top != HIDDEN else "?" if top else "-"
        out.append(f"{label}({len(stack)}) ")
    return out


# --- the players ----------------------------------------------------------------------------


def players_text(state: ArnakState, names: Sequence[str], scores: Sequence[int] = ()) -> Text:
    """One line per player: resources, idols, assistants, guardians, cards, Fear, temple."""
    out = Text()
    slots = len(C.rules.idol_slot_vp)
    for seat, p in enumerate(state.seats):
        if seat:
            out.append("\n")
        mark = "▸" if seat == state.active and state.phase == "turn" else " "
        out.append(mark)
        out.append(f"{names[seat][:8]:<8}", f"bold {seat_colour(seat)}")
        out.append(f" {_res(p.res)}")
        out.append(f" │ idols {p.idols} slots {'◆' * p.slots}{'◇' * (slots - p.slots)}")
        helpers = " ".join(
            f"{int(a.id[1:])}{'g' if a.gold else 's'}{'-' if a.exhausted else '+'}"
            for a in p.assistants
        )
        out.append(f" │ asst {helpers or '-'}")
        guards = " ".join(f"G{int(g[1:])}{'' if g in p.boons_used else '*'}" for g in p.guardians)
        out.append(f" │ {guards or 'no guardian'}")
        out.append(f" │ deck {len(p.deck)} hand {len(p.hand)} play {len(p.play)}")
        if p.fear_tiles:
            out.append(f" │ Fear tiles {p.fear_tiles}")
        if p.temple_tiles:
            out.append(f" │ temple {len(p.temple_tiles)}")
        if scores:
            out.append(f" │ {scores[seat]} VP", "bold")
        if state.passed and state.passed[seat]:
            out.append(" passed", DIM)
    return out


# --- the hand -------------------------------------------------------------------------------


HAND_LINES = 5  # the hand panel's lines under its title
HAND_WIDTH = 68  # the hand panel's columns (``#hand`` in arnak.tcss, less its padding)


def _card_cell(card: str, width: int) -> Text:
    """A hand card in a few words: its name and travel, cut to ``width``."""
    if card == HIDDEN:
        return Text("• a hidden card".ljust(width), DIM)
    info = C.card(card)
    cell = Text("• ")
    cell.append(info.name, "bold")
    cell.append(f" · {W.travel(info.travel)}" + (" [free]" if info.free else ""))
    cell.truncate(width, pad=True)
    return cell


def _card_line(card: str, width: int | None) -> Text:
    """A hand card on one line: name, travel and effect, cut to ``width`` with "…" (the list
    of a play says the whole effect); whole when ``width`` is ``None``."""
    if card == HIDDEN:
        return Text("• a hidden card", DIM)
    info = C.card(card)
    line = Text("• ")
    line.append(info.name, "bold")
    line.append(W.card_line(card)[len(info.name) :])
    if width is not None:
        line.truncate(width, overflow="ellipsis")
    return line


def _one_line(text: str, width: int | None) -> Text:
    line = Text(text, DIM)
    if width is not None:
        line.truncate(width, overflow="ellipsis")
    return line


def hand_text(
    state: ArnakState, names: Sequence[str], seat: int | None, width: int | None = HAND_WIDTH
) -> Text:
    """The viewer's hand, a card a line with travel and effect (each cut to the panel's width;
    more cards than lines: two a line, name and travel; the list of a play says their effects),
    and their play area on one line; a spectator (or a covered table) sees no hand. With no
    ``width`` (line mode's ``look``) every card and the play area are whole, a card a line."""
    out = Text()
    if seat is None:
        out.append("HAND", "bold underline")
        out.append("  only the player whose eyes the table shows sees a hand", DIM)
        return out
    player = state.seats[seat]
    out.append(f"{names[seat]}'s HAND", f"bold underline {seat_colour(seat)}")
    pool = " ".join(state.pool) if state.active == seat else ""
    out.append(f"  travel this turn: {pool or 'none'}", DIM)
    hand = player.hand
    played = [C.name(c) for c in player.play if c != HIDDEN]
    if width is not None and len(hand) + (1 if played else 0) > HAND_LINES:
        half = width // 2
        for i in range(0, len(hand), 2):
            out.append("\n")
            out.append_text(_card_cell(hand[i], half))
            if i + 1 < len(hand):
                out.append_text(_card_cell(hand[i + 1], half))
    else:
        for card in hand:
            out.append("\n")
            out.append_text(_card_line(card, width))
    if not hand:
        out.append("\n(no cards)", DIM)
    if played:
        out.append("\n")
        out.append_text(_one_line("play area: " + ", ".join(played), width))
    return out

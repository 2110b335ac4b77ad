"""The Arnak table in text: the map, the research track, the card row, the players' boards and
the hand, each a function of the state a viewer sees (``rules.view``) and of the columns its
panel has.

Each thing a player plans with is said in words (:mod:`core.games.arnak.board_words`) where the
panel has room, else in the board's shorthand (short words for resources: coin, comp, tablet,
arrow, jewel; explained by :func:`legend_table`), in the reader's language; a line is wrapped,
never cut. Places carry the names their keys use (camp 2, site 1.3, row 4; card 1…6 of the row).
A secret card (``?``) is only ever counted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from string import Formatter

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from core.games.arnak import board_words as B
from core.games.arnak import effects as fx
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState
from core.language import Translator
from tui.play.seats import seat_colour, seat_letters

T = Translator("arnak")
_, ngettext = T.gettext, T.ngettext

ROMAN = ("", "I", "II", "III", "IV", "V")
DIM = "dim"
_CONSOLE = Console(width=400, color_system=None, legacy_windows=False)


def legend_table() -> Text:
    """Every sign the table shows and what it means, a sign a line (the help and the pane)."""
    signs = B.shorthand()
    width = max(len(sign) for sign in signs) + 2
    out = Text()
    for i, (sign, meaning) in enumerate(signs.items()):
        if i:
            out.append("\n")
        out.append(f"{sign:<{width}}", "bold")
        out.append(meaning)
    return out


def _who(names: Sequence[str], seat: int) -> Text:
    return Text(seat_letters(names)[seat], style=f"bold {seat_colour(seat)}")


def _res(res: Sequence[int]) -> str:
    """``2 coin 1 comp`` (the resources a player has; ``no resources``)."""
    said = [f"{n} {word}" for n, word in zip(res, B.res_words(), strict=True) if n]
    return " ".join(said) or _("no resources")


def _vp(n: int) -> str:
    """``4 VP`` in the reader's language."""
    return ngettext("{n} VP", "{n} VP", n).format(n=n)


def _pool(state: ArnakState) -> str:
    """This turn's travel icons left, each by its name (``none``)."""
    return " ".join(W.travel_word(t) for t in state.pool) or _("none")


def _side(state: ArnakState) -> str:
    """The board's side in play by its name (``bird``)."""
    return _("bird") if state.side == "bird" else _("snake")


def _short_side(state: ArnakState) -> str:
    """The board's side in play in the shorthand's word (``bird``)."""
    if state.side == "bird":
        return T.pgettext("board shorthand", "bird")
    return T.pgettext("board shorthand", "snake")


def _compose(template: str, style: str = "", **parts: Text | str) -> Text:
    """``template`` with each ``{name}`` put in as its part (a :class:`Text` keeps its own
    style), the template's own words in ``style``: a whole sentence, however its language
    orders it."""
    out = Text()
    for literal, name, _spec, _conv in Formatter().parse(template):
        if literal:
            out.append(literal, style)
        if name:
            part = parts[name]
            if isinstance(part, Text):
                out.append_text(part)
            else:
                out.append(part, style)
    return out


def _styled(text: str, style: str) -> Text:
    """``text`` in ``style``, as a span: what is appended after it keeps its own style."""
    out = Text()
    out.append(text, style)
    return out


def _fits(words: str, shorthand: str, width: int) -> str:
    """The words when they fit in ``width`` columns, else the shorthand (which may wrap)."""
    return words if cell_len(words) <= width else shorthand


def _wrap(text: Text, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` columns (words kept whole where they fit), each line padded."""
    if "\n" not in text.plain and text.cell_len <= width:  # most lines: no wrapping to do
        line = text.copy()
        line.pad_right(width - line.cell_len)
        return [line]
    key = (text.plain, tuple((s.start, s.end, str(s.style)) for s in text.spans), width)
    found = _WRAPPED.get(key)
    if found is not None:  # a cell wrapped before (a highlight moved: the others are as they were)
        return found
    lines = list(text.wrap(_CONSOLE, max(width, 1), overflow="fold"))
    for line in lines:
        line.rstrip()
        line.pad_right(max(0, width - line.cell_len))
    if len(_WRAPPED) > 2048:
        _WRAPPED.clear()
    _WRAPPED[key] = lines
    return lines


_WRAPPED: dict[tuple[object, ...], list[Text]] = {}


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` columns, each line padded."""
    return _wrap(text, width)  # the lines of the texts wrapped lately


def _grid(cells: Sequence[Text], columns: int, width: int, gap: int = 1) -> Text:
    """Cells laid out ``columns`` to a line, each wrapped to its column's width (a cell that
    wraps makes its line of cells taller; nothing is cut)."""
    column = max((width - gap * (columns - 1)) // columns, 8)
    out = Text()
    for start in range(0, len(cells), columns):
        wrapped = [_wrap(cell, column) for cell in cells[start : start + columns]]
        height = max(len(lines) for lines in wrapped)
        for y in range(height):
            if start or y:
                out.append("\n")
            for i, lines in enumerate(wrapped):
                if i:
                    out.append(" " * gap)
                out.append_text(lines[y] if y < len(lines) else Text(" " * column))
    return out


# --- the status line ------------------------------------------------------------------------


def status(state: ArnakState, names: Sequence[str], width: int = 200) -> Text:
    """Round, side, who acts, whether the main action is taken and this turn's travel (in
    fewer words below 100 columns)."""
    out = Text()
    short = width < 98
    roman = ROMAN[min(state.round, 5)]
    if short:  # below 100 columns: the shorthand's words
        out.append(T.pgettext("board shorthand", "Round {round} of V").format(round=roman), "bold")
        side = _short_side(state)
    else:
        out.append(_("Round {round} of V").format(round=roman), "bold")
        side = _("{side} side").format(side=_side(state))
    out.append(f" · {side} · ")
    if state.phase == "over":
        out.append(_("game over"), "bold")
        return out
    seat = state.active
    who = Text(names[seat], style=f"bold {seat_colour(seat)}")
    out.append_text(_compose(_("{player} to act"), player=who))
    if state.phase == "turn":
        if short:
            taken = T.pgettext("board shorthand", " · main action taken ✓")
            open_ = T.pgettext("board shorthand", " · main action open")
        else:
            taken, open_ = _(" · main action taken ✓"), _(" · main action open")
        out.append(taken if state.main_done else open_)
        pool = _pool(state)
        if short:
            out.append(T.pgettext("board shorthand", " · travel: {pool}").format(pool=pool))
        else:
            out.append(_(" · travel this turn: {pool}").format(pool=pool))
    passed = [names[s] for s, p in enumerate(state.passed) if p]
    if passed and not short:  # below 100 columns the scores' line says who passed
        out.append(_(" · passed: {players}").format(players=", ".join(passed)), DIM)
    return out


def _codes() -> dict[str, str]:
    """The codes of the legend for an idol's or a bonus tile's printed effect (``+M`` coin,
    ``upgrade`` up), in the reader's language."""
    coin, comp, tablet = B.res_words()[:3]
    code = B.codes()
    return {"+M": coin, "+C": comp, "+T": tablet, "exile": code["ex"], "upgrade": code["up"]} | {
        "draw(1)": code["dr"],
        "refresh": code["rf"],
    }


def _code(text: str) -> str:
    """An idol's or a bonus tile's effect as a code of the legend (``up`` upgrade)."""
    return _codes().get(text, B.tile_short(text))


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


def _mark(marked: bool) -> Text:
    return _styled("▶" if marked else " ", "bold reverse" if marked else "")


def _camp_cell(
    state: ArnakState, names: Sequence[str], n: int, focus: set[str], width: int
) -> Text:
    """A camp: its number, what it gives, its two spaces (a boot, two boots)."""
    marked = any(f in focus for f in (f"C{n}", f"C{n}.1", f"C{n}.2"))
    cell = _mark(marked)
    cell.append(W.site_name(f"C{n}") + " ", "bold")
    cell.append_text(_space(state, names, f"C{n}.1"))
    cell.append_text(_space(state, names, f"C{n}.2"))
    gives = B.site_tile(f"c{n}")
    printed = B.tile_short(C.site(f"c{n}").text)
    cell.append(" " + _fits(gives, printed, width - cell.cell_len - 1))
    return cell


def _site_cell(
    state: ArnakState, names: Sequence[str], space: str, focus: set[str], width: int
) -> Text:
    """A level-I or II site: its name, travel, who is there, then the face-up idol
    (undiscovered, ``?``) or what it gives and its guardian (cost → boon)."""
    info = W.side(state).space(space)
    marked = space in focus or fx.site_of(space) in focus
    cell = _mark(marked)
    wide = width >= 40
    cell.append(W.site_name(space) + " " if wide else f"{space[1:]} ", "bold")
    cell.append_text(_space(state, names, space))
    cell.append(f" {W.travel(info.travel) if wide else B.travel_short(info.travel)}", "cyan")
    room = width - cell.cell_len - 1
    tile = state.site_tile.get(space)
    if tile is None:
        idol = state.idol_up.get(space)
        gives = B.idol(idol) if idol and idol != HIDDEN else "?"
        down = bool(state.idol_down.get(space))
        cost = W.plural(C.rules.discover_cost[int(space[1])].C, "compass", "compasses")
        if down:
            words = _("undiscovered ({cost}): idol {idol} and a face-down idol")
        else:
            words = _("undiscovered ({cost}): idol {idol}")
        words = words.format(cost=cost, idol=gives)
        shorter = _("undiscovered: idol {idol}").format(idol=B.short(gives))
        shorter += " +?" if down else ""
        printed = _code(C.idol(idol).text) if idol and idol != HIDDEN else ""
        said = f"?{printed}{'+?' if down else ''}"
        cell.append(" " + _fits(words, _fits(shorter, said, room), room), DIM)
        return cell
    gives = B.site_tile(tile)
    guardian = state.guardian.get(space)
    if guardian:  # the site's effect shorter where that keeps its guardian on the same line
        code = B.guardian_code(guardian)
        if cell_len(gives) + 1 + len(code) > room:
            gives = B.short(gives)
        room -= cell_len(gives) + 1
    cell.append(" " + _fits(gives, B.short(gives), width - cell.cell_len - 1))
    if guardian:
        words = _("guardian: {guardian}").format(guardian=B.guardian(guardian))
        shorter = T.pgettext("board shorthand", "guardian {guardian}").format(
            guardian=B.guardian_short(guardian)
        )
        said = _fits(words, shorter, room)
        cell.append(" " + _fits(said, B.guardian_code(guardian), room), "magenta")
    return cell


def _one_line(cell: Text, width: int, guardian: str | None = None) -> Text:
    """A map cell cut to its first words where it would wrap: the place, who is there, its
    travel (and G: a guardian waits there); the rest the details and the pane say."""
    if cell.cell_len <= width:
        return cell
    parts = cell.plain.split(" ")
    camp = W.site_name("C1").split(" ")[0]
    keep = 4 if parts[0].lstrip("▶") == camp else 3
    out = cell[: len(" ".join(parts[:keep]))]
    for word in parts[keep:]:
        longer = out.cell_len + 1 + len(word)
        if longer > width - (2 if guardian else 0):
            break
        out = cell[: out.cell_len + 1 + len(word)]
    if re.fullmatch(r"\+\d+|\S*→", out.plain.split(" ")[-1]):  # "+2" without "tablets"
        out = out[: out.cell_len - 1 - len(out.plain.split(" ")[-1])]
    if guardian:
        out.append(" " + T.pgettext("board shorthand", "G"), "magenta")
    return out


def map_text(
    state: ArnakState,
    names: Sequence[str],
    focus: set[str] | None = None,
    width: int = 68,
    columns: int | None = None,
    title: bool = True,
    one_line: bool | None = None,
) -> Text:
    """The board's sites: the five camps, then levels I and II with their travel, the idol
    face up on an undiscovered site or what a discovered one gives and its guardian (its cost
    and boon), and the archaeologists (the seat's letter; ``XX`` a blocked space). ``columns``
    sites a line (by default one when the panel is wide, two when not); ``one_line`` (by default
    three a line): each cut to a line, a guardian marked G (the details and the pane say it)."""
    focus = focus or set()
    out = Text()
    if title:
        out.append(_("MAP"), "bold underline")
        left = _("  site tiles left {one} I, {two} II · guardians {guardians}").format(
            one=len(state.sites1), two=len(state.sites2), guardians=len(state.guardians)
        )
        out.append(left, DIM)
        out.append("\n")
    if columns is None:
        columns = 1 if width >= 90 else 2
    gap = 0 if columns >= 3 else 1  # three a line: each cell's own mark column parts them
    cell = (width - gap * (columns - 1)) // columns
    camps = [_camp_cell(state, names, n, focus, cell) for n in range(1, 6)]
    spaces = [s.id for s in W.side(state).spaces if s.id.startswith("L")]
    sites = [_site_cell(state, names, s, focus, cell) for s in spaces]
    if one_line is None:
        one_line = columns >= 3
    if one_line:  # 80×24, 100×30: a line each, what does not fit said by the details, the pane
        camps = [_one_line(c, cell) for c in camps]
        sites = [
            _one_line(c, cell, state.guardian.get(s)) for c, s in zip(sites, spaces, strict=True)
        ]
    out.append_text(_grid(camps, columns, width, gap))
    out.append("\n")
    out.append_text(_grid(sites, columns, width, gap))
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


def _short_row() -> dict[str, str]:
    """A research row's effects, as the words say them, cut where the track is narrow."""
    return {
        _("overcome a guardian where you are"): T.pgettext(
            "board shorthand", "overcome a guardian"
        ),
        _("gain an artifact"): T.pgettext("board shorthand", "+artifact"),
        _("upgrade an assistant"): T.pgettext("board shorthand", "upgrade assistant"),
        _("recruit an assistant"): T.pgettext("board shorthand", "recruit assistant"),
        _("refresh an assistant"): T.pgettext("board shorthand", "refresh assistant"),
        _("rescue an assistant"): T.pgettext("board shorthand", "rescue assistant"),
        _("take a Fear card"): T.pgettext("board shorthand", "+Fear card"),
        _("exile a card"): T.pgettext("board shorthand", "exile"),
    }


def _row_effect(effect: str) -> str:
    return _short_row().get(effect, B.short(effect))


def _bonus(tile: str, wide: bool) -> str:
    """A research bonus tile: its effect in words, or its code in a narrow panel."""
    if wide:
        return W.effect(C.bonus_tile(tile).effect)
    return _code(C.bonus_tile(tile).text)


def _spaces(state: ArnakState, names: Sequence[str], row: int, focus: set[str], wide: bool) -> Text:
    """A row's spaces: each one's cost, its bonus tiles and the tokens on it."""
    out = Text()
    for spot in W.side(state).research:
        if spot.row != row:
            continue
        if out:
            out.append(T.pgettext("board shorthand", " or "), DIM)
        marked = str(spot.space) in focus
        if marked:
            out.append("▶", "bold reverse")
        cost = (
            T.pgettext("board shorthand", "idol") if spot.cost.idol else B.res_short(spot.cost.res)
        )
        out.append(cost, "cyan")
        tiles = state.bonus.get(spot.space, [])
        if tiles:
            seen = [_bonus(t, wide) for t in tiles if t != HIDDEN]
            said = "/".join(seen) or len(tiles)
            out.append(_(" bonus {tiles}").format(tiles=said) if wide else f"[{said}]", "yellow")
        tokens = _tokens(state, names, spot.space)
        if tokens:
            out.append(" ")
            out.append_text(tokens)
    return out


def research_text(
    state: ArnakState,
    names: Sequence[str],
    focus: set[str] | None = None,
    width: int = 50,
    worded: bool | None = None,
) -> Text:
    """The side's research track from the temple down: each row's spaces (cost, bonus tiles,
    tokens: ● glass, ○ notebook), then what the glass and the notebook get there and their VP,
    in words when the panel is wide (a row on two lines), else in shorthand."""
    focus = focus or set()
    side = W.side(state)
    wide = width >= 66 if worded is None else worded
    out = Text()
    side_of = _("RESEARCH ({side} side)").format(side=_side(state))
    out.append(side_of if wide else _("RESEARCH"), "bold underline")
    out.append(" " + T.pgettext("research space", "start") + " ")
    out.append_text(_tokens(state, names, 0))
    stacks = " ".join(
        f"{s.vp}×{left}" for s, left in zip(side.temple_stacks, state.temple_stacks, strict=True)
    )
    out.append("\n")
    temple = _styled(T.pgettext("research space", "temple") + " ", "bold")
    if str(TEMPLE) in focus:
        temple = _styled("▶", "bold reverse") + temple
    temple.append(f"{B.res_short(side.research_space(TEMPLE).cost.res)} ", "cyan")
    temple.append_text(_tokens(state, names, TEMPLE))
    seen = [B.tile_short(C.bonus_tile(t).text) for t in state.temple_bonus if t != HIDDEN]
    if seen:  # only a seat that looked through the stack (or a finished game's replay)
        temple.append(_(" bonus: {tiles}").format(tiles=" ".join(seen)), "yellow")
    elif state.temple_bonus:
        hidden = len(state.temple_bonus)
        temple.append(_(" bonus tiles {n}").format(n=hidden) if wide else f" [{hidden}]", DIM)
    tiles = _styled(_(" tiles {stacks}").format(stacks=stacks), DIM)
    if cell_len(temple.plain + tiles.plain) <= width:
        temple.append_text(tiles)
        tiles = Text()
    out.append_text(Text("\n").join(_wrap(temple, width)))
    if tiles:
        out.append("\n")
        out.append_text(Text("\n").join(_wrap(tiles, width)))
    for row in range(7, 0, -1):
        info = side.row(row)
        line = _styled(_("row {n}").format(n=row) + " " if wide else f"{row} ", "bold")
        line.append_text(_spaces(state, names, row, focus, wide))
        glass, notebook = W.effect(info.glass), W.effect(info.notebook)
        gets = Text()
        if wide:
            gets.append(
                "  "
                + _("● {glass}, {glass_vp} · ○ {notebook}, {notebook_vp}").format(
                    glass=glass,
                    glass_vp=_vp(info.glass_vp),
                    notebook=notebook,
                    notebook_vp=_vp(info.notebook_vp),
                )
            )
            out.append("\n")
            if line.cell_len + gets.cell_len <= width:  # a row a line where it fits
                out.append_text(line + gets)
                continue
            out.append_text(Text("\n").join(_wrap(line, width)))
            out.append("\n")
            out.append_text(Text("\n").join(_wrap(gets, width)))
            continue
        gets.append(
            T.pgettext(
                "board shorthand", "● {glass} {glass_vp} · ○ {notebook} {notebook_vp}"
            ).format(
                glass=_row_effect(glass),
                glass_vp=_vp(info.glass_vp),
                notebook=_row_effect(notebook),
                notebook_vp=_vp(info.notebook_vp),
            )
        )
        out.append("\n")
        if line.cell_len + 2 + gets.cell_len <= width:  # a row a line where it fits
            out.append_text(line + Text("  ") + gets)
            continue
        out.append_text(Text("\n").join(_wrap(line, width)))
        out.append("\n")
        out.append_text(Text("\n").join(_wrap(Text("  ") + gets, width)))
    if state.side == "snake":
        out.append("\n" + _("rescue stack {n}").format(n=len(state.rescue)), DIM)
        seen = [str(int(h[1:])) for h in state.rescue if h != HIDDEN]
        if seen:  # the face-up top, and what a seat that looked through it saw
            out.append(_(": assistants {numbers}").format(numbers=" ".join(seen)), "yellow")
    return out


# --- the card row ---------------------------------------------------------------------------


def row_cards(state: ArnakState) -> list[str | None]:
    """The card row left to right: artifacts (the far end first), the moon staff, items; its
    places numbered 1… in this order (a bought card leaves its place empty until the refill)."""
    return [*state.row_art, *state.row_items]


def _row_cell(place: int, card: str | None, focus: set[str], short: bool, staff: bool) -> Text:
    """A card of the row: its place, name, price, VP, travel and effect, always in that one form
    (``Brush 3 coins, 3 VP, car: …``); ``short``: the effect in the board's shorthand."""
    cell = _styled("☾" if staff else " ", "bold yellow")
    marked = card is not None and card in focus
    cell.append_text(_mark(marked) if marked else Text(""))
    cell.append(f"{place} ", "bold")
    if card is None:
        cell.append(_("(empty)"), DIM)
        return cell
    info = C.card(card)
    cell.append(W.card_name(card), "bold")
    said = {"price": W.price(card), "vp": _vp(info.vp), "travel": W.travel(info.travel)}
    cell.append(" " + _("{price}, {vp}, {travel}").format(**said), DIM)
    effect = B.effect_of(card)
    cell.append(": " + (B.short(effect) if short else effect))
    return cell


def row_text(state: ArnakState, focus: set[str] | None = None, width: int = 118) -> Text:
    """The card row (artifacts left of the moon staff ☾, cost in compasses; items right, in
    coins), each card with its place, price, VP, travel and effect; then the decks, the
    exile, Fear and the assistants' stacks."""
    focus = focus or set()
    cards = row_cards(state)
    staff = len(state.row_art)
    columns = 2 if width < 90 else 3
    column = (width - (columns - 1)) // columns

    def cells_of(short: bool) -> list[Text]:
        return [_row_cell(i + 1, c, focus, short, i == staff) for i, c in enumerate(cards)]

    cells = cells_of(short=False)  # every card in words where each fits its two lines, else
    if any(len(_wrap(cell, column)) > 2 for cell in cells):  # every card in shorthand:
        cells = cells_of(short=True)  # one form in the row
    out = Text()
    out.append_text(_grid(cells, columns, width))
    out.append("\n")
    out.append_text(Text("\n").join(_wrap(_row_tail(state), width)))
    return out


def _row_tail(state: ArnakState) -> Text:
    """The decks, the exile, Fear and the assistants' stacks, on a line."""
    said = _(
        "decks: items {items}, artifacts {artifacts} · exiled {exiled} · "
        "Fear cards {fear}, tiles {tiles} · "
    ).format(
        items=len(state.item_deck),
        artifacts=len(state.art_deck),
        exiled=len(state.item_exile) + len(state.art_exile),
        fear=len(state.fear_deck),
        tiles=state.fear_tiles,
    )
    tail = Text(said, DIM)
    tail.append(_("assistants: "))
    for stack in state.supply:
        top = stack[0] if stack else None
        label = f"{int(top[1:])}" if top and top != HIDDEN else "?" if top else "-"
        tail.append(f"{label}({len(stack)}) ")
    return tail


def row_brief(
    state: ArnakState, focus: set[str] | None = None, width: int = 78, tail: bool = False
) -> Text:
    """The card row where rows are few (80×24, 100×30): each card's place, name, price and VP,
    three a line (what a card does: the details of the highlighted card, or the pane ``m``);
    ``tail``: then the decks, the exile, Fear and the assistants' stacks."""
    focus = focus or set()
    cards = row_cards(state)
    staff = len(state.row_art)
    cells = []
    for i, card in enumerate(cards):
        cell = _styled("☾" if i == staff else " ", "bold yellow")
        marked = card is not None and card in focus
        cell.append_text(_mark(marked) if marked else Text(""))
        cell.append(f"{i + 1} ", "bold")
        if card is None:
            cell.append(_("(empty)"), DIM)
        else:
            info = C.card(card)
            cell.append(W.card_name(card), "bold")
            cell.append(" " + _("{price}, {vp}").format(price=W.price(card), vp=_vp(info.vp)), DIM)
        cells.append(cell)
    out = _grid(cells, 2 if width < 90 else 3, width)
    if tail:
        out.append("\n")
        out.append_text(Text("\n").join(_wrap(_row_tail(state), width)))
    return out


# --- the players ----------------------------------------------------------------------------


def _guardians(state: ArnakState, seat: int, wide: bool) -> str:
    p = state.seats[seat]
    said = []
    for g in p.guardians:
        used = g in p.boons_used
        boon = B.boon(g) if wide else B.short(B.boon(g))
        said.append(f"{'✓' if used else '○'}{boon}")
    boons = ", ".join(said) or "-"
    if wide:
        return _("guardians {boons}").format(boons=boons)
    return T.pgettext("board shorthand", "guard {boons}").format(boons=boons)


def players_text(
    state: ArnakState,
    names: Sequence[str],
    scores: Sequence[int] = (),
    width: int = 118,
    track: bool = False,
) -> Text:
    """A line per player (wrapped if need be): resources, idols and slots, assistants,
    guardians with each boon used (✓) or not (○), cards (deck, hand, play area), Fear tiles,
    temple tiles; in words when wide, with short labels when not; ``track``: where the glass
    and the notebook stand (where the track is not on screen)."""
    out = Text()
    wide = width >= 150
    for seat in range(len(state.seats)):
        line = player_line(state, names, seat, scores, wide, track)
        if seat:
            out.append("\n")
        out.append_text(Text("\n").join(_wrap(line, width)))
    return out


def scores_line(
    state: ArnakState, names: Sequence[str], scores: Sequence[int], width: int = 78
) -> Text:
    """Who acts, who passed, and each player's points so far, on a line (80×24)."""
    out = Text()
    for seat, name in enumerate(names):
        if seat:
            out.append(" · ", DIM)
        out.append("▸" if seat == state.active and state.phase == "turn" else "")
        out.append(name, f"bold {seat_colour(seat)}")
        out.append(" " + _vp(scores[seat]) if scores else "")
        if state.passed and state.passed[seat]:
            out.append(" " + _("passed"), DIM)
    return Text("\n").join(_wrap(out, width))


def research_place(state: ArnakState, space: int) -> str:
    """``row 3``, ``start``, ``temple``: where a glass or a notebook stands."""
    board = W.side(state)
    if space == 0:
        return T.pgettext("research space", "start")
    row = board.research_space(space).row
    if row > len(board.rows):
        return T.pgettext("research space", "temple")
    return _("row {n}").format(n=row)


def player_line(
    state: ArnakState,
    names: Sequence[str],
    seat: int,
    scores: Sequence[int],
    wide: bool,
    track: bool = False,
) -> Text:
    """A player's board on a line: resources, idols, assistants, guardians, cards; ``track``:
    where the glass and the notebook stand."""
    slots = len(C.rules.idol_slot_vp)
    p = state.seats[seat]
    line = Text("▸" if seat == state.active and state.phase == "turn" else " ")
    line.append(f"{names[seat][:8]:<8}", f"bold {seat_colour(seat)}")
    line.append(f" {W.res(tuple(p.res)) if wide and any(p.res) else _res(p.res)}")
    idols = _("idols {n}").format(n=p.idols)
    line.append(f" │ {idols} {'◆' * p.slots}{'◇' * (slots - p.slots)}")
    helpers = " ".join(_assistant(int(a.id[1:]), a.gold, a.exhausted, wide) for a in p.assistants)
    if helpers or wide:
        if wide:
            line.append(" │ " + _("assistants {list}").format(list=helpers or "-"))
        else:
            line.append(" │ " + T.pgettext("board shorthand", "asst {list}").format(list=helpers))
    line.append(f" │ {_guardians(state, seat, wide)}")
    if track:
        glass, notebook = (research_place(state, s) for s in (p.glass, p.notebook))
        line.append(f" │ ● {glass} ○ {notebook}")
    cards = (len(p.deck), len(p.hand), len(p.play))
    if wide:
        deck, hand, play = cards
        said = _("deck {deck} hand {hand} play {play}").format(deck=deck, hand=hand, play=play)
        line.append(" │ " + said)
    else:
        line.append(" │ {}/{}/{}".format(*cards))
    if p.fear_tiles:
        line.append(" │ " + _("Fear tiles {n}").format(n=p.fear_tiles))
    if p.temple_tiles:
        line.append(" │ " + _("temple tiles {n}").format(n=len(p.temple_tiles)))
    if scores:
        line.append(" │ " + _vp(scores[seat]), "bold")
    if state.passed and state.passed[seat]:
        line.append(" " + _("passed"), DIM)
    return line


def _assistant(n: int, gold: bool, used: bool, wide: bool) -> str:
    """An assistant on a player's board: ``12 gold used`` in words, ``12g✗`` in shorthand."""
    if not wide:
        said = (
            T.pgettext("board shorthand", "{n}g") if gold else T.pgettext("board shorthand", "{n}s")
        )
        return said.format(n=n) + ("✗" if used else "")
    if gold:
        return (_("{n} gold used") if used else _("{n} gold")).format(n=n)
    return (_("{n} silver used") if used else _("{n} silver")).format(n=n)


# --- the hand -------------------------------------------------------------------------------


def _card_line(card: str, short: bool = False) -> Text:
    """A hand card in words: name, travel, effect (whole: the panel wraps it); ``short``: its
    effect in the board's shorthand."""
    if card == HIDDEN:
        return Text("• " + _("a hidden card"), DIM)
    name = W.card_name(card)
    line = Text("• ")
    line.append(name, "bold")
    rest = W.card_line(card)[len(name) :]
    line.append(B.short(rest) if short else rest)
    return line


def _card_name(card: str) -> Text:
    """A hand card by its name and travel only."""
    if card == HIDDEN:
        return Text("• " + _("a hidden card"), DIM)
    return Text(f"• {W.card_name(card)} · {W.travel(C.card(card).travel)}")


def _wrapped(lines: Sequence[Text], width: int) -> list[Text]:
    """Hand lines wrapped to ``width``, a card's further lines indented under its name."""
    out: list[Text] = []
    for line in lines:
        for i, part in enumerate(line.wrap(_CONSOLE, max(width - 2, 8), overflow="fold")):
            part.rstrip()
            out.append(Text("  ") + part if i else part)
    return out


def hand_worded(state: ArnakState, seat: int, width: int, rows: int) -> bool:
    """Whether ``seat``'s hand, each card's whole effect in words (and the play area), takes
    at most ``rows`` lines of ``width`` (:func:`hand_text`'s first way)."""
    player = state.seats[seat]
    played = [W.card_name(c) for c in player.play if c != HIDDEN]
    tail = [Text(_("play area: {cards}").format(cards=", ".join(played)))] if played else []
    return len(_wrapped([_card_line(card) for card in player.hand] + tail, width)) <= rows


def hand_text(
    state: ArnakState,
    names: Sequence[str],
    seat: int | None,
    width: int | None = 68,
    rows: int | None = None,
    title: bool = True,
) -> Text:
    """The viewer's hand, a card a line with its travel and whole effect (a long one wraps
    under itself), and their play area; a spectator (or a covered table) sees no hand. When
    the cards would take more than ``rows`` lines, their effects are said in shorthand, and
    if still too many, only their names two a line (the list of a play says each effect).
    With no ``width`` (line mode's ``look``) the lines are not wrapped; without ``title``, no
    first line saying whose hand it is and this turn's travel (the table's prompt and status
    line say them)."""
    out = Text()
    if seat is None:
        out.append(_("HAND"), "bold underline")
        out.append("  " + _("only the player whose eyes the table shows sees a hand"), DIM)
        return out
    player = state.seats[seat]
    if title:
        out.append(
            _("{player}'s HAND").format(player=names[seat]), f"bold underline {seat_colour(seat)}"
        )
        pool = _pool(state) if state.active == seat else _("none")
        out.append("  " + _("travel this turn: {pool}").format(pool=pool), DIM)
    tail = []
    if not player.hand:
        tail.append(Text(_("(no cards)"), DIM))
    played = [W.card_name(c) for c in player.play if c != HIDDEN]
    if played:
        tail.append(Text(_("play area: {cards}").format(cards=", ".join(played)), DIM))
    lines = [_card_line(card) for card in player.hand] + tail
    if width is not None:
        lines = _wrapped(lines, width)
        if rows is not None and len(lines) > rows:
            lines = _wrapped([_card_line(c, short=True) for c in player.hand] + tail, width)
        if rows is not None and len(lines) > rows:
            names_only = [_card_name(card) for card in player.hand]
            lines = [*_wrapped(names_only, width), *_wrapped(tail, width)]
            bare = [Text("• " + (W.card_name(c) if c != HIDDEN else "?")) for c in player.hand]
            if len(lines) > rows and all(b.cell_len <= (width - 1) // 2 for b in bare):
                lines = [_grid(bare, 2, width), *_wrapped(tail, width)]
            elif len(lines) > rows:
                lines = [*_wrapped(bare, width), *_wrapped(tail, width)]
    for i, line in enumerate(lines):
        if title or i:
            out.append("\n")
        out.append_text(line)
    return out


# --- the details of the highlighted answer ----------------------------------------------------


def details_text(words: str, width: int) -> Text:
    """What the highlighted answer names, in words, wrapped to the pane (nothing when none)."""
    if not words:
        return Text("")
    return Text("\n").join(_wrap(Text("▸ " + words, "italic"), width))

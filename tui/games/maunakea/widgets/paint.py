"""Painting the island: a Mauna Kea state plus the screen's marks, as rows of styled text.

Pure functions (no widget state), so the board widget, the replay screen and the benchmark all
paint the same way. Layout, for a scale of ``w`` × ``h`` characters per space::

    5 label columns | west boats (w) | 18 spaces (18·w) | east boats (w)
    2 label rows, north boats (h), 18 rows of spaces (18·h), south boats (h)

The compact scale (80×24) keeps one label row: the spaces' letters, not the slots'.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style

from core.games.maunakea.board import SLOT_COLUMNS, SPACE_COLUMNS, quadrant_of, slot_of
from core.games.maunakea.components import COMPONENTS, SPACES, Direction, Slot, Space, Terrain
from core.games.maunakea.lava import exit_directions
from core.games.maunakea.state import Explorer, Kind, MaunaKeaState
from core.games.maunakea.transcript import boat_colour
from tui.games.maunakea.widgets.glyphs import (
    ARROW,
    ARTIFACT_GLYPH,
    ARTIFACT_STYLE,
    BOAT_PLACE,
    CARRIED_COUNT,
    FRESH_LAVA,
    TERRAIN_GLYPH,
    TERRAIN_STYLE,
    Palette,
    boat_abbreviation,
    boat_style,
    explorer_style,
    palette,
)
from tui.widgets.theme_colours import DEFAULT, ThemeColours

C = COMPONENTS
LABEL_WIDTH = 5
HEADER_ROWS = 2
Run = tuple[str, Style]

CURSOR = Style(reverse=True)
LAST = Style(underline=True)  # the other players' last moves, until this keyboard's next command
SELECTED = Style(underline=True, bold=True)
REACH = Style(color="#ffe14d", bold=True)
PATH = Style(color="#000000", bgcolor="#ffd23f", bold=True)
TARGET = Style(color="#ffffff", bold=True)
GHOST_OK = Style(color="#ffffff", bold=True)
GHOST_BAD = Style(color="#ff4040", bold=True)
CORNERS = ("┌", "┐", "┘", "└")  # TL, TR, BR, BL
BANDS = 2 + SPACES + 1  # coordinates, north boats, a band per row of spaces, south boats


@dataclass(frozen=True)
class Scale:
    """Characters per space: ``width`` columns by ``height`` rows, under ``labels`` rows of
    coordinates (2: the slots' letters and the spaces'; 1: the spaces' only)."""

    width: int
    height: int
    labels: int = HEADER_ROWS

    @property
    def columns(self) -> int:
        return LABEL_WIDTH + self.width * (SPACES + 2)

    @property
    def rows(self) -> int:
        return self.labels + self.height * (SPACES + 2)


SCALES = (Scale(3, 1), Scale(4, 2), Scale(5, 2), Scale(6, 3))
COMPACT = Scale(3, 1, labels=1)  # 65×21: the island at 80×24 with a prompt and a footer


@dataclass(frozen=True)
class Ghost:
    """A tile being placed: its slot, its squares (TL, TR, BR, BL) as turned, and whether the
    slot is free."""

    slot: Slot
    squares: tuple[Terrain, ...]
    fits: bool


@dataclass(frozen=True)
class Marks:
    """What the screen lays over the island."""

    cursor: Space | None = None
    ghost: Ghost | None = None
    reach: Mapping[Space, int] = field(default_factory=dict)  # reachable space -> MP
    path: frozenset[Space] = frozenset()  # the way to the cursor (a move or a card's)
    targets: frozenset[Space] = frozenset()  # spaces that may be chosen now
    selected: Space | None = None  # the explorer being moved
    fresh: frozenset[Slot] = frozenset()  # lava that has just flowed
    last: frozenset[Space] = frozenset()  # what the other players' last turns touched


def space_at(scale: Scale, x: int, y: int) -> Space | None:
    """The space under widget offset ``(x, y)``, if any."""
    bx = x - LABEL_WIDTH - scale.width
    by = y - scale.labels - scale.height
    if 0 <= bx < SPACES * scale.width and 0 <= by < SPACES * scale.height:
        return bx // scale.width, by // scale.height
    return None


def _line(runs: Sequence[Run], width: int, fill: Style, *, centre: bool = True) -> list[Run]:
    """``runs`` padded (centred) or cut to exactly ``width`` cells."""
    used = sum(len(text) for text, _ in runs)
    if used > width:
        out: list[Run] = []
        left = width
        for text, style in runs:
            if left <= 0:
                break
            out.append((text[:left], style))
            left -= len(text[:left])
        return out
    before = (width - used) // 2 if centre else 0
    after = width - used - before
    return [(" " * before, fill), *runs, (" " * after, fill)]


def _blank(width: int, height: int, style: Style) -> list[list[Run]]:
    return [[(" " * width, style)] for _ in range(height)]


Cells = dict[Space, tuple[Hashable, list[list[Segment]]]]
"""Spaces painted before, each with what it showed (:meth:`Painter.look`): for one scale,
letters, palette and base style only."""


class Painter:
    """Paints one state with one set of marks at one scale; with ``cells``, a space that looks
    as it did when painted into them is taken from there (a keypress changes a few spaces of
    the rows it repaints)."""

    def __init__(
        self,
        state: MaunaKeaState,
        marks: Marks,
        scale: Scale,
        letters: Sequence[str],
        colours: ThemeColours = DEFAULT,
        cells: Cells | None = None,
        base: Style | None = None,
    ) -> None:
        self.state = state
        self.marks = marks
        self.scale = scale
        self.letters = letters
        self.palette: Palette = palette(colours)
        self.occupants: dict[Space, Explorer] = {
            e.space: e for row in state.explorers for e in row if e.space is not None
        }
        self.cells = cells
        self.base = base  # a style under every segment's (the widget's own colours)

    def _segments(self, row: list[Run]) -> list[Segment]:
        base = self.base
        if base is None:
            return _segments(row)
        return [Segment(text, base + style) for text, style in row if text]

    def look(self, space: Space) -> Hashable:
        """Everything :meth:`space` reads for ``space``, as a value: two spaces with the same
        look paint the same rows (at one scale, with the same letters and palette)."""
        marks, state = self.marks, self.state
        slot = slot_of(space)
        ghost = marks.ghost
        explorer = self.occupants.get(space)
        return (
            state.terrain(space),
            state.board.get(slot),
            slot in marks.fresh,
            (ghost.squares, ghost.fits) if ghost is not None and ghost.slot == slot else None,
            (explorer.seat, explorer.index, tuple(explorer.carried)) if explorer else None,
            tuple(state.artifacts.get(space, ())),
            marks.reach.get(space),
            space in marks.path,
            space in marks.last,
            space in marks.targets,
            space == marks.selected,
            space == marks.cursor,
        )

    def cell(self, space: Space) -> list[list[Segment]]:
        """:meth:`space` as segments, from ``cells`` when it looks as it did there."""
        if self.cells is None:
            return [self._segments(row) for row in self.space(space)]
        look = self.look(space)
        kept = self.cells.get(space)
        if kept is not None and kept[0] == look:
            return kept[1]
        rows = [self._segments(row) for row in self.space(space)]
        self.cells[space] = (look, rows)
        return rows

    # -- one space ------------------------------------------------------------------------

    def _terrain(self, space: Space) -> tuple[Terrain, str, Style]:
        """What the space shows underneath everything: terrain (or the ghost), glyph, style."""
        ghost = self.marks.ghost
        slot = slot_of(space)
        if ghost is not None and ghost.fits and ghost.slot == slot:
            terrain = ghost.squares[quadrant_of(space)]
            return terrain, TERRAIN_GLYPH[terrain], self._style(terrain)
        terrain = self.state.terrain(space)
        style = self._style(terrain)
        if terrain is Terrain.LAVA:
            placed = self.state.board[slot]
            lava = C.lava_tile(placed.tile)
            exits = [ARROW[d] for d, _ in exit_directions(lava, Direction(placed.turn))]
            arrow = exits[quadrant_of(space) % len(exits)] if placed.kind is Kind.LAVA else ""
            glyph = C.flows[lava.flow].glyph + arrow
            if slot in self.marks.fresh:
                style = FRESH_LAVA
            return terrain, glyph, style
        return terrain, TERRAIN_GLYPH[terrain], style

    def _style(self, terrain: Terrain) -> Style:
        return self.palette.empty if terrain is Terrain.NONE else TERRAIN_STYLE[terrain]

    def space(self, space: Space) -> list[list[Run]]:
        """The rows of one space (each exactly ``scale.width`` cells)."""
        w, h = self.scale.width, self.scale.height
        marks = self.marks
        _terrain, glyph, base = self._terrain(space)
        explorer = self.occupants.get(space)
        ground = self.state.artifacts.get(space, [])
        cost = marks.reach.get(space)
        if space in marks.path:
            base = base + PATH
        elif space in marks.last:
            base = base + LAST
        items: list[list[Run]] = []  # meaningful rows, top first
        if explorer is not None:
            style = explorer_style(explorer.seat)
            if space == marks.selected:
                style = style + SELECTED
            token = f"{self.letters[explorer.seat]}{explorer.index + 1}"
            carried = explorer.carried
            if carried and w - len(token) >= len(carried) and h > 1:
                row: list[Run] = [(token, style)]
                row += [(ARTIFACT_GLYPH[c], base + ARTIFACT_STYLE[c]) for c in carried]
            else:
                row = [(token + CARRIED_COUNT[min(len(carried), 9)].strip(), style)]
            items.append(row)
            if ground and h > 1:
                items.append(self._artifacts(ground, w, base))
        elif ground:
            items.append(self._artifacts(ground, w if cost is None else w - 2, base))
        if cost is not None and explorer is None:
            reach_style = base + REACH if space not in marks.path else base
            if h == 1:
                lead = items.pop() if items else [(glyph, base)]
                items.append([*lead[:1], (f"{cost:>2}", reach_style)])
            else:
                items.append([(f"{cost} MP" if w >= 5 else f"{cost}", reach_style)])
        elif space in marks.targets and explorer is None:
            items.append([("›", base + TARGET), (glyph, base), ("‹", base + TARGET)])
        if not items:
            items.append([(glyph, base)])
        items = items[:h]
        top = (h - len(items)) // 2  # centred vertically
        rows = [_line([], w, base) for _ in range(h)]
        for i, item in enumerate(items):
            rows[top + i] = _line(item, w, base)
        rows = self._frame(space, rows)
        if space == marks.cursor:
            rows = [[(text, style + CURSOR) for text, style in row] for row in rows]
        return rows

    @staticmethod
    def _artifacts(colours: Sequence[str], room: int, base: Style) -> list[Run]:
        shown = list(colours) if len(colours) <= room else list(colours[: max(room - 1, 0)])
        runs: list[Run] = [(ARTIFACT_GLYPH[c], base + ARTIFACT_STYLE[c]) for c in shown]
        if len(shown) < len(colours):
            runs.append(("+", base + TARGET))
        return runs

    def _frame(self, space: Space, rows: list[list[Run]]) -> list[list[Run]]:
        """Corners of the ghost tile drawn into the spaces at its corners."""
        ghost = self.marks.ghost
        if ghost is None or ghost.slot != slot_of(space):
            return rows
        quadrant = quadrant_of(space)
        corner = (CORNERS[quadrant], GHOST_OK if ghost.fits else GHOST_BAD)
        row_index = 0 if quadrant in (0, 1) else len(rows) - 1
        row = _explode(rows[row_index])
        if quadrant in (0, 3):
            row[0] = (corner[0], row[0][1] + corner[1])
        else:
            row[-1] = (corner[0], row[-1][1] + corner[1])
        rows = list(rows)
        rows[row_index] = row
        return rows

    # -- the whole board, band by band ---------------------------------------------------

    def bands(self, which: Iterable[int] | None = None) -> dict[int, list[list[Segment]]]:
        """The rows of the bands ``which`` (all when ``None``), as segments: band 0 is the
        coordinates on top, 1 the north boats, ``2 + y`` the spaces of row ``y``, then the
        south boats (see :func:`band_lines`)."""
        wanted = range(BANDS) if which is None else which
        out: dict[int, list[list[Segment]]] = {}
        margins: tuple[list[list[Run]], ...] | None = None
        for band in wanted:
            if band == 0:
                out[band] = [self._segments(row) for row in self._header()]
                continue
            if margins is None:
                margins = self._boats()
            out[band] = self._band(band, *margins)
        return out

    def _band(
        self,
        band: int,
        north: list[list[Run]],
        south: list[list[Run]],
        west: list[list[Run]],
        east: list[list[Run]],
    ) -> list[list[Segment]]:
        w, h = self.scale.width, self.scale.height
        sea = self.palette.sea
        if band in (1, BANDS - 1):
            boats = north if band == 1 else south
            return [
                self._segments(
                    self._margin_label() + [(" " * w, sea)] + boats[sub] + [(" " * w, sea)]
                )
                for sub in range(h)
            ]
        y = band - 2
        cells = [self.cell((x, y)) for x in range(SPACES)]
        rows = []
        for sub in range(h):
            row = self._segments(self._row_label(y, sub) + west[y * h + sub])
            for cell in cells:
                row += cell[sub]
            row += self._segments(east[y * h + sub])
            rows.append(row)
        return rows

    def rows(self) -> list[list[Segment]]:
        """Every row of the board, as segments."""
        return [row for rows in self.bands().values() for row in rows]

    def _header(self) -> list[list[Run]]:
        w = self.scale.width
        cursor = self.marks.cursor
        p = self.palette
        lead = " " * (LABEL_WIDTH + w)
        slots: list[Run] = [(lead, p.label)]
        spaces: list[Run] = [(lead, p.label)]
        for c, letter in enumerate(SLOT_COLUMNS):
            here = cursor is not None and cursor[0] // 2 == c
            slots += _line([(letter, p.label_here if here else p.slot_label)], 2 * w, Style())
        for x, letter in enumerate(SPACE_COLUMNS):
            here = cursor is not None and cursor[0] == x
            spaces += _line([(letter, p.label_here if here else p.label)], w, Style())
        return [slots, spaces][-self.scale.labels :]

    def _margin_label(self) -> list[Run]:
        return [(" " * LABEL_WIDTH, Style())]

    def _row_label(self, y: int, sub: int) -> list[Run]:
        if sub != (self.scale.height - 1) // 2:
            return [(" " * LABEL_WIDTH, Style())]
        cursor = self.marks.cursor
        slot_here = cursor is not None and cursor[1] // 2 == y // 2
        space_here = cursor is not None and cursor[1] == y
        slot = str(y // 2 + 1) if y % 2 == 0 else " "
        p = self.palette
        return [
            (slot, p.label_here if slot_here and slot != " " else p.slot_label),
            (" ", Style()),
            (f"{y + 1:>2}", p.label_here if space_here else p.label),
            (" ", Style()),
        ]

    def _boats(
        self,
    ) -> tuple[list[list[Run]], list[list[Run]], list[list[Run]], list[list[Run]]]:
        """The four margins: north and south rows, west and east columns (one list per row)."""
        w, h = self.scale.width, self.scale.height
        span = SPACES * w
        sea = self.palette.sea
        north = [[(" " * span, sea)] for _ in range(h)]
        south = [[(" " * span, sea)] for _ in range(h)]
        west: list[list[Run]] = [[(" " * w, sea)] for _ in range(SPACES * h)]
        east: list[list[Run]] = [[(" " * w, sea)] for _ in range(SPACES * h)]
        for landing in C.landings:
            xs = sorted({x for x, _ in landing.spaces})
            ys = sorted({y for _, y in landing.spaces})
            boat = self.state.docked.get(landing.index)
            if len(ys) == 1:  # north or south: a row of 4 spaces
                block = self._boat_block(boat, landing.name, 4 * w, h)
                rows = north if ys[0] == 0 else south
                for sub in range(h):
                    rows[sub] = _splice(rows[sub], xs[0] * w, block[sub])
            else:  # east or west: a column of 4 spaces
                block = self._boat_block(boat, landing.name, w, 4 * h)
                column = west if xs[0] == 0 else east
                for i in range(4 * h):
                    column[ys[0] * h + i] = block[i]
        return north, south, west, east

    def _boat_block(
        self, boat: int | None, landing: str, width: int, height: int
    ) -> list[list[Run]]:
        if boat is None:
            text = landing if width >= len(landing) else landing[:width]
            sea = self.palette.sea
            block = _blank(width, height, sea)
            block[(height - 1) // 2] = _line([(text, self.palette.landing)], width, sea)
            return block
        colour = C.boats[boat].colour
        said = boat_colour(colour, "alone")
        places = BOAT_PLACE * C.boats[boat].places
        style = boat_style(colour)
        if width >= len(said) + len(places) + 1:
            lines = [f"{said} {places}"]
        elif height == 1:
            lines = [f"{boat_abbreviation(colour)} {places}"]
        else:
            name = said if width >= len(said) else boat_abbreviation(colour)
            lines = [name, places]
        block = _blank(width, height, style)
        for i, text in enumerate(lines[:height]):
            block[i] = _line([(text, style)], width, style)
        return block


def _segments(row: list[Run]) -> list[Segment]:
    return [Segment(text, style) for text, style in row if text]


def _explode(row: list[Run]) -> list[Run]:
    """One run per character (so a single cell can be restyled)."""
    return [(ch, style) for text, style in row for ch in text]


def _splice(row: list[Run], at: int, block: list[Run]) -> list[Run]:
    """``row`` with ``block`` written over it from cell ``at``."""
    cells = _explode(row)
    new = _explode(block)
    cells[at : at + len(new)] = new
    return cells


def paint(
    state: MaunaKeaState,
    marks: Marks,
    scale: Scale,
    letters: Sequence[str],
    colours: ThemeColours = DEFAULT,
) -> list[list[Segment]]:
    """The board's rows for ``state`` under ``marks``, in the colours of a theme."""
    return Painter(state, marks, scale, letters, colours).rows()


def band_lines(scale: Scale) -> list[range]:
    """The board's rows that each band covers."""
    heights = [scale.labels, scale.height, *([scale.height] * SPACES), scale.height]
    out, top = [], 0
    for height in heights:
        out.append(range(top, top + height))
        top += height
    return out


def band_keys(state: MaunaKeaState, marks: Marks) -> list[Hashable]:
    """What each band shows, as a value: a band whose key is unchanged (for the same scale,
    letters and theme) paints the same rows, so only the bands whose keys changed are
    painted again (a cursor move repaints two rows of spaces and the coordinates)."""
    pieces = (
        tuple(state.board.items()),
        tuple(
            (e.seat, e.index, e.space, tuple(e.carried))
            for row in state.explorers
            for e in row
            if e.space is not None
        ),
        tuple((space, tuple(found)) for space, found in state.artifacts.items()),
        tuple(state.docked.items()),
    )
    by_row: list[list[tuple[object, ...]]] = [[] for _ in range(SPACES)]
    cursor, ghost = marks.cursor, marks.ghost
    for (x, y), cost in marks.reach.items():
        by_row[y].append(("reach", x, cost))
    for name, spaces in (("path", marks.path), ("target", marks.targets), ("last", marks.last)):
        for x, y in spaces:
            by_row[y].append((name, x))
    if marks.selected is not None:
        by_row[marks.selected[1]].append(("selected", marks.selected[0]))
    if cursor is not None:
        by_row[cursor[1]].append(("cursor", cursor[0]))
    for slot in marks.fresh:
        for y in (2 * slot[1], 2 * slot[1] + 1):
            if 0 <= y < SPACES:
                by_row[y].append(("fresh", slot[0]))
    if ghost is not None:
        for y in (2 * ghost.slot[1], 2 * ghost.slot[1] + 1):
            if 0 <= y < SPACES:
                by_row[y].append(("ghost", ghost.slot[0], ghost.squares, ghost.fits))
    cursor_y = cursor[1] if cursor is not None else None
    rows: list[Hashable] = [
        (
            pieces,
            tuple(sorted(marked)),  # in one order however the marks were gathered
            cursor_y == y,
            cursor_y is not None and cursor_y // 2 == y // 2,
        )
        for y, marked in enumerate(by_row)
    ]
    header = cursor[0] if cursor is not None else None
    return [header, pieces, *rows, pieces]

"""Painting the volcano: a Kilauea state plus the screen's marks, as rows of styled text.

The volcano is unrolled into 5 vertical strips, one per sector, clockwise from hibiscus; a
gutter on the left labels the rows. From the crater outwards, each strip shows::

    the sector's name                 (yellow: the canoe is here)
    its 4 colour columns: R3▲ …       (heights, ▲ the tallest), then VP per island Tiki now
    its slope tile                    (▲7B once freed; highlighted while it may be used)
    its forest                        (inner spaces on top, the shore at the bottom, each space
                                       numbered from the left: r1 on the o row is o1; its locked
                                       volcano tile top right)
    the canoe track: a, b, reef tile  (reef tile k lies between sector k and k + 1)
    what each reef tile does          (``volc→far``: :func:`glyphs.tile_brief`)
    each player's island column       (Tikis bottom to top, +N what a scoring gives there now)

The compact scale (:data:`COMPACT`, 80 columns) draws the same in narrower strips: the slope tile
beside the sector's name, the heights as ``R3▲Y1 …``. A board short of rows (``room``) shows one
seat's island (``own``) and the others' scores in one line; the table's players pane shows all.

Pure functions (no widget state), so the board widget, the replay screen and the benchmark all
paint the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from rich.style import Style

from core.games.kilauea import forest, scoring, track
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import SECTORS, KilaueaState, Phase
from core.games.kilauea.transcript import sector
from core.language import Translator
from tui.games.kilauea.widgets.forests import HEIGHT as FOREST_HEIGHT
from tui.games.kilauea.widgets.forests import WIDTH as FOREST_WIDTH
from tui.games.kilauea.widgets.forests import drawing
from tui.games.kilauea.widgets.glyphs import (
    CANOE_PAWN,
    CANOE_SECTOR,
    CANOE_STYLE,
    CHOSEN,
    DIM,
    EMPTY_SPACE,
    FOCUS,
    NO_STONE,
    SEA,
    STONE,
    TALLEST,
    TIKI_LETTER,
    TIKI_STYLE,
    USABLE,
    Palette,
    palette,
    tiki_letter,
    tile_brief,
)
from tui.widgets.theme_colours import DEFAULT, ThemeColours

C = COMPONENTS
T = Translator("kilauea")
_, ngettext, pgettext, npgettext = T.gettext, T.ngettext, T.pgettext, T.npgettext
Run = tuple[str, Style]
PLAIN = Style()
BAR_CELL = 4  # characters per colour column in a strip: " R3▲" / " R  "


@dataclass(frozen=True)
class Scale:
    """How big the board is drawn: the gutter and each sector strip in characters, and whether
    the volcano columns are drawn as stacks of Tikis (``bars``) or as one line of heights."""

    gutter: int
    strip: int
    bars: bool = False
    compact: bool = False  # 80 columns: the slope tiles in the heading, 3 cells a colour
    gap: int = 0  # columns between two strips

    @property
    def columns(self) -> int:
        return self.gutter + len(C.sectors) * self.strip + (len(C.sectors) - 1) * self.gap

    def rows(self, players: int, forest: int = FOREST_HEIGHT) -> int:
        """The board's rows with ``players`` islands shown and forests ``forest`` lines high."""
        volcano = 2 + (C.column_limit if self.bars else 0)
        slope = 0 if self.compact else 1
        islands = 0 if self.compact else 1  # the rule above them
        return 1 + volcano + slope + forest + 1 + 1 + islands + 2 * players


def forest_labels(compact: bool) -> tuple[str, ...]:
    """The gutter beside each line of the forests, by scale (compact: at most 6 cells)."""
    if compact:
        return (
            # TRANSLATORS: the board's gutter at 80 columns, at most 6 cells each: keep the
            # forest spaces' letters (i m o) and the Tikis' (r)
            pgettext("board gutter, 6 cells", "forest"),
            pgettext("board gutter, 6 cells", "·empty"),
            pgettext("board gutter, 6 cells", "i in"),
            pgettext("board gutter, 6 cells", "r shut"),
            pgettext("board gutter, 6 cells", "m mid"),
            "",
            pgettext("board gutter, 6 cells", "o out"),
        )
    return (
        # TRANSLATORS: the board's gutter, at most 20 cells each: keep the letters (i m o, R r)
        pgettext("board gutter, 20 cells", "forests"),
        pgettext("board gutter, 20 cells", "· empty space"),
        pgettext("board gutter, 20 cells", "i inner spaces"),
        pgettext("board gutter, 20 cells", "▲7B free: no m left"),
        pgettext("board gutter, 20 cells", "m middle spaces"),
        pgettext("board gutter, 20 cells", "R free, r blocked"),
        pgettext("board gutter, 20 cells", "o on the shore"),
    )


SMALLEST = Scale(20, 16)  # 100 columns: the smallest terminal of the full board
COMPACT = Scale(6, 14, compact=True, gap=1)  # 80 columns
SCALES = (SMALLEST, Scale(20, 16, bars=True), Scale(24, 22, bars=True))  # for the tests
WIDEST_STRIP = 26


@dataclass(frozen=True)
class Spots:
    """Places on the board: forest spaces, volcano columns, island columns, canoes, a track
    space and action tiles."""

    forest: frozenset[tuple[int, str]] = frozenset()  # (sector, space)
    volcano: frozenset[tuple[int, str]] = frozenset()  # (sector, colour)
    island: frozenset[tuple[int, int]] = frozenset()  # (seat, sector)
    canoe: frozenset[int] = frozenset()  # seats
    track: int | None = None  # a canoe track position
    tiles: frozenset[int] = frozenset()  # action tiles 1-10

    def __bool__(self) -> bool:
        return bool(self.forest or self.volcano or self.island or self.canoe or self.tiles) or (
            self.track is not None
        )


@dataclass(frozen=True)
class Marks:
    """What the screen lays over the board: the places the highlighted choice points at
    (``focus``) and the ones already chosen for the command being built (``chosen``)."""

    focus: Spots = field(default_factory=Spots)
    chosen: Spots = field(default_factory=Spots)


@dataclass(frozen=True)
class Seats:
    """Who sits where: names, and the seats played at this keyboard (marked ⌨)."""

    names: tuple[str, ...]
    here: frozenset[int] = frozenset()

    @classmethod
    def of(cls, names: Sequence[str], here: Collection[int] = ()) -> Seats:
        return cls(tuple(names), frozenset(here))


def _fit(runs: Sequence[Run], width: int, *, centre: bool = False) -> list[Run]:
    """``runs`` padded or cut to exactly ``width`` cells."""
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
    return [(" " * before, PLAIN), *runs, (" " * (width - used - before), PLAIN)]


def acting_seat(state: KilaueaState) -> int | None:
    """The seat that must act now (drafting or playing its turn)."""
    if state.phase is Phase.DRAFT:
        return state.drafter
    if state.phase in (Phase.MOVE, Phase.MAIN, Phase.CUTTING, Phase.ACTIONS):
        return state.active
    return None


class Painter:
    """Paints one state with one set of marks at one scale: every seat's island, or (``own``)
    one seat's and the others' scores."""

    def __init__(
        self,
        state: KilaueaState,
        marks: Marks,
        scale: Scale,
        seats: Seats,
        colours: ThemeColours = DEFAULT,
        own: int | None = None,
    ) -> None:
        self.state = state
        self.marks = marks
        self.scale = scale
        self.seats = seats
        self.own = own
        self.p: Palette = palette(colours)
        self.laid = len(state.boards) == len(C.sectors)
        self.dealt = len(state.reef) == len(C.sectors)

    def _tiki(self, colour: str, *, free: bool = True) -> Style:
        """A Tiki on its colour, or its letter in its colour while a path blocks it."""
        return TIKI_STYLE[colour] if free else self.p.blocked[colour]

    def _style(self, base: Style, hit: bool, picked: bool) -> Style:
        if hit:
            return base + FOCUS
        if picked:
            return base + CHOSEN
        return base

    def _row(
        self, gutter: Sequence[Run], strips: Sequence[Sequence[Run]], *, centre: bool = True
    ) -> list[Run]:
        """One row: the gutter's label, then each sector's strip (centred on wide scales)."""
        row = _fit(gutter, self.scale.gutter)
        for k in SECTORS:
            if k and self.scale.gap:
                row.append((" " * self.scale.gap, PLAIN))
            row.extend(_fit(strips[k] if k < len(strips) else [], self.scale.strip, centre=centre))
        return row

    def _wide(self, runs: Sequence[Run]) -> list[Run]:
        """One row across the whole board."""
        return _fit(runs, self.scale.columns)

    # -- the rows -----------------------------------------------------------------------------

    def paint(self) -> list[list[Run]]:
        rows = [self._heading()]
        rows.extend(self._volcano())
        if not self.scale.compact:
            rows.append(self._slope())
        rows.extend(self._forests())
        rows.append(self._track())
        rows.append(self._reef_words())
        rows.extend(self.islands())
        return rows

    def islands(self) -> list[list[Run]]:
        """The players' rows: every seat's, or the ``own`` seat's and the others' scores."""
        rows = [] if self.scale.compact else [self._islands_heading()]
        if self.own is None:
            for seat in range(self.state.players):
                rows.extend(self._player(seat))
            return rows
        first, second = self._player(self.own)
        return [*rows, first, second + self._others()]

    def forest_lines(self) -> range:
        """The lines of the forests' pictures drawn (those above every forest's top are not)."""
        if not self.laid:
            return range(FOREST_HEIGHT - 5, FOREST_HEIGHT)
        top = min(drawing(self.state.template(k).name).top for k in SECTORS)
        return range(top, FOREST_HEIGHT)

    def _heading(self) -> list[Run]:
        state = self.state
        dots = STONE * min(state.crater, 9)
        compact = self.scale.compact
        gutter = [
            (
                pgettext("board gutter, 7 cells", "crater") + " " if not compact else "",
                self.p.label,
            ),
            (dots if not compact else STONE, self.p.stone),
            (f" {state.crater}", self.p.heading),
        ]
        strips = []
        for k in SECTORS:
            style = CANOE_SECTOR if state.sector == k else self.p.heading
            if not compact:
                strips.append([(f" {k + 1} {sector(k)} ", style)])
                continue
            runs: list[Run] = [(sector(k), style)]
            tile = self.state.slope[k] if self.state.slope else None
            if tile is not None:
                runs += [(" ", PLAIN), *self._tile(tile, f"▲{state.face(tile).code}", self.p.slope)]
            strips.append(runs)
        return self._row(gutter, strips, centre=False)

    def _volcano(self) -> list[list[Run]]:
        state = self.state
        rows: list[list[Run]] = []
        focus, chosen = self.marks.focus.volcano, self.marks.chosen.volcano
        compact = self.scale.compact
        if self.scale.bars:
            for level in range(C.column_limit, 0, -1):
                strips = []
                for k in SECTORS:
                    runs: list[Run] = []
                    for c, colour in enumerate(C.colours):
                        spot = (k, colour)
                        if state.volcano[k][c] >= level:
                            style = self._style(self._tiki(colour), spot in focus, spot in chosen)
                            runs += [(" ", PLAIN), (f" {TIKI_LETTER[colour]} ", style)]
                        else:
                            runs.append((" " * BAR_CELL, PLAIN))
                    strips.append(runs)
                label = _volcano_labels()[0] if level == C.column_limit else ""
                rows.append(self._row([(label, self.p.label)] if label else [], strips))
        heights = []
        worths = []
        for k in SECTORS:
            column = state.volcano[k]
            tallest = max(column)
            worth = scoring.worth(column)
            h_runs: list[Run] = []
            w_runs: list[Run] = []
            for c, colour in enumerate(C.colours):
                spot = (k, colour)
                height = column[c]
                top = TALLEST if height and height == tallest else " "
                base = self._tiki(colour) if height else self.p.empty
                style = self._style(base, spot in focus, spot in chosen)
                h_runs += [] if compact else [(" ", PLAIN)]
                h_runs += [(f"{TIKI_LETTER[colour]}{height}", style), (top, self.p.heading)]
                cell = 2 if compact else 3
                shown = f"{worth[c]:>{cell}} " if worth[c] else " " * (cell - 1) + "· "
                w_runs.append((shown, PLAIN if worth[c] else DIM))
            heights.append(h_runs)
            worths.append(w_runs)
        if compact:
            labels = (
                pgettext("board gutter, 6 cells", "height"),
                pgettext("board gutter, 6 cells", "worth"),
            )
        elif self.scale.bars:
            labels = (
                pgettext("board gutter, 20 cells", "heights, ▲ tallest"),
                _volcano_labels()[1],
            )
        else:
            labels = _volcano_labels()
        rows.append(self._row([(labels[0], self.p.label)], heights))
        rows.append(self._row([(labels[1], self.p.label)], worths))
        return rows

    def _tile(self, tile: int, code: str, base: Style) -> list[Run]:
        focus, chosen = self.marks.focus.tiles, self.marks.chosen.tiles
        style = USABLE if tile in self.state.may_use else base
        return [(code, self._style(style, tile in focus, tile in chosen))]

    def _slope(self) -> list[Run]:
        strips = []
        for k in SECTORS:
            tile = self.state.slope[k] if self.state.slope else None
            # TRANSLATORS: a sector's slope, before its tile (▲7B) in a strip of 16 cells
            slope = pgettext("board strip", "slope")
            if tile is None:
                strips.append([(f" {slope} ·", DIM)])
            else:
                code = f"▲{self.state.face(tile).code}"
                strips.append([(f" {slope} ", DIM), *self._tile(tile, code, self.p.slope)])
        return self._row(
            [(pgettext("board gutter, 20 cells", "slope tiles"), self.p.label)], strips
        )

    def _forests(self) -> list[list[Run]]:
        grids = [self._forest(k) for k in SECTORS] if self.laid else [[] for _ in SECTORS]
        labels = forest_labels(self.scale.compact)
        rows = []
        for line in self.forest_lines():
            strips = [grid[line] if grid else [] for grid in grids]
            rows.append(self._row([(labels[line], self.p.label)], strips))
        return rows

    def _forest(self, k: int) -> list[list[Run]]:
        """The forest of sector ``k`` as ``FOREST_HEIGHT`` lines of runs."""
        state = self.state
        template = state.template(k)
        picture = drawing(template.name)
        tikis = state.forests[k]
        focus, chosen = self.marks.focus.forest, self.marks.chosen.forest
        cells: list[list[Run]] = [[(" ", PLAIN)] * FOREST_WIDTH for _ in range(FOREST_HEIGHT)]
        for (line, col), glyph in picture.paths.items():
            cells[line][col] = (glyph, self.p.path)
        for space, (line, col) in picture.spaces.items():
            colour = tikis.get(space)
            spot = (k, space)
            if colour is None:
                glyph, style = EMPTY_SPACE, self.p.empty
            else:
                free = forest.is_accessible(template, tikis, space)
                glyph, style = tiki_letter(colour, free=free), self._tiki(colour, free=free)
            cells[line][col] = (glyph, self._style(style, spot in focus, spot in chosen))
            cells[line][col + 1] = (space[1:], self._style(DIM, spot in focus, spot in chosen))
        centre = state.centres[k] if self.dealt and state.centres else None
        top = self.forest_lines()[0]
        if centre is not None:  # top right, towards the volcano; freed when no m is left
            code = f"▲{state.face(centre).code}"
            at = FOREST_WIDTH - len(code)
            cells[top][at:] = self._tile(centre, code, self.p.locked)
        elif k in state.emptied:
            # TRANSLATORS: an emptied forest, top right of its picture: at most 5 cells
            said = pgettext("board, 5 cells", "empty")[:5]
            cells[top][FOREST_WIDTH - 5 :] = [(f"{said:>5}", DIM)]
        lead: list[Run] = [] if self.scale.compact else [(" ", PLAIN)]
        return [[*lead, *row] for row in cells]

    def _track(self) -> list[Run]:
        state = self.state
        ring = set(track.spaces(state.players))
        target, picked = self.marks.focus.track, self.marks.chosen.track
        strips = []
        for k in SECTORS:
            runs: list[Run] = []
            for half, letter in enumerate(C.halves):
                position = k * len(C.halves) + half
                if state.canoe == position:
                    cell, style = CANOE_PAWN, CANOE_STYLE
                elif position not in ring:
                    cell, style = SEA, self.p.sea
                else:
                    cell, style = f"·{letter}·", self.p.track
                style = self._style(style, position == target, position == picked)
                runs += [(" ", PLAIN), (cell, style)]
            if self.dealt:
                tile = state.reef[k]
                runs += [("  ", PLAIN), *self._tile(tile, f"≈{tile}A", self.p.reef)]
            strips.append(runs)
        dock = CANOE_PAWN if state.canoe == track.DOCK else "   "
        pawn = CANOE_STYLE if dock.strip() else PLAIN
        # TRANSLATORS: the gutter before the canoe track, at most 17 cells (the dock's canoe after)
        gutter = [(pgettext("board gutter, 17 cells", "canoe track dock") + " ", self.p.label)]
        gutter.append((dock, pawn))
        if self.scale.compact:  # the canoe at the dock stands in the gutter
            canoe = pgettext("board gutter, 6 cells", "canoe")
            gutter = [(dock, CANOE_STYLE)] if dock.strip() else [(canoe, self.p.label)]
        return self._row(gutter, strips)

    def _reef_words(self) -> list[Run]:
        """What each reef tile does, under it."""
        strips: list[list[Run]] = []
        for k in SECTORS:
            if not self.dealt:
                strips.append([])
                continue
            code = self.state.face(self.state.reef[k]).code
            strips.append([(" ", PLAIN), (tile_brief(code), self.p.reef_words)])
        if self.scale.compact:
            label = pgettext("board gutter, 6 cells", "≈does")
        else:
            label = pgettext("board gutter, 20 cells", "≈ the reef tile does")
        if self.scale.compact:
            strips = [runs[1:] for runs in strips]  # 13 cells each
        return self._row([(label, self.p.label)], strips, centre=False)

    def _islands_heading(self) -> list[Run]:
        rule = "─" * (self.scale.strip - 1)
        strips = [[(rule, DIM)] for _ in SECTORS]
        label = pgettext("board gutter, 20 cells", "players · islands")
        return self._row([(label, self.p.label)], strips, centre=False)

    def _player(self, seat: int) -> list[list[Run]]:
        state = self.state
        names = self.seats.names
        name = names[seat] if seat < len(names) else _("Seat {n}").format(n=seat + 1)
        seat_style = self.p.seats[seat % len(self.p.seats)]
        acting = acting_seat(state) == seat
        compact = self.scale.compact
        score = state.score(seat)
        # TRANSLATORS: a player's points beside their name on the board (short: the gutter is
        # 20 cells with the name)
        vp = npgettext("board", "{n} VP", "{n} VP", score).format(n=score)
        mark: list[Run] = [("▶ " if acting else "  ", self.p.acting)]
        if seat in self.seats.here:
            mark = [("▶" if acting else " ", self.p.acting), ("⌨", DIM)]
        head = [(name[: self.scale.gutter], seat_style)]
        if not compact:
            head = [("▶ " if acting else "  ", self.p.acting)]
        if not compact:
            head.append((name[:11], seat_style))
            if seat in self.seats.here:
                head.append((" ⌨", DIM))
            used = sum(len(t) for t, _ in head)
            head.append(
                (" " * max(1, self.scale.gutter - used - len(vp) - 1) + vp + " ", self.p.heading)
            )
        islands = []
        focus, chosen = self.marks.focus.island, self.marks.chosen.island
        for k in SECTORS:
            column = state.islands[seat][k]
            spot = (seat, k)
            runs: list[Run] = [(" ", PLAIN)]
            hit, picked = spot in focus, spot in chosen
            for tiki in column:
                runs.append((TIKI_LETTER[tiki], self._style(self._tiki(tiki), hit, picked)))
            if not column:
                runs.append((EMPTY_SPACE, self._style(self.p.empty, hit, picked)))
            points = scoring.sector_points(state, k, seat)
            if points:
                used = sum(len(t) for t, _ in runs)
                tail = f"+{points}"
                runs.append((" " * max(1, self.scale.strip - used - len(tail) - 1) + tail, DIM))
            islands.append(runs)
        stones = state.stones[seat] if state.stones else 0
        in_canoe = list(state.canoes[seat])
        canoe_style = self._style(
            PLAIN, seat in self.marks.focus.canoe, seat in self.marks.chosen.canoe
        )
        canoe_runs: list[Run] = [("[", canoe_style)]
        for colour in in_canoe:
            canoe_runs.append((TIKI_LETTER[colour], self._tiki(colour)))
        canoe_runs.append((EMPTY_SPACE * (C.canoe_limit - len(in_canoe)), self.p.empty))
        canoe_runs.append(("]", canoe_style))
        second: list[Run] = [
            ("  ", PLAIN),
            (STONE * stones, self.p.stone),
            (NO_STONE * (C.stone_limit - stones), DIM),
            (" " + _("canoe") + " ", self.p.label),
            *canoe_runs,
        ]
        now = scoring.island_value(state, seat)
        said = ngettext(" a scoring now gives +{n} VP", " a scoring now gives +{n} VP", now)
        rest: list[Run] = [(said.format(n=now), DIM)] if now else []
        if compact:
            said = pgettext("board", " · scoring now +{n}").format(n=now)
            rest = [(said, DIM)] if now else []
            return [
                self._row(head, islands, centre=False),
                [*mark, (f" {vp}", self.p.heading), *second, *rest],
            ]
        return [
            self._row(head, islands, centre=False),
            _fit(second, self.scale.gutter) + rest,
        ]

    def _others(self) -> list[Run]:
        """The other players' scores, after the own seat's line (cut to the board's width)."""
        runs: list[Run] = [(" │", DIM)]
        for seat in range(self.state.players):
            if seat == self.own:
                continue
            names = self.seats.names
            name = names[seat] if seat < len(names) else _("Seat {n}").format(n=seat + 1)
            mark = "▶" if acting_seat(self.state) == seat else " "
            runs += [(mark, self.p.acting), (name[:11], self.p.seats[seat % len(self.p.seats)])]
            runs.append((f" {self.state.score(seat)}", self.p.heading))
        return [*runs, (" " + pgettext("board", "VP"), DIM)]


def _volcano_labels() -> tuple[str, str]:
    """The gutter's words for the volcano's heights and their worth (at most 20 cells)."""
    return (
        pgettext("board gutter, 20 cells", "volcano columns"),
        pgettext("board gutter, 20 cells", "VP per island Tiki"),
    )


def paint(
    state: KilaueaState,
    marks: Marks,
    scale: Scale,
    seats: Seats,
    colours: ThemeColours = DEFAULT,
    own: int | None = None,
) -> list[list[Run]]:
    """The board as rows of (text, style) runs, each exactly ``scale.columns`` cells wide, in
    the colours of a theme; with ``own``, only that seat's island and the others' scores."""
    painter = Painter(state, marks, scale, seats, colours, own)
    return [_fit(row, scale.columns) for row in painter.paint()]


def rows_needed(state: KilaueaState, scale: Scale) -> int:
    """The rows of the board with every seat's island, at ``scale``."""
    forest_lines = Painter(state, Marks(), scale, Seats(())).forest_lines()
    return scale.rows(state.players, len(forest_lines))


def choose_scale(width: int, height: int, players: int, below: int) -> Scale:
    """The board for a terminal of ``width`` × ``height``: the compact one under 100 columns,
    else strips as wide as the width allows (up to ``WIDEST_STRIP``), and stacked volcano
    columns when ``below`` rows are left."""
    if width < SMALLEST.columns:
        return COMPACT
    gutter = 24 if width >= 130 else SMALLEST.gutter
    strip = max(SMALLEST.strip, min(WIDEST_STRIP, (width - gutter) // len(C.sectors)))
    bars = Scale(gutter, strip, bars=True)
    return bars if bars.rows(players) + below <= height else Scale(gutter, strip)

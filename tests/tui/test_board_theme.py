"""The boards follow the theme (issue 16): switching it repaints each game's board at once in
the theme's colours, every word and coloured letter on the theme's own background reads
(contrast at least 3:1) in a light theme as in a dark one, and Mauna Kea's board, which
paints only the bands of rows that changed, shows what a full paint shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from tests.kit.kilauea_builder import Table as KilaueaTable
from tui.app import CalderaApp
from tui.games.arnak.screen import ArnakScreen
from tui.games.kilauea.widgets.board import VolcanoBoard
from tui.games.kilauea.widgets.glyphs import TIKI_COLOUR
from tui.games.kilauea.widgets.glyphs import palette as kilauea_palette
from tui.games.maunakea.widgets.board import IslandBoard
from tui.games.maunakea.widgets.glyphs import palette as maunakea_palette
from tui.games.maunakea.widgets.paint import LABEL_WIDTH, Marks, Painter
from tui.play.seats import SEAT_COLOURS
from tui.widgets.theme_colours import LEGIBLE, colours_of, contrast

from . import test_arnak_snapshots as arnak
from . import test_kilauea_play as kilauea
from .test_play import SIZE, from_position, game_app, start_turn, turn_position
from .test_snapshots import Snap, _mid_game

LIGHT = "textual-light"


def themes() -> list[str]:
    return sorted(CalderaApp().available_themes)


def cell_style(widget: Widget, x: int, y: int) -> Style:
    """The style of the cell at ``(x, y)`` of ``widget``'s content, as the screen shows it."""
    region = widget.content_region
    strip = widget.screen._compositor.render_strips()[region.y + y]
    column = 0
    for segment in strip:
        column += segment.cell_length
        if column > region.x + x:
            return segment.style or Style()
    raise AssertionError(f"no cell at {x},{y}")


def shown_segments(widget: Widget) -> Iterator[Segment]:
    """Every segment of ``widget``'s region as the screen shows it."""
    region = widget.content_region
    for strip in widget.screen._compositor.render_strips()[region.y : region.bottom]:
        column = 0
        for segment in strip:
            if region.x <= column < region.right:
                yield segment
            column += segment.cell_length


def hex_of(colour: RichColor | None) -> str | None:
    return None if colour is None else Color.from_rich_color(colour).hex


def illegible(widget: Widget, grounds: set[str]) -> list[str]:
    """Words and letters (not dimmed on purpose) on one of ``grounds`` that do not read."""
    bad = []
    for segment in shown_segments(widget):
        style = segment.style or Style()
        ink, ground = hex_of(style.color), hex_of(style.bgcolor)
        if style.reverse:
            ink, ground = ground, ink
        if style.dim or not any(c.isalnum() for c in segment.text) or ground not in grounds:
            continue
        assert ink is not None and ground is not None
        ratio = contrast(Color.parse(ink), Color.parse(ground))
        if ratio < LEGIBLE:
            bad.append(f"{segment.text!r} {ink} on {ground}: {ratio:.1f}")
    return bad


def test_coloured_ink_reads_on_every_theme() -> None:
    """Players' and Tikis' colours as letters: readable on every theme's background, and left
    as they are where they already read (the default dark theme)."""
    app = CalderaApp()
    for name in themes():
        app.theme = name
        colours = colours_of(app)
        if colours.ansi:  # the terminal's own colours: nothing is known of its background
            continue
        for colour in (*SEAT_COLOURS, *TIKI_COLOUR.values()):
            ink = Color.parse(colours.ink(colour))
            assert contrast(ink, colours.background) >= LEGIBLE, (name, colour)
    app.theme = "textual-dark"
    colours = colours_of(app)
    assert [colours.ink(c) for c in SEAT_COLOURS] == [c.upper() for c in SEAT_COLOURS]


# -- Mauna Kea --------------------------------------------------------------------------------


async def test_mauna_kea_board_follows_the_theme_at_once() -> None:
    app = game_app(from_position(turn_position("theme"), "theme"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        board = screen.board
        sea = (LABEL_WIDTH, board.scale.rows - 1)  # the bottom left corner: sea
        empty = next(  # a slot with no tile yet, on the board's top row of spaces
            (x, 2 + board.scale.height)
            for x in range(LABEL_WIDTH + board.scale.width, board.scale.columns)
            if board.text().splitlines()[2 + board.scale.height][x] == "·"
        )
        dark_sea, dark_empty = cell_style(board, *sea), cell_style(board, *empty)
        app.theme = LIGHT
        await pilot.pause()
        light = maunakea_palette(colours_of(app))
        assert cell_style(board, *sea).bgcolor == light.sea.bgcolor != dark_sea.bgcolor
        assert cell_style(board, *empty).bgcolor == light.empty.bgcolor != dark_empty.bgcolor
        assert light.empty.bgcolor is not None
        grounds = {
            app.get_css_variables()["background"],
            hex_of(light.empty.bgcolor),
            hex_of(light.sea.bgcolor),
        }
        assert not illegible(board, {g for g in grounds if g is not None})


async def test_mauna_kea_bands_painted_show_what_a_full_paint_shows() -> None:
    """After cursor moves, explorers picked in turn, a tile picked, turned and put down, a theme
    switch, and explorers moved (the spaces each remembers as painted: moved from, moved to),
    the board's rows (painted band by band) equal a fresh paint of everything."""
    app = game_app(from_position(turn_position("bands"), "bands"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        board: IslandBoard = screen.board

        def full() -> list[Strip]:
            assert screen.seen is not None
            painter = Painter(screen.seen, board.marks, board.scale, board.letters, colours_of(app))
            base = board.rich_style
            width = board.scale.columns
            return [
                Strip(row).adjust_cell_length(width).apply_style(base) for row in painter.rows()
            ]

        async def same(*keys: str) -> None:
            await pilot.press(*keys)
            await pilot.pause()
            board.text()  # painted if it was not yet
            assert [list(s) for s in board._strips] == [list(s) for s in full()], keys

        await same("right", "right", "down")
        await same("tab")
        await same("right")
        await same("tab", "left", "up")
        await same("escape", "1")
        await same("right", "r")
        await same("down", "down")
        app.theme = LIGHT
        await same("escape")
        await same("tab", "right")
        await same("escape", "1", "s")  # a tile spent: movement points to step with
        moves = len(screen.session.envelopes)
        for step in ("shift+right", "shift+down", "shift+left", "shift+up"):
            await same("tab", step)
        assert len(screen.session.envelopes) > moves, "an explorer stepped"


def test_mauna_kea_spaces_painted_before_follow_the_state() -> None:
    """A painter handed the spaces an earlier paint kept paints what a fresh one paints, event
    after event of a game (explorers moving, artifacts taken, tiles and lava laid, boats
    docking) with no mark on the board to tell what changed."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee
    from tui.games.maunakea.widgets.paint import SCALES, Cells

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(3), ["A", "B", "C"], seed="cells")
    referee.begin()
    bots = {seat: make_bot("maunakea", "greedy", str(seat)) for seat in range(3)}
    cells: Cells = {}
    letters = ("R", "B", "Y")
    for _ in range(150):
        play_out(referee, bots, max_commands=1)
        kept = Painter(referee.state, Marks(), SCALES[1], letters, cells=cells).rows()
        assert kept == Painter(referee.state, Marks(), SCALES[1], letters).rows()
    assert referee.seq > 150


def test_mauna_kea_in_a_light_theme(snap_compare: Snap) -> None:
    """A light theme: the sea, the empty slots and the coordinates in its colours, the tiles,
    boats and explorers in their own (picking an explorer shows its reach)."""
    app, run_before = _mid_game(("1", "s", "tab"))

    async def light(pilot: Pilot[Any]) -> None:
        pilot.app.theme = LIGHT
        await run_before(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=light)


# -- Kilauea ----------------------------------------------------------------------------------


async def test_kilauea_board_follows_the_theme_at_once() -> None:
    table = KilaueaTable(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    app = kilauea.from_table(table, "theme")
    async with app.run_test(size=SIZE) as pilot:
        await kilauea.red_to_play(pilot, app)
        board = app.screen.query_one(VolcanoBoard)
        lines = board.text().splitlines()
        label = (0, next(y for y, line in enumerate(lines) if line.startswith("slope tiles")))
        dark = cell_style(board, *label)
        app.theme = LIGHT
        await pilot.pause()
        light = kilauea_palette(colours_of(app))
        assert cell_style(board, *label).color == light.label.color != dark.color
        assert cell_style(board, *label).bgcolor != dark.bgcolor  # the theme's background
        assert not illegible(board, {app.get_css_variables()["background"]})


# -- Arnak --------------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", [LIGHT, "catppuccin-latte", "textual-dark"])
async def test_arnak_table_reads_in_the_theme(theme: str) -> None:
    """The map, the research track, the row and the players' lines: every word and coloured
    letter reads on the theme's background (a yellow seat on a light theme is darkened)."""
    app, run_before = arnak.table(4, "bird")
    async with app.run_test(size=arnak.SIZE) as pilot:
        await run_before(pilot)
        app.theme = theme
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArnakScreen)
        variables = app.get_css_variables()
        grounds = {variables["background"], variables["surface"]}
        boost = Color.parse(variables["background"]) + Color.parse(variables["boost"])
        grounds.add(boost.hex)  # the status line and the card row
        for panel in ("#map", "#research", "#row", "#players", "#hand"):
            assert not illegible(screen.query_one(panel), grounds), panel


async def test_arnak_map_follows_the_theme_at_once() -> None:
    """A site's travel word on the map: its ink and its ground change with the theme."""
    app, run_before = arnak.table(4, "bird")
    async with app.run_test(size=arnak.SIZE) as pilot:
        await run_before(pilot)
        screen = app.screen
        assert isinstance(screen, ArnakScreen)
        board = screen.query_one("#map")
        lines = [strip.text for strip in screen._compositor.render_strips()]
        region = board.content_region
        y = next(y for y in range(region.height) if " car " in lines[region.y + y])
        x = lines[region.y + y].index(" car ") + 1 - region.x
        dark = cell_style(board, x, y)
        app.theme = LIGHT
        await pilot.pause()
        light = cell_style(board, x, y)
        assert light.bgcolor != dark.bgcolor and light.color != dark.color
        assert hex_of(light.bgcolor) == app.get_css_variables()["background"]
        ink = Color.parse(hex_of(light.color) or "")
        assert contrast(ink, colours_of(app).background) >= LEGIBLE

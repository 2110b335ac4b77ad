"""The header of a club table with clocks fits the terminal from each game's smallest size up:
every seat's clock is said whole, what matters less is left out first (issue 24)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from core.bots import make_bot
from core.games import get_rules
from net.wire.messages import SeatListing, TableListing
from tui.app import CalderaApp
from tui.games import screens_for
from tui.play.local_table import LocalSession
from tui.screens.table import TableScreen
from tui.widgets.table_header import HeaderWords, SeatWords, TableHeader, width

from .conftest import screen_text, wait_for

NAMES = ("Annabelle", "Bartholomew", "Greedy bot 3", "Greedy bot 4")
CLOCKS = ("▸19:58", "1:02:07", "3d 4h", "0:09")
MIN_WIDTH = {"maunakea": 99, "kilauea": 100, "arnak": 100}
MIN_HEIGHT = {"maunakea": 34, "kilauea": 34, "arnak": 30}


def words(elsewhere: str = "your move at Mauna Kea k3f9x2mm2q (+1)") -> HeaderWords:
    seats = (
        SeatWords("●", NAMES[0], "", CLOCKS[0]),
        SeatWords("○", NAMES[1], "(away)", CLOCKS[1]),
        SeatWords("⚙", NAMES[2], "(bot for now)", CLOCKS[2]),
        SeatWords("⚙", NAMES[3], "", CLOCKS[3]),
    )
    return HeaderWords(
        "Lost Ruins of Arnak", "Arnak", NAMES, False, "your turn", "connected", seats, 2,
        elsewhere, "your move elsewhere (+1)",
    )  # fmt: skip


def test_the_whole_line_when_it_fits() -> None:
    title, sub = words().fitted(400)
    names = "Annabelle, Bartholomew, Greedy bot 3, Greedy bot 4"
    assert title == f"Lost Ruins of Arnak — {names} · your turn"
    assert sub == (
        "connected · ●Annabelle ▸19:58 ○Bartholomew(away) 1:02:07 ⚙Greedy bot 3(bot for now) "
        "3d 4h ⚙Greedy bot 4 0:09 · 2 watching · your move at Mauna Kea k3f9x2mm2q (+1)"
    )  # fmt: skip


@pytest.mark.parametrize("room", range(60, 200))
def test_every_clock_fits_whole(room: int) -> None:
    """From the 96 columns of Mauna Kea's smallest table up, the line fits; below, it is still
    said with every clock (and cut at its end by the header)."""
    title, sub = parts = words().fitted(room)
    assert width(parts) <= room or room < 90
    for clock in CLOCKS:
        assert clock in sub
    assert "your turn" in title
    assert sub.count("●") + sub.count("○") + sub.count("⚙") == 4


def test_the_less_needed_goes_first() -> None:
    title, sub = words().fitted(97)  # Arnak at 100 columns, the icon and a margin aside
    assert title == "Arnak · your turn"  # the names are said by the seats
    assert "your move elsewhere (+1)" in sub and "(away)" not in sub
    assert "●Ann… ▸19:58" in sub and "⚙Gr…3 3d 4h ⚙Gr…4 0:09" in sub  # names shortened last
    assert "●Annabelle ▸19:58 ○Bartholomew 1:02:07" in words().fitted(130)[1]


class ClubSession(LocalSession):
    """A local game that the table screen takes for a networked one with clocks (the header's
    words come from the card alone)."""

    table = "club000001"

    def __init__(self, game: str) -> None:
        rules = get_rules(game)
        config = rules.config(4, {})
        bots = {seat: make_bot(game, "greedy", f"header/{seat}") for seat in (1, 2, 3)}
        super().__init__(rules, config, NAMES, bots=bots, seed="header", bot_pace=3600)
        seats = (
            SeatListing(NAMES[0], "c-ann", None, True),
            SeatListing(NAMES[1], "c-bob", None, False),
            SeatListing(NAMES[2], "c-cleo", None, False, standin="greedy"),
            SeatListing(NAMES[3], None, "greedy", False),
        )
        clocks = {  # seat 1's runs from a time to come: it shows 19:58 however slow the test
            "spec": "20m+10s", "at": 10**15, "left": [1_198_000, 3_727_000, 273_600_000, 9_000],
            "running": [0],
        }  # fmt: skip
        self.card = TableListing(self.table, game, rules.title, "Club night", NAMES[0], "running",
                              seats, watching=2, clock="20m+10s", clocks=clocks)  # fmt: skip

    @property
    def status(self) -> str:  # type: ignore[override]
        return "connected"

    def subscribe_card(self, listener: object) -> None: ...

    def subscribe_status(self, listener: object) -> None: ...


@pytest.mark.parametrize("game", ["maunakea", "kilauea", "arnak"])
@pytest.mark.parametrize("extra", [0, 5, 10])
async def test_a_club_tables_header_shows_every_clock(game: str, extra: int) -> None:
    """At each game's smallest width (and a little more) the header says every seat's clock
    whole, and at Arnak's 30 rows too (a networked table keeps its header)."""
    session = ClubSession(game)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    size = (MIN_WIDTH[game] + extra, MIN_HEIGHT[game])
    async with app.run_test(size=size) as pilot:
        screen = screens_for(game).play(session, 0)
        await app.push_screen(screen)
        await session.start()
        assert isinstance(screen, TableScreen)
        header = screen.query_one(TableHeader)
        await wait_for(pilot, lambda: header.words is not None and bool(header.words.seats))
        await pilot.pause()
        top = screen_text(pilot).splitlines()[0]
        for clock in ("▸19:58", "1:02:07", "3d 4h", "0:09"):
            assert clock in top, top
        assert top.endswith(("0:09", "2 watching")), top  # nothing is cut at its end
        assert cell_len(top) <= size[0]
        assert "2 watching" in str(screen.sub_title)  # the whole line, for the palette and tests


async def test_a_title_changed_while_the_screen_closes_is_let_go() -> None:
    """A room's status can arrive as its screen is taken down (the app quitting with a table
    open): the header, its title already gone, lets the change go. Textual's own Header raised
    NoMatches out of the app (seen in a full run at load 10)."""
    from textual.app import App, ComposeResult
    from textual.screen import Screen

    from tui.widgets.header import Header

    class Room(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Header()

    class Bare(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Room())

    app = Bare()
    async with app.run_test() as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, Room) and bool(app.screen.query("HeaderTitle"))
        )
        room = app.screen
        header = room.query_one(Header)
        await header.query_one("HeaderTitle").remove()  # as when its screen is taken down
        room.sub_title = "closed"  # the late status
        room.title = "Table room"
        await pilot.pause()
        assert header.is_mounted

"""The header of a table in the reader's language (issue 44): the session's status (a status
the code compares stays English; the header says it at the edge), the seats' asides and how
many watch, at 80×24 in German with no word cut."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from core import language
from core.bots import make_bot
from core.games import get_rules
from net.wire.messages import SeatListing, TableListing
from tui.app import CalderaApp
from tui.games import screens_for
from tui.netplay.presence import status_words
from tui.play.local_table import LocalSession
from tui.screens.table import TableScreen
from tui.widgets.table_header import TableHeader

from .conftest import screen_text, wait_for

SMALL = (80, 24)


class StatusSession(LocalSession):
    """A local Kilauea game the table screen takes for a networked one in ``status``."""

    table = "club000002"

    def __init__(self, status: str) -> None:
        rules = get_rules("kilauea")
        names = ("Ann", "Bob")
        bots = {1: make_bot("kilauea", "greedy", "header/1")}
        super().__init__(rules, rules.config(2, {}), names, bots=bots, seed="hdr", bot_pace=3600)
        self._said = status
        seats = (SeatListing("Ann", "c-ann", None, True), SeatListing("Bob", "c-bob", None, False))
        self.card = TableListing(self.table, "kilauea", rules.title, "Club", "Ann", "running",
                                 seats, watching=2)  # fmt: skip

    @property
    def status(self) -> str:  # type: ignore[override]
        return self._said

    def subscribe_card(self, listener: object) -> None: ...

    def subscribe_status(self, listener: object) -> None: ...


async def header_line(status: str) -> str:
    session = StatusSession(status)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        screen = screens_for("kilauea").play(session, 0)
        await app.push_screen(screen)
        await session.start()
        assert isinstance(screen, TableScreen)
        header = screen.query_one(TableHeader)
        await wait_for(pilot, lambda: header.words is not None and bool(header.words.status))
        await pilot.pause()
        return screen_text(pilot).splitlines()[0]


@pytest.mark.parametrize(
    ("status", "german", "english"),
    [
        ("reconnecting…", "verbinde neu…", "reconnecting"),
        ("host away", "Gastgeber weg", "host away"),
        ("connected", "○Bob(weg)", "(away)"),
    ],
)
async def test_the_header_s_status_is_german_at_80x24(
    status: str, german: str, english: str
) -> None:
    language.use("de")
    top = await header_line(status)
    assert german in top and english not in top, top
    assert cell_len(top) <= SMALL[0]
    assert top.rstrip().endswith((german, "2 schauen zu")), top  # nothing cut at its end


def test_a_status_is_said_at_the_edge_and_compared_in_english() -> None:
    language.use("fr")
    assert status_words("connected") == "connecté"
    assert status_words("desync at event 41 (maunakea.turn_started)") == (
        "désynchronisé à l'événement 41 (maunakea.turn_started)"
    )
    assert status_words("something new") == "something new"
    language.use("en")
    assert status_words("desync at event 41 (x)") == "desync at event 41 (x)"

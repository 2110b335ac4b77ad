"""Arnak's table in the reader's language (issue 44): the cards' names in the card row, the
hand and the play area are the catalogue's, and the verbs (footer, prompt) the rulebook's, at
80×24, while the events keep the cards' ids; the board's shorthand, its panels' labels and its
choices' details too, every line fitting 80×24 in German, French, Italian and Dutch."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from core import language
from core.games.arnak import board_words as B
from core.games.arnak import events as ev
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.language import Translator
from tests.kit.arnak_builder import Table
from tui.games.arnak import panels
from tui.games.arnak.screen import ArnakScreen

from .conftest import screen_text, wait_for
from .test_arnak_play import events_since, from_table, red_to_play
from .test_arnak_snapshots import Snap
from .test_arnak_snapshots import table as snapshot_table

T = Translator("arnak")

SIZE = (80, 24)


async def test_a_card_s_name_is_german_on_the_german_table() -> None:
    language.use("de")
    table = (
        Table()
        .row(["a16"], ["i33", "i19", "i38", "i09", "i36"])  # Sundial | Bear Trap, Fishing Rod…
        .hand(0, ["i37", "b0fc", "b0es"])  # Brush, Funding, Exploration
        .hand(1, ["b1fc"])
        .res(0, "1M1C")
    )
    app = from_table(table, "arnak-de")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await wait_for(pilot, lambda: "Bärenfalle" in screen_text(pilot), "the row in German")
        text = screen_text(pilot)
        assert "Sonnenuhr" in text and "Pinsel" in text and "Finanzierung" in text
        for english in ("Bear Trap", "Sundial", "Brush", "Funding"):
            assert english not in text
        assert all(len(line) <= SIZE[0] for line in text.splitlines())
        assert "eine Hauptaktion (oder e passt), Nebenaktionen jederzeit" in text  # the prompt
        assert "p Eine Karte aus der Hand spielen" in text  # the list of what can be done
        await wait_for(pilot, lambda: "p Spielen" in screen_text(pilot), "the footer in German")
        footer = next(line for line in screen_text(pilot).splitlines() if "p Spielen" in line)
        for key in ("d Graben", "b Kauf", "e Pass", "m Mehr"):
            assert key in footer, footer

        await pilot.press("p", "1")  # Brush (the hand's first card)
        played = ev.CardPlayed(0, "i37")
        await wait_for(pilot, lambda: played in events_since(screen, start), "Brush played")
        assert "Pinsel" in screen_text(pilot)


# --- the board's words, its panels and its choices (issue 44) ---------------------------------

ENGLISH_WORDS = re.compile(
    r"\b(camp|site|guardians?|to act|Round|travel|passed|VP|row|temple|undiscovered|idols?|"
    r"boon|deck|coins?|comp|tablets?|arrow|jewels?|none|free|exile|upgrade|research|glass|"
    r"notebook|assistants?|empty|bonus|discard|play area|main action|Pay|with)\b"
)
"""English words of the Arnak table that a German table must not show (names aside)."""
SCREENS = ((4, "bird", ()), (4, "bird", ("p",)), (2, "snake", ("d",)), (2, "snake", ("r",)))


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize(
    ("players", "side", "keys"), [(4, "bird", ()), (2, "snake", ("d",))], ids=["table", "dig"]
)
def test_the_table_at_80x24_in_the_language(
    code: str, players: int, side: str, keys: tuple[str, ...], snap_compare: Snap
) -> None:
    """The map's shorthand, the track, the row, the players' line, the hand and a dig's
    choices and details at 80×24, in German and French."""
    language.use(code)
    app, run_before = snapshot_table(players, side, keys)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
@pytest.mark.parametrize(("players", "side", "keys"), SCREENS, ids=["table", "play", "dig", "r"])
async def test_every_line_fits_80x24_and_the_status_is_whole(
    code: str, players: int, side: str, keys: tuple[str, ...]
) -> None:
    """No line is wider than the terminal, the status line (cut at its width, never wrapped)
    is said whole, and a German table shows none of the board's English words."""
    language.use(code)
    app, run_before = snapshot_table(players, side, keys)
    async with app.run_test(size=SIZE) as pilot:
        await run_before(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ArnakScreen)
        seen = screen.seen
        assert seen is not None
        status = panels.status(seen, screen.names, SIZE[0] - 2).plain
        await wait_for(pilot, lambda: status in screen_text(pilot), "the status line whole")
        text = screen_text(pilot)
        assert all(cell_len(line) <= SIZE[0] for line in text.splitlines())
        if code == "de":
            board = "\n".join(text.splitlines()[:-1])  # the footer's palette is Textual's
            for name in screen.names:
                board = board.replace(name, "")
            assert ENGLISH_WORDS.findall(board) == [], board


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
def test_the_shorthand_is_the_language_s_and_shorter(code: str) -> None:
    """The board's shorthand in each language: a resource counted in words becomes its short
    word, the long phrases are cut, and no card's effect grows; the legend's signs are the
    ones the board shows."""
    with language.speaking(code):
        coin, comp = B.res_words()[:2]
        said = W.res((2, 1, 0, 0, 0))  # "2 Münzen, 1 Kompass"
        assert B.short(said) == f"2 {coin} 1 {comp}"
        assert B.short(T.gettext("exile a card")) == T.pgettext("board shorthand", "exile")
        ship = W.travel_word("ship")
        this_turn = T.gettext("+{travel} this turn").format(travel=ship)
        assert B.short(this_turn) == f"+{ship}"
        for card in C.by_id:
            if card[:1] in "iafb" and card[1:2].isdigit():
                effect = B.effect_of(card)
                assert cell_len(B.short(effect)) <= cell_len(effect), (card, effect)
        signs = list(B.shorthand())
        assert signs[0] == " ".join(B.res_words())
        assert T.pgettext("board shorthand", "G") in signs
        assert B.guardian_code("g01").startswith(T.pgettext("board shorthand", "G") + ":")


def test_the_english_shorthand_is_as_before() -> None:
    """English reads as it always did (the snapshots hold the screens)."""
    with language.speaking("en"):
        assert B.short("+2 coins, 1 compass; exile a card") == "+2 coin 1 comp; exile"
        assert B.short("+ship this turn") == "+ship"
        assert list(B.shorthand())[:3] == [
            "coin comp tablet arrow jewel",
            "boot car ship plane",
            "VP",
        ]
        assert B.legend().startswith(
            "coin comp tablet arrow jewel coins, compasses, tablets, arrowheads, jewels (2 comp: "
            "two) · boot car ship plane travel icons"
        )

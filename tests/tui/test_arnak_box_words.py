"""Arnak's table speaks the box's words (issue 41 §3): no screen of a random game shows the old
letters for resources (``4C``, ``+M``, ``MTA/TJ``, ``?M``, ``[C]``: a box player reads "4C" as
four coins), nor "down" for what the box calls discarding; the card row says every card in one
form (``Brush 3 coins, 3 VP, car``), never ``4C 2VP`` beside ``2 coins, 1 VP``.

Every panel the table, its replay and the pane ``m`` draw is rendered at every layout (80×24,
100×30, 120×40, 160×50), at positions along random games of both board sides."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.text import Text

from core.bots import RandomBot, play_out
from core.fold import fold
from core.games import get_rules
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN
from core.referee import Referee
from tui.games.arnak import panels
from tui.games.arnak.help import sections as help_sections
from tui.games.arnak.layout import Layout
from tui.games.arnak.more import sections as more_sections

from .test_arnak_worded import cells

SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
OLD = re.compile(
    r"(?<![A-Za-z])(?:\+?\d+|\+)[MCTAJ]{1,5}(?![A-Za-z])"  # 4C, +M, 2TA
    r"|(?<![A-Za-z])[MCTAJ]{2,5}(?![A-Za-z])"  # MTA
    r"|(?<![A-Za-z])[MCTAJ](?:/|\[| →| \d)|[●○ ][MCTAJ]\b"  # M/J, C[up], pay C →, ●C 16
    r"|\?[MCT]\b|\[[MCT]\]"  # ?M an idol, [C] a bonus tile
    r"|\bdown→|\bcard down\b|\bput .{0,12}down\b"  # "down" for discarding
    r"|\d+VP\b"  # 2VP
)
_CONSOLE = Console(width=200, color_system=None, legacy_windows=False)


def _plain(part: Any) -> str:
    if isinstance(part, Text):
        return part.plain
    if isinstance(part, str):
        return Text.from_markup(part).plain
    with _CONSOLE.capture() as captured:
        _CONSOLE.print(part)
    return captured.get()


def positions(games: int = 4, every: int = 17) -> list[tuple[Any, list[str]]]:
    """Positions along random games (2, 3 and 4 players, bird and snake sides), with every
    card, bonus tile and idol face up as a finished game's replay shows them."""
    rules = get_rules("arnak")
    found = []
    for g in range(games):
        players = (2, 3, 4)[g % 3]
        config = rules.config(players, {"side": ("bird", "snake")[g % 2]})
        names = ["Red", "Blue", "Green", "Yellow"][:players]  # no seat letter reads as a resource
        referee: Referee[Any] = Referee(rules, config, names, seed=f"box-words/{g}")
        referee.begin()
        play_out(referee, {s: RandomBot(f"words/{g}/{s}") for s in range(players)})
        _, state = fold(referee.log[:1])
        for i, env in enumerate(referee.log[1:]):
            if not env.type.startswith("core."):
                state = rules.evolve(rules.copy(state), env.event)
            if i % every == 0:
                found.append((rules.copy(state), names))
        found.append((state, names))
    return found


def screens(state: Any, names: list[str]) -> list[tuple[str, str]]:
    """Every panel's text at every size: (what, text)."""
    out: list[tuple[str, str]] = []
    scores = [0] * len(names)
    for size in SIZES:
        fit = Layout(*size)
        width = fit.text_width("map")
        out += [
            (f"map {size}", panels.map_text(state, names, None, width, fit.map_columns).plain),
            (f"map3 {size}", panels.map_text(state, names, None, width, 3, title=False).plain),
            (f"track {size}", panels.research_text(state, names, None, width).plain),
            (f"track short {size}", panels.research_text(state, names, None, 38).plain),
            (f"row {size}", panels.row_text(state, None, fit.text_width("row")).plain),
            (f"brief {size}", panels.row_brief(state, None, fit.text_width("row"), True).plain),
            (f"players {size}", panels.players_text(state, names, scores, fit.width - 2).plain),
            (f"status {size}", panels.status(state, names, fit.width - 2).plain),
        ]
        for seat in range(len(names)):
            hand = panels.hand_text(state, names, seat, fit.text_width("hand"), 3)
            out.append((f"hand {size}", hand.plain))
            own = panels.player_line(state, names, seat, (), False, track=True)
            out.append((f"own {size}", own.plain))
        for part in more_sections(state, names, scores, [], fit.width - 6):
            out.append((f"pane {size}", _plain(part)))
    return out


def test_no_screen_of_a_random_game_shows_the_old_letters_or_down() -> None:
    seen = 0
    for state, names in positions():
        for what, text in screens(state, names):
            found = OLD.search(text)
            assert found is None, (what, found[0], text)
            seen += 1
    assert seen > 1000
    for section in help_sections():  # the help's keys, legend and brief too
        found = OLD.search(Text.from_markup(section).plain)
        assert found is None, found[0]


def test_the_card_row_says_every_card_in_one_form() -> None:
    """Each card of the row, in every width the table gives it: its name, then its price in
    coins or compasses, its VP and its travel in words, then its effect."""
    for state, _ in positions(games=3, every=29):
        for width in (78, 98, 118, 158):
            columns = 2 if width < 90 else 3
            row = cells(panels.row_text(state, None, width).plain, columns, width)
            brief = cells(panels.row_brief(state, None, width).plain, columns, width)
            for place, card in enumerate(panels.row_cards(state), 1):
                if card is None or card == HIDDEN:
                    continue
                info = C.card(card)
                head = f"{place} {info.name} {W.price(card)}, {info.vp} VP"
                said = f"{head}, {W.travel(info.travel)}: "
                assert any(said in cell for cell in row), (width, card, row)
                assert any(head in cell for cell in brief), (width, card, brief)
            assert not any(re.search(r"\d+VP|\d[MC]\b", cell) for cell in row + brief)

"""The terminal's games are the core's games: one package per game under ``tui/games/``, and
the shared screens and widgets name none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.games import GAMES, get_rules
from tui.games import GameScreens, screens_for, shown_games

# Games whose rules are in core.games but whose screens are not written yet: the terminal's game
# lists leave them out. Arnak's table is issue 13, which empties this set.
NO_SCREEN_YET: set[str] = set()

SHARED = [Path("tui/screens"), Path("tui/widgets")]


def test_every_game_of_the_core_has_its_package_in_the_terminal() -> None:
    without = set(GAMES) - set(shown_games())
    assert without == NO_SCREEN_YET & set(GAMES), "a game without screens, or one not listed here"
    assert not NO_SCREEN_YET & set(shown_games()), "its screens are here: drop it from the set"
    for game in shown_games():
        assert isinstance(screens_for(game), GameScreens)


def test_a_game_without_screens_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="cannot show 'chess' yet"):
        screens_for("chess")


@pytest.mark.parametrize("game", shown_games())
def test_each_game_gives_its_help_and_hints_only_for_its_own_options(game: str) -> None:
    screens = screens_for(game)
    assert screens.brief() in screens.help()
    declared = {option.name for option in get_rules(game).options}
    assert set(screens.option_hints) <= declared


def test_the_shared_screens_and_widgets_name_no_game() -> None:
    root = Path(__file__).resolve().parents[2]
    names = {game for game in GAMES} | {get_rules(g).title.lower() for g in GAMES}
    for folder in SHARED:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in {".py", ".tcss"}:
                continue
            text = path.read_text(encoding="utf-8").lower()
            named = sorted(name for name in names if name in text)
            assert not named, f"{path.relative_to(root)} names {', '.join(named)}"


def test_the_rooms_options_line_follows_each_games_declaration() -> None:
    from net.wire.messages import TableListing
    from tui.screens.room import options_line

    def card(game: str, options: dict[str, object]) -> TableListing:
        return TableListing("t1", game, game.title(), "table", "host", "open", (), options)

    kilauea = {"turn_limit": 10, "start_player": 1, "forest_sides": "ABBAB"}
    assert (
        options_line(card("kilauea", kilauea))
        == "turn limit 10 · seat 2 starts · forest sides ABBAB"
    )
    assert (
        options_line(card("maunakea", {"advanced": True, "start_player": None})) == "advanced game"
    )
    assert options_line(card("maunakea", {"advanced": False})) == "standard rules"
    assert options_line(card("arnak", {})) == "bird side"  # not "the base game": a side is chosen
    assert options_line(card("arnak", {"side": "snake"})) == "snake side"
    assert options_line(card("go", {"komi": 6})) == "komi 6"  # a game this version does not know

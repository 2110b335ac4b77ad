"""Table options are declared once per game and validated in one place (core.options)."""

from __future__ import annotations

import pytest

from core.games import GAMES, get_rules
from core.options import START_PLAYER, TURN_LIMIT, options_words


def _with_turn_limit() -> list[str]:
    """The games that declare a turn limit (Arnak has none: its five rounds always end)."""
    return [g for g in sorted(GAMES) if any(o.name == "turn_limit" for o in get_rules(g).options)]


@pytest.mark.parametrize("game", _with_turn_limit())
def test_a_turn_limit_is_a_whole_number_never_a_truth_value(game: str) -> None:
    rules = get_rules(game)
    assert rules.config(2, {"turn_limit": 5})["turn_limit"] == 5
    for bad in (True, 0, -3, 2.5, "7"):
        with pytest.raises(ValueError, match="turn limit"):
            rules.config(2, {"turn_limit": bad})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_seats_are_typed_from_1_and_stored_from_0(game: str) -> None:
    rules = get_rules(game)
    assert START_PLAYER.parse("3", 3) == 2
    with pytest.raises(ValueError, match="a seat from 1 to 3"):
        START_PLAYER.parse("0", 3)
    with pytest.raises(ValueError, match="a seat from 1 to 3"):
        START_PLAYER.parse("4", 3)
    assert rules.config(3, {"start_player": 2})["start_player"] == 2
    with pytest.raises(ValueError, match="not a seat of a 3-player table"):
        rules.config(3, {"start_player": 3})
    with pytest.raises(ValueError, match="not a seat"):
        rules.config(3, {"start_player": True})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_has_a_default_and_an_unknown_one_is_named(game: str) -> None:
    rules = get_rules(game)
    config = rules.config(2)
    assert set(config) == {"players"} | {o.name for o in rules.options}
    with pytest.raises(ValueError, match=r"unknown .* option.*: colour"):
        rules.config(2, {"colour": "red"})
    with pytest.raises(ValueError, match="played by"):
        rules.config(rules.max_players + 1)


def test_a_game_without_a_turn_limit_names_it_as_unknown() -> None:
    with pytest.raises(ValueError, match="unknown Lost Ruins of Arnak option"):
        get_rules("arnak").config(2, {"turn_limit": 5})


def test_the_options_line_counts_seats_from_1() -> None:
    words = options_words((TURN_LIMIT, START_PLAYER), {"turn_limit": 10, "start_player": 0})
    assert words == ["turn limit 10", "seat 1 starts"]
    assert options_words((TURN_LIMIT,), {"turn_limit": None}) == []


def test_game_options_parse_like_their_rules_check() -> None:
    kilauea = get_rules("kilauea")
    sides = next(o for o in kilauea.options if o.name == "forest_sides")
    assert sides.parse("abbab", 2) == "ABBAB"
    with pytest.raises(ValueError, match="forests"):
        sides.parse("ABC", 2)
    maunakea = get_rules("maunakea")
    advanced = next(o for o in maunakea.options if o.name == "advanced")
    assert advanced.parse("yes", 2) is True
    assert options_words(maunakea.options, maunakea.config(2, {"advanced": True})) == [
        "advanced game"
    ]

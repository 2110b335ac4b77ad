"""Whose cards one keyboard shows (the policy behind the cover screens), without the app."""

from __future__ import annotations

from tui.screens.hotseat import Hotseat


def test_one_player_at_the_keyboard_always_looks() -> None:
    seat = Hotseat({1})
    assert seat.viewer == 1
    assert seat.follow((0,), None, secret=True) is None and seat.viewer == 1


def test_nobody_looks_at_a_table_of_bots() -> None:
    assert Hotseat(set()).viewer is None


def test_several_players_look_only_after_the_cover_and_never_at_another_turn() -> None:
    seat = Hotseat({0, 1})
    assert seat.viewer is None
    assert seat.follow((0, 1), 0, secret=True) == 0, "a cover for Red, first to choose"
    assert seat.viewer is None, "nobody looks until Red confirms"
    seat.uncover(0, (0, 1))
    assert seat.viewer == 0
    assert seat.follow((0, 1), 0, secret=True) is None, "Red keeps looking while to act"
    assert seat.follow((0,), None, secret=True) is None, "draws being shown: still Red's"
    assert seat.follow((), None, secret=True) is None and seat.viewer is None, "turn passed"
    assert seat.follow((1,), 1, secret=True) == 1 and seat.viewer is None
    seat.uncover(0, (1,))
    assert seat.viewer is None, "only the player to act may take the keyboard"


def test_without_secrets_the_player_to_act_simply_looks() -> None:
    seat = Hotseat({0, 1})
    assert seat.follow((1,), 1, secret=False) is None and seat.viewer == 1


def test_a_step_that_needs_no_hand_shows_none_and_asks_no_cover() -> None:
    seat = Hotseat({0, 1})
    assert seat.follow((0,), 0, secret=True) == 0
    seat.uncover(0, (0,))
    assert seat.viewer == 0
    assert seat.follow((1,), 1, secret=True, hands_needed=False) is None
    assert seat.viewer is None, "Red's hand is put away while Blue places"
    assert seat.follow((0,), 0, secret=True, hands_needed=False) is None and seat.viewer is None
    assert seat.follow((0,), 0, secret=True) == 0, "the turn that needs a hand is covered"

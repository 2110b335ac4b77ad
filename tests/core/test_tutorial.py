"""Tutorial files: checked against the rules by playing them through the real engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import tutorial
from core.tutorial import TutorialError


@pytest.mark.parametrize("name", tutorial.builtin_names())
def test_each_tutorial_plays_through_to_the_end(name: str) -> None:
    loaded = tutorial.load(tutorial.builtin(name))
    walked = tutorial.walk(loaded, to_end=True)
    assert walked.ended
    assert len(walked.step_moves) == len(loaded.steps)


@pytest.mark.parametrize("name", tutorial.builtin_names())
def test_each_tutorial_asks_for_every_kind_of_command_its_game_has(name: str) -> None:
    loaded = tutorial.load(tutorial.builtin(name))
    game = loaded.game
    # from the rules' own registry, not a list kept here (those of the table's options only)
    kinds = tutorial.game_kinds(game, loaded.config())
    assert len(kinds) >= 3
    missing = sorted(set(kinds) - set(tutorial.covered(loaded)))
    assert not missing, f"{game}'s tutorial never asks for {missing}"


def test_kilauea_and_mauna_kea_have_a_tutorial() -> None:
    assert {"kilauea", "maunakea"} <= set(tutorial.builtin_games())


def test_the_kinds_of_an_option_that_is_off_are_left_out() -> None:
    every = tutorial.game_kinds("maunakea")
    rules = tutorial.get_rules("maunakea")
    base = tutorial.game_kinds("maunakea", rules.config(2, {"advanced": False}))
    advanced = tutorial.game_kinds("maunakea", rules.config(2, {"advanced": True}))
    assert "maunakea.keep_cards" in every and "maunakea.keep_cards" not in base
    assert advanced == every and {"maunakea.move", "maunakea.board"} <= set(base)


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = tutorial.builtin("kilauea").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "club.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_file_whose_expected_move_is_illegal_is_refused_in_one_line_naming_the_step(
    tmp_path: Path,
) -> None:
    # step 5 cuts o3 of the hibiscus forest; o1 is not fully accessible then
    path = _edited(tmp_path, 'space = "o3"', 'space = "o1"')
    with pytest.raises(TutorialError) as caught:
        tutorial.load(path)
    said = str(caught.value)
    assert "\n" not in said
    assert said.startswith("club: step 5: ")
    assert "cut_tiki forest=0 space=o1" in said


def test_a_move_of_a_kind_the_game_lacks_is_refused(tmp_path: Path) -> None:
    path = _edited(tmp_path, 'expect = "end_turn"', 'expect = "fly_away"')
    with pytest.raises(TutorialError, match=r"^club: step 6: kilauea has no move 'fly_away'"):
        tutorial.load(path)


def test_a_step_that_comes_while_another_seat_must_act_is_refused(tmp_path: Path) -> None:
    path = _edited(tmp_path, 'say = """Nothing more this turn: end it."""',
                   'seat = 2\nsay = """Nothing more this turn: end it."""')  # fmt: skip
    with pytest.raises(TutorialError, match=r"^club: step 9 is for seat 2, but seat 1"):
        tutorial.load(path)


def test_an_unknown_key_and_a_broken_file_are_one_line(tmp_path: Path) -> None:
    path = _edited(tmp_path, "bot = ", "robot = ")
    with pytest.raises(TutorialError, match=r"^club: unknown key 'robot'"):
        tutorial.load(path)
    path.write_text("game = [", encoding="utf-8")
    with pytest.raises(TutorialError, match=r"^club.toml: not a TOML file"):
        tutorial.load(path)


def test_seats_in_a_file_count_from_1() -> None:
    loaded = tutorial.load(tutorial.builtin("kilauea"), check=False)
    assert loaded.options["start_player"] == 0  # "start_player = 1": the learner starts
    assert loaded.steps[0].seat == 0


def test_finish_is_bot_or_left_out(tmp_path: Path) -> None:
    path = _edited(tmp_path, 'bot = "greedy"', 'bot = "greedy"\nfinish = "later"')
    with pytest.raises(TutorialError, match=r'^club: finish is "bot"'):
        tutorial.load(path)
    arnak = tutorial.load(tutorial.builtin("arnak"), check=False)
    assert arnak.finish == "bot"  # a round and a half is taught; the bot plays the rest


def test_the_advanced_cards_follow_the_base_game() -> None:
    advanced = tutorial.load(tutorial.builtin("maunakea-advanced"), check=False)
    assert advanced.follows == "maunakea" and advanced.options["advanced"] is True
    own = {step.expect.kind for step in advanced.steps}
    assert "maunakea.board" not in own  # taught by the base game's tutorial, not asked again
    assert "maunakea.board" in set(tutorial.covered(advanced))


def test_the_learner_s_name_is_said_in_the_reader_s_language() -> None:
    """Seat 1's name ("You") comes from the game's catalogue where the table says it; the
    file's names, which the events hold, are left as they are."""
    from core import language

    loaded = tutorial.load(tutorial.builtin("kilauea"), check=False)
    assert loaded.names(loaded.players) == ("You", "Kai")
    language.use("de")
    assert loaded.names(loaded.players) == ("Du", "Kai")
    assert loaded.players == ("You", "Kai")

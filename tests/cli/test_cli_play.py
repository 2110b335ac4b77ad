"""``caldera play``: seats for bots (1-based, optional kind), and one-line errors."""

from __future__ import annotations

from typing import Any

import pytest

from tui import cli


def test_bot_seats_are_one_based_with_an_optional_kind() -> None:
    assert cli.parse_bots(["2", "3:random"], 3, "maunakea") == {1: "greedy", 2: "random"}
    assert cli.parse_bots([], 2, "maunakea") == {}


@pytest.mark.parametrize(
    ("spec", "message"),
    [("0", "from 1 to 3"), ("4", "from 1 to 3"), ("x", "from 1 to 3"), ("2:clever", "unknown")],
)
def test_bad_bot_seats_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cli.parse_bots([spec], 3, "maunakea")


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "maunakea", "--players", "5"],
        ["play", "chess"],
        ["play", "maunakea", "--bot", "9"],
        ["play", "maunakea", "--turn-limit", "-3"],
        ["play", "maunakea", "--turn-limit", "true"],
        ["play", "maunakea", "--players", "3", "--start-player", "4"],
        ["play", "maunakea", "--start-player", "0"],
        ["play", "kilauea", "--forest-sides", "ABC"],
        ["play", "maunakea", "--forest-sides", "ABBAB"],
    ],
)
def test_play_with_bad_arguments_prints_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_run_app", lambda *a: pytest.fail("the app must not start"))
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("caldera: ") and err.count("\n") == 1


def test_play_starts_the_app_with_that_table(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: dict[str, Any] = {}

    def run_app(args: Any, launch: Any) -> int:
        launched["launch"], launched["pace"] = launch, args.pace
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    argv = ["--pace", "0", "play", "maunakea", "--players", "4", "--bot", "2", "--seed", "s"]
    assert cli.main(argv) == 0
    setup = launched["launch"].setup
    assert [seat.bot for seat in setup.seats] == [None, "greedy", None, None]
    assert [seat.name for seat in setup.seats] == ["Red", "Blue", "Yellow", "Green"]
    assert setup.seed == "s" and launched["pace"] == 0


def test_play_advanced_starts_a_table_with_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: dict[str, Any] = {}

    def run_app(args: Any, launch: Any) -> int:
        launched["launch"] = launch
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    assert cli.main(["play", "maunakea", "--players", "2", "--advanced"]) == 0
    setup = launched["launch"].setup
    assert setup.options() == {"advanced": True}
    assert cli.main(["play", "maunakea", "--players", "2"]) == 0
    assert not launched["launch"].setup.game_options.get("advanced")


def test_advanced_is_refused_in_one_line_by_a_game_without_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_run_app", lambda *a: pytest.fail("the app must not start"))
    assert cli.main(["play", "kilauea", "--advanced"]) == 2
    err = capsys.readouterr().err
    assert "advanced" in err and err.count("\n") == 1


def test_every_declared_option_is_a_flag_with_seats_from_1(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: dict[str, Any] = {}

    def run_app(args: Any, launch: Any) -> int:
        launched["setup"] = launch.setup
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    argv = ["play", "kilauea", "--players", "2", "--start-player", "2", "--forest-sides", "abbab"]
    assert cli.main([*argv, "--turn-limit", "9"]) == 0
    setup = launched["setup"]
    assert setup.turn_limit == 9
    assert setup.options() == {"turn_limit": 9, "start_player": 1, "forest_sides": "ABBAB"}


def test_play_help_explains_every_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps to the terminal
    assert "seat 1 is you" in text and "examples:" in text
    assert "how many seats" in text and "0 is instant" in text
    for flag in ("--bot", "--seed", "--pace", "--forest-sides", "--resume", "--lines"):
        assert flag in text

"""The command line's house: every group's commands gathered once, each with its own help."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from core.games import GAMES
from tui import cli
from tui.cli.command import Command, no_flags


def test_every_command_answers_help(capsys: pytest.CaptureFixture[str]) -> None:
    for name, command in cli.COMMANDS.items():
        with pytest.raises(SystemExit) as done:
            cli.main([name, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: caldera {name}"), name
        assert command.help in cli._parser().format_help()
        assert "``" not in out, f"{name}'s help shows source markup"
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    said = capsys.readouterr().out
    assert "``" not in said and "Caldera: three volcano-island board games" in said


def test_a_name_two_commands_claim_is_refused() -> None:
    twice = Command("play", "again", no_flags, lambda args: 0)
    with pytest.raises(ValueError, match="two commands are named 'play'"):
        cli.gather([*cli.GROUPS, SimpleNamespace(COMMANDS=(twice,))])


def test_a_table_command_knows_every_game_flag_and_the_others_none() -> None:
    assert cli._flag_games(["play", "kilauea"]) == tuple(GAMES)
    assert cli._flag_games(["export", "play.caldera"]) == ()

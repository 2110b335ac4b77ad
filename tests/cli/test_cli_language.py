"""The command line in the reader's language (issue 44): every command's ``--help`` (its line in
``caldera --help``, its flags' help, its description) and its messages read in German, French,
Italian and Dutch with ``--lang``, and no flag's English help is left in them."""

from __future__ import annotations

import argparse
from importlib import import_module
from pathlib import Path

import pytest

from core import language
from tui.cli import main

LANGUAGES = ("de", "fr", "it", "nl")
GROUPS = ("club", "table", "doors", "learn", "notify")
"""The command groups (modules of tui.cli) whose every help is in the catalogues."""


def helped(words: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``caldera WORDS --help`` prints, every space and line break taken out (argparse
    wraps to the terminal's width)."""
    with pytest.raises(SystemExit):
        main([*words, "--help"])
    return "".join(capsys.readouterr().out.split())


def english_helps(name: str) -> list[str]:
    """The English help of each flag of command ``name`` (a help that argparse fills in, with
    ``%(default)s``, is left out: its words are checked where they are said)."""
    from tui.cli import _parser

    with language.english():
        parser = _parser((), [name])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command = sub.choices[name]
    return [
        "".join(action.help.split())
        for action in command._actions
        if action.help and action.help != argparse.SUPPRESS and "%(" not in action.help
        and action.dest != "help"
    ]  # fmt: skip


def commands(group: str) -> list[str]:
    return [command.name for command in import_module(f"tui.cli.{group}").COMMANDS]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("group", GROUPS)
def test_no_flag_s_english_help_is_left(
    group: str, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in commands(group):
        english = helped([name], capsys)
        said = helped(["--lang", code, name], capsys)
        helps = english_helps(name)
        assert all(text in english for text in helps), name  # the check sees what it checks
        assert [text for text in helps if text in said] == [], (name, code)


def test_caldera_lobby_s_help_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "lobby", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Aufruf: caldera lobby")
    assert "Änderungen weiter auflisten bis Ctrl-C" in out
    assert "im Lobby-Chat des Clubs reden, im Zeilenmodus" in out
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "de"])
    out = " ".join(capsys.readouterr().out.split())
    assert "den eingebauten MQTT-Broker (amqtt) im Vordergrund laufen lassen" in out
    assert "deine Tische im Club: je eine Zeile, wer am Zug ist" in out
    assert "list the tables on the broker" not in out


def test_a_club_refusal_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "serve", "--clock", "20m+10s"]) == 2
    assert capsys.readouterr().err == (
        "caldera: --clock et --rated sont des conditions de la table qu'ouvre --table "
        "(il n'y en a pas)\n"
    )
    assert main(["serve", "--rated"]) == 2
    assert capsys.readouterr().err == (
        "caldera: --clock and --rated are terms of the table --table opens (none is)\n"
    )


def test_a_table_s_and_a_door_s_refusals_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "it", "join", "t1"]) == 2
    assert capsys.readouterr().err == (
        "caldera: join gioca in modalità a righe: aggiungi --lines (la lobby dell'app, j, si "
        "unisce a schermo intero)\n"
    )
    assert main(["--lang", "nl", "host"]) == 2
    assert capsys.readouterr().err.startswith("caldera: host heeft een spel nodig (")
    assert main(["--lang", "de", "web", "--idle", "0"]) == 2
    assert capsys.readouterr().err == "caldera: --idle ist eine Zahl von Minuten, mehr als 0\n"


def test_learn_s_help_keeps_its_shape_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps the flags' help to the terminal
    with pytest.raises(SystemExit):
        main(["--lang", "de", "learn", "--help"])
    out = capsys.readouterr().out
    assert "Ein Tutorial: eine echte Partie mit einem Erzähler." in out
    assert (
        "\nBeispiele:\n  caldera learn GAME\n  caldera learn GAME --lines        das Tutorial"
        in out
    )
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_bad_broker_address_in_german_and_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "lobby", "--broker", "ftp://club.example.org"]) == 2
    assert capsys.readouterr().err == (
        "caldera: ungültige Broker-Adresse 'ftp://club.example.org': nur mqtt:// und mqtts:// "
        "werden unterstützt\n"
    )
    assert main(["games", "--broker", "ftp://club.example.org"]) == 2
    assert capsys.readouterr().err == (
        "caldera: bad broker address 'ftp://club.example.org': only mqtt:// and mqtts:// are "
        "supported\n"
    )


def test_a_bad_notify_table_in_french_and_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[notify]\nwebhook = "ftp://x"\n')
    assert main(["--lang", "fr", "notify", "--config", str(config)]) == 2
    assert capsys.readouterr().err == (
        f"caldera: {config} : notify.webhook doit être une adresse http:// ou https://\n"
    )
    assert main(["notify", "--config", str(config)]) == 2
    assert capsys.readouterr().err == (
        f"caldera: {config}: notify.webhook must be an http:// or https:// address\n"
    )

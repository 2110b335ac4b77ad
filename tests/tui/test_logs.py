"""Logs: an app that stops on an error leaves its traceback in the log file and one line on the
screen; ``caldera --log FILE`` that cannot write says so in one line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tui.app import CalderaApp
from tui.cli import main
from tui.launch import logs


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    path = logs.start(tmp_path / "logs" / "caldera.log")
    assert path is not None
    yield path
    logs.stop()


def boom() -> None:
    raise ZeroDivisionError("a fault nobody caught")


async def test_a_crash_leaves_its_traceback_in_the_log_and_one_line(
    log_file: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    app = CalderaApp(bot_pace=0)
    with pytest.raises(ZeroDivisionError):
        async with app.run_test() as pilot:
            app.call_later(boom)
            await pilot.pause()
    text = log_file.read_text(encoding="utf-8")
    assert "the app stopped on an error" in text
    assert "Traceback (most recent call last)" in text and "in boom" in text
    said = capfd.readouterr().err
    expected = (
        "caldera: the app stopped on an error (ZeroDivisionError: a fault nobody caught); "
        f"the traceback is in {log_file}"
    )
    # the terminal may wrap it, a long path even inside a word: compared without its spaces
    assert "".join(said.split()) == "".join(expected.split()), said
    assert app.return_code == 1


def test_a_log_file_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    assert main(["--log", str(blocked / "caldera.log"), "lobby"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("caldera: --log: cannot write") and err.count("\n") == 1


def test_a_line_logged_outside_the_app_goes_to_the_file_not_the_screen(
    log_file: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    import logging

    logging.getLogger("caldera.test").info("a table opened")
    assert capfd.readouterr() == ("", "")
    assert "INFO caldera.test: a table opened" in log_file.read_text(encoding="utf-8")

"""Nothing language-dependent leaves the screen (issue 44): a game played in German writes the
same replay, byte for byte, as the same game played in English; the data exports are the same
in every language, and the text export speaks ``--lang``'s."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from core import language
from tui.app import CalderaApp
from tui.cli import main
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen

from .conftest import wait_for

SIZE = (100, 40)
MOMENT = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)


class _Frozen(dt.datetime):
    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> _Frozen:  # type: ignore[override]
        return cls.fromtimestamp(MOMENT.timestamp(), tz)


@pytest.fixture
def same_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game made now has the same creation time and the same salt of its seed's
    commitment (both are fresh each game: only they may differ between two runs)."""
    import core.referee
    import replays.header

    monkeypatch.setattr(replays.header.dt, "datetime", _Frozen)
    monkeypatch.setattr(core.referee, "new_salt", lambda: "5a17" * 16)


async def play_from_the_form(code: str, data_dir: Path) -> bytes:
    """A Kilauea game set up in the new-game form and played to its end by two bots, all in
    ``code``; the replay file's bytes."""
    language.use(code)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        form = app.screen
        form.query_one("#game", Select).value = "kilauea"
        await pilot.pause()
        form.query_one("#players", Select).value = 2
        form.query_one("#kind-0", Select).value = "greedy"
        form.query_one("#kind-1", Select).value = "random"
        form.query_one("#seed", Input).value = "the same in every language"
        form.query_one("#turn-limit", Input).value = "3"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end of the game")
    [replay] = (data_dir / "replays").glob("*.caldera")
    data = replay.read_bytes()
    replay.unlink()
    return data


async def test_a_game_played_in_german_writes_the_same_replay_as_in_english(
    data_dir: Path, same_moment: None
) -> None:
    english = await play_from_the_form("en", data_dir)
    german = await play_from_the_form("de", data_dir)
    assert len(english) > 1000
    assert german == english
    assert await play_from_the_form("fr", data_dir) == english


def test_the_data_exports_are_the_same_in_every_language_and_the_text_speaks_lang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "g.caldera"
    args = ["selfplay", "kilauea", "--players", "2", "--seed", "1", "--quiet"]
    assert main([*args, "--out", str(game)]) == 0
    capsys.readouterr()
    for kind in ("jsonl", "json"):
        assert main(["export", "--format", kind, str(game)]) == 0
        english = capsys.readouterr().out
        assert main(["export", "--format", kind, "--lang", "de", str(game)]) == 0
        assert capsys.readouterr().out == english, kind
        language.use("en")
    assert main(["export", "--format", "text", str(game)]) == 0
    english = capsys.readouterr().out
    assert main(["export", "--format", "text", str(game), "--lang", "de"]) == 0
    german = capsys.readouterr().out
    first = german.splitlines()[:2]
    assert "Seed-Hash" in first[0] and "Partie begonnen: 2 Spieler" in first[1]
    assert "Partie zu Ende; Seed aufgedeckt:" in german.splitlines()[-1]
    assert len(german.splitlines()) == len(english.splitlines())
    assert "Game started" not in german and "Game over" not in german

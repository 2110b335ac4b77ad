"""Caldera in the player's language (issue 44): chosen from ``--lang``, the menu's remembered
setting, then the locale; switched from the menu at once; the menu fits 80×24 in German and
French."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import language
from tui.app import CalderaApp, Launch
from tui.cli import main
from tui.play.setup import local_game
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.settings.language import start, take_flag
from tui.settings.play import load_settings
from tui.widgets.key_footer import KeyLine

from . import test_kilauea_snapshots as kilauea
from .conftest import saved_games, screen_text
from .test_small_snapshots import SMALL
from .test_snapshots import Snap, _mid_game, fixed_data_dir, replay_at_event_60, until

__all__ = ["fixed_data_dir"]  # a fixture


def test_the_flag_then_the_setting_then_the_locale_then_english() -> None:
    environ = {"LANG": "nl_NL.UTF-8"}
    assert language.choose("fr", "de", environ) == "fr"
    assert language.choose(None, "de", environ) == "de"
    assert language.choose(None, None, environ) == "nl"
    assert language.choose(None, None, {"LC_ALL": "it_IT.UTF-8", "LANG": "de_DE"}) == "it"
    assert language.choose(None, None, {"LANGUAGE": "sv:fr", "LANG": "de_DE"}) == "fr"
    assert language.choose(None, None, {"LANG": "C.UTF-8"}) == "en"
    assert language.choose(None, None, {"LANG": "sv_SE.UTF-8"}) == "en"  # not spoken here
    assert language.choose(None, "klingon", {}) == "en"


def test_a_browser_s_accept_language_by_its_weights() -> None:
    assert language.from_accept_language("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert language.from_accept_language("ja, fr-CH;q=0.9, de;q=0.3") == "fr"  # no Japanese
    assert language.from_accept_language("en;q=0.2, nl;q=0.7, *;q=0.1") == "nl"
    assert language.from_accept_language("it;q=0, de;q=bad, fr") == "fr"
    assert language.from_accept_language("") is None
    assert language.from_accept_language("*, sv") is None


def test_each_context_speaks_its_own_language() -> None:
    """Two sessions of one process (a door's): each block speaks its own, then the process's."""
    from tui.doors.homes import check_name

    with language.speaking("de"):
        with pytest.raises(ValueError, match="mindestens einen Buchstaben"):
            check_name(" ")
        with language.speaking("fr"), pytest.raises(ValueError, match="au moins une lettre"):
            check_name("")
    assert language.current() == "en"
    with pytest.raises(ValueError, match="at least one letter"):
        check_name("")


def test_the_flag_is_taken_anywhere_on_the_line() -> None:
    assert take_flag(["play", "kilauea", "--lang", "de"]) == (["play", "kilauea"], "de")
    assert take_flag(["--lang=fr", "keys"]) == (["keys"], "fr")
    assert take_flag(["keys"]) == (["keys"], None)
    with pytest.raises(ValueError, match="--lang: no language 'xx' here"):
        take_flag(["--lang", "xx"])


def test_a_wrong_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "klingon", "keys"]) == 2
    assert capsys.readouterr().err == (
        "caldera: --lang: no language 'klingon' here (one of en, de, fr, it, nl)\n"
    )


def test_the_remembered_setting_is_read_and_a_wrong_one_said(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_text('[play]\nlanguage = "it"\n')
    assert start(None) == "it" and language.current() == "it"
    assert start("nl") == "nl"  # the flag wins
    (config_dir / "config.toml").write_text('[play]\nlanguage = "xx"\n')
    settings, problem = load_settings()
    assert settings.language is None
    assert problem.endswith("play.language moet een van en, de, fr, it, nl zijn")  # as spoken
    with language.english():
        assert load_settings()[1].endswith("play.language must be one of en, de, fr, it, nl")


async def test_switching_the_language_from_the_menu_is_at_once_and_kept(
    config_dir: Path,
) -> None:
    app = CalderaApp()
    async with app.run_test(size=SMALL) as pilot:
        await saved_games(pilot, 0)
        assert "New local game" in screen_text(pilot)
        await pilot.press("l")
        await pilot.pause()
        assert "Deutsch (de)" in screen_text(pilot)
        await pilot.press("2")  # Deutsch
        menu = await saved_games(pilot, 0)
        await pilot.pause()
        text = screen_text(pilot)
        assert "Neues Spiel hier" in text and "Gespeicherte Partien" in text
        assert "New local game" not in text
        assert "palette" in text  # the app's own keys (ctrl+p) stay when its labels are translated
        assert language.current() == "de"
        await pilot.press("l")
        await pilot.pause()
        assert "Deutsch (de) ●" in screen_text(pilot)  # the one spoken now
        await pilot.press("escape")
        assert app.screen is menu
    assert load_settings(config_dir / "config.toml")[0].language == "de"
    language.use("en")
    assert start(None) == "de"  # the next run speaks it


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_menu_at_80x24(code: str, snap_compare: Snap, fixed_data_dir: Path) -> None:
    language.use(code)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    menu_ready = until(lambda a: isinstance(a.screen, MenuScreen) and a.screen.loaded)
    assert snap_compare(app, terminal_size=SMALL, run_before=menu_ready)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("de", ["Aufruf: caldera", "eine lokale Partie in der App beginnen", "Optionen"]),
        ("fr", ["utilisation : caldera", "commencer une partie locale", "options"]),
        ("it", ["uso: caldera", "inizia una partita locale", "opzioni"]),
        ("nl", ["gebruik: caldera", "een lokaal spel in de app beginnen", "opties"]),
    ],
)
def test_help_in_each_language(
    code: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--help", "--lang", code])
    out = capsys.readouterr().out
    assert all(word in out for word in words), out
    assert "start a local game" not in out


def test_a_command_line_mistake_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "selfplay"])
    assert capsys.readouterr().err == (
        "caldera selfplay: diese Argumente fehlen: game, --out (siehe caldera selfplay --help)\n"
    )
    assert main(["--lang=de", "play", "kilauea", "--bot", "9"]) == 2
    assert capsys.readouterr().err == ("caldera: --bot '9': der Platz ist eine Zahl von 1 bis 3\n")


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_end_screen_at_80x24(code: str, snap_compare: Snap) -> None:
    """The verdict, the score headings in the rulebook's words and the buttons fit 80×24."""
    language.use(code)
    setup = local_game(
        3, {0: "greedy", 1: "greedy", 2: "random"}, seed="snap-end", turn_limit=24, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    ended = until(lambda a: isinstance(a.screen, EndScreen))
    assert snap_compare(app, terminal_size=SMALL, run_before=ended)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_kilauea_s_table_at_80x24(code: str, snap_compare: Snap) -> None:
    """Kilauea's compact table: the prompt, the verbs, the footer's keys in the language."""
    language.use(code)
    app, run_before = kilauea.table(())
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_replay_at_80x24(code: str, snap_compare: Snap, tmp_path: Path) -> None:
    """A replay's caption and footer (grouped keys) in the language, none dropped."""
    language.use(code)
    app, run_before = replay_at_event_60(tmp_path / "small.caldera")
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


async def _mauna_kea_footer(code: str, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """The actions and labels Mauna Kea's compact table draws in its footer, in ``code``."""
    language.use(code)
    app, run_before = _mid_game(keys)
    async with app.run_test(size=SMALL) as pilot:
        await run_before(pilot)
        line = pilot.app.screen.query_one(KeyLine)
        return [
            (line.keys[i].action, line.keys[i].description) for i in line._fitting(line._labels())
        ]


@pytest.mark.parametrize("code", ["de", "fr", "nl"])
@pytest.mark.parametrize("keys", [(), ("1",), ("2", "s", "1", "s", "tab", "right")])
async def test_mauna_kea_s_keys_in_the_language_keep_the_footer_s_keys(
    code: str, keys: tuple[str, ...]
) -> None:
    """Every key the English footer shows at 80×24 is shown in the language too, in its words
    (the rulebook's: Plättchen, tuile), "Turn" the tile's turn and not the game's."""
    english = await _mauna_kea_footer("en", keys)
    spoken = await _mauna_kea_footer(code, keys)
    assert [action for action, _ in spoken] == [action for action, _ in english]
    said = dict(spoken)
    assert all(said[action] != label for action, label in english if action != "scores")
    if "rotate" in said:
        assert (
            said["rotate"]
            == {"de": "Drehen", "fr": "Tourner", "it": "Ruota", "nl": "Draaien"}[code]
        )


def test_a_key_s_label_is_first_its_own_game_s() -> None:
    """Mauna Kea's "Turn" turns a tile; the app's "Turn" is a player's turn."""
    language.use("de")
    assert language.area_of("tui.games.maunakea.screen") == "maunakea"
    assert language.anywhere("Turn", "maunakea") == "Drehen"
    assert language.anywhere("Turn") == "Zug"

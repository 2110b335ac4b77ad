"""The player's settings in the config file: read with defaults, one line for a wrong value,
the theme written back without touching the rest; ``confirm = false`` stops the questions
(Mauna Kea's and Arnak's end of a turn)."""

from __future__ import annotations

from pathlib import Path

from core.games.arnak import events as arnak_ev
from core.games.maunakea import events as ev
from tests.kit.arnak_builder import Table
from tui.app import CalderaApp
from tui.screens.choice import ConfirmScreen
from tui.settings.play import Settings, load_settings, save_setting

from .conftest import wait_for
from .test_arnak_play import SIZE as ARNAK_SIZE
from .test_arnak_play import events_since, from_table, keys_for, red_to_play
from .test_play import SIZE, events_of, from_position, game_app, start_turn, turn_position


def test_settings_default_and_read(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    assert load_settings(path) == (Settings(), "")
    path.write_text('[play]\nconfirm = false\nbell = false\ntheme = "nord"\n')
    assert load_settings(path) == (Settings(confirm=False, bell=False, theme="nord"), "")
    path.write_text('[play]\nconfirm = "no"\ntheme = "nord"\n')
    settings, problem = load_settings(path)
    assert settings == Settings(theme="nord")
    assert problem == f"{path}: play.confirm must be true or false"
    path.write_text("[play\n")
    assert load_settings(path)[1].startswith(f"cannot read {path}")


def test_saving_a_setting_keeps_the_rest_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "config.toml"
    save_setting("theme", "nord", path)
    assert path.read_text() == '[play]\ntheme = "nord"\n'
    text = '# mine\n[network]\nname = "Ann"\n\n[play]\nbell = false\ntheme = "x"\n\n[z]\na = 1\n'
    path.write_text(text)
    save_setting("theme", "gruvbox", path)
    save_setting("confirm", False, path)
    assert path.read_text() == text.replace('"x"', '"gruvbox"\nconfirm = false')
    assert load_settings(path)[0] == Settings(confirm=False, bell=False, theme="gruvbox")


async def test_a_theme_chosen_is_kept_for_the_next_run(config_dir: Path) -> None:
    app = CalderaApp()
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "nord"
        await pilot.pause()
    assert load_settings(config_dir / "config.toml")[0].theme == "nord"
    again = CalderaApp()
    async with again.run_test(size=SIZE):
        assert again.theme == "nord"


async def test_confirm_false_ends_the_turn_without_asking(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_text("[play]\nconfirm = false\n")
    app = game_app(from_position(turn_position("no-ask"), "no-ask"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        while screen.state.hands[0]:
            await pilot.press("1", "s")
            await pilot.pause()
        assert screen.state.pool > 0
        await pilot.press("e")
        await wait_for(
            pilot, lambda: any(isinstance(e, ev.TurnPlayed) for e in events_of(screen)), "ended"
        )
        assert not isinstance(app.screen, ConfirmScreen)


async def test_confirm_false_ends_an_arnak_turn_with_a_free_action_left(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_text("[play]\nconfirm = false\n")
    table = Table().hand(0, ["b0fc", "b0es", "f01"]).hand(1, ["b1fc"]).res(0, "1M")
    table = table.guardians(0, ["g01"])  # its boon: a ship this turn
    app = from_table(table, "arnak-no-ask")
    async with app.run_test(size=ARNAK_SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("d", "1")  # dig at camp 1, paid with Fear
        await pilot.pause()
        await pilot.press(*keys_for(screen, ("f01",)))
        await wait_for(pilot, lambda: screen.state.main_done, "the dig")
        await pilot.press("g", "1")  # the boon's ship, then left unused
        await wait_for(pilot, lambda: screen.state.pool == ["ship"], "the boon's ship")
        assert screen.turn.wasted()  # the ship would be lost: the app would ask
        await pilot.press("e")
        await wait_for(
            pilot, lambda: arnak_ev.TurnEnded(0) in events_since(screen, start), "Red's turn ended"
        )
        assert not isinstance(app.screen, ConfirmScreen)

"""The new-game form as a returning player meets it: it comes back as last used for each game,
the focus starts on the game, a switch says "on" or "off", and keys typed right behind `n`
reach the form."""

from __future__ import annotations

from pathlib import Path

from textual._xterm_parser import XTermParser
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, Switch

from tui.app import CalderaApp
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.settings.last_choices import last_choices, last_game

from .conftest import wait_for

SIZE = (100, 40)


async def open_form(app: CalderaApp, pilot: Pilot[None]) -> NewGameScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    await app.push_screen(NewGameScreen())
    form = app.screen
    assert isinstance(form, NewGameScreen)
    return form


async def test_the_form_remembers_the_last_choices_of_each_game(config_dir: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        assert form.query_one("#game", Select).value == "maunakea"  # nothing kept yet
        form.query_one("#players", Select).value = 2
        form.query_one("#name-0", Input).value = "Ann"
        form.query_one("#kind-1", Select).value = "random"
        form.query_one("#bot-pace", Select).value = 2.0
        form.query_one("#advanced", Switch).value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is not form, "the form to close")

    kept = last_choices("maunakea")
    assert kept is not None and kept.players == 2 and kept.names[0] == "Ann"
    assert last_game() == "maunakea"
    assert "[new_game.maunakea]" in (config_dir / "config.toml").read_text()

    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        await pilot.pause()
        assert form.query_one("#players", Select).value == 2
        assert not form.query_one("#seat-2").display  # two seats shown
        assert form.query_one("#name-0", Input).value == "Ann"
        assert form.query_one("#kind-1", Select).value == "random"
        assert form.query_one("#bot-pace", Select).value == 2.0
        assert form.query_one("#advanced", Switch).value
        setup = form.setup()
        assert setup.game_options.get("advanced") and setup.bot_pace == 2.0
        assert [s.bot for s in setup.seats] == [None, "random"]

        form.query_one("#game", Select).value = "kilauea"  # never played: its defaults
        await pilot.pause()
        assert form.query_one("#name-0", Input).value == "Ann"  # the names typed stay
        form.query_one("#players", Select).value = 4
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is not form, "the form to close")
    assert last_game() == "kilauea"
    maunakea = last_choices("maunakea")
    assert maunakea is not None and maunakea.players == 2  # kept beside Kilauea's
    kilauea = last_choices("kilauea")
    assert kilauea is not None and kilauea.players == 4

    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        await pilot.pause()
        assert form.query_one("#game", Select).value == "kilauea"  # the game chosen last
        assert form.query_one("#players", Select).value == 4
        form.query_one("#game", Select).value = "maunakea"
        await pilot.pause()
        assert form.query_one("#players", Select).value == 2  # Mauna Kea's own choices
        assert form.query_one("#advanced", Switch).value


async def test_a_damaged_memory_gives_the_defaults(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_text(
        "[new_game]\ngame = 7\n[new_game.maunakea]\n"
        'players = "many"\nnames = [1, 2]\nseats = ["no-such-bot"]\nbot_pace = true\n'
        'options = { advanced = "yes", start_player = 9 }\n'
    )
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        await pilot.pause()
        assert form.query_one("#game", Select).value == "maunakea"
        assert form.query_one("#players", Select).value == 3
        assert form.query_one("#name-0", Input).value == "Red"
        assert form.query_one("#kind-0", Select).value == "human"
        assert form.setup().game_options == {}  # "yes" is not a switch's value: off
        start = form.query_one("#maunakea-options").query_one("#start-player", Input)
        assert start.value == ""  # seat 10 of 3: not offered


async def test_the_focus_starts_on_the_game_and_enter_opens_its_list() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        form = app.screen
        game = form.query_one("#game", Select)
        await wait_for(pilot, lambda: app.focused is game, "the focus on the game")
        await pilot.press("enter")
        await wait_for(pilot, lambda: game.expanded, "the game list")
        assert app.screen is form  # no game started


async def test_a_switch_says_on_or_off_in_words() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        switch = form.query_one("#advanced", Switch)
        state = switch.parent.query_one(".switch-state", Label)  # type: ignore[union-attr]
        assert str(state.render()) == "off"
        switch.focus()
        await pilot.press("space")
        await wait_for(pilot, lambda: str(state.render()) == "on", "on")
        await pilot.press("space")
        await wait_for(pilot, lambda: str(state.render()) == "off", "off")


async def test_keys_typed_right_behind_n_reach_the_form() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        menu = app.screen
        await wait_for(pilot, lambda: menu.query_one("#actions").has_focus, "the menu's focus")
        # n, then (before the form is up) tab to the players, tab to seat 1's name, a name
        for event in XTermParser().feed("n\t\tZed"):
            app.post_message(event)
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        name = app.screen.query_one("#name-0", Input)
        await wait_for(pilot, lambda: name.value == "Zed", "the name typed")
        assert app.focused is name

"""The new-game form: the advanced game is a switch; a continued position keeps its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Switch

from tests.kit.maunakea_builder import Builder
from tui.app import CalderaApp
from tui.play.setup import TableSetup
from tui.screens.host_table import HostScreen
from tui.screens.new_game import NewGameScreen

from .conftest import wait_for

SIZE = (100, 40)


async def test_the_advanced_switch_sets_up_a_game_with_cards() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    chosen: list[TableSetup | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(NewGameScreen(players=2), chosen.append)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert not form.setup().game_options.get("advanced")
        form.query_one("#advanced", Switch).focus()
        await pilot.press("space")  # a switch toggles with the keyboard
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(chosen))
    setup = chosen[0]
    assert setup is not None and setup.game_options.get("advanced")
    assert setup.options()["advanced"] is True


async def test_a_continued_position_shows_its_own_game_and_cannot_change_it() -> None:
    doc = Builder(advanced=True).position()
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(NewGameScreen(players=2, position=doc, origin="x"))
        switch = app.screen.query_one("#advanced", Switch)
        assert switch.value and switch.disabled


async def test_the_start_player_is_typed_from_1_and_checked_against_the_seats() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    chosen: list[TableSetup | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(NewGameScreen(players=3), chosen.append)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        field = form.query_one("#maunakea-options").query_one("#start-player", Input)
        field.value = "4"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "start player: a seat from 1 to 3" in str(
            form.query_one("#form-error", Label).render()
        )
        field.value = "3"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(chosen))
    setup = chosen[0]
    assert setup is not None and setup.options()["start_player"] == 2  # stored from 0


async def test_arnak_is_offered_with_two_to_four_players_and_its_side() -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    chosen: list[TableSetup | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(NewGameScreen(players=2), chosen.append)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        game = form.query_one("#game", Select)
        assert "arnak" in [value for _, value in game._options]
        game.value = "arnak"
        await pilot.pause()
        side = form.query_one("#side", Select)
        assert form.query_one("#arnak-options").display  # Arnak's own options are shown
        assert not form.query_one("#turn-limit-field").display  # five rounds: no turn limit
        assert [v for _, v in form.query_one("#players", Select)._options] == [2, 3, 4]
        side.value = "snake"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(chosen))
    setup = chosen[0]
    assert setup is not None and setup.game == "arnak"
    assert setup.options()["side"] == "snake"


async def test_the_form_offers_the_bot_pace_and_an_empty_turn_limit_is_no_limit() -> None:
    app = CalderaApp(bot_pace=0.5, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(NewGameScreen(players=2))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        limit = form.query_one("#turn-limit", Input)
        limit.focus()
        await pilot.press("1", "backspace", "tab")  # typed, emptied, left: valid, not red
        await pilot.pause()
        assert limit.value == "" and not limit.has_class("-invalid")
        assert form.setup().turn_limit is None
        pace = form.query_one("#bot-pace", Select)
        assert pace.value == 0.5 and form.setup().bot_pace == 0.5
        pace.value = 0.0
        assert form.setup().bot_pace == 0.0


def type_in_one_burst(app: CalderaApp, text: str) -> None:
    """``text`` as a terminal hands it over when it comes in one read: every key of it is
    posted at once, none waits for the one before it to be handled (as Pilot's press does)."""
    for event in XTermParser().feed(text):
        app.post_message(event)


def paste(app: CalderaApp, text: str) -> None:
    """``text`` pasted: the terminal hands it over in one piece."""
    app.post_message(events.Paste(text))


@pytest.mark.parametrize("form", [NewGameScreen, HostScreen])
@pytest.mark.parametrize("hand_over", [type_in_one_burst, paste], ids=["typed", "pasted"])
async def test_a_seed_typed_or_pasted_with_a_tab_moves_on(
    form: type[Screen[Any]], hand_over: Callable[[CalderaApp, str], None]
) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(form())
        seed = app.screen.query_one("#seed", Input)
        turn_limit = app.screen.query_one("#turn-limit", Input)
        seed.focus()
        await pilot.pause()
        hand_over(app, "1234\t7")
        await wait_for(pilot, lambda: turn_limit.value == "7", "the 7 in the next field")
        assert seed.value == "1234"  # no tab, and nothing after it, kept in the seed
        assert app.focused is turn_limit
        type_in_one_burst(app, "\x1b[Z5")  # shift+tab back (the seed's text is selected): 5
        await wait_for(pilot, lambda: seed.value == "5", "the 5 in the seed")
        assert turn_limit.value == "7"


@pytest.mark.parametrize("form", [NewGameScreen, HostScreen])
async def test_the_form_says_before_a_game_starts_if_the_terminal_is_too_small(
    form: type[Screen[Any]],
) -> None:
    from core.games import get_rules
    from tui.games import min_size, shown_games
    from tui.widgets.size_note import SizeNote

    sizes = {game: min_size(game) for game in shown_games()}
    assert sizes["maunakea"] == (80, 24)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
        await app.push_screen(form())
        note = app.screen.query_one(SizeNote)
        game = app.screen.query_one("#game", Select)

        def said() -> str:
            return str(note.render()) if note.display else ""

        for terminal in ((60, 20), (80, 24)):
            await pilot.resize_terminal(*terminal)
            for name, need in sizes.items():
                assert need is not None
                game.value = name
                small = terminal[0] < need[0] or terminal[1] < need[1]
                words = (
                    f"{get_rules(name).title} needs a terminal of at least {need[0]}×{need[1]} "
                    f"(this one is {terminal[0]}×{terminal[1]})"
                )
                await wait_for(
                    pilot, lambda w=words, s=small: (w in said()) if s else not said(), words
                )
        needed = [need for need in sizes.values() if need is not None]
        largest = max(w for w, _ in needed), max(h for _, h in needed)
        await pilot.resize_terminal(*largest)
        await wait_for(pilot, lambda: not said(), "no line once the terminal is large enough")

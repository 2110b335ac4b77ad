"""Keys remapped in config.toml's ``[keys]`` (Textual's keymap): a remapped key acts and the
old one does not; every game's keys have a name to remap them by."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from core.games import GAMES
from core.games.maunakea import events as ev
from tui.app import CalderaApp
from tui.settings import bindings

from .conftest import wait_for
from .test_play import events_of, from_position, game_app, screen_of, turn_position


async def test_a_remapped_key_acts_and_the_old_one_does_not(config_dir: Path) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "config.toml").write_text('[keys]\n"maunakea.spend" = "z"\n', "utf-8")
    app = game_app(from_position(turn_position("keymap"), "keymap"))
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: screen_of(app).turn.playing)
        screen = screen_of(app)
        await pilot.press("1", "s")
        await pilot.pause()
        assert not any(isinstance(e, ev.TileSpent) for e in events_of(screen))
        await pilot.press("z")
        await wait_for(pilot, lambda: isinstance(events_of(screen)[-1], ev.TileSpent))
        assert screen.state.pool > 0


def test_every_key_of_every_game_has_a_name() -> None:
    named = bindings.name_bindings(CalderaApp)
    for cls in bindings._classes(CalderaApp):  # every screen and widget: each binding has an id
        own = cls.__dict__.get("BINDINGS", [])
        assert all(isinstance(b, Binding) and b.id in named for b in own), cls.__name__
    for game in GAMES:
        assert sum(name.startswith(f"{game}.") for name in named) >= 10, game


def test_a_name_no_key_has_is_said_in_one_line() -> None:
    known = bindings.name_bindings(CalderaApp)
    usable, problem = bindings.check({"maunakea.spend": "z, f5", "maunakea.nothing": "x"}, known)
    assert usable == {"maunakea.spend": "z,f5"}
    assert problem.startswith("[keys]: maunakea.nothing (no such key name") and "\n" not in problem

"""A replay's footer fits its terminal: every key it shows is whole, left of the command
palette's key, `q Leave` and `? Help` always among them; a key left out for room is one the
screen names as least needed, and the help lists it (Textual's footer scrolled them off at
Arnak's 100×30 and Mauna Kea's 80×24)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from tui.app import CalderaApp, Launch
from tui.screens.help import keys_table
from tui.screens.replay import ReplayScreen
from tui.widgets.fitting_footer import FittingFooter, action_name

from .conftest import go_to_event, screen_text, wait_for
from .test_arnak_replay import save_game


@pytest.fixture(scope="module")
def arnak_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "arnak.caldera"
    save_game(path, "footer", players=4)
    return path


def footer_keys(pilot: Pilot[None]) -> tuple[list[FooterKey], FooterKey]:
    """The footer's keys, the command palette's apart."""
    keys = list(pilot.app.screen.query_one(FittingFooter).query(FooterKey))
    palette = [key for key in keys if key.has_class("-command-palette")]
    assert len(palette) == 1
    return [key for key in keys if key is not palette[0]], palette[0]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 50)])
async def test_every_key_of_the_footer_is_whole_or_in_the_help(
    arnak_replay: Path, size: tuple[int, int]
) -> None:
    app = CalderaApp(Launch(replay=arnak_replay), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await go_to_event(pilot, 40)  # every step and jump acts both ways
        await pilot.pause()
        keys, palette = footer_keys(pilot)
        footer = screen.query_one(FittingFooter)
        assert footer.scroll_x == 0
        for key in keys:
            assert key.region.right <= palette.region.x, f"{key.key_display} is cut at {size}"
        shown = {action_name(key.action) for key in keys}
        assert {"leave", "app.help"} <= shown or {"leave", "help"} <= shown, shown
        assert "q Leave" in screen_text(pilot).splitlines()[-1]
        bound = {b.action for _node, b, _on, _tip in screen.active_bindings.values() if b.show}
        left_out = {action_name(action) for action in bound} - shown - {"app.command_palette"}
        assert left_out <= set(screen.FOOTER_LEAVES_OUT)
        assert left_out == footer.left_out & left_out
        if size[0] >= 160:
            assert not footer.left_out  # room for every key
        table = Console(width=200, record=True)
        table.print(keys_table(screen))  # what the help (?) lists
        helped = table.export_text()
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            if action_name(binding.action) in footer.left_out:
                assert (binding.tooltip or binding.description) in helped, binding.description

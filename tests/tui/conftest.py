"""Helpers for driving the app with a Pilot: a private data directory, waiting, pointing."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from core.games.maunakea.components import Space
from tui.games.maunakea.widgets.board import IslandBoard
from tui.screens.menu import MenuScreen

WAIT_LIMIT = 30.0  # seconds before a wait gives up (a hang guard, not a speed check)


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], what: str = "") -> None:
    """Let the app run until ``condition()`` holds (fails after a generous limit)."""
    loop_time = 0.0
    while not condition():
        await pilot.pause(0.02)
        loop_time += 0.02
        if loop_time > WAIT_LIMIT:
            raise AssertionError(f"gave up waiting for {what or condition}")


async def saved_games(pilot: Pilot[None], count: int) -> MenuScreen:
    """The menu, once it lists ``count`` saved games."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    await wait_for(pilot, lambda: menu.loaded and len(menu.entries) == count, "the saved games")
    return menu


async def point_at(pilot: Pilot[None], board: IslandBoard, target: Space) -> None:
    """Move the board's cursor to ``target`` with arrow keys only."""
    step = board.stride
    for _ in range(40):
        x, y = board.cursor
        if (x, y) == target:
            return
        if abs(target[0] - x) >= step:
            await pilot.press("right" if target[0] > x else "left")
        elif abs(target[1] - y) >= step:
            await pilot.press("down" if target[1] > y else "up")
        else:
            break
    assert board.cursor == target, f"cursor at {board.cursor}, wanted {target}"


async def go_to_event(pilot: Pilot[None], seq: int) -> None:
    """In a replay, ``g``, the event's number and enter, each key once the screen that reads it
    is up (a loaded machine may still be mounting it), until the replay stands at ``seq``."""
    from textual.widgets import Input

    from tui.screens.replay import GotoScreen, ReplayScreen

    app = pilot.app
    replay = app.screen
    assert isinstance(replay, ReplayScreen)
    await wait_for(pilot, lambda: replay.state is not None, "the replay's board")
    await pilot.press("g")
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, GotoScreen) and isinstance(app.focused, Input),
        "the go-to dialog",
    )
    await pilot.press(*str(seq), "enter")
    await wait_for(pilot, lambda: app.screen is replay and replay.position == seq, f"event {seq}")


def screen_text(pilot: Pilot[None]) -> str:
    """What the terminal shows now (every layer composited), as plain text."""
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)

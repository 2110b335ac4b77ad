"""The garbage collector paused for the launch comes back once the menu has shown, and an app
started otherwise (as the tests start it) leaves the collector as it found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tui.app import CalderaApp
from tui.launch import collector
from tui.screens.menu import MenuScreen

from .conftest import wait_for


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    """Each test starts and ends with the collector on, as Python starts."""
    gc.enable()
    yield
    collector.resume()
    gc.enable()


async def test_the_app_resumes_the_paused_collector_after_its_first_frame() -> None:
    collector.pause()
    assert not gc.isenabled()
    app = CalderaApp()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await wait_for(pilot, gc.isenabled, "the collector back on")


async def test_an_app_started_otherwise_leaves_the_collector_alone() -> None:
    gc.disable()  # someone else's choice: the app does not undo it
    app = CalderaApp()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.pause()
        assert not gc.isenabled()


def test_resume_without_pause_changes_nothing() -> None:
    collector.resume()
    assert gc.isenabled()
    collector.pause()
    collector.pause()  # a second pause: one resume still restores it
    collector.resume()
    assert gc.isenabled()

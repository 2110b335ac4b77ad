"""The key footer shows exactly what Textual's footer shows, without rebuilding its keys."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Label
from textual.widgets._footer import FooterKey

from tui.widgets.key_footer import KeyFooter

from .conftest import wait_for

# which actions act in each step: the others are hidden (False) or shown dimmed (None)
STEPS: list[dict[str, bool | None]] = [
    {"pick": True, "drop": False, "undo": None},
    {"pick": True, "drop": True, "undo": True},
    {"pick": None, "drop": True, "undo": True},  # only which keys act changed
    {"pick": False, "drop": True, "undo": False},  # keys hidden
    {"pick": True, "drop": False, "undo": None},  # and shown again
]


class Keys(App[None]):
    """A screen whose keys change at each ``n`` (the next step)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pick", "Pick", tooltip="Pick one"),
        Binding("d", "drop", "Drop"),
        Binding("u", "undo", "Undo", tooltip="Take it back"),
        Binding("n", "next", "Next step"),
    ]

    def __init__(self, footer: type[Footer]) -> None:
        super().__init__()
        self.footer = footer
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Label("keys")
        yield self.footer(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return STEPS[self.step].get(action, True)

    def action_next(self) -> None:
        self.step += 1
        self.refresh_bindings()
        self.refresh_bindings()  # twice before a frame, as a table does


def shown(app: App[None]) -> list[tuple[str, bool]]:
    return [(k.key, k.has_class("-disabled")) for k in app.query(FooterKey)]


def expected(step: int) -> list[tuple[str, bool]]:
    keys = [("p", "pick"), ("d", "drop"), ("u", "undo"), ("n", "next")]
    acting = STEPS[step]
    return [
        (key, acting.get(action, True) is None)
        for key, action in keys
        if acting.get(action, True) is not False
    ] + [("ctrl+p", False)]


def laid_out(app: App[None]) -> bool:
    """Every key has its place, as wide as its label (the footer's layout is done)."""
    keys = list(app.query(FooterKey))
    return all(k.content_region.width == k.render().cell_len > 0 for k in keys)


def at_step(app: App[None], step: int) -> bool:
    return shown(app) == expected(step) and laid_out(app)


def key_count(app: App[None], count: int) -> bool:
    return len(app.query(FooterKey)) >= count and laid_out(app)


async def screens(footer: type[Footer]) -> tuple[list[str], list[int]]:
    """A screenshot of every step, and how many key widgets were made over them all."""
    app = Keys(footer)
    made: dict[int, FooterKey] = {}  # (holding them: no id is reused)
    shots = []
    async with app.run_test(size=(60, 4)) as pilot:
        for step in range(len(STEPS)):
            if step:
                await pilot.press("n")
            await wait_for(pilot, partial(at_step, app, step), f"step {step}")
            made.update((id(k), k) for k in app.query(FooterKey))
            shots.append(app.export_screenshot())
    return shots, [len(made)]


async def test_the_key_footer_looks_like_textuals() -> None:
    ours, made = await screens(KeyFooter)
    theirs, theirs_made = await screens(Footer)
    assert ours == theirs
    # 3 keys and the palette, then one key added at step 1 and one at step 4 (after 2 went)
    assert made == [6]
    assert theirs_made == [21]  # Textual's footer makes them all anew at each step


async def test_grouped_keys_are_still_composed() -> None:
    """A footer with grouped keys is rebuilt as Textual does it (it is not changed in place)."""
    from textual.binding import Binding as B

    group = B.Group("Move")

    class Grouped(Keys):
        BINDINGS: ClassVar[list[BindingType]] = [
            B("p", "pick", "Pick", group=group),
            B("d", "drop", "Drop", group=group),
            B("u", "undo", "Undo"),
            B("n", "next", "Next step"),
        ]

    shots = []
    for footer in (KeyFooter, Footer):
        app = Grouped(footer)
        async with app.run_test(size=(60, 4)) as pilot:
            await wait_for(pilot, partial(key_count, app, 1), "the keys")
            await pilot.press("n")
            await wait_for(pilot, partial(key_count, app, 5), "step 1")
            shots.append(app.export_screenshot())
    assert shots[0] == shots[1]

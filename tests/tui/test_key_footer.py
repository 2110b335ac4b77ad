"""The key footer shows exactly what Textual's footer shows, without rebuilding its keys."""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Label
from textual.widgets._footer import FooterKey

from tui.widgets.key_footer import KeyFooter, KeyLine

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


def expected(step: int) -> list[tuple[str, bool]]:
    """The keys shown at ``step`` and whether each is dimmed (it does not act now)."""
    keys = [("p", "pick"), ("d", "drop"), ("u", "undo"), ("n", "next")]
    acting = STEPS[step]
    return [
        (key, acting.get(action, True) is None)
        for key, action in keys
        if acting.get(action, True) is not False
    ]


def palette_laid_out(app: App[None]) -> bool:
    palette = app.query(".-command-palette")
    return bool(palette) and palette.first().content_region.width > 0


def textuals_keys(app: App[None]) -> list[tuple[str, bool]]:
    keys = [k for k in app.query(FooterKey) if not k.has_class("-command-palette")]
    if not all(k.content_region.width == k.render().cell_len > 0 for k in keys):
        return []  # not laid out yet
    return [(k.key, k.has_class("-disabled")) for k in keys]


def our_keys(app: App[None]) -> list[tuple[str, bool]]:
    lines = app.query(KeyLine)
    return [(k.key, not k.enabled) for k in lines.first().keys] if lines else []


def cells(app: App[None]) -> list[tuple[str, Style | None]]:
    """Every cell of the screen: its character and style (not where a click lands)."""
    return [
        (char, segment.style.clear_meta_and_links() if segment.style else None)
        for strip in app.screen._compositor.render_strips()
        for segment in strip
        for char in segment.text
    ]


async def screens(
    footer: type[Footer],
) -> tuple[list[list[tuple[str, Style | None]]], int, set[int]]:
    """A screenshot of every step, how many times the screen was laid out after the first
    step, and the footer's widgets over all steps."""
    app = Keys(footer)
    keys = our_keys if footer is KeyFooter else textuals_keys
    shots = []
    layouts = 0
    widgets: dict[int, object] = {}  # (holding them: no id is reused)
    async with app.run_test(size=(60, 4)) as pilot:
        for step in range(len(STEPS)):
            if step:
                await pilot.press("n")
            ready = partial(lambda s: keys(app) == expected(s) and palette_laid_out(app), step)
            await wait_for(pilot, ready, f"step {step}")
            await pilot.pause()
            shots.append(cells(app))
            widgets.update((id(w), w) for w in app.query_one(Footer).children)
            if not step:
                layout = app.screen._refresh_layout

                def counted(*args: object, layout: Any = layout, **kwargs: object) -> None:
                    nonlocal layouts
                    layouts += 1
                    layout(*args, **kwargs)

                app.screen._refresh_layout = counted  # type: ignore[method-assign]
    return shots, layouts, set(widgets)


async def test_the_key_footer_looks_like_textuals_and_lays_out_nothing() -> None:
    ours, our_layouts, our_widgets = await screens(KeyFooter)
    theirs, their_layouts, their_widgets = await screens(Footer)
    assert ours == theirs
    assert our_layouts == 0  # keys shown, hidden, dimmed: one line repainted
    assert len(our_widgets) == 2  # the line of keys and the palette's key, made once
    assert their_layouts > 0 and len(their_widgets) == 21  # Textual's: all anew at each step


async def test_a_click_presses_the_key_under_it() -> None:
    app = Keys(KeyFooter)
    async with app.run_test(size=(60, 4)) as pilot:
        ready = lambda: our_keys(app) == expected(0) and palette_laid_out(app)  # noqa: E731
        await wait_for(pilot, ready, "the keys")
        line = app.query_one(KeyLine)
        x = line.render_line(0).text.index("Next step")
        await pilot.click(KeyLine, offset=(x, 0))
        await wait_for(pilot, lambda: app.step == 1, "the next step")
        await wait_for(pilot, lambda: our_keys(app) == expected(1), "its keys")


def key_count(app: App[None], count: int) -> bool:
    """At least ``count`` key widgets, each as wide as its label."""
    keys = list(app.query(FooterKey))
    laid_out = all(k.content_region.width == k.render().cell_len > 0 for k in keys)
    return len(keys) >= count and laid_out


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


async def hovered(footer: type[Footer], x: int) -> list[tuple[str, Style | None]]:
    """The footer's line with the mouse over column ``x`` of it."""
    app = Keys(footer)
    keys = our_keys if footer is KeyFooter else textuals_keys
    async with app.run_test(size=(60, 4)) as pilot:
        await wait_for(pilot, lambda: keys(app) == expected(0) and palette_laid_out(app))
        await pilot.hover(Footer, offset=(x, 0))
        await pilot.pause()
        return cells(app)[-60:]


async def test_a_key_under_the_mouse_is_lit_as_in_textuals() -> None:
    for x in (1, 9, 20):  # on Pick, on Undo, past the keys
        assert await hovered(KeyFooter, x) == await hovered(Footer, x), x

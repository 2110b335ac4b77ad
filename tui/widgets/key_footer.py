"""The footer of keys, one line repainted in place as the keys that act change.

Textual's ``Footer`` removes all its keys and mounts them again on every ``refresh_bindings``
(new widgets to style, a new layout, a repaint of the whole screen): on a game table, where the
keys that act change with the cursor and the picked explorer, that was most of a keypress's
cost. :class:`KeyFooter` shows the same keys the same way, but draws them all in one widget,
:class:`KeyLine`, as wide as the footer: a change of keys repaints that one line and lays out
nothing. It follows several refreshes before one frame once, and does nothing when nothing
changed. Grouped keys (a label after a group of keys) are still composed as Textual does.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tui.screens.needs import ShortFooter


class Key(NamedTuple):
    """One key as the footer shows it (the arguments of a ``FooterKey``)."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeyLine(FooterKey):
    """Every key of the footer (but the command palette's) in one line, each drawn as Textual's
    ``FooterKey`` draws itself, a key's margin after it; a click presses the key under it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer-key--key",
        "footer-key--description",
        "key-line--hover",
    }
    DEFAULT_CSS = """
    KeyLine {
        width: 1fr;
        &:hover {
            pointer: default;
            color: $footer-foreground;
            background: $footer-item-background;
        }
        & > .key-line--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    keys: reactive[tuple[Key, ...]] = reactive((), layout=False)
    hovered: reactive[int | None] = reactive(None)

    def __init__(self, keys: tuple[Key, ...]) -> None:
        super().__init__("", "", "", "")
        self.set_reactive(KeyLine.keys, keys)
        self.styles.margin = 0  # it draws the keys' margins itself (not the footer's)
        self._spans: list[tuple[int, int, int]] = []  # the cells of each key shown, its index

    def render_line(self, y: int) -> Strip:
        """The keys, then the footer's background: the margins and the rest of the line are
        not the keys' (nothing of this widget's own colour is drawn there)."""
        ground = Style(bgcolor=self.rich_style.bgcolor)
        segments: list[Segment] = []
        self._spans = []
        width = 0
        labels = self._labels()
        for index in self._fitting(labels):
            label, margin = labels[index]
            segments.extend(label.render(self.app.console))
            self._spans.append((width, width + label.cell_len, index))
            width += label.cell_len
            if margin:
                segments.append(Segment(margin, ground))
                width += len(margin)
        return (
            Strip(segments, width)
            .adjust_cell_length(self.size.width, ground)
            .crop(0, self.size.width)
        )

    def _labels(self) -> list[tuple[Text, str]]:
        """Each key's label as ``FooterKey.render`` makes it, and the margin after it."""
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        hover_style = self.get_component_rich_style("key-line--hover")
        key_padding = self.get_component_styles("footer-key--key").padding
        description_padding = self.get_component_styles("footer-key--description").padding
        margin = " " if self.compact else ""  # the footer's margin right of a compact key
        base = self.rich_style
        labels = []
        for index, key in enumerate(self.keys):
            item, on_key, on_description = base, key_style, description_style
            if index == self.hovered:  # what has no background of its own shows the hover's
                item = hover_style
                on_key, on_description = (
                    style + Style(bgcolor=item.bgcolor) if style.bgcolor == base.bgcolor else style
                    for style in (key_style, description_style)
                )
            if key.description:
                label = Text.assemble(
                    (" " * key_padding.left + key.display + " " * key_padding.right, on_key),
                    (
                        " " * description_padding.left
                        + key.description
                        + " " * description_padding.right,
                        on_description,
                    ),
                    end="",
                )
            else:
                label = Text.assemble((key.display, on_key), end="")
            label.stylize_before(item + Style(dim=True) if not key.enabled else item)
            labels.append((label, margin))
        return labels

    def _fitting(self, labels: list[tuple[Text, str]]) -> list[int]:
        """The keys shown: all when they fit the line, else without the screen's
        ``FOOTER_LEAVES_OUT`` actions, least needed first, until they do (they still act; the
        help and the palette list them)."""
        shown = list(range(len(labels)))

        def width() -> int:
            return sum(labels[i][0].cell_len + len(labels[i][1]) for i in shown)

        screen = self.screen
        for name in screen.FOOTER_LEAVES_OUT if isinstance(screen, ShortFooter) else ():
            if width() <= self.size.width:
                break
            shown = [i for i in shown if self.keys[i].action.split("(", 1)[0] != name]
        return shown

    def _key_at(self, x: int) -> int | None:
        return next((i for a, b, i in self._spans if a <= x < b), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = self._key_at(event.x)
        key = self.keys[self.hovered] if self.hovered is not None else None
        self.tooltip = key.tooltip or None if key is not None else None

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None

    def on_mouse_down(self) -> None:
        """(A key is pressed by a click on it, below: where is not known here.)"""

    def on_click(self, event: events.Click) -> None:
        index = self._key_at(event.x)
        if index is None:
            return
        key = self.keys[index]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()


class KeyFooter(Footer):
    """A ``Footer`` that repaints its keys in one line instead of rebuilding them."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._composed: tuple[bool, Key | None] | None = None  # plain keys?, the palette's key
        self._following = False  # a refresh is already due after this frame

    def _keys(self) -> tuple[tuple[Key, ...] | None, Key | None]:
        """The keys ``Footer.compose`` would show now (``None`` if some are grouped) and the
        command palette's key."""
        app = self.app
        active = self.screen.active_bindings
        keys: dict[str, Key] = {}  # one key an action, the first, as compose shows them
        plain = True
        for _node, binding, enabled, tooltip in active.values():
            if not binding.show:
                continue
            plain = plain and binding.group is None
            if binding.action not in keys:
                display = app.get_key_display(binding)
                desc = binding.description
                keys[binding.action] = Key(
                    binding.key, display, desc, binding.action, enabled, tooltip
                )
        palette = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tooltip = found
                tooltip = binding.tooltip or binding.description
                display = app.get_key_display(binding)
                desc = binding.description
                palette = Key(binding.key, display, desc, binding.action, enabled, tooltip)
        return (tuple(keys.values()) if plain else None), palette

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        keys, palette = self._keys()
        self._composed = (keys is not None, palette)
        if keys is None:
            yield from super().compose()
            return
        yield KeyLine(keys).data_bind(compact=Footer.compact)
        if palette is not None:
            yield FooterKey(
                palette.key,
                palette.display,
                palette.description,
                palette.action,
                classes="-command-palette",
                disabled=not palette.enabled,
                tooltip=palette.tooltip,
            )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._following:
            self._following = True
            self.call_after_refresh(self._follow_bindings)

    async def _follow_bindings(self) -> None:
        self._following = False
        if not self.is_attached:
            return
        keys, palette = self._keys()
        if keys is None or self._composed != (True, palette):
            await self.recompose()
            return
        line = self.query_children(KeyLine).first()
        line.keys = keys  # repainted only if they changed


def shown_keys(screen: Screen[Any]) -> list[Key]:
    """The keys the footer of ``screen`` shows now (the command palette's last), as drawn:
    for tests and tools."""
    keys: list[Key] = []
    for widget in screen.query(FooterKey):
        if isinstance(widget, KeyLine):
            keys.extend(widget.keys)
        else:
            keys.append(
                Key(
                    widget.key,
                    widget.key_display,
                    widget.description,
                    widget.action,
                    not widget._disabled,
                    str(widget.tooltip or ""),
                )
            )
    return keys

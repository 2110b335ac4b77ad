"""The footer of keys, changed in place as the keys that act change.

Textual's ``Footer`` removes all its keys and mounts them again on every ``refresh_bindings``
(new widgets to style, a new layout, a repaint of the whole screen): on a game table, where the
keys that act change with the cursor and the picked explorer, that was most of a keypress's
cost. :class:`KeyFooter` shows the same keys the same way, but relabels the key widgets it has,
adds or removes only the difference at the end, follows several refreshes before one frame
once, and does nothing when nothing changed. Grouped keys (a label after a group of keys) are
still recomposed as Textual does.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class Key(NamedTuple):
    """One key as the footer shows it (the arguments of a ``FooterKey``)."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeyFooter(Footer):
    """A ``Footer`` that changes its keys in place instead of rebuilding them."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._palette: Key | None = None  # the command palette's key as last composed
        self._plain = False  # the keys shown are plain ones (no group), so relabelled in place
        self._following = False  # a refresh is already due after this frame

    def _keys(self) -> tuple[list[Key] | None, Key | None]:
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
        return (list(keys.values()) if plain else None), palette

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
        if keys is None or not self._plain or palette != self._palette:
            self._plain, self._palette = keys is not None, palette
            await self.recompose()
            return
        widgets = [w for w in self.query_children(FooterKey) if not w.has_class("-command-palette")]
        for widget, key in zip(widgets, keys, strict=False):
            relabel(widget, key)
        if len(widgets) > len(keys):
            await self.remove_children(widgets[len(keys) :])
        elif len(keys) > len(widgets):
            new = [footer_key(key) for key in keys[len(widgets) :]]
            palette_key = self.query_children(".-command-palette")
            await self.mount_all(new, before=palette_key.first() if palette_key else None)


def footer_key(key: Key) -> FooterKey:
    """A key widget as ``Footer.compose`` makes it."""
    widget = FooterKey(
        key.key,
        key.display,
        key.description,
        key.action,
        disabled=not key.enabled,
        tooltip=key.tooltip,
    )
    return widget.data_bind(compact=Footer.compact)


def relabel(widget: FooterKey, key: Key) -> None:
    """Make ``widget`` show ``key`` (as if made by :func:`footer_key`)."""
    shown = Key(
        widget.key,
        widget.key_display,
        widget.description,
        widget.action,
        not widget._disabled,
        str(widget.tooltip or ""),
    )
    if shown == key:
        return
    resized = (widget.key_display, widget.description) != (key.display, key.description)
    widget.key, widget.key_display, widget.description = key.key, key.display, key.description
    widget.action = key.action
    widget.tooltip = key.tooltip or None
    widget._disabled = not key.enabled
    widget.set_class(not key.enabled, "-disabled")
    widget.refresh(layout=resized)

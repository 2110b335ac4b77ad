"""A footer whose keys fit its line: Textual's ``Footer`` shows every key in a row that
scrolls, so on a narrow terminal the last keys (``q Leave``, ``? Help``) were cut off. This one
leaves out, while the row would not fit, the keys its screen names in ``FOOTER_LEAVES_OUT``
(least needed first); they still act, and the help (``?``) and the command palette list them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import groupby
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

from tui.screens.needs import ShortFooter

Entry = tuple[Binding, bool, str]  # a binding, whether it acts now, its tooltip
PALETTE_FRAME = 3  # the command palette key's border and padding, right of the keys


def action_name(action: str) -> str:
    """``jump('start')`` → ``jump``."""
    return action.split("(", 1)[0]


class FittingFooter(Footer):
    """Textual's compact footer, leaving out the screen's ``FOOTER_LEAVES_OUT`` actions (in
    that order) until the keys fit the terminal's width."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.left_out: frozenset[str] = frozenset()

    def _actions(self) -> list[list[Entry]]:
        """The shown bindings, one list per action, in the screen's order (as Footer does)."""
        by_action: defaultdict[str, list[Entry]] = defaultdict(list)
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        return list(by_action.values())

    def _palette(self) -> tuple[Binding, bool, str] | None:
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _node, binding, enabled, tooltip = found
        return binding, enabled, tooltip

    def _leaving_out(self, actions: list[list[Entry]], width: int) -> frozenset[str]:
        """The fewest of the screen's ``FOOTER_LEAVES_OUT``, in order, that make the row fit."""
        room = width
        palette = self._palette()
        if palette is not None:
            binding = palette[0]
            room -= cell_len(self.app.get_key_display(binding)) + 1
            room -= cell_len(binding.description) + PALETTE_FRAME
        left: set[str] = set()
        screen = self.screen
        order = screen.FOOTER_LEAVES_OUT if isinstance(screen, ShortFooter) else ()
        for name in (None, *order):
            if name is not None:
                left.add(name)
            if self._row_width(self._kept(actions, left)) <= room:
                break
        return frozenset(left)

    @staticmethod
    def _kept(actions: list[list[Entry]], left: Iterable[str]) -> list[list[Entry]]:
        out = set(left)
        return [entries for entries in actions if action_name(entries[0][0].action) not in out]

    def _grouped(self, actions: list[list[Entry]]) -> list[tuple[Any, list[list[Entry]]]]:
        return [
            (group, list(members))
            for group, members in groupby(actions, lambda entries: entries[0][0].group)
        ]

    def _row_width(self, actions: list[list[Entry]]) -> int:
        """The columns the compact row of ``actions`` takes (each key's margin included)."""
        total = 0
        for group, members in self._grouped(actions):
            keys = [self.app.get_key_display(entries[0][0]) for entries in members]
            if group is not None and len(members) > 1:
                total += sum(cell_len(k) for k in keys) + len(keys) + 1  # the keys, margins
                total += 1 + cell_len(group.description) + 1
            else:
                for key, entries in zip(keys, members, strict=True):
                    total += cell_len(key) + 1 + cell_len(entries[0][0].description) + 1
        return total

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        actions = self._actions()
        self.left_out = self._leaving_out(actions, self.app.size.width)
        kept = self._kept(actions, self.left_out)
        self.styles.grid_size_columns = len(kept)
        for group, members in self._grouped(kept):
            if group is not None and len(members) > 1:
                with KeyGroup(classes="-compact" if group.compact else ""):
                    for entries in members:
                        binding, enabled, tooltip = entries[0]
                        yield FooterKey(
                            binding.key,
                            self.app.get_key_display(binding),
                            "",
                            binding.action,
                            disabled=not enabled,
                            tooltip=tooltip or binding.description,
                            classes="-grouped",
                        ).data_bind(compact=Footer.compact)
                yield FooterLabel(group.description)
            else:
                for entries in members:
                    binding, enabled, tooltip = entries[0]
                    yield FooterKey(
                        binding.key,
                        self.app.get_key_display(binding),
                        binding.description,
                        binding.action,
                        disabled=not enabled,
                        tooltip=tooltip,
                    ).data_bind(compact=Footer.compact)
        palette = self._palette()
        if palette is not None:
            binding, enabled, _tooltip = palette
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    def on_resize(self, event: events.Resize) -> None:
        """A new width may leave out more keys, or fewer."""
        if not (self._bindings_ready and self.is_attached):
            return
        if self._leaving_out(self._actions(), event.size.width) != self.left_out:
            self.call_after_refresh(self.recompose)

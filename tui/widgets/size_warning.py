"""A terminal too small for a screen: a warning that names the size needed, shown while the
terminal is smaller and taken away as soon as it is large enough."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


class SizeWarning:
    """Follows one screen's size against the ``needed`` columns × rows."""

    def __init__(self, screen: Screen[Any], needed: tuple[int, int], what: str) -> None:
        self.screen = screen
        self.needed = needed
        self.what = what
        self.shown = False

    def check(self, width: int, height: int) -> None:
        """The terminal is now ``width`` × ``height``: warn, or take the warning away."""
        need_w, need_h = self.needed
        small = width < need_w or height < need_h
        if small and not self.shown:
            self.shown = True
            self.screen.notify(
                f"{self.what} needs a terminal of at least {need_w}×{need_h} "
                f"(this one is {width}×{height}).",
                severity="warning",
                timeout=3600,
            )
        elif not small and self.shown:
            self.shown = False
            self.screen.app.clear_notifications()

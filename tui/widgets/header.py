"""The screens' header: Textual's own, except that a title changed while its screen is being
taken down is let go instead of raising.

Textual's ``Header`` watches the app's and the screen's ``title`` and ``sub_title`` and writes
them into its ``HeaderTitle``; once that child is gone (the screen is closing, the app is
stopping) a late change, such as a table's status arriving as the app quits, raised
``NoMatches`` out of the app."""

from __future__ import annotations

from contextlib import suppress

from textual import events
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.widgets import Header as TextualHeader


class Header(TextualHeader):
    """Textual's header, quiet about a title that changes after its screen began to close."""

    def _on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # Textual's own handler watches the titles unguarded

        def retitle() -> None:
            # taken down with its screen: nothing is left to write the title in
            with suppress(NoMatches, NoScreen):
                self.query_one("HeaderTitle").update(self.format_title())  # type: ignore[attr-defined]

        for owner in (self.app, self.screen):
            self.watch(owner, "title", retitle)
            self.watch(owner, "sub_title", retitle)

"""The fields of a form (the new-game and host dialogs) take text as a person types it, however
fast it comes: a burst of keys with a tab in it, or a paste with tabs, fills one field after
another instead of leaving the tab (or the keys after it) in the first.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Input

from core.language import N_

# Tab moves between the fields before the next key is handed out: keys typed in one burst
# ("1234<tab>7") are all handed to the field focused when each arrives, and a field's own tab
# bubbles up to the screen only after the keys behind it went to the same field.
FORM_KEYS: list[BindingType] = [
    Binding("tab", "app.focus_next", N_("Next field"), show=False, priority=True),
    Binding("shift+tab", "app.focus_previous", N_("Previous field"), show=False, priority=True),
]


class FieldInput(Input):
    """A form's text field: a paste with tabs in it ("1234<tab>7") fills this field up to the
    tab and goes on in the next field, as typing it would (Textual's field keeps the tab)."""

    def _on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # Textual calls its own paste after this one, unless told not to
        first, tab, rest = event.text.partition("\t")
        super()._on_paste(events.Paste(first) if tab else event)
        event.stop()
        if not tab:
            return
        self.screen.focus_next()
        after = self.app.focused
        if rest and isinstance(after, Input) and after is not self:
            after.post_message(events.Paste(rest))

"""A terminal too small for a screen: a warning that names the size needed and the size the
terminal has now, kept up to date as the terminal changes, taken away as soon as it is large
enough, and while the screen is not the one shown (left, or under another)."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from textual.notifications import Notification, Notify
from textual.screen import Screen

from core.language import Translator

T = Translator("app")
_ = T.gettext


class FollowsSize:
    """A screen with a size warning (``_size_warning``): the warning is taken away while the
    screen is covered or left, and looked at again when it is shown again."""

    _size_warning: SizeWarning

    def on_screen_suspend(self) -> None:
        self._size_warning.withdraw()

    def on_screen_resume(self) -> None:
        screen = self._size_warning.screen
        if screen.is_mounted:
            self._size_warning.check(*screen.app.size)

    def on_unmount(self) -> None:
        self._size_warning.withdraw()


class SizeWarning:
    """Follows one screen's size against the ``needed`` columns × rows."""

    def __init__(self, screen: Screen[Any], needed: tuple[int, int], what: str) -> None:
        self.screen = screen
        self.needed = needed
        self.what = what
        self._notice: Notification | None = None

    @property
    def shown(self) -> bool:
        return self._notice is not None

    def check(self, width: int, height: int) -> None:
        """The terminal is now ``width`` × ``height``: warn (saying this size), or take the
        warning away."""
        need_w, need_h = self.needed
        text = None
        if width < need_w or height < need_h:
            text = _(
                "{what} needs a terminal of at least {need_w}×{need_h} (this one is "
                "{width}×{height})."
            ).format(what=self.what, need_w=need_w, need_h=need_h, width=width, height=height)
        if self._notice is not None and self._notice.message == text:
            return
        self.withdraw()
        if text is not None:
            self._notice = Notification(text, "", "warning", timeout=3600)
            self.screen.app.post_message(Notify(self._notice))

    def withdraw(self) -> None:
        """Take the warning away (the screen is left, or the terminal is large enough)."""
        notice, self._notice = self._notice, None
        if notice is not None:
            self._remove(notice)
            self.screen.app.call_later(self._remove, notice)  # its Notify may be on its way

    def _remove(self, notice: Notification) -> None:
        with suppress(KeyError):  # not shown (yet, or any more: dismissed with a click)
            self.screen.app._unnotify(notice)  # Textual's own removal of one notification

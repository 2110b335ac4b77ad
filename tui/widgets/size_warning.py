"""A terminal too small for a screen: a warning that names the size needed and the size the
terminal has now, kept up to date as the terminal changes, taken away as soon as it is large
enough, and while the screen is not the one shown (left, or under another); and a form's line
that says so before a game starts (:class:`SizeNote`)."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets import Static

from core.games import get_rules
from tui.games import min_size


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
            text = (
                f"{self.what} needs a terminal of at least {need_w}×{need_h} "
                f"(this one is {width}×{height})."
            )
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


class SizeNote(Static):
    """A form's line before a game starts: the terminal is too small for the game chosen, and
    the size its table needs (each game's ``MIN_SIZE``); no line when it fits. The form calls
    :meth:`show_for` when the game changes and :meth:`check` when the terminal does."""

    DEFAULT_CSS = """
    SizeNote {
        color: $warning;
        height: auto;
        margin: 1 0 0 14;
        display: none;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.game: str | None = None

    def show_for(self, game: str) -> None:
        self.game = game
        self.check()

    def check(self) -> None:
        """Say (or stop saying) that this terminal is too small for the chosen game."""
        need = min_size(self.game) if self.game is not None else None
        width, height = self.app.size
        text = ""
        if need is not None and (width < need[0] or height < need[1]):
            title = get_rules(self.game).title if self.game is not None else "This game"
            text = (
                f"{title} needs a terminal of at least {need[0]}×{need[1]} (this one is "
                f"{width}×{height}): make it larger before you start."
            )
        self.update(text)
        self.display = bool(text)

"""A form's line before a game starts: this terminal is too small for the game chosen, and the
size its table needs (the game's table says the same once it is open: :mod:`size_warning`)."""

from __future__ import annotations

from textual.widgets import Static

from core.games import get_rules
from core.language import Translator
from tui.games import min_size

T = Translator("app")
_ = T.gettext


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
            title = get_rules(self.game).title if self.game is not None else _("This game")
            text = _(
                "{game} needs a terminal of at least {need_w}×{need_h} (this one is "
                "{width}×{height}): make it larger before you start."
            ).format(game=title, need_w=need[0], need_h=need[1], width=width, height=height)
        self.update(text)
        self.display = bool(text)

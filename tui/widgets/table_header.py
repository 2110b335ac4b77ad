"""The header of a table in play, fitted to the terminal: the game, whose turn, and at a
networked table the connection, each seat with its clock, how many watch and your move at
another table.

Textual's header cuts a long line at its end (``…``), and at a club table with clocks that was
the clocks themselves from about 110 columns down. Here the line is said whole when it fits, as
before; when it does not, the header first takes the columns its empty right corner kept, then
leaves out, in this order, what is said elsewhere or matters least (:data:`SQUEEZES`): the names
after the game's title (each seat names its player), the game's long title, the other table's
name, the words after a seat's mark (``○`` away, ``⚙`` a bot), ``connected``, how many watch;
then the players' names are shortened. A seat's mark and its clock are never left out or cut.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual.content import Content

from core.language import Translator
from tui.widgets.header import Header

T = Translator("app")
_, ngettext = T.gettext, T.ngettext

ICON_WIDE = 8  # Textual's icon corner (the command palette's button)
ICON_NARROW = 3  # the icon alone, when the line needs the room
CLOCK_SPACE = 10  # the empty corner on the right Textual keeps for a clock
SEP = " — "


@dataclass(frozen=True)
class SeatWords:
    """A seat as the header says it: ``●Ann ▸4:07``, ``○Bob(away) 5:00``, ``·open``."""

    mark: str  # ● connected, ○ away, ⚙ a bot, · open
    name: str
    aside: str = ""  # ``(away)``, ``(bot for now)``: what the mark says, in words
    clock: str = ""  # ``▸4:07`` while it runs; empty without a clock

    def said(self, name_room: int | None, aside: bool) -> str:
        name = self.name if name_room is None else shortened(self.name, name_room)
        words = f"{self.mark}{name}{self.aside if aside else ''}"
        return f"{words} {self.clock}" if self.clock else words


@dataclass(frozen=True)
class HeaderWords:
    """Everything the header of a table may say, in parts it can leave out or shorten."""

    game: str  # the game's title
    short_game: str  # its last word, say, where the header is short of room
    names: tuple[str, ...] = ()
    watching: bool = False  # this screen only watches
    now: str = ""  # ``your turn``, ``Ann's turn``
    status: str = ""  # ``connected``, ``reconnecting…``, ``local`` (empty: no sub-title)
    seats: tuple[SeatWords, ...] = ()  # said only while connected
    spectators: int = 0
    elsewhere: str = ""  # ``your move at <game> k3f9x2 (+1)``
    short_elsewhere: str = ""  # ``your move at k3f9x2 (+1)``

    def parts(self, squeeze: int = 0, name_room: int | None = None) -> tuple[str, str]:
        """The title and the sub-title, with the first ``squeeze`` of :data:`SQUEEZES` done and
        each player's name at most ``name_room`` columns."""
        done = set(SQUEEZES[:squeeze])
        base = self.short_game if "game" in done else self.game
        if self.names and not ("names" in done and self.seats):
            base = f"{base} — {', '.join(self.names)}"
        watching = _("watching") if self.watching else ""
        title = " · ".join(p for p in (base, watching, self.now) if p)
        sub = self.status
        if self.seats:
            seats = " ".join(seat.said(name_room, "asides" not in done) for seat in self.seats)
            sub = seats if "connected" in done else f"{sub} · {seats}"
            if self.spectators and "spectators" not in done:
                watchers = ngettext("{n} watching", "{n} watching", self.spectators)
                sub = f"{sub} · {watchers.format(n=self.spectators)}"
        elsewhere = self.short_elsewhere if "elsewhere" in done else self.elsewhere
        if elsewhere:
            sub = f"{sub} · {elsewhere}" if sub else elsewhere
        return title, sub

    def fitted(self, room: int) -> tuple[str, str]:
        """The title and sub-title in at most ``room`` columns (whole if they fit; never
        without a seat's clock)."""
        for squeeze in range(len(SQUEEZES) + 1):
            parts = self.parts(squeeze)
            if width(parts) <= room:
                return parts
        longest = max((len(seat.name) for seat in self.seats), default=0)
        for name_room in range(longest - 1, 0, -1):
            parts = self.parts(len(SQUEEZES), name_room)
            if width(parts) <= room:
                return parts
        return parts


SQUEEZES = ("names", "game", "elsewhere", "asides", "connected", "spectators")


def width(parts: tuple[str, str]) -> int:
    """The columns ``title — sub-title`` takes."""
    title, sub = parts
    return cell_len(title) + (cell_len(SEP) + cell_len(sub) if sub else 0)


def shortened(name: str, room: int) -> str:
    """``name`` in at most ``room`` columns: its first letters, ``…`` saying some are left out,
    and its number if it ends with one (``Greedy bot 3``: ``Gre…3``, told from ``Gre…4``)."""
    if len(name) <= room:
        return name
    head, _, number = name.rpartition(" ")
    end = number if head and number.isdigit() and len(number) + 2 <= room else ""
    return name[: room - 1 - len(end)] + "…" + end if room > 1 else name[:1]


class TableHeader(Header):
    """A table's header: :attr:`words` said in the room there is (see the module's doc); the
    screen's ``title`` and ``sub_title`` stay the whole line (what tests and the palette read)."""

    DEFAULT_CSS = """
    TableHeader.-squeezed HeaderClockSpace { display: none; }
    TableHeader.-squeezed HeaderIcon { width: 3; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.words: HeaderWords | None = None

    def say(self, words: HeaderWords) -> None:
        """Say ``words`` from now on (fitted to the header's width)."""
        if words != self.words:
            self.words = words
            self._retitle()

    def on_resize(self) -> None:
        self._retitle()

    def _retitle(self) -> None:
        if self.is_mounted:
            self.query_one("HeaderTitle").update(self.format_title())  # type: ignore[attr-defined]

    def format_title(self) -> Content:
        words = self.words
        total = self.size.width
        if words is None or total == 0:
            return super().format_title()
        room = total - ICON_WIDE - CLOCK_SPACE
        squeezed = width(words.parts()) > room
        self.set_class(squeezed, "-squeezed")
        if squeezed:
            room = total - ICON_NARROW - 1
        title, sub = words.fitted(room)
        if not sub:
            return Content(title)
        return Content.assemble(Content(title), (SEP, "dim"), Content(sub).stylize("dim"))

"""A club lobby's chat in the line mode (``caldera lobby --chat``): each line printed as it comes
(``Ann says: anyone for a game?``), the last ones first, and what the player types: ``say TEXT``,
``chat``, ``mute Ann``, ``block Ann`` and, for a club moderator, ``timeout Ann 10 spam``, as at a
table (:mod:`tui.lines.chat`); ``tables`` lists the lobby's tables, ``help`` and ``quit``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from core.language import N_, Translator
from net.club.lobby import Lobby
from net.club.moderating import time_out
from net.wire.messages import TableListing
from tui.lines.chat import LineChat
from tui.lines.player import QUIT, ReadLine, read_in_thread

_ = Translator("cli").gettext

HELP = N_(
    "'say TEXT' talks to everyone in the lobby; 'chat' reads its last lines again; 'mute Ann' "
    "hides Ann's lines ('unmute Ann' shows them); 'block Ann' hides them at the tables too and "
    "seats Ann no more at a table you host ('unblock Ann'); a club moderator types 'timeout Ann "
    "10 spam' (0 minutes lets Ann speak); 'tables' lists the tables; 'quit' leaves."
)


class LineLobby:
    """The chat of one open ``lobby``, read from ``read`` and said on ``out``; ``table_line``
    words a table for ``tables``."""

    def __init__(
        self,
        lobby: Lobby,
        read: ReadLine,
        out: TextIO = sys.stdout,
        table_line: Callable[[TableListing], str] = lambda card: card.table,
        config: Path | None = None,
    ) -> None:
        self.lobby = lobby
        self.read = read
        self.out = out
        self.table_line = table_line

        async def moderate(key: str, minutes: int, reason: str) -> object:
            return await time_out(lobby, key, minutes, reason)

        self.chat = LineChat(lobby.chat, self.say, lambda: None, config, others=self.people,
                             moderate=moderate)  # fmt: skip

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def people(self) -> list[tuple[str, str]]:
        """The names and keys of the players seated at the lobby's tables (to mute by name)."""
        tables = self.lobby.tables.values()
        return [(seat.name, seat.key) for card in tables for seat in card.seats if seat.key]

    async def run(self) -> int:
        """Chat until ``quit`` or the end of the input; 0."""
        try:
            self.say(_("The lobby's chat: type say and your words (say anyone for a game?), "
                       "help, or quit."))  # fmt: skip
            self.lobby.chat.catch_up()  # the last lines, said before the server answered
            while True:
                typed = await read_in_thread(self.read)
                if not typed:
                    return 0  # the end of the input
                words = typed.strip()
                if not words:
                    continue
                if words.lower().split() in QUIT:
                    return 0
                if words.lower() == "help":
                    self.say(_(HELP))
                elif words.lower() == "tables":
                    self._tables()
                elif not self.chat.handles(words):
                    self.say(_("Type say and your words, chat, mute NAME, tables, help or quit."))
        finally:
            self.chat.close()

    def _tables(self) -> None:
        cards = sorted(self.lobby.tables.items())
        for _table, card in cards:
            self.say(self.table_line(card))
        if not cards:
            self.say(_("No tables in the lobby."))

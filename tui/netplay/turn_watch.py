"""The app's watch over your turns at every table of the club: the bell when it becomes your
move anywhere (the ``bell`` setting), a note, and a line for the header of whatever table you
are at (``your move at <game's title> k3f9x2``).

It follows the retained turn messages of this identity (:mod:`net.table.turns`) through a lobby of
its own, from the first time the app uses the network (or from the start, for a player who has sat
at a table before), until the app quits.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from core.errors import CalderaError
from core.language import Translator
from core.titles import title_of
from net.club.lobby import Lobby
from net.club.your_games import MyTable, my_tables
from net.seat.taken import seats_taken
from tui.netplay.hosting import network_config
from tui.netplay.presence import handed_to
from tui.screens.needs import ShowsSession, app_needs, table_of

if TYPE_CHECKING:
    from textual.app import App

    from tui.netplay.hosting import Terminal

_ = Translator("net").gettext


class TurnWatch:
    """Your turns at every table of the configured broker."""

    def __init__(self, app: App[Any], terminal: Terminal) -> None:
        self.app = app
        self.terminal = terminal
        self.lobby: Lobby | None = None
        self.rang: set[str] = set()  # tables whose move of ours was already announced

    def tables(self) -> list[MyTable]:
        lobby = self.lobby
        if lobby is None:
            return []
        return my_tables(lobby.tables, lobby.turns, seats_taken(self.terminal.identity))

    def elsewhere(self, table: str | None, short: bool = False) -> str:
        """``your move at <game's title> k3f9x2`` for your turns at other tables than ``table``
        (``short``: ``your move elsewhere``, for a narrow header)."""
        mine = [t for t in self.tables() if t.your_turn and t.table != table]
        if not mine:
            return ""
        first = mine[0]
        more = f" (+{len(mine) - 1})" if len(mine) > 1 else ""
        if short:
            return _("your move elsewhere") + more
        return _("your move at {game} {table}").format(game=first.title, table=first.table) + more

    async def run(self) -> None:
        """Follow the turns until cancelled (a broker that does not answer: try again later)."""
        config, _problem = network_config()
        lobby = Lobby(config.broker, identity=self.terminal.identity,
                      keys=self.terminal.keys, turns=True)  # fmt: skip
        while True:
            try:
                await lobby.open()
                break
            except CalderaError:
                await asyncio.sleep(30.0)
        self.lobby = lobby
        stop = lobby.subscribe_turns(handed_to(self.app, self._turn))
        for table, message in list(lobby.turns.items()):  # those that came while connecting
            self._turn(table, message)
        try:
            await asyncio.Event().wait()
        finally:
            stop()
            self.lobby = None
            await lobby.close()

    def _turn(self, table: str, message: dict[str, Any] | None) -> None:
        ours = message is not None and message.get("your_turn") is True
        if not ours:
            self.rang.discard(table)
            return
        if table in self.rang:
            return
        self.rang.add(table)
        screen = self.app.screen
        if isinstance(screen, ShowsSession) and table_of(screen.session) == table:
            return  # the table on screen rings by itself
        needs = app_needs(self.app)
        if needs is None or needs.settings.bell:
            self.app.bell()
        assert message is not None
        game = title_of(str(message.get("game", "")), str(message.get("title", "")))
        said = _("Your move at {game} {table}").format(game=game, table=table)
        self.app.notify(said, timeout=6)

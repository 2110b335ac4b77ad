"""The lobby: every open and running table on the broker, live, and the doors to them.

A named exclusive worker keeps a :class:`net.club.lobby.Lobby` open for as long as the screen is
there; each change of a table's card updates its row. ``enter`` takes a seat (your name, a free
seat) or gives back the seat this terminal held; ``w`` watches as a spectator. Either way the
table's room (:mod:`tui.screens.room`) follows, then the game's own screen.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core.errors import CalderaError
from core.language import N_, Translator, decimal
from core.titles import title_of
from net.club.lobby import Lobby
from net.club.moderating import time_out
from net.config import BrokerAddress
from net.seat.session import NetSession
from net.wire.messages import TableListing
from tui.games import shown_games
from tui.netplay.chat import ChatNotices, ChatScreen
from tui.netplay.hosting import Terminal, broker_from_text, network_config
from tui.netplay.presence import handed_to, presence, taken
from tui.screens.choice import AskScreen
from tui.screens.join import JoinChoice, JoinScreen
from tui.screens.room import RoomScreen, options_line
from tui.widgets.header import Header
from tui.widgets.text_line import TextLine

T = Translator("app")
_ = T.gettext

# TRANSLATORS: a table's status in the lobby's list
STATUS_WORDS = {"open": N_("open"), "running": N_("playing"), "over": N_("game over")}


class LobbyScreen(Screen[None]):
    """The tables on one broker."""

    CSS_PATH = "lobby.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", N_("Join"), tooltip=N_("Take a seat at the highlighted table")),
        Binding(
            "w", "watch", N_("Watch"), tooltip=N_("Watch the highlighted table as a spectator")
        ),
        Binding("T", "chat", N_("Chat"), tooltip=N_("The club's lobby chat")),
        Binding("b", "broker", N_("Broker…"), tooltip=N_("Look at the tables of another broker")),
        Binding("r", "reconnect", N_("Retry"), tooltip=N_("Connect to the broker again")),
        Binding("escape", "back", N_("Back"), tooltip=N_("Back to the menu")),
    ]

    FOLLOW_TURNS = False  # also follow this identity's turn messages (Your games)
    HEADING = N_("Lobby")  # translated where shown
    ABOUT = N_("Tables on {address} ({state}). Host one from the menu to add yours.")

    connected: reactive[bool] = reactive(False)
    note: reactive[str] = reactive("")  # the last problem, one line

    def __init__(self, terminal: Terminal, address: BrokerAddress | None = None) -> None:
        super().__init__()
        config, problem = network_config()
        self.terminal = terminal
        self.configured = config.broker
        self.address = address or config.broker
        self.player_name = terminal.name or config.name or "Player"
        self.config_problem = problem
        self.lobby: Lobby | None = None
        self.cards: list[TableListing] = []
        self.joining = False
        self._chat_notices: ChatNotices | None = None  # the lobby chat's notices and count

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="lobby"):
            yield Static("", id="lobby-broker")
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield Static("", id="table-details")
            yield TextLine(id="lobby-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _(self.HEADING)
        tables = self.query_one("#tables", DataTable)
        tables.add_columns(*(_(c) for c in self.columns()))
        tables.focus()
        if self.config_problem:
            self.note = self.config_problem
        self._follow_lobby()
        self.set_interval(0.5, self._show_connection)

    def columns(self) -> tuple[str, ...]:
        return (N_("Table"), N_("Game"), N_("Name"), N_("Host"), N_("Seats"), N_("Status"))

    # -- following the lobby --------------------------------------------------------------------

    @work(exclusive=True, group="lobby", name="lobby")
    async def _follow_lobby(self) -> None:
        """Keep the lobby open (and its rows live) until the screen goes or the broker changes."""
        self.lobby = None
        self.cards = []
        self._show_tables()
        self.query_one("#lobby-broker", Static).update(
            _("Connecting to {address}…").format(address=self.address)
        )
        lobby = Lobby(
            self.address,
            identity=self.terminal.identity,
            name=self.player_name,
            keys=self.terminal.keys,
            turns=self.FOLLOW_TURNS,
        )
        try:
            await lobby.open()
        except CalderaError as exc:
            if self._gone():
                return
            self.query_one("#lobby-broker", Static).update(Text(f"✗ {exc}", style="bold #ff6b6b"))
            self.note = _(
                "b chooses another broker, r tries again (a host starts one for its table)"
            )
            self.refresh_bindings()
            return
        self.lobby = lobby
        unsubscribe = lobby.subscribe(handed_to(self, self._table_changed))
        no_turns = lobby.subscribe_turns(handed_to(self, self._table_changed))
        notices = ChatNotices(self, lobby.chat, counted=True)  # a notice, the footer's count
        self._chat_notices = notices
        try:
            self.note = ""
            self._show_connection()
            await asyncio.sleep(0.3)  # the retained cards arrive at once
            self._show_tables()
            await asyncio.Event().wait()
        finally:
            unsubscribe()
            no_turns()
            notices.close()
            self.lobby = None
            await lobby.close()

    def _table_changed(self, table: str, card: TableListing | None) -> None:
        self._show_tables()

    def _gone(self) -> bool:
        """Whether the screen's widgets are gone (it is being closed; its worker and the lobby's
        callbacks may still run once before they are stopped)."""
        return not self.query("#tables")

    def _show_connection(self) -> None:
        lobby = self.lobby
        self.connected = lobby is not None and lobby.link.connected
        if lobby is None or self._gone():
            return
        state = _("connected") if self.connected else _("reconnecting…")
        if not self.connected and lobby.broker_note is not None:  # it will not come back
            self.sub_title = _("{address} · stopped").format(address=self.address)
            words = _("✗ {problem}. b chooses another broker; a table hosted from the menu "
                      "starts one here.").format(problem=lobby.broker_note)  # fmt: skip
            self.query_one("#lobby-broker", Static).update(Text(words, style="bold #ff6b6b"))
            return
        self.sub_title = f"{self.address} · {state}"
        self.query_one("#lobby-broker", Static).update(
            _(self.ABOUT).format(address=self.address, state=state)
        )

    def _show_tables(self) -> None:
        """Every table, open ones first; the highlighted table stays highlighted."""
        if self._gone():
            return
        lobby = self.lobby
        cards = list(lobby.tables.values()) if lobby is not None else []
        order = {"open": 0, "running": 1, "over": 2}
        cards.sort(key=lambda c: (order.get(c.status, 3), c.table))
        table = self.query_one("#tables", DataTable)
        chosen = self.highlighted
        self.cards = cards
        table.clear()
        me = self.lobby.keys.public.hex() if self.lobby is not None else ""  # a seat: a key's
        for card in cards:
            status = _(STATUS_WORDS.get(card.status, card.status))
            if card.seat_held_by(me) is not None:
                status = _("{status} (your seat)").format(status=status)
            if card.watching:
                status = _("{status} · {n} watching").format(status=status, n=card.watching)
            table.add_row(
                card.table,
                title_of(card.game, card.title),
                card.name,
                card.host,
                taken(card),
                status,
                key=card.table,
            )
        if chosen is not None and chosen.table in {c.table for c in cards}:
            table.move_cursor(row=table.get_row_index(chosen.table))
        self._describe()
        self.refresh_bindings()

    @property
    def highlighted(self) -> TableListing | None:
        row = self.query_one("#tables", DataTable).cursor_row
        return self.cards[row] if 0 <= row < len(self.cards) else None

    @on(DataTable.RowHighlighted, "#tables")
    def _describe(self) -> None:
        card = self.highlighted
        details = self.query_one("#table-details", Static)
        if card is None:
            waiting = _("No tables yet.") if self.lobby is not None else ""
            details.update(Text(waiting, style="dim"))
            return
        lobby = self.lobby
        ratings = [
            f"{seat.name} {decimal(rank.rating, 1)}"
            for seat in card.seats
            if lobby is not None and (rank := lobby.rating_of(card.game, seat)) is not None
        ]
        details.update(
            Text.assemble(
                (f"{card.name}", "bold"),
                _(" — {game}, hosted by {host}: {options}").format(
                    game=title_of(card.game, card.title), host=card.host, options=options_line(card)
                )
                + "\n",
                _("Seats: {seats}").format(seats=presence(card)),
                "\n" + _("Ratings: {ratings}").format(ratings=", ".join(ratings))
                if ratings
                else "",
            )
        )
        self.refresh_bindings()

    def watch_note(self, note: str) -> None:
        self.query_one("#lobby-note", TextLine).text = (
            Text(note, style="bold #ff6b6b") if note else ""
        )

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("join", "watch"):
            return self.lobby is not None and self.highlighted is not None and not self.joining
        if action == "reconnect":
            return self.lobby is None
        return True

    @on(DataTable.RowSelected, "#tables")
    def _row_selected(self) -> None:
        self.action_join()

    def _cannot_show(self, card: TableListing) -> bool:
        """Whether ``card``'s game has no screens in this terminal (then the note says so)."""
        if card.game in shown_games():
            return False
        self.note = _("This terminal cannot show {game} yet (table {table}).").format(
            game=title_of(card.game, card.title), table=card.table
        )
        return True

    def action_join(self) -> None:
        card = self.highlighted
        if card is None or self.lobby is None or self.joining or self._cannot_show(card):
            return
        if card.seat_held_by(self.lobby.keys.public.hex()) is not None:
            self._join(card.table, (self.player_name, None))  # back to the seat held
            return
        if card.status != "open":
            self.note = _("The game at table {table} has begun: w watches it.").format(
                table=card.table
            )
            return
        if not card.open_seats():
            self.note = _("Table {table} is full: w watches it.").format(table=card.table)
            return

        def chosen(choice: JoinChoice | None) -> None:
            if choice is not None:
                self.player_name = choice[0]
                self.terminal.remember_name(choice[0])
                self._join(card.table, choice)

        self.app.push_screen(JoinScreen(card, self.player_name), chosen)

    def action_watch(self) -> None:
        card = self.highlighted
        if card is None or self.lobby is None or self.joining or self._cannot_show(card):
            return
        self._join(card.table, None)

    @work(exclusive=True, group="join", name="join")
    async def _join(self, table: str, choice: JoinChoice | None) -> None:
        """Take the seat (``choice``) or a spectator's chair (``None``), then show the room."""
        lobby = self.lobby
        if lobby is None:
            return
        self.joining = True
        self.refresh_bindings()
        self.note = (
            _("Joining table {table}…").format(table=table)
            if choice is not None
            else _("Watching {table}…").format(table=table)
        )
        try:
            session: NetSession
            if choice is None:
                session = await lobby.watch(table)
            else:
                name, seat = choice
                session = await lobby.join(table, seat=seat, name=name)
        except CalderaError as exc:
            self.note = _("✗ Table {table}: {reason}").format(table=table, reason=exc)
            return
        finally:
            self.joining = False
            self.refresh_bindings()
        self.note = ""
        self.terminal.keep(session)
        await self.app.push_screen(RoomScreen(self.terminal, session=session))

    def action_chat(self) -> None:
        """The club's lobby chat; a moderator times a player out from it."""
        lobby = self.lobby
        if lobby is None:
            self.note = _("Not connected: the lobby's chat needs the broker.")
            return

        def people() -> list[tuple[str, str]]:
            return [(s.name, s.key) for card in lobby.tables.values() for s in card.seats if s.key]

        async def moderate(key: str, minutes: int, reason: str) -> object:
            return await time_out(lobby, key, minutes, reason)

        lobby.chat.catch_up()  # what was said before the club's server answered the lobby
        if self._chat_notices is not None:
            self._chat_notices.read()

        self.app.push_screen(ChatScreen(lobby.chat, lambda: None, others=people,
                                        moderate=moderate))  # fmt: skip

    def action_broker(self) -> None:
        def chosen(text: str | None) -> None:
            if text is None:
                return
            try:
                self.address = broker_from_text(text, self.configured)
            except CalderaError as exc:
                self.note = f"✗ {exc}"
                return
            self._follow_lobby()

        hint = _("mqtt://host:port (the host's table room shows its broker)")
        self.app.push_screen(AskScreen(_("Broker address"), str(self.address), hint), chosen)

    def action_reconnect(self) -> None:
        self._follow_lobby()

    def action_back(self) -> None:
        self.dismiss(None)

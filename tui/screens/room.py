"""The table room: a networked table before and around its game.

It shows the table's card live: its id to tell friends, who sits where, who is connected, which
seats are bots. The host's room opens the table (a broker if none answers, the referee, the host's
seat) in a named exclusive worker that keeps it open for as long as the room is there; its keys
fill the open seats with bots, start the game once every seat is taken, hand a seat to a bot and
back, and close the table. A guest's room waits for the host to start. When the game begins, the
game's own screen comes up over the room, driven by the seat's :class:`net.seat.session.NetSession`;
when it ends, a guest's seat keeps the game's replay in its own saved games too
(:func:`tui.netplay.hosting.keep_guest_replay`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from core.clock import ClockSpec
from core.codec import Envelope
from core.errors import CalderaError
from core.games import get_rules
from core.language import N_, Translator, anywhere
from core.options import options_words
from core.titles import title_of
from net.seat.session import NetSession
from net.table.host import TableHost
from net.wire.messages import TableListing
from tui.netplay.chat import ChatNotices, ChatScreen
from tui.netplay.hosting import HostedTable, HostSetup, Terminal, keep_guest_replay
from tui.netplay.presence import closed_words, handed_to, status_words, taken
from tui.screens.choice import ChoiceScreen, ConfirmScreen
from tui.screens.needs import chat_of, moderation_of, your_turns
from tui.screens.new_game import DEFAULT_BOT
from tui.screens.table import CLOSED, TableScreen
from tui.widgets.header import Header
from tui.widgets.seats_table import SeatsTable
from tui.widgets.text_line import TextLine

T = Translator("app")
_, ngettext = T.gettext, T.ngettext

HOST_LEAVES = N_(
    "Leave the game screen? The table stays open: enter in the table room takes you back to "
    "your seat."
)  # translated where it is asked


def standin_kind(host: TableHost) -> str:
    """The bot the host's menu hands a seat to: the table's stand-in (the host form's choice,
    ``--standin``), else the usual greedy bot."""
    return host.bots.standin or DEFAULT_BOT


def options_line(card: TableListing) -> str:
    """The table's options in words, as its game declares them (``advanced game · turn limit
    10 · seat 2 starts``); a game this version does not know shows its options as they are."""
    try:
        declared = get_rules(card.game).options
    except KeyError:
        words = [f"{k} {v}" for k, v in card.options.items() if v not in (None, False)]
    else:
        words = options_words(declared, card.options, partial(anywhere, first=card.game))
    words = words or [_("standard rules")]
    spec = ClockSpec.parse(card.clock) if card.clock else None
    if spec is not None:
        words.append(_("clock {clock}").format(clock=spec.words))
    if card.rated:
        words.append(_("rated"))
    if not card.chat:
        words.append(_("no chat"))
    return " · ".join(words)


class RoomScreen(Screen[None]):
    """A table's room: hosted here (``setup``, or ``resume``: the replay file of a table hosted
    here whose game is unfinished) or joined (``session``)."""

    CSS_PATH = "room.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", N_("To the game"), tooltip=N_("Your seat (or chair) at the game")),
        Binding("b", "fill", N_("Fill with bots"), tooltip=N_("Seat a bot in every open seat")),
        Binding("s", "start", N_("Start"), tooltip=N_("Start the game (every seat is taken)")),
        Binding(
            "h", "hand", N_("Bot / back"), tooltip=N_("A bot plays the highlighted seat, or stops")
        ),
        Binding("c", "close", N_("Close the table"), tooltip=N_("Close the table for everyone")),
        Binding("T", "chat", N_("Chat"), tooltip=N_("The table's chat: say hello while you wait")),
        Binding("escape", "leave", N_("Leave"), tooltip=N_("Leave the table")),
    ]

    card: reactive[TableListing | None] = reactive(None, always_update=True)
    note: reactive[str] = reactive("")  # the last problem, one line

    def __init__(
        self,
        terminal: Terminal,
        *,
        setup: HostSetup | None = None,
        session: NetSession | None = None,
        resume: Path | None = None,
    ) -> None:
        super().__init__()
        if [setup, session, resume].count(None) != 2:
            wrong = "a room is hosted here (setup, resume) or joined (session)"  # internal
            raise ValueError(wrong)
        self.terminal = terminal
        self.setup = setup
        self.resume = resume
        self.session = session
        self.hosted: HostedTable | None = None
        self.game_screen: Screen[None] | None = None
        self.opening = session is None
        self._hosting = session is None
        self._unsubscribe: Callable[[], None] | None = None
        self._keeping = False  # a guest's replay is asked for (once)
        self._chat_notices: ChatNotices | None = None  # someone spoke: a notice, the footer's count

    @property
    def is_host(self) -> bool:
        return self._hosting

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="room"):
            yield Static("", id="room-id")
            yield TextLine(id="room-broker")
            yield SeatsTable(id="room-seats")
            yield TextLine(id="room-options")
            yield TextLine(id="room-status")
            yield TextLine(id="room-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Table room")
        self.sub_title = _("opening the table…") if self.is_host else _("connected")
        if self.setup is not None or self.resume is not None:
            opening = (
                _("Opening the table again…") if self.resume is not None else _("Opening a table…")
            )
            self.query_one("#room-id", Static).update(opening)
            self._host_table()
        elif self.session is not None:
            self._follow(self.session)
            self.card = self.session.card
            self.call_after_refresh(self._to_game)  # a game already on: straight to it
            self._keep_replay()  # (over already: its replay)
        self.query_one(SeatsTable).focus()

    # -- hosting -------------------------------------------------------------------------------

    @work(exclusive=True, group="table", name="table-host")
    async def _host_table(self) -> None:
        """Open the table and keep it open until this room goes (the worker is cancelled)."""
        hosted = HostedTable(
            self.setup,
            identity=self.terminal.identity,
            keys=self.terminal.keys,
            bot_delay=self.terminal.bot_delay,
            resume=self.resume,
        )
        self.terminal.keep(hosted)
        try:
            try:
                host = await hosted.open(self._say)
            except CalderaError as exc:
                self.opening = False
                self.query_one("#room-id", Static).update(_("No table was opened."))
                self.note = f"✗ {exc}"
                self.refresh_bindings()
                return
            self.hosted = hosted
            self.opening = False
            self._unsubscribe = host.subscribe_card(handed_to(self, self._card_changed))
            assert hosted.session is not None
            self._follow(hosted.session)
            self.card = host.card
            self._to_game()  # a game opened again may have come whole before we followed it
            if hosted.embedded is None:
                self._say("")  # the broker answered: nothing to say about it
            await asyncio.Event().wait()
        finally:
            if self._unsubscribe is not None:
                self._unsubscribe()
            await hosted.close()

    def _say(self, line: str) -> None:
        self.query_one("#room-broker", TextLine).text = Text(line, style="dim")

    def _follow(self, session: NetSession) -> None:
        """Watch the seat's session: the game begins, the card changes, the table closes.

        Its news come in the MQTT client's callbacks, outside the app's context: they are
        handed to this screen's message loop.
        """
        self.session = session
        self.sub_title = status_words(session.status)
        if self._chat_notices is not None:
            self._chat_notices.close()
        chat = chat_of(session)
        self._chat_notices = (
            None if chat is None else ChatNotices(self, chat, on_top=True, counted=True)
        )
        session.subscribe(handed_to(self, partial(self._envelopes, session)))
        if not self.is_host:
            session.subscribe_card(handed_to(self, self._card_changed))
        session.subscribe_status(handed_to(self, partial(self._status_changed, session)))

    def _card_changed(self, card: TableListing) -> None:
        if self.is_attached:
            self.card = card

    def _envelopes(self, session: NetSession, batch: Sequence[Envelope]) -> None:
        if not self.is_attached or session is not self.session:
            return
        if self.game_screen is None:
            self._to_game()
        self._keep_replay()

    def _keep_replay(self) -> None:
        """A guest's seat: once its game is over, keep the game's replay here too (the host
        keeps its own). The app's worker, not the room's: leaving the final table goes on."""
        session = self.session
        if self.is_host or self._keeping or session is None or session.seat is None:
            return
        if session.ended:
            self._keeping = True
            self.app.run_worker(keep_guest_replay(session, self.app.notify), group="replay",
                                name="keep-replay", exit_on_error=False)  # fmt: skip

    def _status_changed(self, session: NetSession, status: str) -> None:
        if not self.is_attached or session is not self.session:
            return
        self.sub_title = status_words(status)
        if status == CLOSED and not self.is_host and self.game_screen is None:
            self.notify(closed_words(self.session), severity="warning")
            self.run_worker(self._leave_table(), exclusive=True, group="leave")

    # -- showing -------------------------------------------------------------------------------

    def watch_card(self, card: TableListing | None) -> None:
        if card is None:
            return
        self.title = _("{game} · table {table} · {name}").format(
            game=title_of(card.game, card.title), table=card.table, name=card.name
        )
        address = self.hosted.address if self.hosted is not None else None
        where = _(" on {address}").format(address=address) if address is not None else ""
        tell = ""
        if self.is_host and address is not None and address.is_loopback:
            tell = _(
                " — only this machine can join: the broker listens on loopback. To open a "
                "table to your LAN, run `caldera broker --listen` in a shell and host with this "
                "machine's LAN address as the broker (mqtt://192.168.x.y:1883)"
            )
        elif self.is_host:
            tell = _(" — tell your friends this id: they join from their lobby")
        # TRANSLATORS: before the table's id, shown highlighted ("Table k3x9")
        self.query_one("#room-id", Static).update(
            Text.assemble((_("Table") + " ", ""), (card.table, "bold reverse"), (where + tell, ""))
        )
        me = self.session.keys.public.hex() if self.session is not None else None
        watch = your_turns(self.app)
        lobby = watch.lobby if watch is not None else None
        rating = partial(lobby.rating_of, card.game) if lobby is not None else None
        self.query_one(SeatsTable).show(card, me, rating)
        self.query_one("#room-options", TextLine).text = ngettext(
            "{game}, {n} seat ({taken} taken): {options}",
            "{game}, {n} seats ({taken} taken): {options}",
            len(card.seats),
        ).format(
            game=title_of(card.game, card.title),
            n=len(card.seats),
            taken=taken(card),
            options=options_line(card),
        )
        self.query_one("#room-status", TextLine).text = Text.from_markup(self._status(card))
        self.refresh_bindings()

    def _status(self, card: TableListing) -> str:
        """What the table waits for, and what the keys can do about it (Rich markup)."""
        if card.status == "running":
            return _("The game is on: [b]enter[/b] takes you to it.")
        if card.status == "over":
            return _("The game is over: [b]enter[/b] shows the final table.")
        missing = len(card.open_seats())
        if not self.is_host:
            return (
                ngettext(
                    "Waiting for {n} more player(s), then for the host to start.",
                    "Waiting for {n} more player(s), then for the host to start.",
                    missing,
                ).format(n=missing)
                if missing
                else _("Every seat is taken: waiting for the host to start the game.")
            )
        if missing:
            return ngettext(
                "Waiting for {n} more player(s): [b]b[/b] fills the open seats with bots.",
                "Waiting for {n} more player(s): [b]b[/b] fills the open seats with bots.",
                missing,
            ).format(n=missing)
        return _("Every seat is taken: [b]s[/b] starts the game.")

    def watch_note(self, note: str) -> None:
        self.query_one("#room-note", TextLine).text = (
            Text(note, style="bold #ff6b6b") if note else ""
        )

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        card, host = self.card, self.hosted
        if action == "play":
            return card is not None and card.status in ("running", "over")
        if action in ("fill", "start"):
            if host is None or card is None or card.status != "open":
                return False
            return bool(card.open_seats()) if action == "fill" else not card.open_seats()
        if action == "hand":
            return host is not None and card is not None and card.status == "running"
        if action == "close":
            return host is not None
        if action == "chat":
            return chat_of(self.session) is not None
        if action == "leave":
            return not self.opening
        return True

    async def action_fill(self) -> None:
        if self.hosted is not None and self.hosted.host is not None:
            await self._act(self.hosted.host.fill_with_bots(DEFAULT_BOT))

    async def action_start(self) -> None:
        if self.hosted is not None and self.hosted.host is not None:
            await self._act(self.hosted.host.start())

    async def _act(self, step: Awaitable[object]) -> None:
        try:
            await step
        except CalderaError as exc:
            self.note = f"✗ {exc}"
        else:
            self.note = ""

    def action_hand(self) -> None:
        """Hand the highlighted seat to a bot, or give it back."""
        self.hand_seat(self.query_one(SeatsTable).cursor_row)

    def hand_seat(self, seat: int) -> None:
        host = self.hosted.host if self.hosted is not None else None
        if host is None or not 0 <= seat < len(host.seats):
            return
        holder = host.seats[seat]
        if holder.client is None:
            self.note = _("Seat {n} is played by the host's bot already.").format(n=seat + 1)
            return
        if holder.standin is not None:
            self.run_worker(self._act(host.hand_back(seat)))
            said = _("{player} plays seat {n} again.").format(player=holder.name, n=seat + 1)
            self.notify(said, timeout=3)
        else:
            kind = standin_kind(host)
            self.run_worker(self._act(host.hand_to_bot(seat, kind)))
            said = _("A {bot} bot plays for {player} now.").format(bot=kind, player=holder.name)
            self.notify(said, timeout=3)

    def open_host_menu(self) -> None:
        """The host's menu over the game: hand a seat to a bot and back, turn the table's chat
        off or on, close the table."""
        host = self.hosted.host if self.hosted is not None else None
        if host is None:
            return
        labels: list[str] = []
        doings: list[Callable[[], None]] = []
        for seat, holder in enumerate(host.seats):
            if holder.client is None:
                continue
            where = _("online") if holder.online else _("away")
            if holder.standin is not None:
                labels.append(
                    _("Give seat {n} back to {player} ({where})").format(
                        n=seat + 1, player=holder.name, where=where
                    )
                )
            else:
                labels.append(
                    _("Let a {bot} bot play seat {n} ({player}, {where})").format(
                        bot=standin_kind(host), n=seat + 1, player=holder.name, where=where
                    )
                )
            doings.append(partial(self.hand_seat, seat))
        chat_on = host.chatting.on
        labels.append(_("Turn the table's chat off") if chat_on else _("Turn the table's chat on"))
        doings.append(partial(self._set_chat, host, not chat_on))
        labels.append(_("Close the table for everyone"))
        doings.append(self.action_close)

        def chosen(index: int | None) -> None:
            if index is not None:
                doings[index]()

        self.app.push_screen(ChoiceScreen(_("The host's menu"), labels), chosen)

    def _set_chat(self, host: TableHost, on: bool) -> None:
        """The host turns the table's chat on or off: its card says so, lines are refused."""
        host.set_chat(on)
        self.notify(_("The table's chat is on.") if on else _("The table's chat is off."))

    # -- the game ------------------------------------------------------------------------------

    def action_play(self) -> None:
        if self.hosted is not None and self.hosted.session is None:
            self.run_worker(self._take_seat_again(), exclusive=True, group="seat")
            return
        self._to_game()

    async def _take_seat_again(self) -> None:
        """The host comes back to its seat (its session was closed when it left the game)."""
        if self.hosted is None:
            return
        try:
            session = await self.hosted.take_seat()
        except CalderaError as exc:
            self.note = f"✗ {exc}"
            return
        self._follow(session)
        self._to_game()

    def _to_game(self) -> None:
        """Show the game's screen for the seat's session (once it has begun)."""
        session = self.session
        if session is None or self.game_screen is not None or not session.envelopes:
            return
        if self.app.screen is not self:
            return  # a dialog is open over the room: the game shows when asked (enter)
        screen = self.terminal.play(session)
        if isinstance(screen, TableScreen) and self.is_host:
            screen.host_menu = self.open_host_menu
            screen.leave_question = _(HOST_LEAVES)
        self.game_screen = screen
        self.app.push_screen(screen, self._game_left)

    def _game_left(self, _result: None = None) -> None:
        """Back from the game: the host stays in the room (its seat was left), a guest leaves."""
        self.game_screen = None
        if self.hosted is not None:
            self.hosted.session = None
            self.refresh_bindings()
            return
        self.dismiss(None)

    # -- leaving -------------------------------------------------------------------------------

    def action_chat(self) -> None:
        chat = chat_of(self.session)
        if chat is not None:
            moderate = moderation_of(self.session)  # a club moderator's /timeout
            if self._chat_notices is not None:
                self._chat_notices.read()
            self.app.push_screen(ChatScreen(chat, lambda: self.card, moderate=moderate))

    def on_unmount(self) -> None:
        if self._chat_notices is not None:
            self._chat_notices.close()

    def action_close(self) -> None:
        def close(yes: bool | None) -> None:
            if yes:
                self.run_worker(self._close(), exclusive=True, group="leave")

        question = _("Close the table? Everyone at it is told, and the game ends here.")
        self.app.push_screen(ConfirmScreen(question), close)

    async def _close(self) -> None:
        if self.hosted is not None:
            await self.hosted.close()
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.dismiss(None)

    def action_leave(self) -> None:
        if self.hosted is not None:
            self.action_close()
        elif self.is_host:
            self.dismiss(None)  # nothing was opened
        else:
            self.run_worker(self._leave_table(), exclusive=True, group="leave")

    async def _leave_table(self) -> None:
        if self.session is not None:
            await self.session.close()
        if self.is_attached and self.app.screen is self:
            self.dismiss(None)

"""The app's side of playing across terminals: hosting a table here, and the words for a table's
seats and connection.

A hosted table is a :class:`net.table.host.TableHost` (the referee) in this process, on a broker
that is started here when none answers (:func:`net.link.broker.ensure_broker`), and the host
player's own seat, taken through the broker like anyone's (a :class:`net.seat.session.NetSession`).
The screens play that seat through the :class:`core.session.Session` protocol only; what a networked
session tells beyond it (its table card, its connection) is
:class:`tui.netplay.presence.TableWatch`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from textual.screen import Screen

from core.errors import CalderaError
from core.games import get_rules
from core.language import Translator
from core.session import Session
from net.config import BrokerAddress, NetConfig, config_path, load
from net.errors import NetError
from net.link.broker import EmbeddedBroker, ensure_broker
from net.seat.keeping import keep_replay, not_kept
from net.seat.session import NetSession
from net.table.host import TableHost
from net.trust.keys import Keys
from replays import unfinished
from replays.file import read
from tui.replay.library import replays_dir
from tui.replay.paths import confined_to, shown
from tui.settings.chat import seats_for

_ = Translator("net").gettext

ME = "me"  # a seat kind in the host dialog: the host player, at this keyboard
OPEN = "open"  # a seat kind: a player from another terminal


class Closable(Protocol):
    def close(self) -> Awaitable[None]: ...


@dataclass(frozen=True)
class Terminal:
    """What the network screens need from the app: who this terminal is at a table, how it
    shows a game, and where it keeps what must be closed when the app quits."""

    identity: str
    play: Callable[[Session], Screen[None]]  # the game's screen for a session
    keep: Callable[[Closable], None]  # close it when the app quits or goes back to the menu
    bot_delay: float = 0.5  # seconds the host's bots wait before each command
    name: str = ""  # the name this terminal last went by at a table
    remember_name: Callable[[str], None] = lambda _name: None  # keep the name chosen
    keys: Keys | None = None  # the identity's signing keys (None: one of this run's own)


def network_config() -> tuple[NetConfig, str]:
    """The configured broker and name (``$CALDERA_BROKER``, the config file), and a line saying
    why the default is used instead when the configuration cannot be read."""
    try:
        return load(), ""
    except NetError as exc:  # at a door the line names the file, not the server's folders
        line = str(exc).replace(str(config_path()), shown(config_path()))
        return NetConfig(), f"{line} (using {NetConfig().broker})"


def broker_from_text(text: str, configured: BrokerAddress) -> BrokerAddress:
    """The broker typed in a form; the configured one (with its password) when unchanged.
    Raises :class:`NetError` with one line for an address that cannot be read, or for any
    other broker when a door keeps this player (the server would connect where a guest says)."""
    text = text.strip()
    if not text or text == str(configured):
        return configured
    if confined_to() is not None:  # a door's guest plays on the server's broker only
        said = _("at this door, tables meet on the server's broker ({broker})")
        raise NetError(said.format(broker=configured))
    return BrokerAddress.parse(text)


# -- a guest's replay ------------------------------------------------------------------------------


class Notify(Protocol):
    def __call__(
        self, message: str, *, severity: Any = ..., timeout: float | None = ...
    ) -> None: ...


async def keep_guest_replay(session: NetSession, notify: Notify) -> None:
    """Keep a finished game's replay in this terminal's saved games: the whole log asked of the
    host once the game is over (a seat is sent only what it may see while it runs), checked
    and written off the event loop (:mod:`net.seat.keeping`). One line either way, never a crash."""
    try:
        kept = await keep_replay(session, replays_dir())
    except (CalderaError, OSError) as exc:
        notify(f"✗ {not_kept(exc)}", severity="warning")
        return
    except Exception as exc:  # whatever came: one line
        said = _("✗ The game's replay was not kept here ({why})").format(why=type(exc).__name__)
        notify(said, severity="warning")
        return
    if not kept.already:
        notify(_("The game's replay is kept in your saved games."), timeout=4)


# -- hosting ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HostSetup:
    """A table to host, as the host dialog fills it in.

    ``seats`` holds one kind per seat: :data:`ME` (exactly one), :data:`OPEN` (a player from
    another terminal) or a bot kind. ``standin`` is the bot kind that plays for a player gone
    longer than ``standin_after`` seconds (``None``: only when the host says so).
    """

    game: str
    seats: tuple[str, ...]
    name: str
    broker: BrokerAddress
    table_name: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    standin: str | None = None
    standin_after: float = 15.0
    hints: bool = False  # every seat may ask the hard bot what to play
    chat: bool = True  # the table's chat (net.table.chatting)
    table: str | None = None
    seed: str | None = None
    clock: str = ""  # the table's terms (net.table.host.TableHost)
    on_timeout: str = "bot_turn"
    rated: bool = False

    @property
    def my_seat(self) -> int:
        return self.seats.index(ME)


class HostedTable:
    """A table hosted by this terminal: its broker (if started here), referee and host seat.

    It opens a new table (``setup``), or again a table this terminal hosted whose game is
    unfinished (``resume``: its replay file): the same table id, seats and seed, the host's own
    seat taken with this terminal's identity.
    """

    def __init__(
        self,
        setup: HostSetup | None = None,
        *,
        identity: str,
        bot_delay: float = 0.5,
        resume: Path | None = None,
        broker: BrokerAddress | None = None,
        keys: Keys | None = None,
    ) -> None:
        if (setup is None) == (resume is None):
            raise ValueError("a hosted table is either new (setup) or resumed (resume)")  # internal
        self.setup = setup
        self.resume = resume
        self.identity = identity
        self.keys = keys
        self.bot_delay = bot_delay
        self._broker = broker or (setup.broker if setup is not None else network_config()[0].broker)
        self.my_seat = setup.my_seat if setup is not None else 0
        self.my_name = setup.name if setup is not None else ""
        self.embedded: EmbeddedBroker | None = None
        self.host: TableHost | None = None
        self.session: NetSession | None = None
        self.closed = False

    @property
    def address(self) -> BrokerAddress:
        return self._broker

    async def open(self, say: Callable[[str], None]) -> TableHost:
        """Start a broker if none answers, open the table (new or resumed), seat the bots and
        the host player. Raises :class:`NetError` or another ``CalderaError`` (one line);
        whatever was opened is closed again."""
        try:
            say(_("looking for a broker at {broker}…").format(broker=self.address))
            self.embedded = await asyncio.to_thread(ensure_broker, self.address)
            if self.embedded is not None:
                said = _("started an embedded broker at {broker} (amqtt), until the table closes")
                say(said.format(broker=self.address))
            host = self._resumed() if self.resume is not None else self._new()
            self.host = host
            await host.open()
            if self.setup is not None:
                for seat, kind in enumerate(self.setup.seats):
                    if kind not in (ME, OPEN):
                        await host.seat_bot(seat, kind)
            await self.take_seat()
        except (KeyError, ValueError) as exc:
            await self.close()
            raise NetError(str(exc.args[0]) if exc.args else str(exc)) from None
        except BaseException:
            await self.close()
            raise
        return host

    def _new(self) -> TableHost:
        setup = self.setup
        assert setup is not None
        host = TableHost(
            setup.broker,
            get_rules(setup.game),
            len(setup.seats),
            table=setup.table,
            name=setup.table_name or f"{setup.name}'s table",
            host=setup.name,
            options=dict(setup.options),
            replay_dir=replays_dir(),
            seed=setup.seed,
            bot_delay=self.bot_delay,
            standin=setup.standin,
            standin_after=setup.standin_after,
            clock=setup.clock,
            on_timeout=setup.on_timeout,
            rated=setup.rated,
            hints=setup.hints,
            chat=setup.chat,
            notes={"host_seat": setup.my_seat},  # to sit there again if the table is resumed
        )
        host.admit = seats_for()  # a key the player blocked takes no seat here
        return host

    def _resumed(self) -> TableHost:
        path = self.resume
        assert path is not None
        record = unfinished.find(path, read(path).header.seed_hash)
        notes = record.details.get("notes", {}) if record is not None else {}
        seat = notes.get("host_seat") if isinstance(notes, dict) else None
        if record is None or not isinstance(seat, int):
            raise NetError(
                _("{file}: this terminal did not host that table").format(file=path.name)
            )
        host = TableHost.resume(self.address, path, seats={seat: self.identity})
        host.admit = seats_for()
        self.my_seat, self.my_name = seat, host.seats[seat].name
        return host

    async def take_seat(self) -> NetSession:
        """Sit at the host's seat (again, after leaving the game screen)."""
        assert self.host is not None
        self.session = await NetSession.connect(
            self.address,
            self.host.table,
            identity=self.identity,
            name=self.my_name,
            seat=self.my_seat,
            keys=self.keys,
            host_key=self.host.keys.public,  # our own table: its key is known here
        )
        return self.session

    async def close(self) -> None:
        """Leave the seat, close the table (its card leaves the lobby), stop our broker."""
        if self.closed:
            return
        self.closed = True
        session, self.session = self.session, None
        if session is not None:
            with contextlib.suppress(NetError):
                await session.close()
        if self.host is not None:
            self.host.listing.broker_stops = self.embedded is not None  # its guests are told so
            await self.host.close()
        if self.embedded is not None:
            await asyncio.to_thread(self.embedded.stop)
            self.embedded = None

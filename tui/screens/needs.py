"""What a screen needs of the app it runs in, and of the session it shows, as typed interfaces.

A screen runs in the Caldera app and, in tests, in a small app of its own; the session it
shows may be a local game, a networked table or a tutorial. Each need is a
:class:`~typing.Protocol`, checked when it is used (:func:`app_needs` is ``None`` in an app that
does not provide them; ``isinstance(session, NetworkedSession)`` says a table is networked), so
what a screen reads of another object is written down once, here, and checked by mypy, instead
of reached for by name.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from textual.binding import Binding

    from core.messages import Command
    from core.protocol import Rules
    from core.tutorial import Step, Tutorial
    from net.club.lobby import Lobby
    from net.club.your_games import MyTable
    from net.config import BrokerAddress
    from net.seat.chat import TableChat
    from net.wire.messages import TableListing
    from tui.lines.chat import Moderate
    from tui.settings.play import Settings


@runtime_checkable
class YourTurns(Protocol):
    """The watch over your turns at every table (:class:`tui.netplay.turn_watch.TurnWatch`)."""

    lobby: Lobby | None

    def tables(self) -> list[MyTable]: ...

    def elsewhere(self, table: str | None, short: bool = False) -> str: ...


@runtime_checkable
class AppNeeds(Protocol):
    """What screens read of the Caldera app (:class:`tui.app.CalderaApp`)."""

    settings: Settings
    bot_pace: float
    turn_watch: YourTurns | None

    @property
    def player_name(self) -> str: ...


APP_NEEDS = (
    *AppNeeds.__annotations__,
    *(n for n, v in vars(AppNeeds).items() if isinstance(v, property)),
)
""":class:`AppNeeds`' members, looked up without being read (see :func:`app_needs`)."""


def app_needs(app: object) -> AppNeeds | None:
    """``app`` as the screens' app, or ``None`` (a test's own app, say). Its members are looked
    up, never read: Python 3.11's ``isinstance`` against a protocol reads each property, and
    ``player_name`` claims the lasting identity (the menu asks every 2 s: each app made one,
    and a door's visit that only looked left a home behind)."""
    found = all(_has(app, name) for name in APP_NEEDS)
    return cast("AppNeeds", app) if found else None


def _has(thing: object, name: str) -> bool:
    try:
        inspect.getattr_static(thing, name)
    except AttributeError:
        return False
    return True


def your_turns(app: object) -> YourTurns | None:
    """The app's watch over your turns, once online (``None``: none, or not this app)."""
    needs = app_needs(app)
    return needs.turn_watch if needs is not None else None


@runtime_checkable
class KeptSession(Protocol):
    """A session whose game is written to a replay file as it goes."""

    @property
    def replay_path(self) -> Path | None: ...


@runtime_checkable
class NetworkedSession(Protocol):
    """A session at a table across the network (:class:`net.seat.session.NetSession`)."""

    table: str
    card: TableListing | None
    chat: TableChat
    address: BrokerAddress
    identity: str


def replay_path_of(session: object) -> Path | None:
    """The replay file ``session`` writes, if it writes one."""
    return session.replay_path if isinstance(session, KeptSession) else None


def card_of(session: object) -> TableListing | None:
    """The table card of a networked session (``None`` for any other)."""
    return session.card if isinstance(session, NetworkedSession) else None


def moderation_of(session: object) -> Moderate | None:
    """A club moderator's time-out from a networked table's chat (``None`` for any other)."""
    if not isinstance(session, NetworkedSession):
        return None
    from net.club.moderating import moderation

    return moderation(session.address, session.chat.keys, session.identity)


def table_of(session: object) -> str | None:
    """The table id of a networked session (``None`` for any other)."""
    return session.table if isinstance(session, NetworkedSession) else None


def chat_of(session: object) -> TableChat | None:
    """A networked table's chat (``None`` for any other session)."""
    return session.chat if isinstance(session, NetworkedSession) else None


@runtime_checkable
class Hinted(Protocol):
    """A session that says whether its table offers the hint key."""

    @property
    def hints(self) -> bool: ...


class Narrated(Protocol):
    """What a tutorial's narrator says now (:class:`tui.play.tutorial_table.Narration`)."""

    step: Step | None
    number: int
    say: str
    rule: str
    expected: Command | None

    @property
    def heading(self) -> str: ...


@runtime_checkable
class Tutoring(Protocol):
    """A tutorial's session (:class:`tui.play.tutorial_table.TutorialSession`)."""

    tutorial: Tutorial
    source: Path | None  # a club's file (None: the game's own tutorial)

    @property
    def intro(self) -> str: ...

    @property
    def length(self) -> str: ...

    def narration(self) -> Narrated: ...


@runtime_checkable
class GameScreen(Protocol):
    """A screen that shows one game (a table, a replay): its rules."""

    rules: Rules[Any]


@runtime_checkable
class ShowsKeys(Protocol):
    """A screen that says some keys its own way (a table: the tiles in hand)."""

    def key_display(self, binding: Binding) -> str | None: ...


@runtime_checkable
class HelpsLess(Protocol):
    """A screen whose help leaves out the keys its game does not use."""

    @property
    def help_hides(self) -> frozenset[str]: ...


@runtime_checkable
class HelpsMore(Protocol):
    """A screen whose help adds a section of its own (cards, say)."""

    @property
    def help_extra(self) -> str: ...


@runtime_checkable
class ShortFooter(Protocol):
    """A screen whose footer leaves keys out on a narrow terminal, in this order."""

    FOOTER_LEAVES_OUT: ClassVar[Sequence[str]]


@runtime_checkable
class ShowsSession(Protocol):
    """A screen that shows a session (a table, its room)."""

    session: object

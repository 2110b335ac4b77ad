"""Words for a networked table: who sits where and who is connected, and how the connection
stands, for the lobby, the table room and the header of a game in play.

Light on purpose (no MQTT here): every table screen imports it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

from textual.message_pump import MessagePump

from core.clock import show_left
from core.language import N_, Translator
from net.wire.messages import SeatListing, TableListing
from tui.screens.needs import card_of
from tui.widgets.table_header import HeaderWords, SeatWords

_ = Translator("net").gettext

STATUSES = (
    N_("local"),
    N_("connecting…"),
    N_("reconnecting…"),
    N_("connected"),
    N_("host away"),
    N_("table closed"),
)
"""A session's statuses (what the code compares, in English), marked for the header."""
DESYNC = re.compile(r"desync at event (?P<seq>\d+) \((?P<kind>[^)]*)\)")  # internal


@runtime_checkable
class TableWatch(Protocol):
    """What a networked session tells beyond the Session protocol: its table and connection."""

    table: str
    card: TableListing | None

    @property
    def status(self) -> str: ...

    def subscribe_card(self, listener: Callable[[TableListing], None]) -> None: ...

    def subscribe_status(self, listener: Callable[[str], None]) -> None: ...


def handed_to(node: MessagePump, handler: Callable[..., object]) -> Callable[..., None]:
    """A listener for a network object's news that hands them to ``node``'s message loop.

    A session's or a lobby's listeners run in the MQTT client's callbacks, outside the app's
    context (a new screen composed there cannot find its app): ``node`` runs ``handler`` with
    the same arguments on its own loop, in the order the news came.
    """

    def listener(*args: Any) -> None:
        node.call_later(handler, *args)

    return listener


def connection_line(session: object, elsewhere: str = "", now_ms: int | None = None) -> str:
    """The header's sub-title for a session: ``local``, or the connection, the seats (with
    their clocks) and how many watch (``connected · ●Red ▸4:07 ○Blue(away) 5:00 · 2
    watching``, ``reconnecting…``, ``desync at event 12 (…)``); ``elsewhere`` says your move is
    awaited at another table."""
    return connection_words(session, elsewhere, now_ms=now_ms).parts()[1]


def status_words(status: str) -> str:
    """A session's ``status`` in the reader's language (``connected``: "verbunden"; a desync
    keeps its event's number and kind); one it does not know as it is."""
    if status in STATUSES:
        return _(status)
    if found := DESYNC.fullmatch(status):
        return _("desync at event {seq} ({kind})").format(seq=found["seq"], kind=found["kind"])
    return status


def connection_words(
    session: object,
    elsewhere: str = "",
    short_elsewhere: str = "",
    now_ms: int | None = None,
    title: HeaderWords | None = None,
) -> HeaderWords:
    """:func:`connection_line` in parts (added to ``title``'s), which the header can shorten
    to fit (:class:`tui.widgets.table_header.TableHeader`)."""
    status = str(getattr(session, "status", ""))
    seats: tuple[SeatWords, ...] = ()
    watching = 0
    if isinstance(session, TableWatch) and session.card is not None and status == "connected":
        seats = seats_said(session.card, now_ms)
        watching = session.card.watching
    return replace(
        title if title is not None else HeaderWords("", ""),
        status=status_words(status),
        seats=seats,
        spectators=watching,
        elsewhere=elsewhere,
        short_elsewhere=short_elsewhere or elsewhere,
    )


def clock_of(card: TableListing, seat: int, now_ms: int | None = None) -> str:
    """Seat ``seat``'s clock on ``card`` (``▸4:07`` while it runs, ``2d 0h`` when it does
    not; empty without a clock)."""
    clocks = card.clocks
    if not clocks or seat >= len(clocks["left"]):
        return ""
    left = int(clocks["left"][seat])
    running = seat in clocks["running"]
    if running:
        now = now_ms if now_ms is not None else time.time_ns() // 1_000_000
        left -= max(0, now - int(clocks["at"]))
    return ("▸" if running else "") + show_left(left)


def seat_words(seat: SeatListing) -> str:
    """How one seat stands: ``open``, ``online`` (its player's terminal is connected, wherever
    it is), ``away``, ``random bot``, ``away, greedy bot standing in``."""
    if seat.is_open:
        return _("open")
    if seat.client is None:
        return _("{bot} bot").format(bot=seat.bot) if seat.bot else _("bot")
    where = _("online") if seat.online else _("away")
    if seat.bot:
        where = _("{where}, {bot} bot").format(where=where, bot=seat.bot)
    if seat.standin:
        where = _("{where}, {bot} bot standing in").format(where=where, bot=seat.standin)
    return where


def presence(card: TableListing, now_ms: int | None = None) -> str:
    """Who is connected, seat by seat, in one short line: ``●Red ○Blue(away) ⚙Yellow``, each
    with their clock at a table with one (``●Red ▸4:07``).

    ``●`` a player whose terminal is connected, ``○`` one who is away, ``⚙`` a bot (or a bot
    standing in for a player who is away).
    """
    return " ".join(seat.said(None, aside=True) for seat in seats_said(card, now_ms))


def seats_said(card: TableListing, now_ms: int | None = None) -> tuple[SeatWords, ...]:
    """Each seat of ``card`` as :func:`presence` says it, in parts the header can shorten."""
    parts = []
    for index, seat in enumerate(card.seats):
        clock = clock_of(card, index, now_ms)
        if seat.is_open:
            parts.append(SeatWords("·", _("open"), "", clock))
        elif seat.client is None or seat.bot:
            parts.append(SeatWords("⚙", seat.name, "", clock))
        elif seat.standin:
            parts.append(SeatWords("⚙", seat.name, _("(bot for now)"), clock))
        elif seat.online:
            parts.append(SeatWords("●", seat.name, "", clock))
        else:
            parts.append(SeatWords("○", seat.name, _("(away)"), clock))
    return tuple(parts)


def taken(card: TableListing) -> str:
    """``2/3`` seats taken."""
    return f"{len(card.seats) - len(card.open_seats())}/{len(card.seats)}"


def closed_words(session: object) -> str:
    """What a guest reads when the host closed the table: and, when the host's own broker
    stopped with it, that the lobby they go back to has no broker any more."""
    card = card_of(session)
    if card is not None and card.broker_stops:
        where = getattr(session, "address", "")  # a NetSession's broker
        return _("The host closed the table, and its broker ({broker}) stopped with it: in the "
                 "lobby, b chooses another.").format(broker=where)  # fmt: skip
    return _("The host closed the table.")

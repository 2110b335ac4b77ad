"""The lobby's tables: each listed once its host answered a probe, and kept at its newest listing.

A table's listing counts only when it is signed by the key it names, and a table's id is made
from that key (:func:`net.wire.topics.certifies`: nobody else can sign a listing for it). A
table is listed only once its host has answered a probe (:mod:`net.club.probes`): a retained
listing alone may be made up, or old. From then on the lobby knows the table by that key
(:attr:`ListedTables.host_keys`), and keeps the newest of its signed listings and "gone"s
(:attr:`~net.wire.messages.TableListing.order`), so one replayed from earlier neither closes a
running table nor brings back a closed one; a served table's host leaves with its server (the
server's signed "gone", :mod:`net.seat.served`). An empty listing (anyone may clear one) changes
nothing but a doubt: the host is asked again, and its table is left out of the list when it
has not answered for ``doubt_for`` seconds (it is gone, its Last Will lost).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from core.errors import CodecError
from net.club.probes import MOST_TABLES, Probes
from net.seat.served import left_with
from net.wire import topics
from net.wire.messages import (
    Gone,
    Order,
    ServerListing,
    TableListing,
    Ticket,
    read_host_message,
    read_listing,
)

log = logging.getLogger("caldera.net")
DOUBT_FOR = 10.0  # seconds a listed table whose card was cleared has for its host to answer

TableListener = Callable[[str, TableListing | None], None]


class ListedTables:
    """The tables a lobby lists (:attr:`tables`) and those it heard of and probes first (see
    the module). ``broker`` names the broker (in :attr:`broker_note`); ``wake()`` has probes
    sent now, ``changed()`` wakes who waits on the lobby; :attr:`listeners` are told each
    change of a table (its listing, or ``None`` when it closes)."""

    def __init__(self, broker: str, wake: Callable[[], None], changed: Callable[[], None]) -> None:
        self.broker = broker
        self.tables: dict[str, TableListing] = {}
        self.host_keys: dict[str, bytes] = {}  # table -> the key its cards are signed by
        self.orders: dict[str, Order] = {}  # table -> the order of its newest card taken
        self.broker_note: str | None = None  # the broker went with a table (the host app's)
        self.probes = Probes()
        self.doubt_for = DOUBT_FOR
        self.listeners: list[TableListener] = []
        self._wake = wake
        self._changed = changed
        self._heard: dict[str, TableListing] = {}  # tables whose host has not answered yet
        self._answered: set[str] = set()  # tables whose host answered a probe
        # listed tables whose card someone cleared (anyone may): asked again, and left out of
        # the list when their host has not answered for ``doubt_for`` seconds
        self._doubted: dict[str, float] = {}

    def heard(self, table: str, payload: bytes, sender: bytes | None) -> None:
        """What came on ``table``'s listing topic, signed by ``sender``."""
        if not payload:  # cleared: by anyone (an empty payload cannot be signed), so a hint:
            if table in self.tables and table not in self._doubted:  # is its host still there?
                self._doubted[table] = time.monotonic()
                self.probes.want(table)
                self._wake()
            return
        message = from_host(table, payload, sender, self.host_keys.get(table))
        if message is None:
            return
        if table in self._answered:
            if table in self._doubted and message.order > self.orders.get(table, (-1, -1)):
                self._doubted.pop(table)  # a newer card: its host is there
                self.probes.drop(table)
            self._take(table, message)
            return
        heard = self._heard.get(table)
        if heard is not None and message.order <= heard.order:
            return
        if isinstance(message, Gone):  # its host left before it answered: stop asking
            self._heard.pop(table, None)
            self.probes.drop(table)
            return
        self._heard[table] = message
        self.probes.want(table)  # listed once its host answers
        self._wake()
        if len(self._heard) > MOST_TABLES:
            for old in [t for t in self._heard if t not in self.probes]:
                del self._heard[old]

    def answer(self, table: str, payload: bytes, sender: bytes | None) -> None:
        """A host's answer to a probe: its table, as it stands now, is listed."""
        if table not in self.probes or not payload:
            return
        try:
            answer = read_host_message(payload)
        except CodecError:
            return
        if not isinstance(answer, Ticket) or not self.probes.asked(table, answer.nonce):
            return
        card = answer.card
        if sender is None or not topics.certifies(table, sender) or card.key != sender.hex():
            return
        if card.table != table or self.host_keys.setdefault(table, sender) != sender:
            return
        self.probes.drop(table)
        self._heard.pop(table, None)
        self._doubted.pop(table, None)
        self._answered.add(table)
        self._take(table, card)
        self._changed()

    def server_said(self, server: str, sender: bytes | None, said: ServerListing | Gone) -> None:
        """What ``server``'s card topic said, signed by ``sender``: when it is its signed "gone",
        the hosts of the tables it serves left with it (:func:`net.seat.served.left_with`)."""
        for table, gone in left_with(self.tables, server, sender, said):
            self._take(table, gone)  # a served table's host left with its server

    def _take(self, table: str, message: TableListing | Gone) -> None:
        """A card (or "gone") of a listed table's host, if it is newer than the one taken."""
        if message.order <= self.orders.get(table, (-1, -1)):
            log.info("lobby: ignoring a card for table %s older than the one it has", table)
            return
        self.orders[table] = message.order
        if isinstance(message, TableListing) and message.broker_stops:
            self.broker_note = (f"table {table} closed, and its host's broker at {self.broker} "
                                f"stopped with it")  # fmt: skip
        card = message if isinstance(message, TableListing) else None
        if card is not None and card.status == "closed":
            card = None
        if card is None:
            if self.tables.pop(table, None) is None:
                return
        else:
            self.tables[table] = card
        for listener in list(self.listeners):
            listener(table, card)

    def give_up_doubted(self) -> None:
        """Leave out of the list the tables whose card was cleared and whose host has not
        answered a probe since, for ``doubt_for`` seconds (it is gone, its Last Will lost)."""
        now = time.monotonic()
        for table, since in list(self._doubted.items()):
            if now - since < self.doubt_for:
                continue
            del self._doubted[table]
            self.probes.drop(table)
            self._answered.discard(table)
            if self.tables.pop(table, None) is not None:
                for listener in list(self.listeners):
                    listener(table, None)
                self._changed()


def from_host(
    table: str, payload: bytes, sender: bytes | None, known: bytes | None
) -> TableListing | Gone | None:
    """A card (or "gone") of ``table`` signed (``sender``) by its host's key: the key its id
    is made from (or, for a chosen id, the key it was first met with: ``known``); ``None``
    for anything else."""
    if sender is None or not topics.certifies(table, sender):
        log.info("lobby: ignoring a card for table %s not signed by its key", table)
        return None
    if known is not None and sender != known:
        log.info("lobby: ignoring a card for table %s signed by another key", table)
        return None
    try:
        message = read_listing(payload)
    except CodecError as exc:
        log.info("lobby: ignoring an unreadable card for table %s: %s", table, exc)
        return None
    if isinstance(message, TableListing) and (
        message.key != sender.hex() or message.table != table
    ):
        log.info("lobby: ignoring a card for table %s that names another", table)
        return None
    return message

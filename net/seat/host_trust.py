"""Which of what a seat receives is its table's host's, and which of the host's cards is newest.

A seat believes only what the table's host signed: the host's key is the one the lobby saw on
the table's card (or, first, the card's own; a table's id is made from its host's key, so no
other key can be its host's: :func:`net.wire.topics.certifies`), and a card, batch, hash or
answer signed by anyone else, or by no one, is dropped unread (:attr:`HostTrust.dropped`
counts them). Of the host's cards and "gone"s only the newest counts
(:attr:`~net.wire.messages.TableListing.order`): one replayed from earlier changes nothing
(:attr:`HostTrust.stale` counts them). A card of another protocol's table, signed by the key its
id is made from, is told to ``refuse``: that table cannot be sat at.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.errors import CodecError
from net.errors import NetError
from net.trust.keys import fingerprint
from net.wire import topics
from net.wire.messages import (
    Gone,
    HostMessage,
    Joined,
    Order,
    OtherProtocol,
    TableListing,
    Ticket,
    peek,
    read_listing,
    read_table_listing,
)

log = logging.getLogger("caldera.net")


class HostTrust:
    """The host's key, pinned once known, and the order of its newest card (see the module)."""

    def __init__(self, table: str, host_key: bytes | None, refuse: Callable[[str], None]) -> None:
        if host_key is not None and not topics.certifies(table, host_key):
            raise NetError(f"table {table} is not that key's (its id is made from its own)")
        self.table = table
        self.host_key = host_key  # pinned: only what this key signed is the host's
        self._refuse = refuse
        self.newest: Order = (-1, -1)  # the order of the newest card (or "gone") taken
        self.dropped = 0  # messages dropped as not the host's
        self.stale = 0  # cards (and "gone"s) of the host's dropped as older than one taken

    def card(self, sender: bytes | None, payload: bytes) -> TableListing | Gone | None:
        """What came on the table's card topic, if it is the host's and newer than any taken
        before (``None``: forged, unreadable or older)."""
        if not self._signed_card(sender, payload):
            return None
        try:
            message = read_listing(payload)
        except CodecError as exc:
            log.warning("table %s: unreadable table card: %s", self.table, exc)
            return None
        if message.order <= self.newest:
            if message.order < self.newest:
                self.stale += 1
                log.info("table %s: dropped a card of the host older than the one it has",
                         self.table)  # fmt: skip
            return None
        self.newest = message.order
        return message

    def newer(self, card: TableListing) -> bool:
        """Whether ``card`` (one a join answer carries) is newer than any taken; it counts."""
        if card.order <= self.newest:
            if card.order < self.newest:
                self.stale += 1
                log.info("table %s: dropped a card of the host older than the one it has",
                         self.table)  # fmt: skip
            return False
        self.newest = card.order
        return True

    def vouches(self, sender: bytes | None, message: HostMessage, topic: str) -> bool:
        """Whether a message on the events or reply topics is the host's: signed by its key;
        before one is pinned, a join's answer signed by the key its card names (pinned from
        then on)."""
        if sender is not None and sender == self.host_key:
            return True
        if self.host_key is None and sender is not None and isinstance(message, Joined | Ticket):
            named = message.card.key == sender.hex()  # before any card: a join answer names it
            if named and topics.certifies(self.table, sender):
                self.host_key = sender
                return True
        self.forged(sender, topic)
        return False

    def _signed_card(self, sender: bytes | None, payload: bytes) -> bool:
        """Whether a card is the host's: signed by the pinned key; before one is pinned, signed
        by the key it names itself (which is pinned from then on)."""
        if sender is not None and sender == self.host_key:
            return True
        if sender is not None and self.host_key is None and payload:
            try:
                named = read_table_listing(payload).key
            except OtherProtocol as exc:  # a table this Caldera cannot sit at: say why, once
                if peek(payload, "key") == sender.hex() and topics.certifies(self.table, sender):
                    self._refuse(str(exc))
                named = None
            except CodecError:
                named = None
            if named == sender.hex() and topics.certifies(self.table, sender):
                self.host_key = sender
                return True
        self.forged(sender, topics.card(self.table))
        return False

    def forged(self, sender: bytes | None, topic: str) -> None:
        who = "nobody" if sender is None else fingerprint(sender)
        log.info("table %s: dropped a message on %s signed by %s, not the host", self.table,
                 topic, who)  # fmt: skip
        self.dropped += 1

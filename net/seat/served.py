"""A served table's host is its server's connection: when that dies, the table's host is away.

A table a ``caldera serve`` hosts shares its server's connection (:mod:`net.link.lines`) and has
no Last Will of its own: the server's, a signed "gone" on the server's card topic, is every one
of its tables'. The table's card (signed by the table's key) names the server, the server's key
and the epoch of the connection it went out on; a "gone" signed by that key for that epoch or a
later one says the table's host left, exactly as the table's own "gone" of the card's epoch
would (:func:`host_gone`). One replayed from an earlier connection of the server changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from core.errors import CodecError
from net.link.connection import Link
from net.seat.host_trust import HostTrust
from net.wire import topics
from net.wire.messages import Gone, ServerListing, TableListing, read_server_listing


def host_gone(card: TableListing, sender: bytes | None, payload: bytes) -> Gone | None:
    """The table's "gone" (of its card's epoch) that its server's ``payload`` on the server's
    card topic means, if the server's key signed a "gone" of the card's connection or a later
    one; else ``None``."""
    if not card.server_key or sender is None or sender.hex() != card.server_key or not payload:
        return None
    try:
        message = read_server_listing(payload)
    except CodecError:
        return None
    if isinstance(message, Gone) and message.epoch >= card.server_epoch:
        return Gone(card.epoch)
    return None


def left_with(
    cards: Mapping[str, TableListing],
    server: str,
    sender: bytes | None,
    said: ServerListing | Gone,
) -> list[tuple[str, Gone]]:
    """The tables of ``cards`` whose host left with ``server``, if what it ``said`` is its
    signed "gone", each with the "gone" of its own that this means (a lobby drops them)."""
    out: list[tuple[str, Gone]] = []
    if not isinstance(said, Gone):
        return out
    for table, card in cards.items():
        signed = sender is not None and sender.hex() == card.server_key
        if card.server == server and signed and said.epoch >= card.server_epoch:
            out.append((table, Gone(card.epoch)))
    return out


class ServedBy:
    """A seat's watch on the server its table's newest card names: it follows that server's
    card topic on the seat's ``link`` and hands the server's Last Will to ``take`` as the
    host's "gone" (once newer than the host's newest card in ``trust``)."""

    def __init__(
        self,
        link: Link,
        trust: HostTrust,
        card: Callable[[], TableListing | None],
        take: Callable[[Gone], None],
    ) -> None:
        self.link, self.trust, self.card, self.take = link, trust, card, take
        self.server = ""  # the server followed ("": none), on its card's topic
        self.topic = ""
        self._inner = link.on_message
        link.on_message = self._on_message

    def _follow(self, card: TableListing) -> None:
        """Follow the server ``card`` names (none: stop following)."""
        named = card.server if topics.valid_name(card.server) else ""
        if named != self.server:
            if self.topic:
                self.link.listen(self.topic, on=False)
            self.server, self.topic = named, topics.server_card(named) if named else ""
            if self.topic:
                self.link.listen(self.topic)

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        card = self.card()
        if topic == self.topic and card is not None:
            gone = host_gone(card, self.link.sender, payload)
            if gone is not None and gone.order > self.trust.newest:
                self.trust.newest = gone.order  # as the host's own "gone" would be taken
                self.take(gone)
            return
        if self._inner is not None:
            self._inner(topic, payload, retain)
        card = self.card()
        if card is not None and card.server != self.server:
            self._follow(card)

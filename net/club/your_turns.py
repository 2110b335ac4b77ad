"""Our turn messages, as a lobby hears them: at which tables it is this identity's turn.

A table's host retains a turn message for each seat's holder (:mod:`net.table.turns`). It is
believed when the table's host signed it (the key its listing named, or the key the table's id
is made from while none was named yet) and when it is newer than the one held: a signed one may
be replayed, and its ``epoch`` and ``n`` say which is newer. An empty one (cleared) says we no
longer sit there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from net.table import turns
from net.wire import topics
from net.wire.messages import Order

log = logging.getLogger("caldera.net")

TurnListener = Callable[[str, dict[str, Any] | None], None]


class YourTurns:
    """Our newest turn message of each table (:attr:`turns`, see the module), for
    ``identity``; ``host_keys`` are the keys the lobby knows its tables' hosts by;
    :attr:`listeners` are told each change."""

    def __init__(self, identity: str, host_keys: Mapping[str, bytes]) -> None:
        self.identity = identity
        self.turns: dict[str, dict[str, Any]] = {}  # table -> our turn message
        self.listeners: list[TurnListener] = []
        self._host_keys = host_keys
        self._orders: dict[str, Order] = {}  # table -> the order of its newest turn message

    def take(self, topic: str, payload: bytes, sender: bytes | None) -> None:
        """What came on our turns topic of a table, signed by ``sender``."""
        parts = topic.split("/")
        if len(parts) != 5 or parts[4] != self.identity:
            return
        table = parts[3]
        message: dict[str, Any] | None = None
        if payload:
            try:
                message = turns.parse(topic, payload)
            except turns.NotATurn as exc:
                log.info("lobby: ignoring %s", exc)
                return
            known = self._host_keys.get(table)
            if sender is None or not topics.certifies(table, sender) or known not in (None, sender):
                log.info("lobby: ignoring a turn message for %s not signed by its host", table)
                return
            order = turns.order_of(message)
            if order <= self._orders.get(table, (-1, -1)):
                log.info("lobby: ignoring a turn message for %s older than the one it has", table)
                return
            self._orders[table] = order
            message["signer"] = sender.hex()
        if message is None:
            if self.turns.pop(table, None) is None:
                return
        else:
            self.turns[table] = message
        for listener in list(self.listeners):
            listener(table, message)

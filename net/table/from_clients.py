"""What arrives on a hosted table's topics, handed to the part of the host it is for.

The host takes a message only when it is signed, and a seat is the key's that took it
(:mod:`net.table.seating`: a client id is a label anyone may use): a forged join, command,
catch-up request or presence changes nothing. A command goes to the referee
(:mod:`net.table.refereeing`), a join or a presence mark to the join desk
(:mod:`net.table.joins`), a catch-up request to :mod:`net.table.syncs`, a chat line to
:mod:`net.table.chatting`; whatever arrives on the table's own listing's topic goes to the
watch over it (:mod:`net.table.own_listing`).
"""

from __future__ import annotations

import logging

from net.link.connection import Channel
from net.table.chatting import Chatting
from net.table.joins import JoinDesk
from net.table.own_listing import OwnListing
from net.table.refereeing import Refereeing
from net.table.syncs import SyncDesk
from net.wire import topics

log = logging.getLogger("caldera.net")


class FromClients:
    """Routes one table's messages in (see the module), each from the key that signed it."""

    def __init__(
        self,
        table: str,
        link: Channel,
        own: OwnListing,
        refereeing: Refereeing,
        syncs: SyncDesk,
        joins: JoinDesk,
        chatting: Chatting,
    ) -> None:
        self.table = table
        self.link = link
        self.own = own
        self.refereeing = refereeing
        self.syncs = syncs
        self.joins = joins
        self.chatting = chatting

    def on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is not None and route.kind == "tables" and route.rest == (self.table,):
            self.own.seen(payload, self.link.sender)
            return
        if route is None or route.table != self.table or not route.rest:
            return
        client = route.rest[-1]
        if not topics.valid_name(client) or not payload:
            return  # an empty payload clears a retained presence: it says nothing
        sender = self.link.sender
        if sender is None:  # whoever sent it is nobody: a key is who one is here
            self.refereeing.rejections.append((client, f"{route.kind}: unsigned"))
            log.info("table %s: dropped an unsigned %s message for %s", self.table, route.kind,
                     client)  # fmt: skip
            return
        who = sender.hex()
        if route.kind == "cmd" and len(route.rest) == 2:
            self.refereeing.on_command(route.rest[0], client, sender, payload)
        elif route.kind == "join" and len(route.rest) == 1:
            self.joins.on_join(client, who, payload)
        elif route.kind == "sync" and len(route.rest) == 1:
            self.syncs.on_sync(client, sender, payload)
        elif route.kind == "presence" and len(route.rest) == 1:
            self.joins.on_presence(who, payload)
        elif route.kind == "say" and len(route.rest) == 1:
            self.chatting.on_say(client, sender, payload)

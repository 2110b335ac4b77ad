"""The host's side of who comes to its table: joins, watchers, leaves, "here"s and Last Wills.

A request on a table's join topic counts only with the host's ticket for the connection it
names (:mod:`net.table.tickets`); one without a valid ticket is answered with a fresh one. With
it, a client takes a seat (or any open one), watches, leaves its seat before the game, or says
it is here again; a connection's Last Will ("offline") counts for the key's current connection
only. Every answer goes to the asker's reply topic, sealed to its key, with the request's nonce.
A Caldera of an older protocol is refused in words it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from core.errors import CodecError
from net.errors import NetError
from net.link.connection import Channel
from net.table.seating import Seating
from net.table.standins import HostBots
from net.table.tickets import Tickets
from net.wire import topics
from net.wire.messages import (
    Joined,
    OtherProtocol,
    Refused,
    TableListing,
    Ticket,
    encode,
    peek,
    read_join,
    read_presence,
    update_line,
)


class JoinDesk:
    """Answers the table's join and presence topics (see the module). ``card()`` is the table's
    card now, ``status()`` its status; ``card_changed()`` publishes a new card, ``seated()``
    follows a seat taken (the game may start), and ``admit(key)`` says why a new key may not
    sit (``None``: it may)."""

    def __init__(
        self,
        table: str,
        link: Channel,
        seating: Seating,
        tickets: Tickets,
        bots: HostBots,
        *,
        card: Callable[[], TableListing],
        status: Callable[[], str],
        card_changed: Callable[[], None],
        seated: Callable[[], None],
        admit: Callable[[str], str | None],
    ) -> None:
        self.table = table
        self.link = link
        self.seating = seating
        self.tickets = tickets
        self.bots = bots
        self._card = card
        self._status = status
        self._card_changed = card_changed
        self._seated = seated
        self._admit = admit

    def reply(self, client: str, who: str, message: Any) -> None:
        """Answer the key ``who`` on its id's reply topic, sealed to it."""
        topic = topics.reply(self.table, client)
        self.link.publish(topic, encode(message), seal_to=bytes.fromhex(who))

    def on_join(self, client: str, who: str, payload: bytes) -> None:
        try:
            request = read_join(payload)
        except OtherProtocol:  # an older Caldera: it reads this refusal and shows it
            self.reply(client, who, Refused(update_line("this table"), peek(payload, "n")))
            return
        except CodecError as exc:
            self.reply(client, who, Refused(f"malformed join request: {exc}"))
            return
        if not request.conn:  # a client from before tickets: it would never be counted
            self.reply(client, who, Refused("this Caldera is too old for this table: update it"))
            return
        if request.role == "look" or not self.tickets.admit(who, request.conn, request.ticket):
            ticket = self.tickets.give(who, request.conn)  # ask again with it
            if ticket is not None:
                self.reply(client, who, Ticket(request.nonce, request.conn, ticket, self._card()))
            return
        self.seating.met(client)
        self.seating.claim(client, who)

        def answer(message: Joined | Refused) -> None:
            self.reply(client, who, msgspec.structs.replace(message, nonce=request.nonce))

        own = self.seating.seat_of(who)
        if request.role == "leave":
            if own is not None and self._status() == "open" and self.seating.leave(who):
                self._card_changed()
            return
        self.presence_changed(who, True)  # here, on the connection its ticket is for
        if request.role == "spectator":
            watching = self.seating.watching
            self.seating.watch(who, request.name or client)
            if self.seating.watching != watching:
                self._card_changed()
            answer(Joined(None, self._card()))
            return
        if request.role == "here" or own is not None:
            if request.role == "player" and own is not None:  # asked for: from any stand-in
                self.bots.hand_back(own)
            answer(Joined(own, self._card()))
            return
        if self._status() != "open":
            answer(Refused("the game has already begun (you can watch it)"))
            return
        refused = self._admit(who)
        if refused is not None:  # a server's budget of new identities (net.club.work)
            answer(Refused(refused))
            return
        try:
            seat = self.seating.sit(client, who, request)
        except NetError as exc:
            answer(Refused(str(exc)))
            return
        self._card_changed()
        answer(Joined(seat, self._card()))
        self._seated()

    def caught_up(self, who: str) -> None:
        """``who``'s catch-up was answered (the game sent, sealed to its key): a spectator
        counts from now on."""
        watching = self.seating.watching
        self.seating.received(who)
        if self.seating.watching != watching:
            self._card_changed()

    def presence_changed(self, who: str, online: bool) -> None:
        watching = self.seating.watching
        seat = self.seating.mark(who, online)
        if seat is None:
            if self.seating.watching != watching:  # a spectator came or went
                self._card_changed()
            return
        self._card_changed()
        self.bots.presence_changed(seat, who, online, running=self._status() == "running")

    def on_presence(self, who: str, payload: bytes) -> None:
        """A connection's Last Will ("offline"): it counts for the key's current connection
        only (an "online" counts for nothing: "here", with a ticket, says it now)."""
        try:
            presence = read_presence(payload)
        except CodecError:
            return
        if not presence.online and self.tickets.gone(who, presence.nonce):
            self.presence_changed(who, False)

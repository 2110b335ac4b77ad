"""A table's chat at its host: each line judged, then passed on to its room's readers.

A line comes sealed to the host on ``say/<client>`` (so the link knows which key sent it). It
counts only when all of this holds, else it is dropped (or, for the last three, refused in a
line to its sender, at most once every ``REFUSALS_EVERY`` seconds a key):

- it carries the host's live ticket for the sender's connection (a line of a connection gone,
  replayed, counts for nothing), its number is beyond the last one taken from that connection
  (a line replayed on a live one), and its own signature holds for this table and room
  (:func:`net.wire.messages.chat_data`: readers check it too, so a host cannot pass one
  player's words off as another's without the readers seeing that it does not hold);
- the host has chat on, and the sender is in the room: a seat's holder in the players' room,
  a spectator (who asked to watch and holds no seat) in the spectators' (a club lobby's room
  is not a table's);
- its key has a token in its bucket: ``BURST`` lines at once, then one every
  ``60 / PER_MINUTE`` seconds (a key sending 1,000 lines a minute gets a few through; every
  other key has its own bucket).

What goes out is cleaned (control characters made spaces, at most ``MOST_SAID`` characters).
The players' room is sealed to each seat's key; the spectators' goes out in the open (anyone may
watch a table), so a player reads it only after asking (:mod:`net.seat.chat`). Chat is not the
game: nothing of it goes in the event log. The host keeps its rooms' last lines
(``KEPT``), for a reader who opens the chat late to read.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import TypeVar

from core.errors import CodecError
from net.link.connection import Link
from net.table.seating import Seating
from net.table.tickets import Tickets
from net.trust.keys import public_from_hex, verify
from net.wire import topics
from net.wire.messages import (
    MOST_SAID,
    ChatRefused,
    Said,
    SayLine,
    chat_data,
    chat_text,
    encode,
    read_say,
)

log = logging.getLogger("caldera.net")

BURST = 5  # lines a key may say at once
PER_MINUTE = 6  # … then this many a minute
REFUSALS_EVERY = 5.0  # seconds between two refusals told to one key, at least
MOST_KEYS = 4096  # keys whose buckets and numbers are kept (the oldest forgotten first)
KEPT = 50  # lines kept of each room
V = TypeVar("V")


class Bucket:
    """A token bucket: ``burst`` tokens, one more every ``every`` seconds."""

    def __init__(self, burst: float, every: float, now: float) -> None:
        self.burst, self.every = burst, every
        self.tokens, self.when = burst, now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.when) / self.every)
        self.when = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Chatting:
    """The chat rooms of one hosted table."""

    def __init__(
        self,
        table: str,
        seating: Seating,
        tickets: Tickets,
        link: Link,
        epoch: Callable[[], int],
        *,
        on: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.seating = seating
        self.tickets = tickets
        self.link = link
        self.epoch = epoch  # the host's connection, which numbers its relays first
        self.on = on  # the host's choice: chat at this table, or none
        self.clock = clock
        self.said = 0  # lines relayed (in every room)
        self.dropped: deque[tuple[str, str]] = deque(maxlen=1000)  # (client, why)
        self.kept: dict[str, deque[Said]] = {"players": deque(maxlen=KEPT),
                                            "spectators": deque(maxlen=KEPT)}  # fmt: skip
        self._last: OrderedDict[str, tuple[str, int]] = OrderedDict()  # who -> (conn, last n)
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()
        self._told: OrderedDict[str, float] = OrderedDict()  # who -> when last refused

    def on_say(self, client: str, key: bytes, payload: bytes) -> None:
        """A line from the key ``key`` under the id ``client``."""
        who = key.hex()
        try:
            line = read_say(payload)
        except CodecError as exc:
            self._drop(client, f"malformed: {exc}")
            return
        if not self.tickets.admit(who, line.conn, line.ticket):
            self._drop(client, "no live ticket (a line of a connection gone)")
            return
        if not verify(key, chat_data(self.table, line.room, line.conn, line.n, line.text),
                      line.sig):  # fmt: skip
            self._drop(client, "its signature does not hold")
            return
        conn, last = self._last.get(who, ("", 0))
        if conn == line.conn and line.n <= last:
            self._drop(client, f"line {line.n} again (a replay)")
            return
        _keep(self._last, who, (line.conn, line.n))
        refused = self._refusal(who, line.room)
        if refused is not None:
            self._refuse(client, key, line.n, refused)
            return
        unclean = _unclean(line.text)
        if unclean is not None:  # a Caldera sends it cleaned
            self._refuse(client, key, line.n, unclean)
            return
        bucket = self._buckets.get(who)
        if bucket is None:
            bucket = _keep(self._buckets, who, Bucket(BURST, 60 / PER_MINUTE, self.clock()))
        if not bucket.take(self.clock()):
            self._refuse(client, key, line.n, "you are saying a lot: wait a little")
            return
        self._relay(line, who)

    def _refusal(self, who: str, room: str) -> str | None:
        if not self.on:
            return "the host turned chat off at this table"
        if room == "players" and self.seating.seat_of(who) is None:
            return "only the players speak in the players' chat"
        if room == "spectators" and not self.seating.watches(who):
            return "only the spectators speak in the spectators' chat"
        if room not in self.kept:
            return "a table has no lobby chat"
        return None

    def _relay(self, line: SayLine, who: str) -> None:
        seat = self.seating.seat_of(who)
        name = self.seating.seats[seat].name if seat is not None else self.seating.name_of(who)
        self.said += 1
        said = Said(line.room, line.n, line.text, line.conn, who, line.sig, name, seat,
                    self.epoch(), self.said, time.time_ns() // 1_000_000)  # fmt: skip
        self.kept[line.room].append(said)
        data = encode(said)
        if line.room == "spectators":
            self.link.publish(topics.spectators_chat(self.table), data)
            return
        for card in self.seating.seats:
            key = public_from_hex(card.key)
            if card.client is not None and key is not None:
                self.link.publish(topics.players_chat(self.table, card.client), data,
                                  seal_to=key)  # fmt: skip

    def _refuse(self, client: str, key: bytes, n: int, reason: str) -> None:
        who = key.hex()
        self._drop(client, reason)
        now = self.clock()
        told = self._told.get(who)
        if told is not None and now - told < REFUSALS_EVERY:
            return  # said already: a flood gets no echo
        _keep(self._told, who, now)
        topic = topics.reply(self.table, client)
        self.link.publish(topic, encode(ChatRefused(n, reason)), seal_to=key)

    def _drop(self, client: str, why: str) -> None:
        self.dropped.append((client, why))
        log.info("table %s: dropped a chat line from %s: %s", self.table, client, why)


def _unclean(text: str) -> str | None:
    """Why ``text`` is no chat line as sent (``None``: it is one)."""
    if len(text) > MOST_SAID:
        return f"a line holds {MOST_SAID} characters at most"
    if text != chat_text(text):
        return "a line holds no control characters (nor spaces at its ends)"
    return None if text else "an empty line says nothing"


def _keep(table: OrderedDict[str, V], who: str, value: V) -> V:
    """``table[who] = value``, the newest last, the oldest forgotten beyond ``MOST_KEYS``."""
    table[who] = value
    table.move_to_end(who)
    while len(table) > MOST_KEYS:
        table.popitem(last=False)
    return value

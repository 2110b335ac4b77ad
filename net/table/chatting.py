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
- its key is not timed out by a club moderator (``silenced``: the server's
  :mod:`net.club.moderation` says; a table of its own has no moderators);
- its key has a token in its bucket: ``BURST`` lines at once, then one every
  ``60 / PER_MINUTE`` seconds (a key sending 1,000 lines a minute gets a few through; every
  other key has its own bucket). Its refusal says in how many seconds the next line is taken,
  and the sender's terminal sends none before (:mod:`net.seat.chat`).

What goes out is cleaned (control characters made spaces, at most ``MOST_SAID`` characters).
The players' room is sealed to each seat's key; the spectators' goes out in the open (anyone may
watch a table), so a player reads it only after asking (:mod:`net.seat.chat`). Chat is not the
game: nothing of it goes in the event log. The host keeps its rooms' last lines
(``KEPT``), for a reader who opens the chat late to read.
"""

from __future__ import annotations

import logging
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from itertools import islice
from typing import TypeVar

from core.errors import CodecError
from core.language import N_
from net.link.connection import Channel
from net.table.seating import Seating
from net.table.tickets import Tickets
from net.trust.keys import public_from_hex, verify
from net.wire import topics
from net.wire.messages import (
    MOST_SAID,
    ChatRefused,
    Said,
    SayLine,
    TimedOut,
    chat_data,
    chat_text,
    encode,
    read_say,
)

log = logging.getLogger("caldera.net")

BURST = 5  # lines a key may say at once
PER_MINUTE = 6  # … then this many a minute
REFUSALS_EVERY = 5.0  # seconds between two refusals told to one key, at least
MOST_KEYS = 4096  # keys whose buckets and line numbers are kept (see Chatting._keep)
LOOK_FOR_DEAD = 64  # numbers looked at, the oldest first, for one whose connection is gone
KEPT = 50  # lines kept of each room
# why a line was refused, in English on the wire; each reader shows it in its own language
CHAT_OFF = N_("the host turned chat off at this table")
PLAYERS_ONLY = N_("only the players speak in the players' chat")
SPECTATORS_ONLY = N_("only the spectators speak in the spectators' chat")
NO_LOBBY = N_("a table has no lobby chat")
TIMED_OUT = N_("a moderator timed you out of the club's chats: wait until it ends")
TOO_FAST = N_("you are saying a lot: wait a little")
TOO_MANY = N_("too many players are talking at this table: say it again later")
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

    def wait(self) -> int:
        """Whole seconds, rounded up, until the next token (0: one is here)."""
        return math.ceil(max(0.0, 1.0 - self.tokens) * self.every)


class Buckets:
    """A chat's speakers' buckets by key (:data:`BURST` lines, then :data:`PER_MINUTE`), the
    newest :data:`MOST_KEYS` kept."""

    def __init__(self) -> None:
        self._by_key: OrderedDict[str, Bucket] = OrderedDict()

    def wait(self, who: str) -> int:
        """Whole seconds until ``who`` may say a line again, from their last :meth:`take`."""
        bucket = self._by_key.get(who)
        return 0 if bucket is None else bucket.wait()

    def take(self, who: str, now: float) -> bool:
        """Whether ``who`` may say a line ``now`` (it takes one of their tokens)."""
        bucket = self._by_key.get(who)
        if bucket is None:
            bucket = Bucket(BURST, 60 / PER_MINUTE, now)
            keep_newest(self._by_key, who, bucket)
        return bucket.take(now)


class Chatting:
    """The chat rooms of one hosted table."""

    def __init__(
        self,
        table: str,
        seating: Seating,
        tickets: Tickets,
        link: Channel,
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
        # who -> (conn, its last n): kept while that connection lives (see _keep)
        self._last: OrderedDict[str, tuple[str, int]] = OrderedDict()
        self._buckets = Buckets()
        self._told: OrderedDict[str, float] = OrderedDict()  # who -> when last refused
        self.silenced: Callable[[str], bool] = lambda who: False  # a moderator timed it out

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
        if not self._keep(who, line.conn, line.n):
            self._refuse(client, key, line.n, TOO_MANY)
            return
        refused = self._refusal(who, line.room)
        if refused is not None:
            self._refuse(client, key, line.n, refused)
            return
        why = unclean(line.text)
        if why is not None:  # a Caldera sends it cleaned
            self._refuse(client, key, line.n, why)
            return
        if not self._buckets.take(who, self.clock()):
            self._refuse(client, key, line.n, TOO_FAST, self._buckets.wait(who))
            return
        self._relay(line, who)

    def _keep(self, who: str, conn: str, n: int) -> bool:
        """Keep ``who``'s newest line number; whether it could be. A number is forgotten only
        once its connection's ticket is dead (a line of it, replayed, counts for nothing then):
        past ``MOST_KEYS`` the oldest such is forgotten, and while every one kept is live a key
        new here must wait (its line is refused), so no live line is ever taken twice."""
        last = self._last
        if who not in last and len(last) >= MOST_KEYS:
            dead = next((k for k, (c, _) in islice(last.items(), LOOK_FOR_DEAD)
                         if self.tickets.current(k) != c), None)  # fmt: skip
            if dead is None:
                return False
            del last[dead]
        last[who] = (conn, n)
        last.move_to_end(who)
        return True

    def _refusal(self, who: str, room: str) -> str | None:
        if not self.on:
            return CHAT_OFF
        if room == "players" and self.seating.seat_of(who) is None:
            return PLAYERS_ONLY
        if room == "spectators" and not self.seating.watches(who):
            return SPECTATORS_ONLY
        if room not in self.kept:
            return NO_LOBBY
        if self.silenced(who):
            return TIMED_OUT
        return None

    def _relay(self, line: SayLine, who: str) -> None:
        seat = self.seating.seat_of(who)
        name = self.seating.seats[seat].name if seat is not None else self.seating.name_of(who)
        self.said += 1
        said = Said(line.room, line.n, line.text, line.conn, who, line.sig, name, seat,
                    self.epoch(), self.said, time.time_ns() // 1_000_000)  # fmt: skip
        self.kept[line.room].append(said)
        self._publish(line.room, encode(said))

    def tell_timed_out(self, who: str, minutes: int, reason: str) -> None:
        """Tell the room the key ``who`` (hex) speaks in here, if any, that a moderator timed
        it out for ``minutes`` (0: let it speak again), and why."""
        seat = self.seating.seat_of(who)
        if seat is not None:
            room, name = "players", self.seating.seats[seat].name
        elif self.seating.watches(who):
            room, name = "spectators", self.seating.name_of(who)
        else:
            return
        self.said += 1
        told = TimedOut(room, who, name, minutes, reason, self.epoch(), self.said,
                        time.time_ns() // 1_000_000)  # fmt: skip
        self._publish(room, encode(told))

    def _publish(self, room: str, data: bytes) -> None:
        """``data`` to the room's readers: the spectators' in the open, each seat sealed."""
        if room == "spectators":
            self.link.publish(topics.spectators_chat(self.table), data)
            return
        for card in self.seating.seats:
            key = public_from_hex(card.key)
            if card.client is not None and key is not None:
                self.link.publish(topics.players_chat(self.table, card.client), data,
                                  seal_to=key)  # fmt: skip

    def _refuse(self, client: str, key: bytes, n: int, reason: str, wait: int = 0) -> None:
        who = key.hex()
        self._drop(client, reason)
        now = self.clock()
        told = self._told.get(who)
        if told is not None and now - told < REFUSALS_EVERY:
            return  # said already: a flood gets no echo
        keep_newest(self._told, who, now)
        topic = topics.reply(self.table, client)
        self.link.publish(topic, encode(ChatRefused(n, reason, wait)), seal_to=key)

    def _drop(self, client: str, why: str) -> None:
        self.dropped.append((client, why))
        log.info("table %s: dropped a chat line from %s: %s", self.table, client, why)


def unclean(text: str) -> str | None:
    """Why ``text`` is no chat line as sent (``None``: it is one)."""
    if len(text) > MOST_SAID:
        return TOO_LONG
    if text != chat_text(text):
        return UNCLEAN
    return None if text else EMPTY


TOO_LONG = N_("a line holds 300 characters at most")
UNCLEAN = N_("a line holds no control characters (nor spaces at its ends)")
EMPTY = N_("an empty line says nothing")


def keep_newest(table: OrderedDict[str, V], who: str, value: V) -> V:
    """``table[who] = value``, the newest last, the oldest forgotten beyond ``MOST_KEYS``."""
    table[who] = value
    table.move_to_end(who)
    while len(table) > MOST_KEYS:
        table.popitem(last=False)
    return value

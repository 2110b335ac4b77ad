"""The host of one table: its card in the lobby, its lifecycle, and the messages it receives.

The host is the only authority. Its parts, each in its own module: who sits where and who is
online (:mod:`net.seating`), the referee that judges commands and publishes their events
(:mod:`net.refereeing`), and the host's own bots and stand-ins (:mod:`net.standins`). This
module routes what arrives on the table's topics to them and keeps the table's card current.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.codec import unpack
from core.errors import CodecError
from core.protocol import Rules, Seat
from core.referee import Referee
from net import topics
from net.config import BrokerAddress
from net.errors import NetError
from net.link import DEFAULT_BACKOFF, Backoff, LastWill, Link
from net.refereeing import EventListener, Refereeing
from net.seating import Seating
from net.standins import HostBots
from net.wire import (
    Joined,
    JoinRequest,
    Presence,
    Refused,
    SeatCard,
    TableCard,
    clean_name,
    encode,
)

CardListener = Callable[[TableCard], None]


def default_replay_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("caldera")) / "tables"


class TableHost:
    """Hosts one table over MQTT. Create, ``await open()``, fill the seats, ``await start()``."""

    def __init__(
        self,
        address: BrokerAddress,
        rules: Rules[Any],
        seats: int,
        *,
        table: str | None = None,
        name: str = "",
        host: str = "host",
        options: dict[str, Any] | None = None,
        replay_dir: Path | None = None,
        seed: str | None = None,
        auto_start: bool = False,
        bot_delay: float = 0.0,
        standin: str | None = None,
        standin_after: float = 10.0,
        backoff: Backoff = DEFAULT_BACKOFF,
    ) -> None:
        self.table = topics.check_name(table or topics.new_id(), "table id")
        self.rules = rules
        self.options = dict(options or {})
        self.config = rules.config(seats, self.options)  # ValueError on a bad option
        self.name = clean_name(name or f"{host}'s table")
        self.host = clean_name(host)
        self.replay_dir = replay_dir if replay_dir is not None else default_replay_dir()
        self.seed = seed
        self.auto_start = auto_start
        self.status = "open"
        self.epoch = 0
        self.ended = asyncio.Event()
        self._card_listeners: list[CardListener] = []
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False
        self.link = Link(
            address,
            client_id=f"caldera-host-{self.table}",
            subscriptions=topics.host_filters(self.table),
            on_message=self._on_message,
            on_connect=self._on_connect,
            will=LastWill(topics.card(self.table), b""),  # a crashed host's table leaves the lobby
            backoff=backoff,
        )
        self.seating = Seating(seats)
        self.refereeing = Refereeing(self.table, rules, self.seating, self.link)
        self.refereeing.on_published = self._published
        self.bots = HostBots(
            self.table,
            rules,
            self.seating,
            self.refereeing,
            self.link,
            self._card_changed,
            bot_delay=bot_delay,
            standin=standin,
            standin_after=standin_after,
        )

    # -- what others see -----------------------------------------------------------------

    @property
    def seats(self) -> list[SeatCard]:
        return self.seating.seats

    @property
    def referee(self) -> Referee[Any] | None:
        return self.refereeing.referee

    @property
    def replay_path(self) -> Path | None:
        return self.refereeing.replay_path

    @property
    def hashes(self) -> list[str]:
        return self.refereeing.hashes

    @property
    def rejections(self) -> deque[tuple[str, str]]:
        """The latest refused commands: (client, reason)."""
        return self.refereeing.rejections

    @property
    def card(self) -> TableCard:
        referee = self.referee
        result = referee.outcome() if referee is not None else None
        return TableCard(
            table=self.table,
            game=self.rules.game,
            title=self.rules.title,
            name=self.name,
            host=self.host,
            status=self.status,
            seats=tuple(self.seats),
            options=self.options,
            epoch=self.epoch,
            seq=referee.seq if referee is not None else 0,
            scores=result.scores if result is not None else None,
        )

    def subscribe_card(self, listener: CardListener) -> Callable[[], None]:
        """Call ``listener`` with the card after every change (seats, presence, status)."""
        self._card_listeners.append(listener)
        return lambda: self._card_listeners.remove(listener)

    def subscribe_events(self, listener: EventListener) -> Callable[[], None]:
        """Call ``listener`` with each batch of new envelopes (the full, unprojected events)."""
        listeners = self.refereeing.event_listeners
        listeners.append(listener)
        return lambda: listeners.remove(listener)

    def _card_changed(self) -> None:
        card = self.card
        self.link.publish(topics.card(self.table), encode(card), retain=True)
        for listener in list(self._card_listeners):
            listener(card)

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self, timeout: float = 5.0) -> None:
        """Connect and put the table's card in the lobby."""
        self._tasks = [
            asyncio.create_task(self.bots.drive(), name=f"bots {self.table}"),
            asyncio.create_task(self.refereeing.check_hashes(), name=f"hashes {self.table}"),
        ]
        try:
            await self.link.start(timeout)
        except NetError:
            await self._cancel_tasks()
            raise

    async def _on_connect(self) -> None:
        self.epoch += 1  # clients seeing a new epoch resend whatever may have been lost
        self._card_changed()

    async def close(self) -> None:
        """Close the table: its card leaves the lobby and every presence mark is cleared."""
        if self._closed:
            return
        self._closed = True
        self.status = "closed"
        self.bots.cancel_timers()
        card_topic = topics.card(self.table)
        last = [(card_topic, encode(self.card), False), (card_topic, b"", True)]
        last += [(topics.presence(self.table, c), b"", True) for c in sorted(self.seating.clients)]
        await self.link.stop(last)
        await self._cancel_tasks()
        self.refereeing.close_replay()

    async def _cancel_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def wait_ended(self, timeout: float | None = None) -> None:
        await asyncio.wait_for(self.ended.wait(), timeout)

    # -- seats -----------------------------------------------------------------------------

    async def seat_bot(self, seat: Seat | None = None, kind: str = "random") -> Seat:
        """Seat one of the host's own bots (first open seat by default); returns the seat."""
        return self._seat_bot(seat, kind)

    def _seat_bot(self, seat: Seat | None, kind: str) -> Seat:
        if self.status != "open":
            raise NetError("the game has already begun")
        seat = self.bots.seat(seat, kind)
        self._card_changed()
        self._maybe_auto_start()
        return seat

    async def fill_with_bots(self, kind: str = "random") -> list[Seat]:
        """Seat the host's bots in every open seat."""
        return [self._seat_bot(seat, kind) for seat in self.seating.open_seats()]

    async def hand_to_bot(self, seat: Seat, kind: str = "random") -> None:
        """Let a host bot play ``seat`` for its (dropped) client until :meth:`hand_back`."""
        self.bots.hand_to_bot(seat, kind)

    async def hand_back(self, seat: Seat) -> None:
        """Give ``seat`` back to its client."""
        self.bots.hand_back(seat)

    async def start(self) -> None:
        """Begin the game; every seat must be taken."""
        self._start()

    def _start(self) -> None:
        if self.referee is not None:
            raise NetError("the game has already begun")
        missing = [str(i + 1) for i in self.seating.open_seats()]
        if missing:
            raise NetError(f"seat(s) {', '.join(missing)} still open")
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.refereeing.begin(
            self.config, self.seed, self.replay_dir / f"{self.table}-{stamp}.caldera"
        )
        self.status = "running"
        assert self.referee is not None
        envs = self.referee.begin()
        self._card_changed()
        self.refereeing.publish(envs)

    def _maybe_auto_start(self) -> None:
        if self.auto_start and self.status == "open" and not self.seating.open_seats():
            self._start()

    def _published(self) -> None:
        """New events are out: a bot may be to move, or the game is over."""
        self.bots.wake()
        referee = self.referee
        if referee is not None and referee.ended and self.status == "running":
            self.status = "over"
            self._card_changed()
            self.refereeing.close_replay()
            self.ended.set()

    # -- messages in -------------------------------------------------------------------------

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        route = topics.parse(topic)
        if route is None or route.table != self.table or not route.rest:
            return
        client = route.rest[-1]
        if not topics.valid_name(client):
            return
        if route.kind == "cmd" and len(route.rest) == 2:
            self.refereeing.on_command(route.rest[0], client, payload)
        elif route.kind == "join" and len(route.rest) == 1:
            self._on_join(client, payload)
        elif route.kind == "sync" and len(route.rest) == 1:
            self.refereeing.on_sync(client, payload)
        elif route.kind == "presence" and len(route.rest) == 1:
            self._on_presence(client, payload)

    def _reply(self, client: str, message: Any) -> None:
        self.link.publish(topics.reply(self.table, client), encode(message))

    def _on_join(self, client: str, payload: bytes) -> None:
        try:
            request = JoinRequest.from_wire(unpack(payload))
        except CodecError as exc:
            self._reply(client, Refused(f"malformed join request: {exc}"))
            return
        self.seating.met(client)
        own = self.seating.seat_of(client)
        if request.role == "leave":
            if own is not None and self.status == "open" and self.seating.leave(client):
                self._card_changed()
            return
        if request.role == "spectator":
            self._reply(client, Joined(None, self.card))
            return
        if own is not None:  # a returning client gets its seat back, from any stand-in
            self.bots.hand_back(own)
            self._reply(client, Joined(own, self.card))
            return
        if self.status != "open":
            self._reply(client, Refused("the game has already begun (you can watch it)"))
            return
        try:
            seat = self.seating.sit(client, request)
        except NetError as exc:
            self._reply(client, Refused(str(exc)))
            return
        self._card_changed()
        self._reply(client, Joined(seat, self.card))
        self._maybe_auto_start()

    def _on_presence(self, client: str, payload: bytes) -> None:
        online = False
        if payload:
            try:
                online = Presence.from_wire(unpack(payload)).online
            except CodecError:
                return
        seat = self.seating.mark(client, online)
        if seat is None:
            return
        self._card_changed()
        self.bots.presence_changed(seat, client, online, running=self.status == "running")

"""A hosted table's game from its first event to its last, kept apart so it can be resumed.

The game begins once every seat is taken (by the host's ``start``, or at once with
``auto_start``): the referee writes its replay in the table's directory, named by the table and
the time, and a table with terms records them and who sits where (:mod:`net.table.terms`). The
host keeps the game's secret seed, who sits where and the table's terms in a record apart from
the replay (:mod:`replays.unfinished`), so a host that stopped (killed, or closed mid-game)
opens the table again from the replay file (:meth:`net.table.host.TableHost.resume`,
:mod:`net.table.resuming`): the same table id, the same seats for the same clients, the same
draws. Each batch of events out may put a bot or a clock to work and change the listing; at the
end the replay closes, the record says the game is finished (the file reveals the seed now) and
whoever waits for the end is told.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.protocol import Seat
from core.referee import Referee
from net.errors import NetError
from net.table.clocks import TableClocks
from net.table.listing import Listing
from net.table.refereeing import Refereeing
from net.table.seating import Seating
from net.table.standins import HostBots
from net.table.timepiece import Timepiece
from net.table.turns import TurnNotices
from net.wire.messages import SeatListing, plain
from replays import unfinished
from replays.header import Table

log = logging.getLogger("caldera.net")


class TableGame:
    """One table's game (see the module): its ``status`` (open, running, over, closed) and
    ``ended``, set once it is over; ``changed()`` is called when the table's listing changes.
    Its record keeps what the ``listing`` says of the table, and the owner's ``notes``."""

    def __init__(
        self,
        listing: Listing,
        bots: HostBots,
        turns: TurnNotices,
        timepiece: Timepiece,
        changed: Callable[[], None],
        *,
        config: Any,
        seed: str | None,
        replay_dir: Path,
        auto_start: bool,
        notes: Mapping[str, Any],
    ) -> None:
        self.listing = listing
        self.table = listing.table
        self.seating: Seating = listing.seating
        self.refereeing: Refereeing = listing.refereeing
        self.clocks: TableClocks = listing.clocks
        self.bots = bots
        self.turns = turns
        self.timepiece = timepiece
        self.changed = changed
        self.config, self.seed, self.replay_dir = config, seed, replay_dir
        self.auto_start = auto_start
        self.notes = dict(notes)  # the owner's, kept to resume the table
        self.status = "open"
        self.ended = asyncio.Event()
        self.kept: unfinished.Kept | None = None  # the seed, kept apart while the game runs
        self.resumed = False
        self._clock_card: dict[str, Any] | None = None  # the clocks the listing shows

    def seat_bot(self, seat: Seat | None, kind: str) -> Seat:
        """Seat one of the host's own bots (the first open seat for ``None``); returns the seat."""
        if self.status != "open":
            raise NetError("the game has already begun")
        seat = self.bots.seat(seat, kind)
        self.changed()
        self.seated()
        return seat

    def seated(self) -> None:
        """A seat was taken: with ``auto_start``, the last one begins the game."""
        if self.auto_start and self.status == "open" and not self.seating.open_seats():
            self.start()

    def start(self) -> None:
        """Begin the game, every seat taken: its replay in the table's directory, its record
        kept."""
        if self.refereeing.referee is not None:
            raise NetError("the game has already begun")
        missing = [str(i + 1) for i in self.seating.open_seats()]
        if missing:
            raise NetError(f"seat(s) {', '.join(missing)} still open")
        listing, broker = self.listing, self.refereeing.link.address
        where = Table(listing.name, listing.host, f"{broker.host}:{broker.port}")
        seated = listing.terms.seated(self.seating.seats)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.replay_dir / f"{self.table}-{stamp}.caldera"
        self.refereeing.begin(self.config, self.seed, path, where, seated, self.timepiece.now_ms)
        self.status = "running"
        referee = self.refereeing.referee
        assert referee is not None
        try:
            self.kept = unfinished.keep(self._record(referee, path))
        except (OSError, CalderaError) as exc:  # the game goes on; it cannot be resumed
            log.warning("table %s: its seed cannot be kept to resume it: %s", self.table, exc)
        envs = referee.begin()
        self.clocks.go()
        self.changed()
        self.refereeing.publish(envs)

    def _record(self, referee: Referee[Any], path: Path) -> unfinished.Unfinished:
        listing, bots = self.listing, self.bots
        notes = {
            "game": listing.rules.game,
            "table": self.table,
            "name": listing.name,
            "host": listing.host,
            "options": listing.options,
            "seats": [plain(seat) for seat in self.seating.seats],
            "bot_delay": bots.bot_delay,
            "standin": bots.standin,
            "standin_after": bots.standin_after,
            "hints": listing.hints,
            "notes": self.notes,
            "host_keys": listing.keys.to_json(),  # secret: the record is this user's only
            "epoch": listing.epoch,  # a resumed table's goes beyond it
            "clock": listing.terms.clock,
            "on_timeout": listing.terms.on_timeout,
            "rated": listing.terms.rated,
            "chat": listing.chatting.on,
        }
        return unfinished.Unfinished(path.resolve(), referee.seed, "table", notes, referee.salt)

    def resume(self, kept: unfinished.Kept, replay_path: Path, seats: list[SeatListing]) -> None:
        """Go on with the unfinished game in ``replay_path`` whose record is ``kept``, with its
        ``seats`` and the host's bots in theirs; :meth:`go_on` once the table is open."""
        self.seating.restore(seats)
        for seat, card in enumerate(seats):
            if card.client is None and card.bot:
                self.bots.restore(seat, card.bot)
        record = kept.record
        self.refereeing.resume(replay_path, record.seed, record.salt, self.timepiece.now_ms)
        self.bots.restore_standins()
        self.kept, self.resumed, self.status = kept, True, "running"

    def go_on(self) -> None:
        """A resumed table: finish the step its host was cut in, hash the whole log again for
        the clients to check, and give every player who does not come back the stand-in's
        delay, as if they had just left."""
        referee = self.refereeing.referee
        assert referee is not None
        for seat, card in enumerate(self.seating.seats):
            if card.client is not None and card.key is not None and not card.online:
                self.bots.presence_changed(seat, card.key, False, running=True)
        self.refereeing.publish(referee.proceed())
        self.clocks.go()
        self.refereeing.rehash()
        self.bots.wake()

    def keep_epoch(self) -> None:
        """A resumed table's epoch must go beyond this connection's: its record keeps it."""
        if self.kept is None:
            return
        record = self.kept.record
        try:
            self.kept.update(
                replace(record, details={**record.details, "epoch": self.listing.epoch})
            )
        except OSError as exc:
            log.warning("table %s: cannot keep its epoch: %s", self.table, exc)

    def published(self) -> None:
        """New events are out: a bot may be to move, a clock runs for someone else, or the game
        is over."""
        referee = self.refereeing.referee
        self.turns.update(referee)
        self.bots.turn_over()
        self.bots.wake()
        self.clocks.wake()
        clock_card = self.clocks.card()
        old, self._clock_card = self._clock_card, clock_card
        if clock_card is not None and (old is None or old["running"] != clock_card["running"]):
            self.changed()  # the lobby shows whose clock runs: a new turn, a new listing
        if referee is not None and referee.ended and self.status == "running":
            self.status = "over"
            self.changed()
            self.refereeing.close_replay()
            if self.kept is not None:
                self.kept.finished()  # the file reveals the seed now
                self.kept = None
            self.ended.set()

    def release(self) -> None:
        """The table closes: an unfinished game's record stays, to resume the table later."""
        if self.kept is not None:
            self.kept.release()

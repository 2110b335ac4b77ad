"""Turn notices away from the terminal: what ``caldera notify`` owes a player, and when.

The bridge follows the retained turn messages of the players it serves
(:mod:`net.table.turns`, ``caldera/v1/turns/+/<player>``) and owes a notice:

- **your move**: when it becomes that player's move at a table (once a turn, however many moves
  it takes: a turn is known by the table, the seat and the message's ``turn``, the moves made
  when it began, so a message sent again, by a host resumed or reconnected, owes nothing);
- **clock**: when that player's clock at a table is about to run out, at each of the times
  before that they chose (``1h``, ``10m``); a reminder whose time passed while the bridge was
  down is sent when it comes back, the nearest only, and none once the clock has run out;
- **game over**: when a game they sit in ends.

What a notice says comes from the turn message alone, which says only what a spectator may know
(the game, the table, the players, whose move, the last move, the clocks): never a hand.

Exactly once: every notice owed is written to a small journal (:class:`Journal`, JSON, written
atomically) before it is sent, each under its key (player, table, seat, what and which turn);
each try is written there as begun before it goes (a write-ahead intent) and marked sent the
moment the receiver answers (one line appended beside the journal). A notice owed while the
bridge, the broker or the network was down goes when they are back (the turn messages are
retained; the journal keeps what was owed), and a key sent is never sent again. A try whose
outcome the bridge cannot know (it was killed between the receiver's answer and the mark, or
the answer never came) is sent again with the same key and ``again`` set: the key is the
notice's idempotency id at every receiver (a webhook's ``Idempotency-Key``, ntfy's
``X-Sequence-ID``, a mail's ``Message-ID``), so the receiver keeps one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from core.clock import show_left
from core.language import Translator
from net.config import BrokerAddress
from net.link.connection import DEFAULT_BACKOFF, Backoff, Link
from net.table import turns
from net.wire import topics
from replays.disk import BadFile, read_json, write_atomically

log = logging.getLogger("caldera.net")
_ = Translator("net").gettext

KINDS = ("your_move", "clock", "game_over")
TARGETS = ("webhook", "ntfy", "email")
TRYING = "?"  # a line of the ``.sent`` file: a try of this notice has begun
MOST_SENT = 5000  # keys kept of notices sent (the oldest go first)
MOST_TABLES = 2000  # tables followed kept (the oldest go first; one still followed comes back)
GIVE_UP_MS = 24 * 3_600_000  # a notice that could not be sent for a day is dropped
FIRST_RETRY, MOST_RETRY = 1.0, 60.0  # seconds between two tries of a notice (doubling)


@dataclass(frozen=True)
class Wants:
    """One player's setting: which notices, sent where."""

    player: str  # their identity (broker user, or ``client`` in identity.json)
    webhook: str | None = None  # an HTTP(S) URL: a POST of the notice as JSON
    ntfy: str | None = None  # an ntfy-style topic URL (https://host/topic): a POST of its text
    email: str | None = None  # an address, through the bridge's SMTP server
    your_move: bool = True
    game_over: bool = True
    clock: tuple[int, ...] = ()  # reminders: ms before a clock runs out, largest first

    def targets(self) -> list[str]:
        """Where the notices go: ``webhook:URL``, ``ntfy:URL``, ``email:ADDRESS``."""
        return [f"{kind}:{getattr(self, kind)}" for kind in TARGETS if getattr(self, kind)]

    def wants(self, kind: str) -> bool:
        return bool(self.clock) if kind == "clock" else bool(getattr(self, kind))


@dataclass(frozen=True)
class Notice:
    """One notice, as the receivers get it (a webhook its fields as JSON)."""

    key: str  # the same for every copy of this notice: a receiver may drop a second one
    kind: str  # your_move, clock, game_over
    player: str
    table: str
    game: str
    title: str  # the game's name
    seat: int  # from 1
    players: tuple[str, ...]
    text: str  # one line: ``Your move at Mauna Kea k3f9x2 (Ann, Bob). Last: Bob …``
    last: str = ""  # the last move, as a spectator may know it
    left_ms: int | None = None  # a clock notice: the time left when it was owed
    at_ms: int = 0  # when it was owed (the bridge's clock)
    again: bool = False  # an earlier try may have reached the receiver (same key): drop one

    def body(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["players"] = list(self.players)
        return doc

    @property
    def heading(self) -> str:
        """A short title (an ntfy title, a mail's subject)."""
        what = {"your_move": "your move", "clock": "your clock", "game_over": "game over"}
        return f"Caldera: {what[self.kind]} at {self.title} {self.table}"

    @classmethod
    def from_body(cls, doc: Mapping[str, Any]) -> Notice:
        fields = {k: doc[k] for k in cls.__dataclass_fields__ if k in doc}
        fields["players"] = tuple(fields.get("players", ()))
        return cls(**fields)


class Journal:
    """What the bridge knows and owes, on disk: each followed table's newest turn message (and
    the key that signs it), the notices owed and the keys of those sent. Every change is
    written at once, atomically (a reader sees the old file or the new one)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tables: dict[str, dict[str, Any]] = {}  # "player table" -> what we follow there
        self.owed: dict[str, dict[str, Any]] = {}  # "key target" -> {notice, target, ...}
        self.sent: dict[str, int] = {}  # "key target" -> when (0: skipped, never to be sent)
        self.problem = ""  # a journal that could not be read: one line (it starts anew)
        self.marks = path.with_name(path.name + ".sent")  # sent since the last write
        self._marks: int | None = None
        self._load()
        self._read_marks()
        self._unanswered()

    def _load(self) -> None:
        path = self.path
        try:
            doc = read_json(path)
        except FileNotFoundError:
            return
        except BadFile as exc:
            self.problem = f"{exc}: starting a new journal"
            return
        if not isinstance(doc, dict) or doc.get("version") != 1:
            self.problem = f"{path}: not a notice journal: starting a new one"
            return
        for name in ("tables", "owed", "sent"):
            value = doc.get(name)
            if isinstance(value, dict):
                setattr(self, name, value)

    def _read_marks(self) -> None:
        """The notices marked sent since the journal was last written (see :meth:`mark_sent`)."""
        try:
            text = self.marks.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return
        for line in text.splitlines():
            ident, _, when = line.rpartition("\t")
            if ident and when.isdigit():
                self.owed.pop(ident, None)
                self.sent[ident] = int(when)
            elif ident and when == TRYING and ident in self.owed:
                self.owed[ident]["trying"] = True

    def _unanswered(self) -> None:
        """A try begun by a bridge before this one and never answered may have reached its
        receiver: the next try says so (``again``)."""
        for owed in self.owed.values():
            if owed.pop("trying", False):
                owed["again"] = True

    def _append(self, line: str) -> None:
        """One line appended to the ``.sent`` file, at once (a single write)."""
        try:
            if self._marks is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._marks = os.open(self.marks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            os.write(self._marks, line.encode())
        except OSError as exc:
            log.warning("notify: cannot mark a notice in %s: %s", self.marks, exc)

    def trying(self, ident: str) -> None:
        """Keep, before the notice goes, that a try of ``ident`` has begun (the write-ahead
        intent): a bridge killed before it knows the answer sends it again marked ``again``."""
        owed = self.owed.get(ident)
        if owed is not None:
            owed["trying"] = True
            self._append(f"{ident}\t{TRYING}\n")

    def untried(self, ident: str, maybe_taken: bool) -> None:
        """A try of ``ident`` failed; ``maybe_taken``: the receiver may have it all the same
        (no answer came), so the next try is marked ``again``."""
        owed = self.owed.get(ident)
        if owed is not None:
            owed.pop("trying", None)
            if maybe_taken:
                owed["again"] = True

    def mark_sent(self, ident: str, now_ms: int) -> None:
        """Keep at once that ``ident`` was sent: one line appended to the journal's ``.sent``
        file (a single write, so a bridge killed a moment after a receiver answered does not
        send it again); the journal takes it in at its next write."""
        self.owed.pop(ident, None)
        self.sent[ident] = now_ms
        self._append(f"{ident}\t{now_ms}\n")

    def save(self) -> None:
        while len(self.sent) > MOST_SENT:
            self.sent.pop(next(iter(self.sent)))
        while len(self.tables) > MOST_TABLES:
            self.tables.pop(next(iter(self.tables)))
        doc = {"version": 1, "tables": self.tables, "owed": self.owed, "sent": self.sent}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps(doc, ensure_ascii=False) + "\n")
        if self._marks is not None:  # all in the journal now (a kill before this: read twice)
            os.ftruncate(self._marks, 0)
        elif self.marks.exists():  # those of a bridge before this one
            self.marks.write_bytes(b"")

    def close(self) -> None:
        if self._marks is not None:
            os.close(self._marks)
            self._marks = None

    def known(self, ident: str) -> bool:
        return ident in self.sent or ident in self.owed

    def owe(self, notice: Notice, targets: Sequence[str], now_ms: int) -> bool:
        """Owe ``notice`` to each target it was not owed or sent to already; whether any."""
        fresh = False
        for target in targets:
            ident = f"{notice.key} {target}"
            if self.known(ident):
                continue
            self.owed[ident] = {"notice": notice.body(), "target": target,
                                "since_ms": now_ms, "next_ms": now_ms, "tries": 0}  # fmt: skip
            fresh = True
        return fresh

    def skip(self, key: str, targets: Sequence[str]) -> None:
        """Never send ``key`` (a reminder overtaken by a nearer one)."""
        for target in targets:
            self.sent.setdefault(f"{key} {target}", 0)


# -- what a turn message owes ------------------------------------------------------------------


def _names(message: Mapping[str, Any]) -> tuple[str, ...]:
    players = message.get("players", ())
    return tuple(str(p) for p in players) if isinstance(players, list) else ()


def _my_left(message: Mapping[str, Any], seat: int, now_ms: int) -> int | None:
    """The player's time left at ``now_ms`` while their clock runs, else ``None``."""
    clock = message.get("clock")
    if not isinstance(clock, dict):
        return None
    left, running, at = clock.get("left"), clock.get("running"), clock.get("at")
    if not (isinstance(left, list) and isinstance(running, list) and isinstance(at, int)):
        return None
    index = seat - 1
    if not (0 <= index < len(left)) or index not in running or not isinstance(left[index], int):
        return None
    return int(left[index]) - max(0, now_ms - at)


def _notice(kind: str, player: str, message: Mapping[str, Any], key: str, now_ms: int,
            left_ms: int | None = None) -> Notice:  # fmt: skip
    table, title = str(message.get("table", "")), str(message.get("title", ""))
    players, last = _names(message), str(message.get("last", ""))
    where = f"{title} {table}"
    names = f" ({', '.join(players)})" if players else ""
    # TRANSLATORS: a turn notice; {where} is the game and the table ("Kilauea k3x9"), {names}
    # the players in brackets or nothing; in the bridge's language (caldera notify --lang)
    if kind == "your_move":
        text = _("Your move at {where}{names}.").format(where=where, names=names)
    elif kind == "clock":
        left = show_left(max(0, left_ms or 0))
        text = _("Your clock at {where} runs out in {left}{names}.").format(
            where=where, left=left, names=names
        )
    else:
        text = _("The game at {where} is over{names}.").format(where=where, names=names)
    if last:
        text += " " + _("Last: {move}").format(move=last)
    return Notice(key=key, kind=kind, player=player, table=table,
                  game=str(message.get("game", "")), title=title, seat=int(message["seat"]),
                  players=players, text=text, last=last, left_ms=left_ms, at_ms=now_ms)  # fmt: skip


def take(state: dict[str, Any], message: dict[str, Any], wants: Wants, journal: Journal,
         now_ms: int) -> bool:  # fmt: skip
    """Follow ``message`` (the newest turn message of one table for ``wants.player``) in
    ``state`` (its entry in the journal) and owe what it owes; whether anything changed."""
    state["message"] = message
    player, table, seat = wants.player, str(message["table"]), int(message["seat"])
    base = f"{player}/{table}/{seat}"
    targets = wants.targets()
    owed = False
    status = message.get("status")
    if status == "over":
        state["span"] = None
        if not state.get("over"):
            state["over"] = True
            if wants.game_over:
                key = f"{base}/over"
                owed |= journal.owe(_notice("game_over", player, message, key, now_ms),
                                    targets, now_ms)  # fmt: skip
        return True
    mine = status == "playing" and message.get("your_turn") is True
    if not mine:
        state["span"] = None
        return True
    marker = message.get("turn")  # the moves made when this turn of theirs began
    if not isinstance(marker, int):  # a host from before ``turn``: when it began
        marker = message.get("since_ms") if isinstance(message.get("since_ms"), int) else 0
    same = state.get("span") == marker
    if not same:
        state["span"] = marker
        state["left0"] = _my_left(message, seat, now_ms)
        if wants.your_move:
            key = f"{base}/move/{marker}"
            owed |= journal.owe(_notice("your_move", player, message, key, now_ms),
                                targets, now_ms)  # fmt: skip
    owed |= remind(state, wants, journal, now_ms)
    return True


def remind(state: dict[str, Any], wants: Wants, journal: Journal, now_ms: int) -> bool:
    """Owe the nearest reminder whose time has come in the player's running turn (those before
    it, missed, are skipped); whether one was owed."""
    message, span = state.get("message"), state.get("span")
    if not wants.clock or span is None or not isinstance(message, dict):
        return False
    seat = int(message["seat"])
    left = _my_left(message, seat, now_ms)
    if left is None or left <= 0:
        return False
    left0 = state.get("left0")
    base = f"{wants.player}/{message['table']}/{seat}/clock/{span}"
    due = [r for r in wants.clock if left <= r and (not isinstance(left0, int) or left0 > r)]
    if not due:
        return False
    nearest = min(due)
    targets = wants.targets()
    for before in due:
        if before != nearest:
            journal.skip(f"{base}/{before}", targets)
    key = f"{base}/{nearest}"
    return journal.owe(_notice("clock", wants.player, message, key, now_ms, left), targets,
                       now_ms)  # fmt: skip


# -- the bridge ------------------------------------------------------------------------------

Send = Callable[[str, Notice], Awaitable[None]]
"""Sends a notice to a target (``webhook:URL`` …); raises :class:`NotSent` with one line."""


class NotSent(Exception):
    """A notice the target did not take (it is tried again later). ``maybe_taken``: no
    answer came (a time-out, a connection cut), so the receiver may have it all the same."""

    def __init__(self, line: str, *, maybe_taken: bool = False) -> None:
        super().__init__(line)
        self.maybe_taken = maybe_taken


class Bridge:
    """Follows the players' turns on one broker and sends what they are owed."""

    def __init__(
        self,
        address: BrokerAddress,
        wants: Sequence[Wants],
        journal: Journal,
        send: Send,
        *,
        mine: Callable[[str, str], bool] | None = None,
        backoff: Backoff = DEFAULT_BACKOFF,
        tick: float = 1.0,
        told: Callable[[str], None] = lambda line: None,
        now: Callable[[], int] = lambda: int(time.time() * 1000),
    ) -> None:
        self.address = address
        self.wants = {w.player: w for w in wants}
        self.journal = journal
        self.send = send
        self.mine = mine  # (player, table): may this table notify them? (None: every table)
        self.tick = tick
        self.told = told  # one line per notice sent, or given up
        self.now = now
        self.held: dict[str, tuple[bytes, dict[str, Any]]] = {}  # waiting for ``mine``
        self._wake = asyncio.Event()
        self._flying: dict[str, asyncio.Task[None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.link = Link(
            address,
            client_id=f"caldera-notify-{topics.new_id()}",
            subscriptions=[topics.my_turns(player) for player in sorted(self.wants)],
            on_message=self._on_message,
            backoff=backoff,
        )

    async def open(self, timeout: float = 5.0) -> None:
        """Connect (raises :class:`~net.errors.NetError` if no broker answers) and send what
        the journal still owes."""
        self._tasks = [asyncio.create_task(self._deliver(), name="notices"),
                       asyncio.create_task(self._ticks(), name="notice clocks")]  # fmt: skip
        try:
            await self.link.start(timeout)
        except BaseException:
            await self._cancel()
            raise

    async def close(self) -> None:
        await self._cancel()
        await self.link.stop()
        self.journal.close()

    async def _cancel(self) -> None:
        tasks = [*self._tasks, *self._flying.values()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks, self._flying = [], {}

    async def __aenter__(self) -> Bridge:
        await self.open()
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    # -- turn messages -------------------------------------------------------------------------

    def _on_message(self, topic: str, payload: bytes, retain: bool) -> None:
        parts = topic.split("/")
        if len(parts) != 5 or parts[2] != "turns" or parts[4] not in self.wants:
            return
        table, player = parts[3], parts[4]
        name = f"{player} {table}"
        if not payload:  # cleared: they left the seat, or the table closed
            self.held.pop(name, None)
            state = self.journal.tables.get(name)
            if state is not None and state.get("span") is not None:
                state["span"] = None
                self._save()
            return
        sender = self.link.sender
        try:
            message = turns.parse(topic, payload)
        except turns.NotATurn as exc:
            log.info("notify: ignoring %s", exc)
            return
        if sender is None or not topics.certifies(table, sender):
            log.info("notify: ignoring a turn message for %s not signed by its host", table)
            return
        if message.get("table") != table or not isinstance(message.get("seat"), int):
            log.info("notify: ignoring a turn message for %s that names another", table)
            return
        if self.mine is not None and not self.mine(player, table):
            self.held[name] = (sender, message)  # this machine may take the seat in a moment
            return
        self._take(name, sender, message)

    def _take(self, name: str, sender: bytes, message: dict[str, Any]) -> None:
        state = self.journal.tables.get(name)
        if state is None:
            state = self.journal.tables[name] = {"key": sender.hex(), "order": [-1, -1]}
        if state.get("key") != sender.hex():  # an id chosen, not made from a key: the first
            log.info("notify: ignoring a turn message for %s signed by another key", name)
            return
        order = list(turns.order_of(message))
        if order <= list(state.get("order", [-1, -1])):
            return  # one we had, or older (a signed message may be replayed)
        state["order"] = order
        self.journal.tables[name] = self.journal.tables.pop(name)  # the newest last
        if take(state, message, self.wants[name.split(" ")[0]], self.journal, self.now()):
            self._save()
            self._wake.set()

    def _save(self) -> None:
        try:
            self.journal.save()
        except OSError as exc:
            log.warning("notify: cannot write the journal %s: %s", self.journal.path, exc)

    async def _ticks(self) -> None:
        """Reminders come with time, not messages; tables held for ``mine`` are asked again."""
        while True:
            await asyncio.sleep(self.tick)
            for name, (sender, message) in list(self.held.items()):
                player, table = name.split(" ")
                if self.mine is not None and self.mine(player, table):
                    del self.held[name]
                    self._take(name, sender, message)
            now, owed = self.now(), False
            for name, state in self.journal.tables.items():
                wants = self.wants.get(name.split(" ")[0])
                if wants is not None:
                    owed |= remind(state, wants, self.journal, now)
            if owed:
                self._save()
                self._wake.set()

    # -- sending -------------------------------------------------------------------------------

    async def _deliver(self) -> None:
        """Send each notice owed when it is due, a few at once; wait for the next."""
        while True:
            self._wake.clear()
            now = self.now()
            upcoming: list[int] = []
            for ident, owed in sorted(self.journal.owed.items(), key=lambda i: i[1]["since_ms"]):
                if ident in self._flying:
                    continue
                if owed["next_ms"] > now:
                    upcoming.append(owed["next_ms"])
                    continue
                if len(self._flying) >= 8:
                    break
                task = asyncio.create_task(self._send_one(ident, owed), name=f"notice {ident}")
                self._flying[ident] = task
            wait = min(upcoming, default=now + 60_000) - now
            with contextlib.suppress(TimeoutError):  # not wait_for: 3.11's may swallow a cancel
                async with asyncio.timeout(max(0.01, wait / 1000)):
                    await self._wake.wait()

    async def _send_one(self, ident: str, owed: dict[str, Any]) -> None:
        notice = Notice.from_body({**owed["notice"], "again": bool(owed.get("again"))})
        target = str(owed["target"])
        self.journal.trying(ident)
        try:
            await self.send(target, notice)
        except NotSent as exc:
            self.journal.untried(ident, exc.maybe_taken)
            now = self.now()
            owed["tries"] = tries = int(owed.get("tries", 0)) + 1
            if now - int(owed["since_ms"]) > GIVE_UP_MS:
                self.journal.owed.pop(ident, None)
                self.told(f"gave up: {notice.text} (to {_kind(target)}: {exc})")
            else:
                owed["next_ms"] = now + int(1000 * min(MOST_RETRY, FIRST_RETRY * 2 ** (tries - 1)))
                log.warning("notify: %s (tried %d times): %s", _kind(target), tries, exc)
        else:
            self.journal.mark_sent(ident, self.now())
            self.told(f"sent to {_kind(target)}: {notice.text}")
        finally:
            self._flying.pop(ident, None)
            self._save()
            self._wake.set()


def _kind(target: str) -> str:
    return target.partition(":")[0]

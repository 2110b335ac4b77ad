"""Time at a table: a clock's terms, and the clocks as a fold of what the referee recorded.

Time is recorded, not read: the rules never see a clock. A table's referee reads its own clock
after each step (a command and everything it caused) and appends what the clocks say then
(:class:`~core.lifecycle.ClockRead`); a clock that runs out is a :class:`TimeRanOut`. So a
replay shows the clocks at every event, and the audit re-computes each reading from the one
before it and the seats the rules had to move, and checks every timeout (:class:`TableBook`).

Two kinds of clock, as on Lichess and Board Game Arena:

- real time, ``20m+10s``: each player has a bank of 20 minutes that runs while they are to move,
  and 10 seconds more when their turn ends (``5m+0``: no increment);
- turn-based, ``2d``: each turn has 2 days, whatever the last one took.

Durations are whole numbers with a unit, ``s``, ``m``, ``h`` or ``d``, and may be combined
(``1h30m``). A seat's turn ends when it is no longer among the seats to move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from core.language import ENGLISH, Translator, current
from core.lifecycle import (
    ClockRead,
    HandedBack,
    HandedToBot,
    Seated,
    TableEvent,
    TimeRanOut,
)
from core.protocol import Seat

UNITS = {"s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000}
ON_TIMEOUT = ("bot_turn", "drop")
_PART = re.compile(r"(\d{1,6})([smhd])")
MOST_MS = 366 * UNITS["d"]
T = Translator("app")
_ = T.gettext
CLDR_UNITS = {
    "d": "duration-day",
    "h": "duration-hour",
    "m": "duration-minute",
    "s": "duration-second",
}


def parse_duration(text: str) -> int:
    """``"1h30m"`` in milliseconds; :class:`ValueError` with one line if it is not one."""
    text = text.strip().lower()
    if text == "0":
        return 0
    total, end = 0, 0
    for match in _PART.finditer(text):
        if match.start() != end:
            break
        total += int(match.group(1)) * UNITS[match.group(2)]
        end = match.end()
    if end != len(text) or end == 0:
        # TRANSLATORS: a clock typed wrong (the host form, --clock); the units stay s, m, h, d
        raise ValueError(
            _("{text} is not a duration like 20m, 2d or 1h30m").format(text=repr(text))
        )
    if total > MOST_MS:
        raise ValueError(_("{text} is longer than a year").format(text=repr(text)))
    return total


def show_duration(ms: int) -> str:
    """A duration as a clock spec writes it (``90000`` -> ``1m30s``)."""
    if ms <= 0:
        return "0"
    out = []
    for unit in "dhms":
        size = UNITS[unit]
        if ms >= size:
            out.append(f"{ms // size}{unit}")
            ms %= size
    return "".join(out) or "0"


def spoken(parts: Sequence[tuple[int, str]]) -> str:
    """Amounts of time (``[(3, "d"), (4, "h")]``) in the reader's short units, as Babel's CLDR
    data writes them (``3 T 4h``, ``3j 4h``); English as Caldera always wrote it (``3d 4h``)."""
    if current() == ENGLISH:
        return " ".join(f"{n}{unit}" for n, unit in parts)
    from babel.units import format_unit

    return " ".join(
        format_unit(n, CLDR_UNITS[unit], length="narrow", locale=current()) for n, unit in parts
    )


def said_duration(ms: int) -> str:
    """A duration for a reader (``1m30s``; German ``1 Min. 30s``): :func:`show_duration`'s
    units in the reader's language."""
    if current() == ENGLISH or ms <= 0:
        return show_duration(ms)
    parts = []
    for unit in "dhms":
        size = UNITS[unit]
        if ms >= size:
            parts.append((ms // size, unit))
            ms %= size
    return spoken(parts)


@dataclass(frozen=True)
class ClockSpec:
    """A table's clock: ``bank_ms`` per player and ``increment_ms`` per turn (real time), or
    ``bank_ms`` for each turn (``per_turn``)."""

    bank_ms: int
    increment_ms: int = 0
    per_turn: bool = False

    @classmethod
    def parse(cls, text: str) -> ClockSpec | None:
        """``"20m+10s"`` (real time), ``"2d"`` (turn-based) or ``""`` (no clock, ``None``);
        :class:`ValueError` with one line for anything else."""
        text = text.strip().lower()
        if not text or text == "none":
            return None
        bank, plus, increment = text.partition("+")
        spec = cls(parse_duration(bank), parse_duration(increment) if plus else 0, not plus)
        if spec.bank_ms < 1000:
            raise ValueError(
                _("clock {text}: give at least a second to think").format(text=repr(text))
            )
        return spec

    def __str__(self) -> str:
        if self.per_turn:
            return show_duration(self.bank_ms)
        return f"{show_duration(self.bank_ms)}+{show_duration(self.increment_ms)}"

    @property
    def words(self) -> str:
        """The clock in words for a table's line (``20m + 10s a turn``, ``2d a turn``)."""
        bank = said_duration(self.bank_ms)
        # TRANSLATORS: a table's clock: turn-based ("2d a turn"), real time with an increment
        # ("20m + 10s a turn") or without ("20m each")
        if self.per_turn:
            return _("{bank} a turn").format(bank=bank)
        if self.increment_ms:
            increment = said_duration(self.increment_ms)
            return _("{bank} + {increment} a turn").format(bank=bank, increment=increment)
        return _("{bank} each").format(bank=bank)


def check_clock(text: str) -> str:
    """A clock option as it is kept (``"20m+10s"``, ``"2d"``, ``""``); ``ValueError`` if bad."""
    spec = ClockSpec.parse(text)
    return str(spec) if spec is not None else ""


def show_left(ms: int) -> str:
    """Time left as a clock shows it: ``4:07``, ``1:02:07``, ``3d 4h``, ``0:00``."""
    ms = max(ms, 0)
    seconds = ms // 1000
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return spoken([(days, "d"), (hours, "h")])
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


@dataclass
class Clocks:
    """Every seat's clock after the readings so far: at ``at`` seat ``s`` had ``left[s]`` and
    the seats of ``running`` were to move. A seat whose time ran out stands still until its
    turn ends (``stopped``: a bot plays it) or for good (``dropped``)."""

    spec: ClockSpec | None
    seats: int
    at: int = -1  # no reading yet
    left: list[int] = field(default_factory=list)
    running: tuple[Seat, ...] = ()
    stopped: set[Seat] = field(default_factory=set)
    dropped: set[Seat] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.left and self.spec is not None:
            self.left = [self.spec.bank_ms] * self.seats

    def charged(self, seat: Seat) -> bool:
        """Whether ``seat``'s clock runs now."""
        return seat in self.running and seat not in self.stopped and seat not in self.dropped

    def reading(self, at: int, running: Sequence[Seat], why: str = "") -> ClockRead:
        """What the clocks say at ``at`` when the seats of ``running`` are to move (after a
        step); ``why="resumed"``: nothing is charged for the time since the last reading."""
        spec = self.spec
        left = list(self.left)
        now = tuple(sorted(set(running)))
        if spec is not None:
            spent = at - self.at if self.at >= 0 and why != "resumed" else 0
            for seat in self.running:
                if self.charged(seat):
                    left[seat] -= spent
                if seat not in now and not spec.per_turn and self.charged(seat):
                    left[seat] += spec.increment_ms  # the turn is over
            if spec.per_turn:
                for seat in now:
                    if seat not in self.running and seat not in self.dropped:
                        left[seat] = spec.bank_ms  # a new turn
        return ClockRead(at, tuple(left), now, why)

    def take(self, read: ClockRead) -> None:
        """Go on from ``read`` (trusted: :meth:`check` says whether it is right)."""
        self.stopped -= set(self.running) - set(read.running)  # their bot's turn is over
        self.at, self.left, self.running = read.at, list(read.left), read.running

    def deadline(self, seat: Seat) -> int | None:
        """When ``seat``'s time runs out (``None``: it does not run)."""
        if self.spec is None or self.at < 0 or not self.charged(seat):
            return None
        return self.at + self.left[seat]

    def next_deadline(self) -> tuple[int, Seat] | None:
        """The earliest time a running clock runs out, and whose."""
        found = [(d, s) for s in self.running if (d := self.deadline(s)) is not None]
        return min(found) if found else None

    def left_at(self, seat: Seat, now: int) -> int | None:
        """``seat``'s time left at ``now`` (``None`` without a clock)."""
        if self.spec is None or not self.left:
            return None
        if self.charged(seat) and self.at >= 0:
            return self.left[seat] - max(0, now - self.at)
        return self.left[seat]

    def ran_out(self, seat: Seat, at: int, then: str) -> None:
        """``seat``'s time ran out at ``at`` (trusted)."""
        self.left[seat] = 0
        (self.dropped if then == "drop" else self.stopped).add(seat)

    def check(self, read: ClockRead, running: Sequence[Seat]) -> str:
        """Why ``read`` is not what the clocks say (empty when it is)."""
        if read.at < self.at:
            return f"the clock goes back ({read.at} ms after {self.at} ms)"
        if tuple(sorted(set(running))) != read.running:
            return "the clock runs for other seats than those to move"
        if read.why not in ("", "start", "resumed") or (read.why == "start") != (self.at < 0):
            return f"a clock reading with a wrong reason ({read.why!r})"
        expected = self.reading(read.at, running, read.why)
        for seat in self.running:
            if self.charged(seat) and seat < len(expected.left) and expected.left[seat] < 0:
                return f"seat {seat + 1} moved after its time ran out"
        if expected.left != read.left:
            return "the clocks do not add up"
        return ""


@dataclass
class TableBook:
    """A table's own events followed through a log: its terms, its clocks, who a bot plays
    for. :meth:`take` checks each one against the position (the seats to move) and says what
    is wrong, so the audit re-checks every reading and timeout."""

    players: int
    seated: Seated | None = None
    clocks: Clocks | None = None
    handed: dict[Seat, HandedToBot] = field(default_factory=dict)  # the bots playing now
    abandoned: set[Seat] = field(default_factory=set)  # dropped, or left to a bot
    unread: bool = False  # a step since the last clock reading

    @property
    def timed(self) -> bool:
        return self.clocks is not None

    def take(self, event: TableEvent, to_move: Sequence[Seat], first: bool) -> str:
        """Follow ``event`` (``first``: right after ``core.game_started``); the problem, or
        ``""``."""
        if isinstance(event, Seated):
            return self._seated(event, first)
        if self.seated is None:
            return f"{event.TAG} at a table that said no terms (core.seated)"
        if isinstance(event, ClockRead):
            return self._read(event, to_move)
        seat = getattr(event, "seat", -1)
        if not 0 <= seat < self.players:
            return f"there is no seat {seat + 1}"
        if isinstance(event, TimeRanOut):
            return self._ran_out(event)
        if isinstance(event, HandedToBot):
            if seat in self.handed:
                return f"seat {seat + 1} is already played by a bot"
            self.handed[seat] = event
            return ""
        if isinstance(event, HandedBack):
            if seat not in self.handed:
                return f"seat {seat + 1} is not played by a bot"
            if self.clocks is not None and seat in self.clocks.dropped:
                return f"seat {seat + 1} was dropped: it cannot be handed back"
            del self.handed[seat]
            return ""
        return f"{event.TAG} is not a table event this program knows"

    def _seated(self, event: Seated, first: bool) -> str:
        if self.seated is not None or not first:
            return "core.seated after the start of the game"
        if len(event.keys) != self.players or len(event.bots) != self.players:
            return f"core.seated names {len(event.keys)} seat(s) for {self.players} players"
        if event.on_timeout not in ON_TIMEOUT:
            return f"core.seated: unknown timeout rule {event.on_timeout!r}"
        try:
            spec = ClockSpec.parse(event.clock)
        except ValueError as exc:
            return f"core.seated: {exc}"
        self.seated = event
        self.clocks = Clocks(spec, self.players)
        return ""

    def _read(self, event: ClockRead, to_move: Sequence[Seat]) -> str:
        assert self.clocks is not None
        spec = self.clocks.spec
        if spec is None and event.left:
            return "a clock reading with time left at a table without a clock"
        if spec is not None and len(event.left) != self.players:
            return f"a clock reading for {len(event.left)} seat(s) of {self.players}"
        problem = self.clocks.check(event, to_move)
        if problem:
            return problem
        self.clocks.take(event)
        self.unread = False
        return ""

    def _ran_out(self, event: TimeRanOut) -> str:
        clocks = self.clocks
        assert clocks is not None
        seat = event.seat
        deadline = clocks.deadline(seat)
        if deadline is None:
            return f"seat {seat + 1}'s clock was not running"
        if event.at < deadline:
            return f"seat {seat + 1}'s time had not run out ({deadline - event.at} ms left)"
        if event.then not in ON_TIMEOUT:
            return f"unknown timeout rule {event.then!r}"
        clocks.ran_out(seat, event.at, event.then)
        if event.then == "drop":
            self.abandoned.add(seat)
        return ""

    def command(self, seat: Seat) -> str:
        """A command's first event, for ``seat``: at a table with terms, the clock must have
        been read since the last step (so every move's time is on record)."""
        if self.seated is None:
            return ""
        if self.unread:
            return "a move before the clock was read after the last one"
        self.unread = True
        return ""

    def finished(self) -> None:
        """The game is over: a seat a bot still played for someone who left is abandoned."""
        for seat, handed in self.handed.items():
            if handed.why in ("away", "dropped"):
                self.abandoned.add(seat)


def describe(event: TableEvent, names: Sequence[str], *, quiet: bool = False) -> str:
    """One sentence for a table's own event; ``quiet``: empty for an ordinary clock reading
    (an event log shows the clocks elsewhere)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("Seat {n}").format(n=seat + 1)

    if isinstance(event, Seated):
        spec = ClockSpec.parse(event.clock) if event.clock else None
        # TRANSLATORS: a table's terms, the first line of its log
        terms = _("a rated game") if event.rated else _("a casual game (not rated)")
        if spec is None:
            return _("{terms}, no clock").format(terms=terms)
        if event.on_timeout == "drop":
            said = _("{terms}, clock {clock}; when a clock runs out, the player is dropped")
        else:
            said = _("{terms}, clock {clock}; when a clock runs out, a bot plays that turn")
        return said.format(terms=terms, clock=spec.words)
    if isinstance(event, ClockRead):
        if event.why == "start":
            return _("The clocks start") if event.left else ""
        if event.why == "resumed":
            return _("The table is refereed again: the clocks go on from where they stood")
        if quiet or not event.left:
            return ""
        shown = (f"{who(seat)} {show_left(ms)}" for seat, ms in enumerate(event.left))
        return _("Clocks: {clocks}").format(clocks=", ".join(shown))
    if isinstance(event, TimeRanOut):
        if event.then == "bot_turn":
            return _("{player}'s time ran out: a bot plays this turn").format(
                player=who(event.seat)
            )
        return _(
            "{player}'s time ran out: {player} is dropped and a bot plays the seat to the end"
        ).format(player=who(event.seat))
    if isinstance(event, HandedToBot):
        # TRANSLATORS: {bot} is the bot's level (greedy, hard); {why} says why, as the host said
        return _("A {bot} bot plays for {player} ({why})").format(
            bot=event.bot, player=who(event.seat), why=event.why
        )
    if isinstance(event, HandedBack):
        return _("{player} plays their seat again").format(player=who(event.seat))
    return event.TAG

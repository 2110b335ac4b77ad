"""The referee of one game: full state, secret seed and the log; commands in, envelopes out.

It is the only place that draws random numbers. It runs in the hosting player's process (or a
headless server) and in local games; clients only ever fold what it publishes.

A referee that stopped (its process was killed, its player left) is rebuilt from its log and its
secret seed with :meth:`Referee.resume`: the log is audited with the seed, so the generator is
exactly where it was, and the game goes on with the same draws it would have had.

An ``Undo`` command is judged here for every game (:mod:`core.undo`): the referee appends
``Undone`` and its state goes back to before the seat's last command.

A hosted table with terms (a clock, or rated: ``seated``) also records its own facts beside the
game's (:mod:`core.clock`): who sits where right after ``GameStarted``, the clocks after every
step, a clock that ran out, a bot playing for someone. The referee reads no clock of its own:
the table gives it one (``time``, milliseconds since 1970), so tests set the time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from core.audit import audit
from core.clock import TableBook
from core.codec import GENESIS, Envelope, encode_envelope, short_hash
from core.errors import IllegalCommand, PositionError, ReplayError
from core.fold import rules_of, start_state, state_before
from core.lifecycle import (
    GameEnded,
    GameStarted,
    HandedBack,
    HandedToBot,
    Seated,
    TableEvent,
    TimeRanOut,
    Undo,
    Undone,
)
from core.messages import Command, Event
from core.protocol import Outcome, Rules, Seat
from core.rng import Rng, new_salt, new_seed, seed_hash
from core.undo import Takebacks

S = TypeVar("S")
Sink = Callable[[Envelope, bytes], None]
Time = Callable[[], int]  # milliseconds since 1970 (UTC)
MAX_SETTLE_STEPS = 100_000


class Referee(Generic[S]):
    """Runs one game: validates commands with ``decide``, resolves chance, appends events."""

    def __init__(
        self,
        rules: Rules[S],
        config: Mapping[str, Any],
        players: Sequence[str],
        *,
        seed: str | None = None,
        salt: str | None = None,
        position: Mapping[str, Any] | None = None,
        seated: Seated | None = None,
        time: Time | None = None,
    ) -> None:
        if seated is not None and time is None:
            raise ValueError("a table with terms needs a clock to read")
        self.rules = rules
        self.seed = seed if seed is not None else new_seed()
        self.salt = salt if salt is not None else new_salt()  # hides the seed's commitment
        self._rng = Rng(self.seed)
        self.players = tuple(players)
        self.started = GameStarted(
            game=rules.game,
            rules_version=rules.version,
            config=dict(config),
            players=self.players,
            seed_hash=seed_hash(self.seed, self.salt),
            position=dict(position) if position is not None else None,
        )
        self.state: S = start_state(rules, self.started)
        if not rules.fully_known(self.state):
            raise PositionError(
                "this position hides some cards (it is one seat's view); a game can only start "
                "from a whole position"
            )
        self.log: list[Envelope] = []
        self.wire: list[bytes] = []
        self.sinks: list[Sink] = []
        self.ended = False
        self._owed: list[Event] = []  # events a resumed log still owes (see resume)
        self.takebacks = Takebacks()  # the commands that may still be taken back
        self.seated = seated
        self.time = time
        self.book = TableBook(len(self.players))  # the table's own events, followed

    @classmethod
    def resume(
        cls,
        envelopes: Sequence[Envelope],
        wire: Sequence[bytes],
        seed: str,
        salt: str = "",
        time: Time | None = None,
    ) -> Referee[Any]:
        """The referee of an unfinished game, from its log (``envelopes`` and their bytes) and
        its secret seed and salt (and the table's clock, ``time``, when the log has terms).
        Raises :class:`ReplayError` with one line if the log does not check out with them, or
        the game is over. Call :meth:`proceed` next."""
        if not envelopes or not isinstance(envelopes[0].event, GameStarted):
            raise ReplayError("a game log must begin with core.game_started")
        started = envelopes[0].event
        if isinstance(envelopes[-1].event, GameEnded):
            raise ReplayError("the game is over: there is nothing to resume")
        rules = rules_of(started)
        # under the rules version the log was begun with
        report = audit(envelopes, seed=seed, salt=salt)
        if not report.ok:
            raise ReplayError(f"the log cannot be resumed: {report.problems[0]}")
        referee: Referee[Any] = Referee(
            rules,
            started.config,
            started.players,
            seed=seed,
            salt=salt,
            position=started.position,
        )
        if report.book.seated is not None and time is None:
            raise ReplayError("the log keeps a table's clocks: resume it with a clock to read")
        referee.started = started  # its rules version, which the state plays by
        referee.seated, referee.time, referee.book = report.book.seated, time, report.book
        assert report.rng is not None  # the seed matched the hash: audit drew with it
        referee._rng = report.rng
        referee.state = report.final_state
        referee.log = list(envelopes)
        referee.wire = list(wire)
        referee._owed = list(report.owed)
        referee.takebacks = report.takebacks
        return referee

    def proceed(self) -> list[Envelope]:
        """After :meth:`resume`: append what the last step still owed (a crash may cut a step
        short between two of its events), then play out forced events and chance; at a table
        with a clock, the clocks go on from where the log left them (the time without a
        referee is nobody's)."""
        if not self.log:
            raise RuntimeError("proceed() follows resume(); a new game calls begin()")
        owed, self._owed = self._owed, []
        out = [self._append(event) for event in owed]
        if owed:
            self.takebacks.revealed(owed[-1])  # a step cut short is not taken back
        clocks = self.book.clocks
        return out + self._settle("resumed" if clocks is not None and clocks.at >= 0 else "start")

    @property
    def seq(self) -> int:
        """The sequence number the next event will get."""
        return len(self.log)

    def begin(self) -> list[Envelope]:
        """Publish ``GameStarted`` and play out setup chance until a seat must act."""
        if self.log:
            raise RuntimeError("the game has already begun")
        out = [self._append(self.started)]
        if self.seated is not None:
            out.append(self._record(self.seated))
        return out + self._settle("start")

    def submit(self, seat: Seat, command: Command) -> list[Envelope]:
        """Apply ``seat``'s command; raises :class:`IllegalCommand` (and changes nothing)."""
        if self.ended:
            raise IllegalCommand("the game is over")
        if seat not in self.rules.to_move(self.state):
            raise IllegalCommand(f"it is not seat {seat + 1}'s turn to act")
        self._check_clocks()
        if isinstance(command, Undo):
            back_to = self.takebacks.point(self.rules, seat, self.players)
            self.takebacks.undone(back_to)
            self.book.command(seat)
            return [self._append(Undone(seat, back_to)), *self._settle()]
        events = self.rules.decide(self.state, seat, command)
        if events:
            self.book.command(seat)
            self.takebacks.command(seat, self.seq, events[0])
        out = [self._append(event) for event in events]
        return out + self._settle()

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    # -- the table's own facts ---------------------------------------------------------------

    def _check_clocks(self) -> None:
        """Refuse a move once a running clock has run out: the table says so first (and does
        what its terms say), so no reading ever shows a negative clock."""
        clocks = self.book.clocks
        if clocks is None or self.time is None:
            return
        due = clocks.next_deadline()
        if due is not None and self.time() >= due[0]:
            raise IllegalCommand(f"{self.players[due[1]]}'s time ran out")

    def time_ran_out(self, seat: Seat, then: str) -> list[Envelope]:
        """``seat``'s clock ran out now; ``then`` is what the table does (``"bot_turn"`` or
        ``"drop"``). Raises ``RuntimeError`` if it had not (the table's timer is wrong)."""
        assert self.time is not None
        return [self._record(TimeRanOut(seat, self.time(), then))]

    def hand_to_bot(self, seat: Seat, bot: str, why: str) -> list[Envelope]:
        """Record that the host's ``bot`` plays ``seat`` from now on (at a table with terms)."""
        if self.seated is None or self.ended or seat in self.book.handed:
            return []
        return [self._record(HandedToBot(seat, bot, why))]

    def hand_back(self, seat: Seat) -> list[Envelope]:
        """Record that ``seat`` is its holder's again (at a table with terms)."""
        if self.seated is None or self.ended or seat not in self.book.handed:
            return []
        return [self._record(HandedBack(seat))]

    def _record(self, event: TableEvent) -> Envelope:
        problem = self.book.take(event, self.rules.to_move(self.state), first=self.seq == 1)
        if problem:
            raise RuntimeError(f"the table would record a wrong {event.TAG}: {problem}")
        return self._append(event)

    def _settle(self, why: str = "") -> list[Envelope]:
        """Play out forced events and chance, read the clocks (at a table with terms), and end
        the game if the rules say it is over."""
        out: list[Envelope] = []
        for _ in range(MAX_SETTLE_STEPS):
            forced = self.rules.forced(self.state)
            if forced:
                out.extend(self._append(event) for event in forced)
                self.takebacks.revealed(forced[-1])
                continue
            sizes = self.rules.chance(self.state)
            if sizes is not None:
                draws = [self._rng.below(n) for n in sizes]
                out.append(self._append(self.rules.resolve(self.state, draws)))
                self.takebacks.revealed(out[-1].event)
                continue
            break
        else:
            raise RuntimeError("the rules never settled (forced/chance loop)")
        clocks = self.book.clocks
        if clocks is not None and self.time is not None and not self.ended:
            out.append(self._record(clocks.reading(self.time(), self.rules.to_move(self.state),
                                                   why)))  # fmt: skip
        result = self.rules.outcome(self.state)
        if result is not None and not self.ended:
            self.ended = True
            out.append(self._append(GameEnded(self.seed, result.scores, result.winners, self.salt)))
        return out

    def _append(self, event: Event) -> Envelope:
        prev = short_hash(self.wire[-1]) if self.wire else GENESIS
        env = Envelope(len(self.log), event, prev)
        data = encode_envelope(env)
        if isinstance(event, Undone):
            self.state = state_before(self.rules, self.log, event.back_to)
        elif not isinstance(event, GameStarted | GameEnded | TableEvent):
            self.state = self.rules.evolve(self.state, event)
        self.log.append(env)
        self.wire.append(data)
        for sink in self.sinks:
            sink(env, data)
        return env

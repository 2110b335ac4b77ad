"""The referee of one game: full state, secret seed and the log; commands in, envelopes out.

It is the only place that draws random numbers. It runs in the hosting player's process (or a
headless server) and in local games; clients only ever fold what it publishes.

A referee that stopped (its process was killed, its player left) is rebuilt from its log and its
secret seed with :meth:`Referee.resume`: the log is audited with the seed, so the generator is
exactly where it was, and the game goes on with the same draws it would have had.

An ``Undo`` command is judged here for every game (:mod:`core.undo`): the referee appends
``Undone`` and its state goes back to before the seat's last command.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from core.audit import audit
from core.codec import GENESIS, Envelope, encode_envelope, short_hash
from core.errors import IllegalCommand, PositionError, ReplayError
from core.fold import rules_of, start_state, state_before
from core.lifecycle import GameEnded, GameStarted, Undo, Undone
from core.messages import Command, Event
from core.protocol import Outcome, Rules, Seat
from core.rng import Rng, new_salt, new_seed, seed_hash
from core.undo import Takebacks

S = TypeVar("S")
Sink = Callable[[Envelope, bytes], None]
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
    ) -> None:
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

    @classmethod
    def resume(
        cls, envelopes: Sequence[Envelope], wire: Sequence[bytes], seed: str, salt: str = ""
    ) -> Referee[Any]:
        """The referee of an unfinished game, from its log (``envelopes`` and their bytes) and
        its secret seed and salt. Raises :class:`ReplayError` with one line if the log does not
        check out with them, or the game is over. Call :meth:`proceed` next."""
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
        referee.started = started  # its rules version, which the state plays by
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
        short between two of its events), then play out forced events and chance."""
        if not self.log:
            raise RuntimeError("proceed() follows resume(); a new game calls begin()")
        owed, self._owed = self._owed, []
        out = [self._append(event) for event in owed]
        if owed:
            self.takebacks.revealed(owed[-1])  # a step cut short is not taken back
        return out + self._settle()

    @property
    def seq(self) -> int:
        """The sequence number the next event will get."""
        return len(self.log)

    def begin(self) -> list[Envelope]:
        """Publish ``GameStarted`` and play out setup chance until a seat must act."""
        if self.log:
            raise RuntimeError("the game has already begun")
        out = [self._append(self.started)]
        return out + self._settle()

    def submit(self, seat: Seat, command: Command) -> list[Envelope]:
        """Apply ``seat``'s command; raises :class:`IllegalCommand` (and changes nothing)."""
        if self.ended:
            raise IllegalCommand("the game is over")
        if seat not in self.rules.to_move(self.state):
            raise IllegalCommand(f"it is not seat {seat + 1}'s turn to act")
        if isinstance(command, Undo):
            back_to = self.takebacks.point(self.rules, seat, self.players)
            self.takebacks.undone(back_to)
            return [self._append(Undone(seat, back_to)), *self._settle()]
        events = self.rules.decide(self.state, seat, command)
        if events:
            self.takebacks.command(seat, self.seq, events[0])
        out = [self._append(event) for event in events]
        return out + self._settle()

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def _settle(self) -> list[Envelope]:
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
        elif not isinstance(event, GameStarted | GameEnded):
            self.state = self.rules.evolve(self.state, event)
        self.log.append(env)
        self.wire.append(data)
        for sink in self.sinks:
            sink(env, data)
        return env
